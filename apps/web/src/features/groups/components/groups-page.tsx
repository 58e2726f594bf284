import GroupAdd from '@mui/icons-material/GroupAdd';
import Search from '@mui/icons-material/Search';
import { Box, Button, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import type { GridColDef, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { formatDate, groupSort, PAGE_LIMIT_DEFAULT, type Group, type GroupSort } from '@tessera/domain';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DataGrid, GRID_DEFAULT_SORT } from '../../../components/data-grid.tsx';
import { useListSearch } from '../../../components/use-list-search.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useGroups } from '../api/list-groups.ts';
import { CreateGroupDialog } from './create-group-dialog.tsx';

const columns: GridColDef<Group>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 150 },
  { field: 'description', headerName: 'Description', flex: 2, minWidth: 180, sortable: false },
  { field: 'totalMembers', headerName: 'Members', width: 110, sortable: false, type: 'number' },
  { field: 'createdAt', headerName: 'Created', width: 130, valueFormatter: (value: string) => formatDate(value) },
  { field: 'updatedAt', headerName: 'Updated', width: 130, valueFormatter: (value: string) => formatDate(value) },
];

const isGroupSort = (field: string): field is GroupSort => (groupSort.options as readonly string[]).includes(field);

/** /tenant/membership/groups: the tenant's member groups with their member counts; ?modal=create opens 'Create Group'. */
export function GroupsPage() {
  const navigate = useNavigate();
  const { tenantId } = useTenant();
  const [params, setParams] = useSearchParams();
  const [searchText, setSearchText] = useState(params.get('search') ?? '');
  const search = useListSearch(searchText);
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_LIMIT_DEFAULT });
  const [sortModel, setSortModel] = useState<GridSortModel>(GRID_DEFAULT_SORT);
  const item = sortModel[0];
  const sort: GroupSort = item && isGroupSort(item.field) ? item.field : 'createdAt';
  const { data, isFetching, error } = useGroups(tenantId ?? '', { page: paging.page + 1, limit: paging.pageSize, sort, direction: item?.sort ?? 'desc', ...(search && { search }) });

  const setParam = (key: string, value: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    }, { replace: true });

  return (
    <Stack spacing={2}>
      <title>Groups</title>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1">Groups</Typography>
        <Button variant="contained" startIcon={<GroupAdd />} onClick={() => setParam('modal', 'create')}>Create Group</Button>
      </Stack>
      <TextField
        label="Search"
        value={searchText}
        onChange={(e) => {
          setSearchText(e.target.value);
          setParam('search', e.target.value.trim());
          setPaging((p) => ({ ...p, page: 0 }));
        }}
        size="small"
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> } }}
      />
      <Box sx={{ height: 640, width: '100%' }}>
        <DataGrid
          label="Groups"
          rows={data?.data}
          columns={columns}
          loading={isFetching}
          error={error ?? undefined}
          searchQuery={search}
          rowCount={data?.meta.total ?? 0}
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          sortModel={sortModel}
          onSortModelChange={setSortModel}
          onRowClick={(row) => void navigate(`/tenant/membership/groups/${row._id}`)}
        />
      </Box>
      {tenantId && (
        <CreateGroupDialog
          tenantId={tenantId}
          open={params.get('modal') === 'create'}
          onClose={() => setParam('modal', '')}
          onCreated={(group) => void navigate(`/tenant/membership/groups/${group._id}`)}
        />
      )}
    </Stack>
  );
}
