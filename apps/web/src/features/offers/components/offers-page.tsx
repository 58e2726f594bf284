import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Button, IconButton, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { listingStatus, listingStatusLabels, offerSort, offerType, offerTypeLabels, type OfferSummary } from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ListFilterSelect, ListPage, ListSearchField, ServerDataGrid } from '../../../components/list-page.tsx';
import { useListParams } from '../../../lib/list-params.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useRaiseArea } from '../../../lib/use-raise-area.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useDeleteOffer } from '../api/delete-offer.ts';
import { useOffers } from '../api/list-offers.ts';
import { OfferCreateDialog } from './offer-create-dialog.tsx';
import { ApprovalChip, ListingStatusBadge } from './offer-status-chips.tsx';
import { offerErrorText } from './offer-toast.ts';

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
  const list = useListParams({ sorts: offerSort.options, searchFrom: 'typed' });
  const type = list.filter('type', offerType.options);
  const status = list.filter('status', listingStatus.options);
  const result = useOffers(tenantId ?? '', {
    ...list.query,
    ...(type && { type }),
    ...(status && { status }),
    ...(institutionId && { institution: institutionId }),
  });
  const openModal = (open: boolean) => list.setParam('modal', open ? 'create' : '');

  const [toDelete, setToDelete] = useState<OfferSummary | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const columns = useMemo<GridColDef<OfferSummary>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 2, minWidth: 160 },
      ...(institutionId
        ? []
        : [
            {
              field: 'institution',
              headerName: 'Institution',
              flex: 1.5,
              minWidth: 140,
              sortable: false,
              valueGetter: (_v: unknown, row: OfferSummary) => row.institution.name,
            },
          ]),
      {
        field: 'type',
        headerName: 'Type',
        flex: 1,
        minWidth: 130,
        sortable: false,
        valueGetter: (_v, row) => (row.type ? offerTypeLabels[row.type] : '-'),
      },
      {
        field: 'listingStatus',
        headerName: 'Status',
        width: 120,
        sortable: false,
        renderCell: ({ row }) => <ListingStatusBadge status={row.listingStatus} />,
      },
      {
        field: 'approvalStatus',
        headerName: 'Approval',
        width: 120,
        sortable: false,
        renderCell: ({ row }) => <ApprovalChip status={row.approvalStatus} />,
      },
      {
        field: 'published',
        headerName: 'Published',
        width: 110,
        sortable: false,
        valueGetter: (_v, row) => (row.published ? 'Yes' : 'No'),
      },
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
    ],
    [institutionId, setToDelete, setDeleteOpen],
  );

  return (
    <ListPage
      title="Offers"
      headingLevel={headingLevel}
      action={
        <Button variant="contained" startIcon={<Add />} onClick={() => openModal(true)} disabled={!tenantId}>
          Add Offer
        </Button>
      }
      filters={
        <>
          <ListSearchField list={list} placeholder="Name or slug" />
          <ListFilterSelect
            list={list}
            param="type"
            label="Type"
            allLabel="All types"
            options={offerType.options}
            labels={offerTypeLabels}
            minWidth={160}
          />
          <ListFilterSelect
            list={list}
            param="status"
            label="Status"
            allLabel="All statuses"
            options={listingStatus.options}
            labels={listingStatusLabels}
            minWidth={150}
          />
        </>
      }
    >
      <ServerDataGrid
        label="Offers"
        columns={columns}
        list={list}
        result={result}
        onRowClick={(row) => void navigate(`${area.offerPath(row._id)}/details`)}
      />
      {tenantId && (
        <OfferCreateDialog
          tenantId={tenantId}
          open={list.params.get('modal') === 'create'}
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
    </ListPage>
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
