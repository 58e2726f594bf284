import Dashboard from '@mui/icons-material/Dashboard';
import Leaderboard from '@mui/icons-material/Leaderboard';
import RequestQuote from '@mui/icons-material/RequestQuote';
import LocalOffer from '@mui/icons-material/LocalOffer';
import Settings from '@mui/icons-material/Settings';
import { Box, Button, Divider, Paper, List, Typography } from '@mui/material';
import { institutionDisplayName, RAISE_MODE_REFUSED } from '@tessera/domain';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { SideNavLayout, SideNavLink } from '../../../components/side-nav-layout.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useInstitution } from '../api/get-institution.ts';
import { useRaiseMode } from '../hooks/use-raise-mode.ts';
import { InstitutionPicker } from './institution-picker.tsx';

interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
}

/** The side navigation in Raise mode (002 §1). */
export const INSTITUTION_NAV: NavItem[] = [
  { label: 'Dashboard', to: '/institution/dashboard', icon: <Dashboard /> },
  { label: 'Offer list', to: '/institution/offers', icon: <LocalOffer /> },
  { label: 'Investments', to: '/institution/investments', icon: <RequestQuote /> },
  { label: 'Lead list', to: '/institution/leads', icon: <Leaderboard /> },
  { label: 'Settings', to: '/institution/settings', icon: <Settings /> },
];

const NAV_WIDTH = 260;

function InstitutionNav({ institution, onNavigate }: { institution: ReturnType<typeof useInstitution>; onNavigate?: () => void }) {
  return (
    <Box component="nav" aria-label="Institution" sx={{ width: NAV_WIDTH, py: 2 }}>
      <Box sx={{ px: 2, pb: 1 }}>
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
          Raise mode
        </Typography>
      </Box>
      <InstitutionPicker institution={institution.data} loading={institution.isLoading} onNavigate={onNavigate} />
      <Divider />
      <List dense>
        {INSTITUTION_NAV.map((item) => (
          <SideNavLink key={item.to} label={item.label} to={item.to} icon={item.icon} onNavigate={onNavigate} />
        ))}
      </List>
    </Box>
  );
}

/** Raise mode was stored, but the member has since lost the institution:manage flag. */
function RaiseRefused() {
  const { setMode, pending } = useRaiseMode();
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: 8 }}>
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 480, textAlign: 'center' }}>
        <Typography component="h1" variant="h5">
          Raise mode is not available
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {RAISE_MODE_REFUSED}
        </Typography>
        <Button
          variant="contained"
          disabled={pending}
          sx={{ mt: 3 }}
          onClick={() => {
            // setMode reports its own failure and answers null: its promise never rejects.
            void setMode('investor').then((member) => {
              if (member) void navigate('/investor/dashboard');
            });
          }}
        >
          Switch to Invest
        </Button>
      </Paper>
    </Box>
  );
}

/** The picked institution is gone, or the member left its team: pick again. */
function isGone(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403);
}

/**
 * /institution (002 §2): investor-mode users go to the investor dashboard, users without a picked institution
 * to the list; everyone else gets the Raise side navigation (a drawer under 900 px) beside the page.
 */
export function InstitutionLayout() {
  const { mode, institutionId, canRaise } = useRaiseMode();
  const { tenantId } = useTenant();
  const location = useLocation();
  const institution = useInstitution(tenantId ?? '', mode === 'institution' && canRaise ? institutionId : null);
  const onList = location.pathname === '/institution/list';

  if (mode !== 'institution') return <Navigate to="/investor/dashboard" replace />;
  if (!canRaise) return <RaiseRefused />;
  if (!onList && (!institutionId || isGone(institution.error))) {
    return <Navigate to="/institution/list" replace state={{ from: location }} />;
  }
  // 002 §8: any other failure to load the institution (after the query's retries) goes to /404. A pick that is
  // gone (404/403) goes to the list above instead, so the member can pick again rather than land on /404 each time.
  if (!onList && institution.isError) return <Navigate to="/404" replace />;

  // Nothing picked yet: the list alone, without a navigation whose every page needs an institution.
  if (!institutionId) {
    return (
      <Box sx={{ flex: 1, minWidth: 0, px: { xs: 2, sm: 3 }, py: { xs: 2, md: 4 } }}>
        <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
          <Outlet />
        </Box>
      </Box>
    );
  }
  const name = institution.data ? institutionDisplayName(institution.data) : 'Raise mode';
  return (
    <SideNavLayout
      nav={(onNavigate) => <InstitutionNav institution={institution} onNavigate={onNavigate} />}
      stickyTop={64}
      menuLabel="Open institution menu"
      title={name}
      titleSx={{ minWidth: 0 }}
    />
  );
}
