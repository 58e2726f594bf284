import { Box, CircularProgress } from '@mui/material';

/** Shown while the tenant loads, when index.html did not carry it (as under `vite dev`). */
export function PageLoader() {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
