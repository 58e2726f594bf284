import PersonAdd from '@mui/icons-material/PersonAdd';
import Search from '@mui/icons-material/Search';
import { Box, Button, InputAdornment, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { GridColDef, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import {
  formatDate, memberDisplayName, memberSort, membershipStatus, membershipStatusLabels, PAGE_LIMIT_DEFAULT, tenantRole, tenantRoleLabels,
  type MemberSort, type MembershipStatus, type TenantMemberAdmin, type TenantRole,
} from '@tessera/domain';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DataGrid, GRID_DEFAULT_SORT } from '../../../components/data-grid.tsx';
import { useListSearch } from '../../../components/use-list-search.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useMembers } from '../api/list-members.ts';
import { InviteMemberDialog } from './invite-member-dialog.tsx';
import { MemberStatusDot } from './member-status-dot.tsx';

const columns: GridColDef<TenantMemberAdmin>[] = [
  { field: 'name', headerName: 'Name', flex: 1.5, minWidth: 150, valueGetter: (_v, row) => memberDisplayName(row) },
  { field: 'email', headerName: 'Email', flex: 2, minWidth: 180 },
  { field: 'role', headerName: 'Role', width: 120, valueGetter: (_v, row) => tenantRoleLabels[row.rbac.role] },
  { field: 'membershipStatus', headerName: 'Status', width: 160, renderCell: ({ row }) => <MemberStatusDot status={row.membershipStatus} /> },
  { field: 'createdAt', headerName: 'Created', width: 130, valueFormatter: (value: string) => formatDate(value) },
];

const isOneOf = <T extends string>(values: readonly T[], v: string | null): v is T => v !== null && (values as readonly string[]).includes(v);

/** /tenant/membership/members: the tenant's members, searched and filtered through the address, with 'Invite Member' (?modal=create). */
export function MembersPage() {
  const navigate = useNavigate();
  const { tenantId } = useTenant();
  const [params, setParams] = useSearchParams();
  const role = params.get('role');
  const status = params.get('status');
  const [searchText, setSearchText] = useState(params.get('search') ?? '');
  const search = useListSearch(searchText);
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_LIMIT_DEFAULT });
  const [sortModel, setSortModel] = useState<GridSortModel>(GRID_DEFAULT_SORT);
  const sortItem = sortModel[0];
  const sort: MemberSort = sortItem && isOneOf(memberSort.options, sortItem.field) ? sortItem.field : 'createdAt';

  const query = {
    page: paging.page + 1,
    limit: paging.pageSize,
    sort,
    direction: sortItem?.sort ?? 'desc',
    ...(search && { search }),
    ...(isOneOf(tenantRole.options, role) && { role }),
    ...(isOneOf(membershipStatus.options, status) && { membershipStatus: status }),
  };
  const { data, isFetching, error } = useMembers(tenantId ?? '', query);

  /** Filters live in the address, so a filtered list can be shared and survives reloads. */
  const setParam = (key: string, value: string) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    }, { replace: true });
    setPaging((p) => ({ ...p, page: 0 }));
  };
  const openModal = (open: boolean) => setParam('modal', open ? 'create' : '');

  return (
    <Stack spacing={2}>
      <title>Members</title>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1">
          Members
        </Typography>
        <Button variant="contained" startIcon={<PersonAdd />} onClick={() => openModal(true)}>
          Invite Member
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          label="Search"
          placeholder="Name or email"
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value);
            setParam('search', e.target.value.trim());
          }}
          size="small"
          sx={{ flex: 2 }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> } }}
        />
        <TextField select label="Role" size="small" value={isOneOf(tenantRole.options, role) ? role : ''} onChange={(e) => setParam('role', e.target.value)} sx={{ flex: 1, minWidth: 150 }}>
          <MenuItem value="">All roles</MenuItem>
          {tenantRole.options.map((r: TenantRole) => <MenuItem key={r} value={r}>{tenantRoleLabels[r]}</MenuItem>)}
        </TextField>
        <TextField select label="Status" size="small" value={isOneOf(membershipStatus.options, status) ? status : ''} onChange={(e) => setParam('status', e.target.value)} sx={{ flex: 1, minWidth: 150 }}>
          <MenuItem value="">All statuses</MenuItem>
          {membershipStatus.options.map((s: MembershipStatus) => <MenuItem key={s} value={s}>{membershipStatusLabels[s]}</MenuItem>)}
        </TextField>
      </Stack>
      <Box sx={{ height: 640, width: '100%' }}>
        <DataGrid
          label="Members"
          rows={data?.data}
          columns={columns}
          loading={isFetching}
          error={error ?? undefined}
          searchQuery={search}
          rowCount={data?.meta.total ?? 0}
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          sortModel={sortModel}
          onSortModelChange={(model) => {
            setSortModel(model);
            setPaging((p) => ({ ...p, page: 0 }));
          }}
          onRowClick={(row) => void navigate(`/tenant/membership/members/${row._id}`)}
        />
      </Box>
      {tenantId && <InviteMemberDialog tenantId={tenantId} open={params.get('modal') === 'create'} onClose={() => openModal(false)} />}
    </Stack>
  );
}
