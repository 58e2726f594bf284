import { Box } from '@mui/material';
import { cloneElement, useEffect, useId, useLayoutEffect, useRef, useState, type ReactElement } from 'react';

/** As MUI's Tooltip: shown 100 ms after the mouse arrives, so a pointer crossing the bar does not flash every hint. */
const ENTER_DELAY_MS = 100;
/** The least room kept between a hint and the window's edges. */
const EDGE_PX = 8;

/**
 * Whether the person is using the keyboard: set by a key press, cleared by a pointer's press, as the browser decides
 * `:focus-visible`. A focus shows the hint only then (a click focuses its button too, and the hint would cover the
 * menu it opens). Listened for from the first hint on, for the page's life.
 */
let keyboardInUse = false;
let listening = false;
function trackKeyboard() {
  if (listening) return;
  listening = true;
  document.addEventListener('keydown', () => (keyboardInUse = true), true);
  document.addEventListener('pointerdown', () => (keyboardInUse = false), true);
}

interface HintProps {
  /** The hint's text. */
  title: string;
  /**
   * The control. With `describeChild` the hint becomes its accessible description (`aria-describedby`); without, the
   * control must carry its own accessible name (`aria-label`), and the hint is only seen.
   */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  describeChild?: boolean;
}

/**
 * A short hint shown under a control while the mouse rests on it or the keyboard focuses it, looking as MUI's Tooltip
 * does. It is for the controls of every signed-in page's first screen (the top bar's session countdown and avatar, the
 * institution picker): MUI's Tooltip brings its positioning engine (Popper, @popperjs/core: 13 KB gzip with the
 * Tooltip) into each of those pages' first load, where a hint below its control only needs to be kept inside the
 * window. Escape hides it (WCAG 1.4.13); a touch does not show it, as a tap already acts on the control.
 */
export function Hint({ title, children, describeChild = false }: HintProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const hintRef = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const clearTimer = () => clearTimeout(timer.current);
  useEffect(() => {
    trackKeyboard();
    return () => clearTimeout(timer.current);
  }, []);

  // Kept inside the window: measured where CSS centred it, then moved by what overflows, before the browser paints.
  useLayoutEffect(() => {
    const hint = hintRef.current;
    if (!open || !hint) return;
    hint.style.translate = '';
    const { left, right } = hint.getBoundingClientRect();
    const room = document.documentElement.clientWidth - EDGE_PX;
    const shift = right > room ? room - right : left < EDGE_PX ? EDGE_PX - left : 0;
    if (shift) hint.style.translate = `${shift}px 0`;
  }, [open]);

  const show = () => {
    clearTimer();
    setOpen(true);
  };
  const hide = () => {
    clearTimer();
    setOpen(false);
  };

  return (
    <Box
      component="span"
      sx={{ position: 'relative', display: 'inline-flex' }}
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse') return;
        clearTimer();
        timer.current = setTimeout(show, ENTER_DELAY_MS);
      }}
      onPointerLeave={hide}
      onFocus={() => {
        if (keyboardInUse) show();
      }}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) hide();
      }}
      onClick={hide}
    >
      {describeChild ? cloneElement(children, { 'aria-describedby': id }) : children}
      <Box
        component="span"
        ref={hintRef}
        id={id}
        role="tooltip"
        aria-hidden={describeChild ? undefined : true}
        sx={(theme) => ({
          position: 'absolute',
          top: '100%',
          left: '50%',
          mt: '14px',
          transform: 'translateX(-50%)',
          zIndex: theme.zIndex.tooltip,
          width: 'max-content',
          maxWidth: 300,
          px: 1,
          py: 0.5,
          borderRadius: 1,
          bgcolor: 'rgba(97, 97, 97, 0.92)',
          color: '#fff',
          ...theme.typography.caption,
          fontSize: '0.6875rem',
          fontWeight: 500,
          lineHeight: 1.4,
          whiteSpace: 'normal',
          textAlign: 'center',
          pointerEvents: 'none',
        })}
        // Out of the layout while closed: hidden but laid out, a long hint beside the window's edge widened the page.
        // Inline, so that opening and closing swap no class.
        style={{ display: open ? 'block' : 'none' }}
      >
        {title}
      </Box>
    </Box>
  );
}
