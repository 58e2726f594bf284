import { zodResolver } from '@hookform/resolvers/zod';
import { Typography } from '@mui/material';
import {
  INVITE_DEFAULT_ATTRIBUTES,
  memberInviteForm,
  tenantRole,
  tenantRoleLabels,
  type MemberInviteFormValues,
  type TenantMemberAdmin,
} from '@tessera/domain';
import { Controller } from 'react-hook-form';
import { InviteDialog } from '../../../components/invite-dialog.tsx';
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
  const invite = useInviteMember(tenantId);
  return (
    <InviteDialog
      title="Invite Member"
      open={open}
      onClose={onClose}
      resolver={zodResolver(memberInviteForm)}
      empty={EMPTY}
      roles={INVITE_ROLES}
      invite={invite}
      successMessage={() => 'Member invited'}
      onInvited={onInvited}
    >
      {(control) => (
        <>
          <Typography variant="subtitle2">Access</Typography>
          <Controller
            control={control}
            name="attributes"
            render={({ field }) => <AttributeSwitches value={field.value ?? {}} onChange={field.onChange} disabled={invite.isPending} />}
          />
        </>
      )}
    </InviteDialog>
  );
}
