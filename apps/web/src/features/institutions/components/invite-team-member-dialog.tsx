import { zodResolver } from '@hookform/resolvers/zod';
import { expiryFromDay, institutionTeamRole, institutionTeamRoleLabels, teamInviteForm, type TeamInviteFormValues } from '@tessera/domain';
import { useForm } from 'react-hook-form';
import { InviteDialog } from '../../../components/invite-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useInviteTeamMember } from '../api/invite-team-member.ts';

const EMPTY: TeamInviteFormValues = { email: '', firstname: '', lastname: '', role: 'member', expiresOn: '' };
const ROLES = institutionTeamRole.options.map((role) => ({ value: role, label: institutionTeamRoleLabels[role] }));

interface InviteTeamMemberDialogProps {
  tenantId: string;
  institutionId: string;
  open: boolean;
  onClose: () => void;
}

/** 'Invite Team Member' (002 §5): e-mail, first and last name, role (default Member) and an optional expiry. */
export function InviteTeamMemberDialog({ tenantId, institutionId, open, onClose }: InviteTeamMemberDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const invite = useInviteTeamMember(tenantId, institutionId);
  const form = useForm<TeamInviteFormValues>({
    resolver: zodResolver(teamInviteForm),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });

  const onSubmit = form.handleSubmit(({ expiresOn, ...values }) =>
    invite.mutate(
      { ...values, expiresAt: expiryFromDay(expiresOn) },
      {
        onSuccess: () => {
          enqueueSnackbar('team member invited', { variant: 'success' });
          form.reset(EMPTY);
          onClose();
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    ),
  );

  return (
    <InviteDialog
      title="Invite Team Member"
      open={open}
      onClose={onClose}
      form={form}
      empty={EMPTY}
      roles={ROLES}
      pending={invite.isPending}
      onSubmit={onSubmit}
    />
  );
}
