import { LinearProgress } from '@mui/material';

/** The bar along the top while the next page's code or data loads. */
export function NavigationProgress() {
  return (
    <LinearProgress
      aria-label="Loading page"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 1 }}
    />
  );
}
