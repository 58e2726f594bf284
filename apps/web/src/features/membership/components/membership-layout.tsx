import ArrowBack from '@mui/icons-material/ArrowBack';
import { Button, Container, Stack, Typography } from '@mui/material';
import type { TenantMember } from '@tessera/domain';
import { Outlet, useNavigate, useOutletContext, useParams } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SegmentTabs } from '../../../components/segment-tabs.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useMembership } from '../api/get-membership.ts';

export const MEMBERSHIP_TABS = [
  { segment: 'account', label: 'Account' },
  { segment: 'activity', label: 'Activity' },
  { segment: 'groups', label: 'Groups' },
] as const;

export const useMembershipContext = () => useOutletContext<{ membership: TenantMember }>();

/** /user/tenant-member/:tenantMemberId: the signed-in user's own membership of this tenant. */
export function MembershipLayout() {
  const { tenantMemberId = '' } = useParams();
  const { name } = useTenant();
  const navigate = useNavigate();
  const membership = useMembership(tenantMemberId);
  const base = `/user/tenant-member/${tenantMemberId}`;
  // Back to where the user came from, or home when the page was opened directly.
  const back = () => (window.history.length > 1 ? void navigate(-1) : void navigate('/'));

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
      <title>{`${name} · Membership`}</title>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Button onClick={back} startIcon={<ArrowBack />} aria-label="Back">
          Back
        </Button>
      </Stack>
      <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, wordBreak: 'break-word' }}>
        {name}
      </Typography>
      <Typography variant="subtitle1" sx={{ color: 'text.secondary', mb: 2 }}>
        Membership
      </Typography>
      <SegmentTabs base={base} tabs={MEMBERSHIP_TABS} label="Membership sections" />
      {membership.isPending ? (
        <SkeletonList rows={6} label="Loading membership" />
      ) : membership.isError ? (
        <ErrorBlock error={membership.error} onRetry={() => void membership.refetch()} />
      ) : (
        <Outlet context={{ membership: membership.data }} />
      )}
    </Container>
  );
}
