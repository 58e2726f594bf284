import { Box } from '@mui/material';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { formatDate, memberDisplayName, PAGE_LIMIT_DEFAULT, tenantRoleLabels, type TenantMemberAdmin } from '@tessera/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DataGrid } from '../../../components/data-grid.tsx';
import { MemberStatusDot } from '../../members/index.ts';
import { useGroupMembers } from '../api/list-group-members.ts';
import { useGroupContext } from './group-page.tsx';

const columns: GridColDef<TenantMemberAdmin>[] = [
  { field: 'name', headerName: 'Name', flex: 1.5, minWidth: 150, sortable: false, valueGetter: (_v, row) => memberDisplayName(row) },
  { field: 'email', headerName: 'Email', flex: 2, minWidth: 180, sortable: false },
  { field: 'role', headerName: 'Role', width: 120, sortable: false, valueGetter: (_v, row) => tenantRoleLabels[row.rbac.role] },
  { field: 'membershipStatus', headerName: 'Status', width: 160, sortable: false, renderCell: ({ row }) => <MemberStatusDot status={row.membershipStatus} /> },
  { field: 'createdAt', headerName: 'Created', width: 130, sortable: false, valueFormatter: (value: string) => formatDate(value) },
];

/** Access tab: who is in the group (and so has what the group is given). */
export function GroupAccessTab() {
  const { tenantId, group } = useGroupContext();
  const navigate = useNavigate();
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_LIMIT_DEFAULT });
  const { data, isFetching, error } = useGroupMembers(tenantId, group._id, { page: paging.page + 1, limit: paging.pageSize, sort: 'name', direction: 'asc' });
  return (
    <Box sx={{ height: 520, width: '100%' }}>
      <DataGrid
        label="Group members"
        rows={data?.data}
        columns={columns}
        loading={isFetching}
        error={error ?? undefined}
        rowCount={data?.meta.total ?? 0}
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        onRowClick={(row) => void navigate(`/tenant/membership/members/${row._id}`)}
      />
    </Box>
  );
}
