import { zodResolver } from '@hookform/resolvers/zod';
import { institutionTeamRole, institutionTeamRoleLabels, teamInviteForm, type TeamInviteFormValues } from '@tessera/domain';
import { InviteDialog } from '../../../components/invite-dialog.tsx';
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
  const invite = useInviteTeamMember(tenantId, institutionId);
  return (
    <InviteDialog
      title="Invite Team Member"
      open={open}
      onClose={onClose}
      resolver={zodResolver(teamInviteForm)}
      empty={EMPTY}
      roles={ROLES}
      invite={invite}
      successMessage={() => 'team member invited'}
    />
  );
}
