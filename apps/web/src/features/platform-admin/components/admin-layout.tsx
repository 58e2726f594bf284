import { Alert, Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { useSession } from '../../../lib/session/use-session.ts';

/** The /admin shell: only platform admins (user role admin) get past it; the API refuses everyone else too. */
export function AdminLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  if (user?.role !== 'admin') {
    return (
      <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720, mx: 'auto' }}>
        <title>Platform admin</title>
        <Alert severity="error" sx={{ mb: 2 }}>
          Only platform admins can open the platform admin area.
        </Alert>
        <Button component={RouterLink} to="/" variant="contained">
          Go to the dashboard
        </Button>
      </Box>
    );
  }
  const section =
    (['activity', 'tenant', 'user', 'application', 'offer'] as const).find((s) => pathname.startsWith(`/admin/${s}`)) ?? 'overview';
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, width: '100%', maxWidth: 1400, mx: 'auto', boxSizing: 'border-box' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', gap: 1, mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography variant="overline" sx={{ color: 'text.secondary' }}>
          Platform admin
        </Typography>
        <Tabs value={section} variant="scrollable" allowScrollButtonsMobile aria-label="Platform admin sections">
          <Tab label="Overview" value="overview" component={RouterLink} to="/admin" />
          <Tab label="Activity" value="activity" component={RouterLink} to="/admin/activity" />
          <Tab label="Tenants" value="tenant" component={RouterLink} to="/admin/tenant" />
          <Tab label="Users" value="user" component={RouterLink} to="/admin/user" />
          <Tab label="Applications" value="application" component={RouterLink} to="/admin/application" />
          <Tab label="Offers" value="offer" component={RouterLink} to="/admin/offer" />
        </Tabs>
      </Stack>
      <Outlet />
    </Box>
  );
}
