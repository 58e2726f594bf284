import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Search from '@mui/icons-material/Search';
import { Box, Button, IconButton, InputAdornment, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import type { GridColDef, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import {
  formatDate, listingStatus, listingStatusLabels, offerSort, offerType, offerTypeLabels, PAGE_LIMIT_DEFAULT,
  type ListingStatus, type OfferSummary, type OfferType,
} from '@tessera/domain';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DataGrid, GRID_DEFAULT_SORT } from '../../../components/data-grid.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useDebouncedValue } from '../../../components/use-debounced-value.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useRaiseArea } from '../../../lib/use-raise-area.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useDeleteOffer } from '../api/delete-offer.ts';
import { useOffers } from '../api/list-offers.ts';
import { OfferCreateDialog } from './offer-create-dialog.tsx';
import { ApprovalChip, ListingStatusBadge } from './offer-status-chips.tsx';
import { offerErrorText } from './offer-toast.ts';

type OfferSort = (typeof offerSort.options)[number];
const isOneOf = <T extends string>(values: readonly T[], v: string | null): v is T => v !== null && (values as readonly string[]).includes(v);

/** The §2 delete confirmation: names the offer and says it cannot be undone. */
export function deleteOfferConfirmText(name: string) {
  return {
    title: 'Delete Offer',
    message: `Are you sure you want to delete the offer \u201c${name}\u201d? This action is irreversible.`,
    confirmLabel: 'Delete Offer',
    cancelLabel: 'Cancel',
  };
}

interface OffersListProps {
  /** Only this institution's offers (and new offers are created for it). */
  institutionId: string | null;
  /** The page heading level: a page of its own (h1) or a tab of the institution page (h2). */
  headingLevel: 'h1' | 'h2';
}

