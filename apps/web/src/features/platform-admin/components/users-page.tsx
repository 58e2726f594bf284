import Search from '@mui/icons-material/Search';
import { Box, Chip, InputAdornment, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import {
  accountStatus, formatDate, PAGE_LIMIT_DEFAULT, userDisplayName, userRole, userRoleLabels, type AccountStatus, type AdminUser, type UserRole,
} from '@tessera/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DataGrid } from '../../../components/data-grid.tsx';
import { useListSearch } from '../../../components/use-list-search.ts';
import { useUsers } from '../api/list-users.ts';

export const accountStatusLabels: Record<AccountStatus, string> = { active: 'Active', suspended: 'Suspended', 'pending-activation': 'Pending activation' };

const columns: GridColDef<AdminUser>[] = [
  { field: 'email', headerName: 'Email', flex: 2, minWidth: 200, sortable: false },
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 140, sortable: false, valueGetter: (_v, row) => userDisplayName(row) },
  { field: 'role', headerName: 'Role', width: 150, sortable: false, renderCell: ({ value }: { value?: UserRole }) => value && <Chip size="small" label={userRoleLabels[value]} color={value === 'admin' ? 'primary' : 'default'} /> },
  { field: 'accountStatus', headerName: 'Status', width: 150, sortable: false, valueFormatter: (value: AccountStatus) => accountStatusLabels[value] },
  { field: 'createdAt', headerName: 'Created', width: 120, sortable: false, valueFormatter: (value: string) => formatDate(value) },
];

/** /admin/user: every account, with search and role / status filters. */
export function UsersPage() {
  const navigate = useNavigate();
  const [searchText, setSearchText] = useState('');
  const [role, setRole] = useState<UserRole | ''>('');
  const [status, setStatus] = useState<AccountStatus | ''>('');
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_LIMIT_DEFAULT });
  const search = useListSearch(searchText);
  const { data, isFetching, error } = useUsers({
    page: paging.page + 1, limit: paging.pageSize, ...(search && { search }), ...(role && { role }), ...(status && { accountStatus: status }),
  });
  const resetPage = () => setPaging((p) => ({ ...p, page: 0 }));

  return (
    <>
      <title>Users</title>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Users
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label="Search"
          value={searchText}
          onChange={(e) => { setSearchText(e.target.value); resetPage(); }}
          size="small"
          sx={{ flex: 2 }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> } }}
        />
        <TextField select label="Role" size="small" value={role} onChange={(e) => { setRole(e.target.value as UserRole | ''); resetPage(); }} sx={{ flex: 1, minWidth: 160 }}>
          <MenuItem value="">All roles</MenuItem>
          {userRole.options.map((value) => <MenuItem key={value} value={value}>{userRoleLabels[value]}</MenuItem>)}
        </TextField>
        <TextField select label="Status" size="small" value={status} onChange={(e) => { setStatus(e.target.value as AccountStatus | ''); resetPage(); }} sx={{ flex: 1, minWidth: 160 }}>
          <MenuItem value="">All statuses</MenuItem>
          {accountStatus.options.map((value) => <MenuItem key={value} value={value}>{accountStatusLabels[value]}</MenuItem>)}
        </TextField>
      </Stack>
      <Box sx={{ height: 640, width: '100%' }}>
        <DataGrid
          label="Users"
          rows={data?.data}
          columns={columns}
          loading={isFetching}
          error={error ?? undefined}
          searchQuery={search}
          rowCount={data?.meta.total ?? 0}
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          onRowClick={(row) => void navigate(`/admin/user/${row._id}`)}
        />
      </Box>
    </>
  );
}
