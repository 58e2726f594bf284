import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import { Button, InputAdornment, Stack, TextField, Typography, Box } from '@mui/material';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { formatDate, PAGE_LIMIT_DEFAULT, type AdminTenant } from '@tessera/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DataGrid } from '../../../components/data-grid.tsx';
import { useListSearch } from '../../../components/use-list-search.ts';
import { useTenants } from '../api/list-tenants.ts';

const columns: GridColDef<AdminTenant>[] = [
  { field: 'name', headerName: 'Name', flex: 2, minWidth: 160, sortable: false },
  { field: 'slug', headerName: 'Slug', flex: 1, minWidth: 120, sortable: false },
  { field: 'memberCount', headerName: 'Members', width: 100, sortable: false, type: 'number' },
  { field: 'createdAt', headerName: 'Created', width: 130, sortable: false, valueFormatter: (value: string) => formatDate(value) },
];

/** /admin/tenant: every tenant, searchable by name or slug. */
export function TenantsPage() {
  const navigate = useNavigate();
  const [searchText, setSearchText] = useState('');
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_LIMIT_DEFAULT });
  const search = useListSearch(searchText);
  const { data, isFetching, error } = useTenants({ page: paging.page + 1, limit: paging.pageSize, ...(search && { search }) });

  return (
    <>
      <title>Tenants</title>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
        <Typography variant="h4" component="h1">
          Tenants
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => void navigate('/admin/tenant/create')}>
          Create Tenant
        </Button>
      </Stack>
      <TextField
        label="Search"
        value={searchText}
        onChange={(e) => {
          setSearchText(e.target.value);
          setPaging((p) => ({ ...p, page: 0 }));
        }}
        size="small"
        fullWidth
        sx={{ mb: 2, maxWidth: 480 }}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> } }}
      />
      <Box sx={{ height: 640, width: '100%' }}>
        <DataGrid
          label="Tenants"
          rows={data?.data}
          columns={columns}
          loading={isFetching}
          error={error ?? undefined}
          searchQuery={search}
          rowCount={data?.meta.total ?? 0}
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          onRowClick={(row) => void navigate(`/admin/tenant/${row._id}`)}
        />
      </Box>
    </>
  );
}
