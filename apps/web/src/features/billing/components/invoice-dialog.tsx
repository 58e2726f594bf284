import Download from '@mui/icons-material/Download';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { BILLING_TEXTS, cardBrandLabels, cardBrand, formatMoney, type Invoice } from '@tessera/domain';
import { useId, type ReactNode } from 'react';
import { DefinitionList } from '../../../components/definition-list.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useDownloadInvoicePdf } from '../api/download-invoice-pdf.ts';
import { useMarkInvoicePaid } from '../api/mark-invoice-paid.ts';
import { periodText } from './billing-format.ts';
import { InvoiceStatusChip } from './billing-chips.tsx';

function collectionText(invoice: Invoice): string {
  if (invoice.collection === 'bank-transfer') return 'Bank transfer';
  if (!invoice.paymentMethod) return 'Card';
  const brand = cardBrand.safeParse(invoice.paymentMethod.brand);
  return `${brand.success ? cardBrandLabels[brand.data] : invoice.paymentMethod.brand} •••• ${invoice.paymentMethod.last4}`;
}

interface InvoiceDialogProps {
  tenantId: string;
  institutionId: string;
  invoice: Invoice;
  /** Tenant owners record bank transfers on open invoices of the built-in provider. */
  canMarkPaid: boolean;
  onClose: () => void;
}

/** One invoice: its amounts, lines and how it is paid, with its PDF and, for a tenant owner, 'Mark as paid'. */
export function InvoiceDialog({ tenantId, institutionId, invoice, canMarkPaid, onClose }: InvoiceDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const download = useDownloadInvoicePdf(tenantId, institutionId);
  const markPaid = useMarkInvoicePaid(tenantId, institutionId);
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const showMarkPaid = canMarkPaid && invoice.status === 'open' && invoice.provider === 'builtin';

  const rows: [string, ReactNode][] = [
    ['Status', <InvoiceStatusChip key="status" status={invoice.status} />],
    ['Period', periodText(invoice.periodStart, invoice.periodEnd)],
    ['Issued', formatDate(invoice.issuedAt)],
    invoice.paidAt ? ['Paid', formatDate(invoice.paidAt)] : ['Due', formatDate(invoice.dueAt)],
    ['Payment', collectionText(invoice)],
  ];
  if (invoice.paymentReference) rows.push(['Payment reference', invoice.paymentReference]);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>Invoice {invoice.number}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DefinitionList rows={rows} />
          {invoice.collection === 'bank-transfer' && invoice.paymentReference && invoice.status === 'open' && (
            <Alert severity="info">
              Pay {money(invoice.amountDue)} by bank transfer, quoting the reference {invoice.paymentReference}.
            </Alert>
          )}
          <Table size="small" aria-label="Invoice lines">
            <TableHead>
              <TableRow>
                <TableCell>Description</TableCell>
                <TableCell align="right">Qty</TableCell>
                <TableCell align="right">Amount</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invoice.lines.map((line, index) => (
                // Lines carry no id; an invoice never reorders them.
                <TableRow key={index}>
                  <TableCell>
                    {line.description}
                    <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                      {periodText(line.periodStart, line.periodEnd)}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{line.quantity}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(line.amount)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <DefinitionList
            rows={[
              ['Subtotal', money(invoice.subtotal)],
              ['Total', money(invoice.total)],
              ['Amount paid', money(invoice.amountPaid)],
              ['Amount due', money(invoice.amountDue)],
            ]}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {showMarkPaid && (
          <Button
            color="success"
            variant="outlined"
            loading={markPaid.isPending}
            onClick={() =>
              markPaid.mutate(invoice._id, {
                onSuccess: () => {
                  enqueueSnackbar(BILLING_TEXTS.invoicePaid, { variant: 'success' });
                  onClose();
                },
                onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
              })
            }
          >
            Mark as paid
          </Button>
        )}
        <Button
          startIcon={<Download />}
          loading={download.isPending}
          onClick={() => download.mutate(invoice, { onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }) })}
        >
          Download PDF
        </Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
