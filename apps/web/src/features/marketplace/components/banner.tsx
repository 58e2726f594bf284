import { Box } from '@mui/material';

/** A banner image, or a quiet band in the theme's colours when there is none. */
export function Banner({ src }: { src: string | null }) {
  return (
    <Box sx={{ height: { xs: 120, sm: 180, md: 240 }, borderRadius: { xs: 0, sm: 2 }, overflow: 'hidden', bgcolor: 'action.selected' }}>
      {src && <Box component="img" src={src} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />}
    </Box>
  );
}
