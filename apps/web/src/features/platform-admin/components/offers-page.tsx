import Search from '@mui/icons-material/Search';
import { Box, Chip, InputAdornment, TextField, Typography } from '@mui/material';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { approvalStatusLabels, formatDate, PAGE_LIMIT_DEFAULT, visibilityStatusLabels, type AdminOfferItem } from '@tessera/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DataGrid } from '../../../components/data-grid.tsx';
import { useListSearch } from '../../../components/use-list-search.ts';
import { useAdminOffers } from '../api/list-offers.ts';

const approvalColor = { pending: 'default', approved: 'success', rejected: 'error' } as const;

const columns: GridColDef<AdminOfferItem>[] = [
  { field: 'name', headerName: 'Offer', flex: 2, minWidth: 160, sortable: false },
  { field: 'tenantName', headerName: 'Tenant', flex: 1, minWidth: 120, sortable: false },
  { field: 'institution', headerName: 'Institution', flex: 1, minWidth: 140, sortable: false, valueGetter: (_v, row) => row.institution.name },
  {
    field: 'approvalStatus', headerName: 'Approval', width: 120, sortable: false,
    renderCell: ({ row }) => <Chip size="small" label={approvalStatusLabels[row.approvalStatus]} color={approvalColor[row.approvalStatus]} variant="outlined" />,
  },
  { field: 'published', headerName: 'Published', width: 110, sortable: false, valueFormatter: (value: boolean) => (value ? 'Yes' : 'No') },
  { field: 'visibilityStatus', headerName: 'Marketplace', width: 120, sortable: false, valueFormatter: (value: AdminOfferItem['visibilityStatus']) => visibilityStatusLabels[value] },
  { field: 'createdAt', headerName: 'Created', width: 130, sortable: false, valueFormatter: (value: string) => formatDate(value) },
];

/** /admin/offer: every tenant's offers; a row opens the tenant it belongs to. */
export function AdminOffersPage() {
  const navigate = useNavigate();
  const [searchText, setSearchText] = useState('');
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_LIMIT_DEFAULT });
  const search = useListSearch(searchText);
  const { data, isFetching, error } = useAdminOffers({ page: paging.page + 1, limit: paging.pageSize, ...(search && { search }) });

  return (
    <>
      <title>Offers</title>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Offers
      </Typography>
      <TextField
        label="Search"
        placeholder="Offer or tenant"
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
          label="Offers"
          rows={data?.data}
          columns={columns}
          loading={isFetching}
          error={error ?? undefined}
          searchQuery={search}
          rowCount={data?.meta.total ?? 0}
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          onRowClick={(row) => void navigate(`/admin/tenant/${row.tenant}`)}
        />
      </Box>
    </>
  );
}
