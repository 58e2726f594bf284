import { Stack, Tab, Tabs, Typography } from '@mui/material';
import type { TenantDetails } from '@tessera/domain';
import { Link as RouterLink, Outlet, useLocation, useOutletContext } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useTenantDetails } from '../api/get-tenant-details.ts';

/** §2 /tenant/settings tabs; each is a child route (api is the API keys feature's). */
export const TENANT_SETTINGS_TABS = [
  { segment: 'details', label: 'Details' },
  { segment: 'api', label: 'API' },
  { segment: 'history', label: 'History' },
] as const;

/** The tenant's details, for the tabs under /tenant/settings. */
export function useTenantSettingsOutlet(): TenantDetails {
  return useOutletContext<TenantDetails>();
}

/** /tenant/settings: the tenant's details, API keys and history. */
export function TenantSettingsPage() {
  const { tenantId } = useTenant();
  const details = useTenantDetails(tenantId ?? '');
  const { pathname } = useLocation();
  const segment = pathname.replace(/^\/tenant\/settings\/?/, '').split('/')[0];
  const current = TENANT_SETTINGS_TABS.find((t) => t.segment === segment)?.segment ?? false;

  return (
    <Stack spacing={2}>
      <title>Tenant settings</title>
      <Typography component="h1" variant="h4">
        Settings
      </Typography>
      <Tabs
        value={current}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Tenant settings sections"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TENANT_SETTINGS_TABS.map((t) => (
          <Tab key={t.segment} value={t.segment} label={t.label} component={RouterLink} to={`/tenant/settings/${t.segment}`} />
        ))}
      </Tabs>
      {details.isPending ? (
        <SkeletonList rows={4} label="Loading tenant settings" />
      ) : details.isError ? (
        <ErrorBlock error={details.error} onRetry={() => void details.refetch()} />
      ) : (
        <Outlet context={details.data} />
      )}
    </Stack>
  );
}
