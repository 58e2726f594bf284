import type { GridColDef } from '@mui/x-data-grid';
import { memberDisplayName, tenantRoleLabels, type TenantMemberAdmin } from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { useNavigate } from 'react-router';
import { ServerDataGrid } from '../../../components/list-page.tsx';
import { useListParams } from '../../../lib/list-params.ts';
import { MemberStatusDot } from '../../members/index.ts';
import { useGroupMembers } from '../api/list-group-members.ts';
import { useGroupContext } from './group-page.tsx';

const columns: GridColDef<TenantMemberAdmin>[] = [
  { field: 'name', headerName: 'Name', flex: 1.5, minWidth: 150, sortable: false, valueGetter: (_v, row) => memberDisplayName(row) },
  { field: 'email', headerName: 'Email', flex: 2, minWidth: 180, sortable: false },
  { field: 'role', headerName: 'Role', width: 120, sortable: false, valueGetter: (_v, row) => tenantRoleLabels[row.rbac.role] },
  {
    field: 'membershipStatus',
    headerName: 'Status',
    width: 160,
    sortable: false,
    renderCell: ({ row }) => <MemberStatusDot status={row.membershipStatus} />,
  },
  { field: 'createdAt', headerName: 'Created', width: 130, sortable: false, valueFormatter: (value: string) => formatDate(value) },
];

/** Access tab: who is in the group (and so has what the group is given). */
export function GroupAccessTab() {
  const { tenantId, group } = useGroupContext();
  const navigate = useNavigate();
  const list = useListParams({ inAddress: false });
  const result = useGroupMembers(tenantId, group._id, { ...list.query, sort: 'name', direction: 'asc' });
  return (
    <ServerDataGrid
      label="Group members"
      columns={columns}
      list={list}
      result={result}
      height={520}
      onRowClick={(row) => void navigate(`/tenant/membership/members/${row._id}`)}
    />
  );
}