/** The offers table of 002 §2: search, type and status filters in the address, server paging from page 1, delete per row, 'Add Offer'. */
function OffersList({ institutionId, headingLevel }: OffersListProps) {
  const navigate = useNavigate();
  const area = useRaiseArea();
  const { tenantId } = useTenant();
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeleteOffer(tenantId ?? '');
  const [params, setParams] = useSearchParams();
  const type = params.get('type');
  const status = params.get('status');
  const [searchText, setSearchText] = useState(params.get('search') ?? '');
  const search = useDebouncedValue(searchText.trim(), 300);
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_LIMIT_DEFAULT });
  const [sortModel, setSortModel] = useState<GridSortModel>(GRID_DEFAULT_SORT);
  const sortItem = sortModel[0];
  const sort: OfferSort = sortItem && isOneOf(offerSort.options, sortItem.field) ? sortItem.field : 'createdAt';

  const query = {
    page: paging.page + 1,
    limit: paging.pageSize,
    sort,
    direction: sortItem?.sort ?? 'desc',
    ...(search && { search }),
    ...(isOneOf(offerType.options, type) && { type }),
    ...(isOneOf(listingStatus.options, status) && { status }),
    ...(institutionId && { institution: institutionId }),
  };
  const { data, isFetching, error } = useOffers(tenantId ?? '', query);

  const setParam = (key: string, value: string) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    }, { replace: true });
    if (key !== 'modal') setPaging((p) => ({ ...p, page: 0 }));
  };
  const openModal = (open: boolean) => setParam('modal', open ? 'create' : '');

  const [toDelete, setToDelete] = useState<OfferSummary | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const columns = useMemo<GridColDef<OfferSummary>[]>(() => [
    { field: 'name', headerName: 'Name', flex: 2, minWidth: 160 },
    ...(institutionId ? [] : [{ field: 'institution', headerName: 'Institution', flex: 1.5, minWidth: 140, sortable: false, valueGetter: (_v: unknown, row: OfferSummary) => row.institution.name }]),
    { field: 'type', headerName: 'Type', flex: 1, minWidth: 130, sortable: false, valueGetter: (_v, row) => (row.type ? offerTypeLabels[row.type] : '-') },
    { field: 'listingStatus', headerName: 'Status', width: 120, sortable: false, renderCell: ({ row }) => <ListingStatusBadge status={row.listingStatus} /> },
    { field: 'approvalStatus', headerName: 'Approval', width: 120, sortable: false, renderCell: ({ row }) => <ApprovalChip status={row.approvalStatus} /> },
    { field: 'published', headerName: 'Published', width: 110, sortable: false, valueGetter: (_v, row) => (row.published ? 'Yes' : 'No') },
    { field: 'createdAt', headerName: 'Created', width: 120, valueFormatter: (value: string) => formatDate(value) },
    {
      field: 'actions',
      headerName: '',
      width: 64,
      sortable: false,
      disableColumnMenu: true,
      renderCell: ({ row }) => (
        <Tooltip title="Delete">
          <IconButton
            aria-label={`Delete ${row.name}`}
            size="small"
            onClick={(e) => {
              e.stopPropagation();
              setToDelete(row);
              setDeleteOpen(true);
            }}
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ], [institutionId, setToDelete, setDeleteOpen]);

  return (
    <Stack spacing={2}>
      {headingLevel === 'h1' && <title>Offers</title>}
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant={headingLevel === 'h1' ? 'h4' : 'h5'} component={headingLevel}>
          Offers
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => openModal(true)} disabled={!tenantId}>
          Add Offer
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
        <TextField select label="Type" size="small" value={isOneOf(offerType.options, type) ? type : ''} onChange={(e) => setParam('type', e.target.value)} sx={{ flex: 1, minWidth: 160 }}>
          <MenuItem value="">All types</MenuItem>
          {offerType.options.map((t: OfferType) => <MenuItem key={t} value={t}>{offerTypeLabels[t]}</MenuItem>)}
        </TextField>
        <TextField select label="Status" size="small" value={isOneOf(listingStatus.options, status) ? status : ''} onChange={(e) => setParam('status', e.target.value)} sx={{ flex: 1, minWidth: 150 }}>
          <MenuItem value="">All statuses</MenuItem>
          {listingStatus.options.map((s: ListingStatus) => <MenuItem key={s} value={s}>{listingStatusLabels[s]}</MenuItem>)}
        </TextField>
      </Stack>
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
          sortModel={sortModel}
          onSortModelChange={(model) => {
            setSortModel(model);
            setPaging((p) => ({ ...p, page: 0 }));
          }}
          onRowClick={(row) => void navigate(`${area.offerPath(row._id)}/details`)}
        />
      </Box>
      {tenantId && (
        <OfferCreateDialog
          tenantId={tenantId}
          open={params.get('modal') === 'create'}
          onClose={() => openModal(false)}
          onCreated={(id) => void navigate(`${area.offerPath(id)}/details`)}
          institutionId={institutionId}
          teamOnly={area.area === 'institution'}
        />
      )}
      {toDelete && (
        <ConfirmDialog
          {...deleteOfferConfirmText(toDelete.name)}
          open={deleteOpen}
          destructive
          onClose={() => setDeleteOpen(false)}
          onConfirm={() =>
            remove.mutateAsync(toDelete._id).then(
              () => enqueueSnackbar('Offer - Successfully deleted', { variant: 'success' }),
              (err: unknown) => enqueueSnackbar(offerErrorText(err, 'Error deleting offer'), { variant: 'error' }),
            )
          }
        />
      )}
    </Stack>
  );
}

/** /institution/offers (the picked institution's offers) and /tenant/marketplace/offers (all of the tenant's). */
export function OffersPage() {
  const area = useRaiseArea();
  return <OffersList institutionId={area.area === 'institution' ? area.institutionId : null} headingLevel="h1" />;
}

/** /tenant/marketplace/institutions/:tenantInstitutionId/offers: the same list scoped to that institution. */
export function InstitutionOffersTab() {
  const { institutionId } = useRaiseArea();
  return <OffersList institutionId={institutionId} headingLevel="h2" />;
}
