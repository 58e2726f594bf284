import ArrowBack from '@mui/icons-material/ArrowBack';
import { Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import type { Group } from '@tessera/domain';
import { Link as RouterLink, Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useGroup } from '../api/get-group.ts';

export interface GroupOutletContext {
  tenantId: string;
  group: Group;
}
export const useGroupContext = () => useOutletContext<GroupOutletContext>();

const TABS = [
  { segment: 'details', label: 'Details' },
  { segment: 'history', label: 'History' },
  { segment: 'access', label: 'Access' },
] as const;

/** /tenant/membership/groups/:groupId with tabs Details, History and Access. */
export function GroupPage() {
  const { groupId = '' } = useParams();
  const { tenantId } = useTenant();
  const { pathname } = useLocation();
  const { data, error, isPending, refetch } = useGroup(tenantId ?? '', groupId);
  const base = `/tenant/membership/groups/${groupId}`;
  const segment = pathname.slice(base.length + 1).split('/')[0];
  const current = TABS.find((t) => t.segment === segment)?.segment ?? 'details';

  return (
    <Stack spacing={2}>
      <Button component={RouterLink} to="/tenant/membership/groups" startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
        All Groups
      </Button>
      {isPending || !tenantId ? (
        <SkeletonList rows={6} label="Loading group" />
      ) : error ? (
        <ErrorBlock error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <title>{data.name}</title>
          <Stack spacing={0.5}>
            <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
              {data.name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {data.totalMembers} member{data.totalMembers === 1 ? '' : 's'}
            </Typography>
          </Stack>
          <Tabs
            value={current}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="Group sections"
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            {TABS.map((t) => (
              <Tab key={t.segment} label={t.label} value={t.segment} component={RouterLink} to={`${base}/${t.segment}`} />
            ))}
          </Tabs>
          <Outlet context={{ tenantId, group: data } satisfies GroupOutletContext} />
        </>
      )}
    </Stack>
  );
}
