import { Box, CircularProgress, LinearProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useAutoSignoutNotice } from '../hooks/use-auto-signout-notice.ts';
import { usePageViews } from '../hooks/use-page-views.ts';
import { Footer } from './footer.tsx';
import { TopBar } from './top-bar.tsx';

// Only in development: the import is dropped from production builds.
const DebugDialog = import.meta.env.DEV ? lazy(() => import('../dev/debug-dialog.tsx').then((m) => ({ default: m.DebugDialog }))) : null;

export function AppLayout() {
  usePageViews();
  useAutoSignoutNotice();
  const navigation = useNavigation();
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      {navigation.state === 'loading' && (
        <LinearProgress
          aria-label="Loading page"
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 1 }}
        />
      )}
      <TopBar />
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <Outlet />
      </Box>
      <Footer />
      <ScrollRestoration />
      {DebugDialog && (
        <Suspense fallback={null}>
          <DebugDialog />
        </Suspense>
      )}
    </Box>
  );
}

/**
 * Before the first page's code has arrived: the top bar, where index.html painted it before the app ran
 * (apps/api first-paint.ts), over a spinner, so the bar stays in place from the first paint to the page.
 */
export function AppLayoutFallback() {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      <Box component="main" sx={{ flex: 1, display: 'grid', placeItems: 'center' }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    </Box>
  );
}
