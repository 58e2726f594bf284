import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, IconButton, Link, Toolbar } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { AUTH_PATHS } from '../../features/auth/index.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

const SignedInControls = lazy(() => import('./signed-in-controls.tsx').then((m) => ({ default: m.SignedInControls })));

/** `onOpenNav`: the menu button that opens the main navigation's drawer (signed in, under 900 px). */
export function TopBar({ onOpenNav }: { onOpenNav?: (() => void) | undefined } = {}) {
  const { authenticated } = useSession();
  const location = useLocation();
  const onAuthPage = AUTH_PATHS.includes(location.pathname);

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 2, sm: 3 } }}>
        {onOpenNav && (
          <IconButton onClick={onOpenNav} aria-label="Open main menu" edge="start" color="inherit" sx={{ mr: 0.5 }}>
            <MenuIcon />
          </IconButton>
        )}
        {/* Named by what it shows, the logo's alt text or the name (axe label-content-name-mismatch); under 600 px the name is visually hidden beside the monogram. */}
        <Link component={RouterLink} to="/" underline="none" sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
          <BrandLogo compact={authenticated} />
        </Link>
        <Box sx={{ flex: 1 }} />
        <ThemeToggle />
        {!authenticated && !onAuthPage && (
          <Button
            component={RouterLink}
            to="/signin"
            state={{ from: location }}
            variant="contained"
            sx={{ ml: 0.5, flexShrink: 0, whiteSpace: 'nowrap' }}
          >
            Sign In
          </Button>
        )}
        {authenticated && (
          <Suspense>
            <SignedInControls />
          </Suspense>
        )}
      </Toolbar>
    </AppBar>
  );
}
