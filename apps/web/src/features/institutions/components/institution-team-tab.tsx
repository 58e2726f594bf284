import MoreVert from '@mui/icons-material/MoreVert';
import PersonAdd from '@mui/icons-material/PersonAdd';
import { Alert, Button, Chip, IconButton, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { institutionTeamRoleLabels, userDisplayName, type InstitutionTeamRole, type TeamMember } from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { useMemo, useState } from 'react';
import { ServerDataGrid } from '../../../components/list-page.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useListParams } from '../../../lib/list-params.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { useIsTenantOwner } from '../../../lib/session/use-is-tenant-owner.ts';
import { useTeam } from '../api/list-team.ts';
import { useRemoveTeamMember } from '../api/remove-team-member.ts';
import { useResendTeamInvite } from '../api/resend-team-invite.ts';
import { useUpdateTeamRole } from '../api/update-team-role.ts';
import { ChangeTeamRoleDialog } from './change-team-role-dialog.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { InstitutionTabFrame, type InstitutionTabProps } from './institution-tab-frame.tsx';
import { InviteTeamMemberDialog } from './invite-team-member-dialog.tsx';

const nameOf = (m: TeamMember) => userDisplayName({ ...m.subject, displayname: null }) || '-';

interface RowActions {
  onResend: (member: TeamMember) => void;
  onChangeRole: (member: TeamMember) => void;
  onDelete: (member: TeamMember) => void;
}

function RowMenu({ member, actions }: { member: TeamMember; actions: RowActions }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = (action: (m: TeamMember) => void) => () => {
    setAnchor(null);
    action(member);
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for ${member.subject.email}`}
        onClick={(e) => {
          e.stopPropagation();
          setAnchor(e.currentTarget);
        }}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {member.status === 'invited' && (
          <MenuItem onClick={run(actions.onResend)}>
            <ListItemText>Resend invite</ListItemText>
          </MenuItem>
        )}
        <MenuItem onClick={run(actions.onChangeRole)}>
          <ListItemText>Change role</ListItemText>
        </MenuItem>
        <MenuItem onClick={run(actions.onDelete)} sx={{ color: 'error.main' }}>
          <ListItemText>Delete</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

function TeamTab({ tenantId, institution }: InstitutionTabProps) {
  const { enqueueSnackbar } = useSnackbar();
  const { confirm, confirmDialog } = useConfirm();
  const { user } = useSession();
  const isOwner = useIsTenantOwner();
  const list = useListParams({ inAddress: false });
  const [inviting, setInviting] = useState(false);
  const [changing, setChanging] = useState<TeamMember | null>(null);
  const team = useTeam(tenantId, institution._id, list.query);
  const { data, isFetching } = team;
  const resend = useResendTeamInvite(tenantId, institution._id);
  const role = useUpdateTeamRole(tenantId, institution._id);
  const remove = useRemoveTeamMember(tenantId, institution._id);
  // Viewers may look but not change (the server says so too); the caller's own row tells.
  const mine = data?.data.find((m) => m.subject._id === user?._id);
  const canManage = isOwner || mine?.role !== 'viewer';

  const actions: RowActions = {
    onResend: (member) =>
      resend.mutate(member._id, {
        onSuccess: () => enqueueSnackbar('invite resent', { variant: 'success' }),
        onError: (e) => enqueueSnackbar(errorMessage(e), { variant: 'error' }),
      }),
    onChangeRole: setChanging,
    onDelete: (member) =>
      confirm({
        title: 'Delete Team Member',
        message: `Remove ${member.subject.email} from the team of ${institution.name}? This action is irreversible.`,
        confirmLabel: 'Delete',
        destructive: true,
        onConfirm: () => remove.mutateAsync(member._id).then(() => enqueueSnackbar('deleted', { variant: 'success' })),
      }),
  };
  const saveRole = (next: InstitutionTeamRole) => {
    if (!changing) return;
    role.mutate(
      { memberId: changing._id, role: next },
      {
        onSuccess: () => {
          setChanging(null);
          enqueueSnackbar('role updated', { variant: 'success' });
        },
        onError: (e) => enqueueSnackbar(errorMessage(e), { variant: 'error' }),
      },
    );
  };

  const columns = useMemo<GridColDef<TeamMember>[]>(
    () => [
      { field: 'email', headerName: 'Email', flex: 2, minWidth: 190, valueGetter: (_v, row) => row.subject.email },
      { field: 'name', headerName: 'Name', flex: 1.5, minWidth: 140, valueGetter: (_v, row) => nameOf(row) },
      { field: 'role', headerName: 'Role', width: 100, valueGetter: (_v, row) => institutionTeamRoleLabels[row.role] },
      {
        field: 'status',
        headerName: 'Status',
        width: 110,
        renderCell: ({ row }) =>
          row.status === 'invited' ? (
            <Chip label="Invited" size="small" color="warning" variant="outlined" />
          ) : (
            <Chip label="Active" size="small" color="success" variant="outlined" />
          ),
      },
      {
        field: 'expiresAt',
        headerName: 'Expires',
        width: 120,
        valueFormatter: (value: string | null) => (value ? formatDate(value) : 'Never'),
      },
      ...(canManage
        ? [
            {
              field: 'actions',
              headerName: '',
              width: 60,
              sortable: false,
              renderCell: ({ row }: { row: TeamMember }) => <RowMenu member={row} actions={actions} />,
            } satisfies GridColDef<TeamMember>,
          ]
        : []),
    ],
    // The row actions close over the latest mutations; the columns only change with the caller's rights.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [canManage],
  );

  return (
    <SectionCard
      title="Team"
      action={
        canManage && (
          <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setInviting(true)}>
            Invite Team Member
          </Button>
        )
      }
    >
      <Alert severity="info" variant="outlined">
        Tenant members on this team can manage the institution: its details, media, offers and team. Viewers can look but not change
        anything.
      </Alert>
      {data && data.meta.total === 0 && !isFetching ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No team members yet. Invite the people who run {institution.name}; the organization&apos;s owners can always manage it.
        </Typography>
      ) : (
        <ServerDataGrid label="Team members" columns={columns} list={list} result={team} height={520} />
      )}
      <InviteTeamMemberDialog tenantId={tenantId} institutionId={institution._id} open={inviting} onClose={() => setInviting(false)} />
      <ChangeTeamRoleDialog member={changing} busy={role.isPending} onClose={() => setChanging(null)} onSave={saveRole} />
      {confirmDialog}
    </SectionCard>
  );
}

/** Team tab: who works on the institution, with invite, resend, role change and removal. */
export function InstitutionTeamTab() {
  return <InstitutionTabFrame label="Team">{(props) => <TeamTab key={props.institution._id} {...props} />}</InstitutionTabFrame>;
}
