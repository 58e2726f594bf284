import { zodResolver } from '@hookform/resolvers/zod';
import { Typography } from '@mui/material';
import {
  expiryFromDay,
  INVITE_DEFAULT_ATTRIBUTES,
  memberInviteForm,
  tenantRole,
  tenantRoleLabels,
  type MemberInviteFormValues,
  type TenantMemberAdmin,
} from '@tessera/domain';
import { Controller, useForm } from 'react-hook-form';
import { InviteDialog } from '../../../components/invite-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useInviteMember } from '../api/invite-member.ts';
import { AttributeSwitches } from './attribute-switches.tsx';

const INVITE_ROLES = tenantRole.options.filter((r) => r !== 'owner').map((role) => ({ value: role, label: tenantRoleLabels[role] }));
const EMPTY: MemberInviteFormValues = {
  email: '',
  firstname: '',
  lastname: '',
  role: 'member',
  attributes: INVITE_DEFAULT_ATTRIBUTES,
  expiresOn: '',
};

interface InviteMemberDialogProps {
  tenantId: string;
  open: boolean;
  onClose: () => void;
  onInvited?: (member: TenantMemberAdmin) => void;
}

/** 'Invite Member' (?modal=create): an e-mail with a role, attribute flags and an optional expiry. */
export function InviteMemberDialog({ tenantId, open, onClose, onInvited }: InviteMemberDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const invite = useInviteMember(tenantId);
  const form = useForm<MemberInviteFormValues>({
    resolver: zodResolver(memberInviteForm),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });

  const onSubmit = form.handleSubmit(({ expiresOn, ...values }) =>
    invite.mutate(
      { ...values, expiresAt: expiryFromDay(expiresOn) },
      {
        onSuccess: (member) => {
          enqueueSnackbar(member.membershipStatus === 'active' ? `${member.email} added` : 'Member invited', { variant: 'success' });
          form.reset(EMPTY);
          onInvited?.(member);
          onClose();
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    ),
  );

  return (
    <InviteDialog
      title="Invite Member"
      open={open}
      onClose={onClose}
      form={form}
      empty={EMPTY}
      roles={INVITE_ROLES}
      pending={invite.isPending}
      onSubmit={onSubmit}
    >
      <Typography variant="subtitle2">Access</Typography>
      <Controller
        control={form.control}
        name="attributes"
        render={({ field }) => <AttributeSwitches value={field.value ?? {}} onChange={field.onChange} disabled={invite.isPending} />}
      />
    </InviteDialog>
  );
}
