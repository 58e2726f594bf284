import PhotoCamera from '@mui/icons-material/PhotoCamera';
import { Avatar, Badge, Box, ButtonBase, CircularProgress } from '@mui/material';
import { visuallyHidden } from './visually-hidden.ts';
import { initials } from '@tessera/domain';
import { useRef } from 'react';

const SIZE = 72;

interface ImageUploadButtonProps {
  /** What the image shows; the initials of `name` while loading or when there is no image. */
  src: string | undefined;
  name: string;
  /** The button's accessible name, e.g. 'Upload profile image'. */
  label: string;
  pending: boolean;
  onFile: (file: File) => void;
  inputTestId: string;
  /** A rounded square instead of a circle. */
  rounded?: boolean;
  /** Keeps its size in a row that runs short of room. */
  noShrink?: boolean;
}

/** An image with a camera badge; clicking it picks a new one (PNG, JPEG, GIF or WebP), which the caller uploads. */
export function ImageUploadButton({ src, name, label, pending, onFile, inputTestId, rounded, noShrink }: ImageUploadButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <ButtonBase
        onClick={() => input.current?.click()}
        disabled={pending}
        sx={noShrink ? { borderRadius: '50%', flexShrink: 0 } : { borderRadius: '50%' }}
      >
        {/* Named in words that begin its visible text (the initials follow), not by an aria-label that leaves them out
            (axe label-content-name-mismatch). */}
        <Box component="span" sx={visuallyHidden}>
          {label}
        </Box>
        <Badge
          overlap="circular"
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          badgeContent={
            <Avatar sx={{ width: 26, height: 26, bgcolor: 'background.paper', color: 'text.primary', border: 1, borderColor: 'divider' }}>
              {pending ? <CircularProgress size={14} /> : <PhotoCamera sx={{ fontSize: 16 }} />}
            </Avatar>
          }
        >
          <Avatar src={src} alt={name} variant={rounded ? 'rounded' : undefined} sx={{ width: SIZE, height: SIZE, fontSize: 26 }}>
            {initials(name)}
          </Avatar>
        </Badge>
      </ButtonBase>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        hidden
        data-testid={inputTestId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = '';
        }}
      />
    </>
  );
}
