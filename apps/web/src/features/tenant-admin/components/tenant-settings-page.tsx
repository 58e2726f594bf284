import { Stack, Typography } from '@mui/material';
import type { TenantDetails } from '@tessera/domain';
import { Outlet, useOutletContext } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SegmentTabs } from '../../../components/segment-tabs.tsx';
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

  return (
    <Stack spacing={2}>
      <title>Tenant settings</title>
      <Typography component="h1" variant="h4">
        Settings
      </Typography>
      <SegmentTabs
        base="/tenant/settings"
        tabs={TENANT_SETTINGS_TABS}
        label="Tenant settings sections"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      />
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
