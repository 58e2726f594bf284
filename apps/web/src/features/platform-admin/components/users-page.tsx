import { Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import {
  accountStatus,
  userDisplayName,
  userRole,
  userRoleLabels,
  type AccountStatus,
  type AdminUser,
  type UserRole,
} from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { useNavigate } from 'react-router';
import { ListFilterSelect, ListPage, ListSearchField, ServerDataGrid } from '../../../components/list-page.tsx';
import { useListParams } from '../../../lib/list-params.ts';
import { useUsers } from '../api/list-users.ts';

export const accountStatusLabels: Record<AccountStatus, string> = {
  active: 'Active',
  suspended: 'Suspended',
  'pending-activation': 'Pending activation',
};

const columns: GridColDef<AdminUser>[] = [
  { field: 'email', headerName: 'Email', flex: 2, minWidth: 200, sortable: false },
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 140, sortable: false, valueGetter: (_v, row) => userDisplayName(row) },
  {
    field: 'role',
    headerName: 'Role',
    width: 150,
    sortable: false,
    renderCell: ({ value }: { value?: UserRole }) =>
      value && <Chip size="small" label={userRoleLabels[value]} color={value === 'admin' ? 'primary' : 'default'} />,
  },
  {
    field: 'accountStatus',
    headerName: 'Status',
    width: 150,
    sortable: false,
    valueFormatter: (value: AccountStatus) => accountStatusLabels[value],
  },
  { field: 'createdAt', headerName: 'Created', width: 120, sortable: false, valueFormatter: (value: string) => formatDate(value) },
];

/** /admin/user: every account, with search and role / status filters. */
export function UsersPage() {
  const navigate = useNavigate();
  const list = useListParams({ inAddress: false });
  const role = list.filter('role', userRole.options);
  const status = list.filter('status', accountStatus.options);
  const result = useUsers({ ...list.query, ...(role && { role }), ...(status && { accountStatus: status }) });

  return (
    <ListPage
      title="Users"
      filters={
        <>
          <ListSearchField list={list} />
          <ListFilterSelect
            list={list}
            param="role"
            label="Role"
            allLabel="All roles"
            options={userRole.options}
            labels={userRoleLabels}
            minWidth={160}
          />
          <ListFilterSelect
            list={list}
            param="status"
            label="Status"
            allLabel="All statuses"
            options={accountStatus.options}
            labels={accountStatusLabels}
            minWidth={160}
          />
        </>
      }
    >
      <ServerDataGrid
        label="Users"
        columns={columns}
        list={list}
        result={result}
        onRowClick={(row) => void navigate(`/admin/user/${row._id}`)}
      />
    </ListPage>
  );
}
