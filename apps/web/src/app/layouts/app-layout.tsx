import { Box, CircularProgress, useMediaQuery, type Theme } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { needsOnboarding } from '@tessera/domain';
import { AUTH_PATHS } from '../../features/auth/index.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { MfaSetupGate } from '../mfa-setup-gate.tsx';
import { useAutoSignoutNotice } from '../hooks/use-auto-signout-notice.ts';
import { usePageViews } from '../hooks/use-page-views.ts';
import { AdvisorHost } from '../../features/advisor/index.ts';
import { Footer } from './footer.tsx';
import { MAIN_NAV_WIDTH, showsMainNav } from './main-nav-area.ts';
import { TopBar } from './top-bar.tsx';

// Loaded apart, like the top bar's signed-in controls: the sign-in page and a visitor's offer page do not carry it.
const MainNavPanel = lazy(() => import('./main-nav.tsx').then((m) => ({ default: m.MainNavPanel })));

// Shown from the first navigation on, never on the page the visitor landed on: its code is not part of the first load.
const NavigationProgress = lazy(() => import('./navigation-progress.tsx').then((m) => ({ default: m.NavigationProgress })));

// Step-up (issue #21) answers signed-in calls only: a visitor's page does not carry it.
const StepUpHost = lazy(() => import('../step-up-host.tsx').then((m) => ({ default: m.StepUpHost })));

// Only in development: the import is dropped from production builds.
const DebugDialog = import.meta.env.DEV ? lazy(() => import('../dev/debug-dialog.tsx').then((m) => ({ default: m.DebugDialog }))) : null;

export function AppLayout() {
  usePageViews();
  useAutoSignoutNotice();
  const navigation = useNavigation();
  const { authenticated, user, mfaSetupRequired } = useSession();
  const { pathname } = useLocation();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [navOpen, setNavOpen] = useState(false);
  // 001 §1: no side navigation until the investor has finished the onboarding questionnaire.
  // Issue #21: nor while a second factor the tenant requires is still to be set up (only the Account page is open).
  const withNav = authenticated && !mfaSetupRequired && !needsOnboarding(user?.investOnboardingStage) && showsMainNav(pathname, AUTH_PATHS);
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      {navigation.state === 'loading' && (
        <Suspense fallback={null}>
          <NavigationProgress />
        </Suspense>
      )}
      <TopBar onOpenNav={withNav && !wide ? () => setNavOpen(true) : undefined} />
      <Box sx={{ flex: 1, display: 'flex', minWidth: 0 }}>
        {withNav && (
          // Wide, the navigation's place is kept while it loads (as MainNavPanel lays it out): the page beside it does
          // not jump 241 px to the right when it comes (CLS 0.17 at 1280 px).
          <Suspense
            fallback={
              wide ? (
                <Box sx={{ flexShrink: 0, borderRight: 1, borderColor: 'divider' }}>
                  <Box sx={{ width: MAIN_NAV_WIDTH }} />
                </Box>
              ) : null
            }
          >
            <MainNavPanel wide={wide} open={navOpen} onClose={() => setNavOpen(false)} />
          </Suspense>
        )}
        <Box component="main" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <MfaSetupGate>
            <Outlet />
          </MfaSetupGate>
        </Box>
      </Box>
      <Footer />
      <ScrollRestoration />
      {authenticated && (
        <Suspense fallback={null}>
          <StepUpHost />
        </Suspense>
      )}
      {/* The AI advisor (issue #24): Cmd/Ctrl+K heard from the first paint; its panel is a chunk loaded on first open. */}
      {authenticated && <AdvisorHost />}
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
 * (apps/api first-paint.ts), over a spinner, so the bar stays in place from the first paint to the page. The app
 * itself renders only once the router is ready (main.tsx), so this shows only where a router is rendered before
 * that (the component tests' routers).
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
