import ArrowBack from '@mui/icons-material/ArrowBack';
import { Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import { memberDisplayName, tenantRoleLabels, type TenantMemberAdmin } from '@tessera/domain';
import { Link as RouterLink, Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useMember } from '../api/get-member.ts';
import { MemberStatusDot } from './member-status-dot.tsx';

export interface MemberOutletContext {
  tenantId: string;
  member: TenantMemberAdmin;
}
export const useMemberContext = () => useOutletContext<MemberOutletContext>();

const TABS = [
  { segment: 'details', label: 'Details' },
  { segment: 'history', label: 'History' },
  { segment: 'access', label: 'Access' },
] as const;

/** /tenant/membership/members/:memberId with tabs Details, History and Access. */
export function MemberPage() {
  const { memberId = '' } = useParams();
  const { tenantId } = useTenant();
  const { pathname } = useLocation();
  const { data, error, isPending, refetch } = useMember(tenantId ?? '', memberId);
  const base = `/tenant/membership/members/${memberId}`;
  const segment = pathname.slice(base.length + 1).split('/')[0];
  const current = TABS.find((t) => t.segment === segment)?.segment ?? 'details';

  return (
    <Stack spacing={2}>
      <Button component={RouterLink} to="/tenant/membership/members" startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
        All Members
      </Button>
      {isPending || !tenantId ? (
        <SkeletonList rows={6} label="Loading member" />
      ) : error ? (
        <ErrorBlock error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <title>{memberDisplayName(data)}</title>
          <Stack spacing={0.5}>
            <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
              {memberDisplayName(data)}
            </Typography>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', color: 'text.secondary' }}>
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                {data.email}
              </Typography>
              <Typography variant="body2">{tenantRoleLabels[data.rbac.role]}</Typography>
              <MemberStatusDot status={data.membershipStatus} />
            </Stack>
          </Stack>
          <Tabs
            value={current}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="Member sections"
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            {TABS.map((t) => (
              <Tab key={t.segment} label={t.label} value={t.segment} component={RouterLink} to={`${base}/${t.segment}`} />
            ))}
          </Tabs>
          <Outlet context={{ tenantId, member: data } satisfies MemberOutletContext} />
        </>
      )}
    </Stack>
  );
}
