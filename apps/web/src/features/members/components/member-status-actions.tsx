import { Button, Stack, Typography } from '@mui/material';
import {
  allowedTransitions,
  membershipActionLabels,
  membershipStatusLabels,
  type MembershipStatus,
  type TenantMemberAdmin,
} from '@tessera/domain';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useResendInvite } from '../api/resend-invite.ts';
import { useUpdateMemberStatus } from '../api/update-member-status.ts';

/** Only the membership changes the rules allow from the current status; suspending asks first. Resend while the invitee has not signed up. */
export function MemberStatusActions({ tenantId, member }: { tenantId: string; member: TenantMemberAdmin }) {
  const { enqueueSnackbar } = useSnackbar();
  const { confirm, confirmDialog } = useConfirm();
  const update = useUpdateMemberStatus(tenantId, member._id);
  const resend = useResendInvite(tenantId, member._id);
  const targets = allowedTransitions(member.membershipStatus);
  const canResend = member.signupStatus === 'partial' && member.membershipStatus === 'invited';

  const apply = (to: MembershipStatus) =>
    update.mutate(
      { membershipStatus: to },
      {
        onSuccess: () => enqueueSnackbar(`Status changed to ${membershipStatusLabels[to]}`, { variant: 'success' }),
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );
  const choose = (to: MembershipStatus) => {
    if (to === 'suspended' || to === 'request-denied' || to === 'invite-rejected') {
      confirm({
        title: membershipActionLabels[to],
        message: to === 'suspended' ? 'The member loses access at once, until reactivated.' : 'Are you sure?',
        onConfirm: () => apply(to),
      });
    } else apply(to);
  };

  return (
    <Stack spacing={1}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Current status: {membershipStatusLabels[member.membershipStatus]}
        {member.membershipStatus === 'invited' && ' (becomes Active when the invitation is accepted)'}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {targets.map((to) => (
          <Button
            key={to}
            variant="outlined"
            color={to === 'active' ? 'success' : to === 'invited' ? 'primary' : 'warning'}
            disabled={update.isPending}
            onClick={() => choose(to)}
          >
            {membershipActionLabels[to]}
          </Button>
        ))}
        {canResend && (
          <Button
            variant="outlined"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: () => enqueueSnackbar('Invite resent', { variant: 'success' }),
                onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
              })
            }
          >
            Resend Invite
          </Button>
        )}
      </Stack>
      {confirmDialog}
    </Stack>
  );
}
