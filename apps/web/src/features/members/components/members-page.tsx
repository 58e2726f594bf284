import PersonAdd from '@mui/icons-material/PersonAdd';
import { Button } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import {
  memberDisplayName,
  memberSort,
  membershipStatus,
  membershipStatusLabels,
  tenantRole,
  tenantRoleLabels,
  type TenantMemberAdmin,
} from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { useNavigate } from 'react-router';
import { ListFilterSelect, ListPage, ListSearchField, ServerDataGrid } from '../../../components/list-page.tsx';
import { useListParams } from '../../../lib/list-params.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useMembers } from '../api/list-members.ts';
import { InviteMemberDialog } from './invite-member-dialog.tsx';
import { MemberStatusDot } from './member-status-dot.tsx';

const columns: GridColDef<TenantMemberAdmin>[] = [
  { field: 'name', headerName: 'Name', flex: 1.5, minWidth: 150, valueGetter: (_v, row) => memberDisplayName(row) },
  { field: 'email', headerName: 'Email', flex: 2, minWidth: 180 },
  { field: 'role', headerName: 'Role', width: 120, valueGetter: (_v, row) => tenantRoleLabels[row.rbac.role] },
  {
    field: 'membershipStatus',
    headerName: 'Status',
    width: 160,
    renderCell: ({ row }) => <MemberStatusDot status={row.membershipStatus} />,
  },
  { field: 'createdAt', headerName: 'Created', width: 130, valueFormatter: (value: string) => formatDate(value) },
];

/** /tenant/membership/members: the tenant's members, searched and filtered through the address, with 'Invite Member' (?modal=create). */
export function MembersPage() {
  const navigate = useNavigate();
  const { tenantId } = useTenant();
  const list = useListParams({ sorts: memberSort.options });
  const role = list.filter('role', tenantRole.options);
  const membershipStatusFilter = list.filter('status', membershipStatus.options);
  const result = useMembers(tenantId ?? '', {
    ...list.query,
    ...(role && { role }),
    ...(membershipStatusFilter && { membershipStatus: membershipStatusFilter }),
  });
  // Opening or closing the dialog also returns the list to its first page, as it always has here.
  const openModal = (open: boolean) => list.setFilter('modal', open ? 'create' : '');

  return (
    <ListPage
      title="Members"
      action={
        <Button variant="contained" startIcon={<PersonAdd />} onClick={() => openModal(true)}>
          Invite Member
        </Button>
      }
      filters={
        <>
          <ListSearchField list={list} placeholder="Name or email" />
          <ListFilterSelect
            list={list}
            param="role"
            label="Role"
            allLabel="All roles"
            options={tenantRole.options}
            labels={tenantRoleLabels}
            minWidth={150}
          />
          <ListFilterSelect
            list={list}
            param="status"
            label="Status"
            allLabel="All statuses"
            options={membershipStatus.options}
            labels={membershipStatusLabels}
            minWidth={150}
          />
        </>
      }
    >
      <ServerDataGrid
        label="Members"
        columns={columns}
        list={list}
        result={result}
        onRowClick={(row) => void navigate(`/tenant/membership/members/${row._id}`)}
      />
      {tenantId && <InviteMemberDialog tenantId={tenantId} open={list.params.get('modal') === 'create'} onClose={() => openModal(false)} />}
    </ListPage>
  );
}
