import Download from '@mui/icons-material/Download';
import { Box, IconButton, Tooltip } from '@mui/material';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { formatMoney, type Invoice } from '@tessera/domain';
import { useMemo, useState } from 'react';
import { DataGrid } from '../../../components/data-grid.tsx';
import { GRID_DEFAULT_PAGINATION } from '../../../components/grid-defaults.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useIsTenantOwner } from '../../../lib/session/use-is-tenant-owner.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useDownloadInvoicePdf } from '../api/download-invoice-pdf.ts';
import { useInvoices } from '../api/list-invoices.ts';
import { periodText } from './billing-format.ts';
import { InvoiceStatusChip } from './billing-chips.tsx';
import { BillingLoadError } from './billing-section-state.tsx';
import { InvoiceDialog } from './invoice-dialog.tsx';

/** Header, rows (two at least, for the empty text; eight at most, then the grid scrolls) and the pager, in px. */
const gridHeight = (rows: number) => 56 + 52 * Math.min(Math.max(rows, 2), 8) + 56;

/** The institution's invoices, paged on the server; a row opens its details. */
export function InvoicesSection({ tenantId, institutionId }: { tenantId: string; institutionId: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const isTenantOwner = useIsTenantOwner();
  const [paging, setPaging] = useState<GridPaginationModel>(GRID_DEFAULT_PAGINATION);
  const [openId, setOpenId] = useState<string | null>(null);
  const invoices = useInvoices(tenantId, institutionId, { page: paging.page + 1, limit: paging.pageSize });
  const { mutate: downloadPdf } = useDownloadInvoicePdf(tenantId, institutionId);
  const open = invoices.data?.data.find((i) => i._id === openId) ?? null;

  const columns = useMemo<GridColDef<Invoice>[]>(
    () => [
      { field: 'number', headerName: 'Number', minWidth: 150, flex: 1, sortable: false },
      {
        field: 'period',
        headerName: 'Period',
        minWidth: 220,
        flex: 1.5,
        sortable: false,
        valueGetter: (_v, row) => periodText(row.periodStart, row.periodEnd),
      },
      {
        field: 'total',
        headerName: 'Total',
        minWidth: 110,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (_v, row) => formatMoney(row.total, row.currency),
      },
      {
        field: 'status',
        headerName: 'Status',
        minWidth: 120,
        sortable: false,
        renderCell: ({ row }) => <InvoiceStatusChip status={row.status} />,
      },
      { field: 'issuedAt', headerName: 'Issued', minWidth: 120, sortable: false, valueFormatter: (_v, row) => formatDate(row.issuedAt) },
      {
        field: 'due',
        headerName: 'Due / paid',
        minWidth: 150,
        sortable: false,
        valueGetter: (_v, row) => (row.paidAt ? `Paid ${formatDate(row.paidAt)}` : `Due ${formatDate(row.dueAt)}`),
      },
      {
        field: 'pdf',
        headerName: 'PDF',
        width: 70,
        sortable: false,
        renderCell: ({ row }) => (
          <Tooltip title="Download PDF">
            <IconButton
              size="small"
              aria-label={`Download PDF of ${row.number}`}
              onClick={(e) => {
                e.stopPropagation();
                downloadPdf(row, { onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }) });
              }}
            >
              <Download fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
      },
    ],
    [downloadPdf, enqueueSnackbar],
  );

  return (
    <SectionCard title="Invoices">
      {invoices.error && !invoices.data ? (
        <BillingLoadError error={invoices.error} onRetry={() => void invoices.refetch()} />
      ) : (
        <Box sx={{ height: gridHeight(invoices.data?.data.length ?? 0), width: '100%' }}>
          <DataGrid
            label="Invoices"
            rows={invoices.data?.data}
            columns={columns}
            loading={invoices.isFetching}
            rowCount={invoices.data?.meta.total ?? 0}
            paginationModel={paging}
            onPaginationModelChange={setPaging}
            emptyText="No invoices yet"
            onRowClick={(row) => setOpenId(row._id)}
          />
        </Box>
      )}
      {open && (
        <InvoiceDialog
          tenantId={tenantId}
          institutionId={institutionId}
          invoice={open}
          canMarkPaid={isTenantOwner}
          onClose={() => setOpenId(null)}
        />
      )}
    </SectionCard>
  );
}
