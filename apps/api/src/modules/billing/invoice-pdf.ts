import { formatMoney, invoiceStatusLabels, type Invoice } from '@tessera/domain';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { printable } from '../../lib/pdf-text.ts';

/** What an invoice PDF shows: plain data, so it crosses to the worker thread (runInWorker) as it is. */
export interface InvoicePdfData {
  invoice: Invoice;
  billTo: Record<string, unknown>;
  /** The institution billed, and the platform (tenant) that bills it. */
  institutionName: string;
  sellerName: string;
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/**
 * The invoice as a one-page PDF (more pages when the lines run over): number, dates, bill-to, lines, totals, status and
 * how to pay. Drawn in the worker pool (billing.routes.ts), as the platform's other PDFs are.
 */
export async function renderInvoicePdf(data: InvoicePdfData): Promise<Uint8Array> {
  const { invoice } = data;
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${invoice.number}`);
  doc.setCreator('Tessera');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([612, 792]);
  let y = 740;
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const text = (value: string, x: number, size = 10, f = font) => {
    page.drawText(printable(f, value), { x, y, size, font: f, color: rgb(0.1, 0.1, 0.12) });
  };
  const right = (value: string, xRight: number, size = 10, f = font) => {
    const s = printable(f, value);
    page.drawText(s, { x: xRight - f.widthOfTextAtSize(s, size), y, size, font: f });
  };
  const next = (gap = 14) => {
    y -= gap;
    if (y < 60) {
      page = doc.addPage([612, 792]);
      y = 740;
    }
  };

  text('INVOICE', 50, 22, bold);
  right(invoice.number, 562, 14, bold);
  next(22);
  text(data.sellerName, 50, 11, bold);
  right(`Status: ${invoiceStatusLabels[invoice.status]}`, 562, 11, bold);
  next(26);
  for (const [label, value] of [
    ['Issued', day(invoice.issuedAt)],
    ['Due', day(invoice.dueAt)],
    ['Period', `${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`],
    ...(invoice.paidAt ? [['Paid', day(invoice.paidAt)]] : []),
  ] as [string, string][]) {
    text(`${label}:`, 50, 10, bold);
    text(value, 120, 10);
    next();
  }
  next(10);
  text('Bill to', 50, 11, bold);
  next();
  const address = (data.billTo.address ?? {}) as Record<string, string>;
  const billLines = [
    String(data.billTo.company || data.institutionName),
    address.line1,
    address.line2,
    [address.city, address.state, address.postalCode].filter(Boolean).join(' '),
    address.country,
    data.billTo.taxId ? `Tax id: ${String(data.billTo.taxId)}` : '',
    data.billTo.email ? String(data.billTo.email) : '',
  ].filter((l): l is string => Boolean(l));
  for (const l of billLines) {
    text(l, 50);
    next();
  }
  next(14);
  text('Description', 50, 10, bold);
  right('Qty', 400, 10, bold);
  right('Amount', 562, 10, bold);
  next(6);
  page.drawLine({ start: { x: 50, y }, end: { x: 562, y }, thickness: 0.5 });
  next(14);
  for (const line of invoice.lines) {
    text(line.description.slice(0, 70), 50);
    right(String(line.quantity), 400);
    right(money(line.amount), 562);
    if (line.periodStart && line.periodEnd) {
      next(12);
      text(`${day(line.periodStart)} to ${day(line.periodEnd)}`, 60, 8);
    }
    next(16);
  }
  page.drawLine({ start: { x: 330, y: y + 6 }, end: { x: 562, y: y + 6 }, thickness: 0.5 });
  next(6);
  for (const [label, value, f] of [
    ['Subtotal', invoice.subtotal, font],
    ['Total', invoice.total, bold],
    ['Amount paid', invoice.amountPaid, font],
    ['Amount due', invoice.amountDue, bold],
  ] as const) {
    right(label, 460, 10, f);
    right(money(value), 562, 10, f);
    next();
  }
  next(16);
  text('Payment', 50, 11, bold);
  next();
  if (invoice.status === 'paid') {
    text(
      invoice.paymentMethod
        ? `Paid by card (${invoice.paymentMethod.brand} ending ${invoice.paymentMethod.last4}) on ${day(invoice.paidAt)}.`
        : `Paid on ${day(invoice.paidAt)}. Thank you.`,
      50,
    );
  } else if (invoice.status === 'open') {
    text(`Please pay ${money(invoice.amountDue)} by bank transfer by ${day(invoice.dueAt)}.`, 50);
    next();
    text(`Quote the payment reference ${invoice.paymentReference ?? invoice.number} with the transfer.`, 50);
  } else {
    text(`This invoice is ${invoiceStatusLabels[invoice.status].toLowerCase()}: nothing is due.`, 50);
  }
  return doc.save();
}
