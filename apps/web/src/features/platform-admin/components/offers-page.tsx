import { Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { approvalStatusLabels, visibilityStatusLabels, type AdminOfferItem } from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { useNavigate } from 'react-router';
import { ListPage, ListSearchField, ServerDataGrid } from '../../../components/list-page.tsx';
import { useListParams } from '../../../lib/list-params.ts';
import { useAdminOffers } from '../api/list-offers.ts';

const approvalColor = { pending: 'default', approved: 'success', rejected: 'error' } as const;

const columns: GridColDef<AdminOfferItem>[] = [
  { field: 'name', headerName: 'Offer', flex: 2, minWidth: 160, sortable: false },
  { field: 'tenantName', headerName: 'Tenant', flex: 1, minWidth: 120, sortable: false },
  {
    field: 'institution',
    headerName: 'Institution',
    flex: 1,
    minWidth: 140,
    sortable: false,
    valueGetter: (_v, row) => row.institution.name,
  },
  {
    field: 'approvalStatus',
    headerName: 'Approval',
    width: 120,
    sortable: false,
    renderCell: ({ row }) => (
      <Chip size="small" label={approvalStatusLabels[row.approvalStatus]} color={approvalColor[row.approvalStatus]} variant="outlined" />
    ),
  },
  { field: 'published', headerName: 'Published', width: 110, sortable: false, valueFormatter: (value: boolean) => (value ? 'Yes' : 'No') },
  {
    field: 'visibilityStatus',
    headerName: 'Marketplace',
    width: 120,
    sortable: false,
    valueFormatter: (value: AdminOfferItem['visibilityStatus']) => visibilityStatusLabels[value],
  },
  { field: 'createdAt', headerName: 'Created', width: 130, sortable: false, valueFormatter: (value: string) => formatDate(value) },
];

/** /admin/offer: every tenant's offers; a row opens the tenant it belongs to. */
export function AdminOffersPage() {
  const navigate = useNavigate();
  const list = useListParams({ inAddress: false });
  const result = useAdminOffers(list.query);

  return (
    <ListPage title="Offers" filters={<ListSearchField list={list} placeholder="Offer or tenant" fullWidth sx={{ maxWidth: 480 }} />}>
      <ServerDataGrid
        label="Offers"
        columns={columns}
        list={list}
        result={result}
        onRowClick={(row) => void navigate(`/admin/tenant/${row.tenant}`)}
      />
    </ListPage>
  );
}
