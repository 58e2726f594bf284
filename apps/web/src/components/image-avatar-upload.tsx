import PhotoCamera from '@mui/icons-material/PhotoCamera';
import { Avatar, Box, CircularProgress, IconButton, Tooltip } from '@mui/material';
import { initials } from '@tessera/domain';
import { useRef } from 'react';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

interface ImageAvatarUploadProps {
  /** What the <img> shows; the initials of `name` while loading or when there is no image. */
  src: string | undefined;
  name: string;
  /** The camera button's accessible name and tooltip, e.g. 'Change profile image'. */
  label: string;
  pending: boolean;
  onFile: (file: File) => void;
  inputTestId?: string;
}

/** A round image with a camera button that picks a new one (PNG, JPEG, GIF or WebP); the caller uploads it. */
export function ImageAvatarUpload({ src, name, label, pending, onFile, inputTestId }: ImageAvatarUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    // Not a Badge: MUI hides badge content from assistive technology (aria-hidden), and this button must be reachable.
    <Box sx={{ position: 'relative', display: 'inline-flex', flexShrink: 0 }}>
      <Avatar src={src} alt="" sx={{ width: 88, height: 88, fontSize: 32, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        {initials(name)}
      </Avatar>
      <Tooltip title={label}>
        {/* A disabled button fires no events, so the tooltip listens on this wrapper. */}
        <Box component="span" sx={{ position: 'absolute', right: -4, bottom: -4 }}>
          <IconButton
            size="small"
            aria-label={label}
            onClick={() => input.current?.click()}
            disabled={pending}
            sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', '&:hover': { bgcolor: 'background.paper' } }}
          >
            {pending ? <CircularProgress size={16} /> : <PhotoCamera fontSize="small" />}
          </IconButton>
        </Box>
      </Tooltip>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid={inputTestId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared at once, so picking the same file again still uploads it.
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </Box>
  );
}
