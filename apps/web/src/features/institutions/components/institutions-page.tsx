import AddBusiness from '@mui/icons-material/AddBusiness';
import Search from '@mui/icons-material/Search';
import { Box, Button, InputAdornment, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { GridColDef, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import {
  formatDate, institutionSort, institutionType, institutionTypeLabels, PAGE_LIMIT_DEFAULT,
  type Institution, type InstitutionType,
} from '@tessera/domain';
import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DataGrid, GRID_DEFAULT_SORT } from '../../../components/data-grid.tsx';
import { useListSearch } from '../../../components/use-list-search.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useInstitutions } from '../api/list-institutions.ts';
import { CreateInstitutionDialog } from './create-institution-dialog.tsx';
import { InstitutionLogo } from './institution-logo.tsx';

const columns: GridColDef<Institution>[] = [
  {
    field: 'name', headerName: 'Name', flex: 2, minWidth: 200,
    renderCell: ({ row }) => (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
        <InstitutionLogo institution={row} size={28} />
        <Typography variant="body2" noWrap>{row.name}</Typography>
      </Stack>
    ),
  },
  { field: 'slug', headerName: 'Slug', flex: 1, minWidth: 140, sortable: false },
  { field: 'type', headerName: 'Type', width: 110, valueGetter: (_v, row) => institutionTypeLabels[row.type] },
  { field: 'offersCount', headerName: 'Offers', width: 90, type: 'number', sortable: false },
  { field: 'updatedAt', headerName: 'Updated', width: 130, valueFormatter: (value: string) => formatDate(value) },
  { field: 'createdAt', headerName: 'Created', width: 130, valueFormatter: (value: string) => formatDate(value) },
];

const isOneOf = <T extends string>(values: readonly T[], v: string | null | undefined): v is T => v != null && (values as readonly string[]).includes(v);

/** /tenant/marketplace/institutions: the tenant's institutions, searched and filtered on the server, with 'Add Institution' (?modal=create). */
export function TenantInstitutionsPage() {
  const navigate = useNavigate();
  const { tenantId } = useTenant();
  const [params, setParams] = useSearchParams();
  const type = params.get('type');
  const [searchText, setSearchText] = useState(params.get('search') ?? '');
  const search = useListSearch(searchText);
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_LIMIT_DEFAULT });
  const [sortModel, setSortModel] = useState<GridSortModel>(GRID_DEFAULT_SORT);
  const sortItem = sortModel[0];
  const sort = isOneOf(institutionSort.options, sortItem?.field) ? sortItem.field : 'createdAt';

  const query = {
    page: paging.page + 1,
    limit: paging.pageSize,
    sort,
    direction: sortItem?.sort ?? 'desc',
    ...(search && { search }),
    ...(isOneOf(institutionType.options, type) && { type }),
  };
  const { data, isFetching, error } = useInstitutions(tenantId ?? '', query);

  /** Filters live in the address, so a filtered list can be shared and survives reloads. */
  const setParam = (key: string, value: string) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    }, { replace: true });
    if (key !== 'modal') setPaging((p) => ({ ...p, page: 0 }));
  };
  const onCreated = useCallback((id: string) => void navigate(`/tenant/marketplace/institutions/${id}`), [navigate]);

  return (
    <Stack spacing={2}>
      <title>Institutions</title>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1">Institutions</Typography>
        <Button variant="contained" startIcon={<AddBusiness />} onClick={() => setParam('modal', 'create')}>
          Add Institution
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          label="Search"
          placeholder="Name or slug"
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value);
            setParam('search', e.target.value.trim());
          }}
          size="small"
          sx={{ flex: 2 }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> } }}
        />
        <TextField
          select
          label="Type"
          size="small"
          value={isOneOf(institutionType.options, type) ? type : ''}
          onChange={(e) => setParam('type', e.target.value)}
          sx={{ flex: 1, minWidth: 150 }}
        >
          <MenuItem value="">All types</MenuItem>
          {institutionType.options.map((t: InstitutionType) => <MenuItem key={t} value={t}>{institutionTypeLabels[t]}</MenuItem>)}
        </TextField>
      </Stack>
      <Box sx={{ height: 640, width: '100%' }}>
        <DataGrid
          label="Institutions"
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
          onRowClick={(row) => void navigate(`/tenant/marketplace/institutions/${row._id}`)}
        />
      </Box>
      {tenantId && <CreateInstitutionDialog tenantId={tenantId} open={params.get('modal') === 'create'} onClose={() => setParam('modal', '')} onCreated={onCreated} />}
    </Stack>
  );
}
