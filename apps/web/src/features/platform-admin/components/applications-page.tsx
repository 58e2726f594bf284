import Search from '@mui/icons-material/Search';
import { Autocomplete, Box, InputAdornment, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { GridColDef, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import {
  adminApplicationSort, applicationStatus, applicationStatusColors, applicationStatusLabels, applicationTypeLabels, formatDate, isObjectId,
  PAGE_LIMIT_DEFAULT, type AdminApplicationItem, type AdminApplicationSort, type AdminTenant, type ApplicationStatus,
} from '@tessera/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DataGrid, GRID_DEFAULT_SORT } from '../../../components/data-grid.tsx';
import { StatusDot } from '../../../components/status-dot.tsx';
import { useListSearch } from '../../../components/use-list-search.ts';
import { useAdminApplications } from '../api/list-applications.ts';
import { tenantQueryOptions } from '../api/get-tenant.ts';
import { useTenants } from '../api/list-tenants.ts';

const columns: GridColDef<AdminApplicationItem>[] = [
  { field: 'userEmail', headerName: 'Email', flex: 2, minWidth: 200 },
  { field: 'userName', headerName: 'Name', flex: 1, minWidth: 140, sortable: false },
  { field: 'tenantName', headerName: 'Tenant', flex: 1, minWidth: 140 },
  { field: 'type', headerName: 'Type', width: 130, sortable: false, valueFormatter: (value: AdminApplicationItem['type']) => applicationTypeLabels[value] },
  {
    field: 'status', headerName: 'Status', width: 150,
    renderCell: ({ row }) => <StatusDot label={applicationStatusLabels[row.status]} color={applicationStatusColors[row.status]} />,
  },
  { field: 'reviewedAt', headerName: 'Reviewed', width: 120, sortable: false, valueFormatter: (value: string | null) => (value ? formatDate(value) : '—') },
  { field: 'createdAt', headerName: 'Created', width: 120, valueFormatter: (value: string) => formatDate(value) },
  { field: 'updatedAt', headerName: 'Updated', width: 120, valueFormatter: (value: string) => formatDate(value) },
];

const isOneOf = <T extends string>(values: readonly T[], v: string | null): v is T => v !== null && (values as readonly string[]).includes(v);

/** The tenant filter: tenants found by name or slug, the picked one kept by id in the address. */
function TenantFilter({ tenantId, onChange }: { tenantId: string; onChange: (id: string) => void }) {
  const [typed, setTyped] = useState('');
  const search = useListSearch(typed);
  const tenants = useTenants({ page: 1, limit: 20, ...(search && { search }) });
  const picked = useQuery({ ...tenantQueryOptions(tenantId), enabled: tenantId !== '' });
  const value = tenantId && picked.data ? picked.data : null;
  return (
    <Autocomplete<AdminTenant>
      options={tenants.data?.data ?? []}
      value={value}
      onChange={(_e, tenant) => onChange(tenant?._id ?? '')}
      inputValue={typed}
      onInputChange={(_e, text) => setTyped(text)}
      filterOptions={(x) => x}
      getOptionLabel={(t) => t.name}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      loading={tenants.isFetching}
      noOptionsText="No tenants found"
      renderInput={(params) => <TextField {...params} label="Tenant" size="small" />}
      sx={{ flex: 1, minWidth: 180 }}
    />
  );
}

/** /admin/application: accreditation applications of every tenant, filtered and sorted on the server; filters live in the address. */
export function AdminApplicationsPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const tenantParam = params.get('tenant');
  const tenant = isObjectId(tenantParam) ? tenantParam : '';
  const [searchText, setSearchText] = useState(params.get('search') ?? '');
  const search = useListSearch(searchText);
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_LIMIT_DEFAULT });
  const [sortModel, setSortModel] = useState<GridSortModel>(GRID_DEFAULT_SORT);
  const sortItem = sortModel[0];
  const sort: AdminApplicationSort = sortItem && isOneOf(adminApplicationSort.options, sortItem.field) ? sortItem.field : 'createdAt';

  const filtered = isOneOf(applicationStatus.options, status) || tenant !== '';
  const { data, isFetching, error } = useAdminApplications({
    page: paging.page + 1,
    limit: paging.pageSize,
    sort,
    direction: sortItem?.sort ?? 'desc',
    ...(search && { search }),
    ...(isOneOf(applicationStatus.options, status) && { status }),
    ...(tenant && { tenant }),
  });

  const setParam = (key: string, value: string) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    }, { replace: true });
    setPaging((p) => ({ ...p, page: 0 }));
  };

  return (
    <>
      <title>Applications</title>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Applications
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label="Search"
          placeholder="Applicant email"
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
          label="Status"
          size="small"
          value={isOneOf(applicationStatus.options, status) ? status : ''}
          onChange={(e) => setParam('status', e.target.value)}
          sx={{ flex: 1, minWidth: 160 }}
        >
          <MenuItem value="">All statuses</MenuItem>
          {applicationStatus.options.map((s: ApplicationStatus) => <MenuItem key={s} value={s}>{applicationStatusLabels[s]}</MenuItem>)}
        </TextField>
        <TenantFilter tenantId={tenant} onChange={(id) => setParam('tenant', id)} />
      </Stack>
      <Box sx={{ height: 640, width: '100%' }}>
        <DataGrid
          label="Applications"
          rows={data?.data}
          columns={columns}
          loading={isFetching}
          error={error ?? undefined}
          searchQuery={search}
          emptyText={filtered ? 'No applications match these filters' : 'No applications yet'}
          rowCount={data?.meta.total ?? 0}
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          sortModel={sortModel}
          onSortModelChange={(model) => {
            setSortModel(model);
            setPaging((p) => ({ ...p, page: 0 }));
          }}
          onRowClick={(row) => void navigate(`/admin/user/${row.user}`)}
        />
      </Box>
    </>
  );
}
