import { Box, Button, Stack, Typography } from '@mui/material';
import SignaturePadEngine from 'signature_pad';
import { useEffect, useId, useImperativeHandle, useRef, type Ref } from 'react';

export interface SignaturePadHandle {
  /** The drawing as a PNG (transparent background, dark ink); null while empty. */
  toPng: () => Promise<Blob | null>;
  clear: () => void;
}

interface SignaturePadProps {
  ref?: Ref<SignaturePadHandle>;
  /** Called with whether the pad is empty after each stroke and each clear. */
  onChange?: (empty: boolean) => void;
  label?: string;
  height?: number;
}

/**
 * A canvas to draw a signature with a finger, a pen or a mouse (signature_pad). The canvas follows its container's
 * width and the screen's pixel density, keeping what was drawn when it resizes. The ink is dark on a paper-white
 * ground in both themes, as it will sit on the white page of the agreement. Drawing needs a pointer: the keyboard's
 * way to sign is the typed signature beside it.
 */
export function SignaturePad({ ref, onChange, label = 'Signature pad', height = 180 }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadEngine | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const hintId = useId();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas?.getContext('2d')) return undefined;
    const pad = new SignaturePadEngine(canvas, { penColor: '#0b1f44', minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    // A resize while a stroke is being drawn waits for the stroke's end: fitting clears the pad, and signature_pad's
    // clear() forgets the pointer that is drawing, so the rest of the stroke, its end and every later stroke were
    // ignored (the pad stayed empty until the page was reloaded: a phone's toolbar or a scrollbar appearing mid-stroke).
    let drawing = false;
    let fitAfterStroke = false;
    const began = () => {
      drawing = true;
    };
    const changed = () => {
      drawing = false;
      if (fitAfterStroke) {
        fitAfterStroke = false;
        fit();
      }
      onChangeRef.current?.(pad.isEmpty());
    };
    pad.addEventListener('beginStroke', began);
    pad.addEventListener('endStroke', changed);

    // A canvas's drawing buffer is sized in device pixels; its strokes are kept and drawn again at the new size.
    const fit = () => {
      if (drawing) {
        fitAfterStroke = true;
        return;
      }
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = canvas.offsetWidth;
      if (width === 0 || canvas.width === Math.round(width * ratio)) return;
      const strokes = pad.toData();
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(canvas.offsetHeight * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      pad.fromData(strokes);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      pad.removeEventListener('beginStroke', began);
      pad.removeEventListener('endStroke', changed);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      clear: () => {
        padRef.current?.clear();
        onChangeRef.current?.(true);
      },
      toPng: async () => {
        const canvas = canvasRef.current;
        if (!canvas || !padRef.current || padRef.current.isEmpty()) return null;
        // canvas.toBlob, not fetch(dataURL): the CSP's connect-src does not allow data: addresses.
        return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      },
    }),
    [],
  );

  return (
    <Stack spacing={1}>
      <Box
        sx={{
          position: 'relative',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: '#fff',
          overflow: 'hidden',
          '&:focus-within': { outline: 2, outlineColor: 'primary.main' },
        }}
      >
        <Box
          component="canvas"
          ref={canvasRef}
          role="img"
          aria-label={label}
          aria-describedby={hintId}
          sx={{ display: 'block', width: '100%', height, touchAction: 'none', cursor: 'crosshair' }}
        />
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            left: 16,
            right: 16,
            bottom: 36,
            borderBottom: '1px dashed',
            borderColor: 'grey.400',
            pointerEvents: 'none',
          }}
        />
      </Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={hintId} variant="caption" sx={{ color: 'text.secondary' }}>
          Draw with your finger, a pen or the mouse. Prefer the keyboard? Type your name instead.
        </Typography>
        <Button
          size="small"
          onClick={() => {
            padRef.current?.clear();
            onChangeRef.current?.(true);
          }}
        >
          Clear
        </Button>
      </Stack>
    </Stack>
  );
}
