import { Box, CircularProgress } from '@mui/material';

/** Shown while the tenant loads and before the first route's code arrives. */
export function PageLoader() {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
