import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { printable } from '../../lib/pdf-text.ts';

/**
 * The subscription agreement's PDFs, drawn in the worker pool (each is 20–60 ms of CPU): the filled agreement, the
 * signature stamped on it, and the certificate of completion. Plain data in and bytes out, so calls cross to the worker.
 */

/** What the agreement is filled with: the record of what was signed (esign_envelopes.fields). */
export interface AgreementFields {
  tenantName: string;
  offerName: string;
  institutionName: string;
  workflowName: string;
  investorNames: string[];
  investorType: string;
  ownershipType: string;
  unitClass: string;
  units: string;
  amount: string;
  distributionMethod: string;
  /** The day it was prepared, as printed ('November 27, 2026'). */
  date: string;
  /** When it was prepared (ISO), the PDF's creation date. */
  preparedAt: string;
}

/** What is stamped on the signature page. */
export interface SignatureStamp {
  kind: 'typed' | 'drawn';
  typedName: string | null;
  /** The saved signature (PNG) when drawn. */
  image: Uint8Array | null;
  signerName: string;
  signedAt: string;
  ip: string;
  unsignedSha256: string;
}

export interface CertificateEvent {
  label: string;
  at: string;
  ip: string | null;
  userAgent: string | null;
  actor: string | null;
}

export interface CompletionCertificate {
  envelopeId: string;
  workflowName: string;
  offerName: string;
  tenantName: string;
  signerName: string;
  unsignedSha256: string;
  signedSha256: string;
  events: CertificateEvent[];
}

export const AGREEMENT_TITLE = 'Subscription Agreement';
export const CERTIFICATE_TITLE = 'Certificate of completion';

const PAGE = { width: 612, height: 792 }; // US Letter
const MARGIN = 56;
const INK = rgb(0.13, 0.15, 0.19);
const MUTED = rgb(0.38, 0.41, 0.47);
/** Where the signature goes on the signature page (the last page): the stamp's box, from the bottom left. */
export const SIGNATURE_BOX = { x: MARGIN, y: 120, width: PAGE.width - 2 * MARGIN, height: 200 };

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Writes pages top to bottom, adding a page when one is full. */
class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }
  private room(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }
  text(text: string, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; gap?: number } = {}) {
    const size = options.size ?? 10.5;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    for (const line of wrap(font, printable(font, text), size, PAGE.width - 2 * MARGIN)) {
      this.room(size * 1.45);
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font, color: options.color ?? INK });
      this.y -= size * 1.45;
    }
    this.y -= options.gap ?? 4;
  }
  field(label: string, value: string) {
    this.room(18);
    const size = 10.5;
    this.page.drawText(printable(this.fonts.bold, label), { x: MARGIN, y: this.y - size, size, font: this.fonts.bold, color: MUTED });
    const lines = wrap(this.fonts.regular, printable(this.fonts.regular, value || '-'), size, PAGE.width - 2 * MARGIN - 170);
    for (const line of lines) {
      this.page.drawText(line, { x: MARGIN + 170, y: this.y - size, size, font: this.fonts.regular, color: INK });
      this.y -= size * 1.45;
    }
    this.y -= 4;
  }
}

async function newDocument(title: string, at: string, author: string) {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.setAuthor(author);
  doc.setProducer('Tessera');
  doc.setCreationDate(new Date(at));
  doc.setModificationDate(new Date(at));
  return doc;
}

const TERMS = [
  'The undersigned (the "Investor") subscribes for the interests of the offering named above, in the class and amount stated, on the terms of the offering documents, which the Investor has received and reviewed.',
  'The Investor understands that the interests are not registered under the Securities Act of 1933 or any state securities law, are offered in reliance on exemptions from registration, and cannot be resold unless registered or exempt.',
  'The Investor confirms the representations made in the investment workflow, including that the investment is speculative, may be illiquid for an indefinite period, and may lose all of its value.',
  'The sponsor may accept or reject this subscription in whole or in part. Once accepted, the Investor will fund the amount stated as the sponsor instructs, and distributions will be paid by the method stated.',
  'This agreement is signed electronically. Each party agrees that an electronic signature is as binding as a handwritten one.',
];

/** The filled terms and the signature page, appended to `doc`. */
function drawFilledPages(doc: PDFDocument, fonts: { regular: PDFFont; bold: PDFFont }, f: AgreementFields, intro: boolean) {
  const w = new Writer(doc, fonts);
  w.text(intro ? AGREEMENT_TITLE : `${AGREEMENT_TITLE}: subscription details`, { size: 20, bold: true, gap: 6 });
  w.text(`${f.offerName}, offered by ${f.institutionName}`, { size: 12, color: MUTED, gap: 18 });
  w.field('Offering', f.offerName);
  w.field('Sponsor', f.institutionName);
  w.field(f.investorNames.length > 1 ? 'Investors' : 'Investor', f.investorNames.join(', '));
  w.field('Investor type', f.investorType);
  w.field('Ownership', f.ownershipType);
  w.field('Class', f.unitClass);
  w.field('Units', f.units);
  w.field('Subscription amount', f.amount);
  w.field('Distributions', f.distributionMethod);
  w.field('Date', f.date);
  w.y -= 12;
  if (intro) for (const [i, term] of TERMS.entries()) w.text(`${i + 1}. ${term}`, { gap: 8 });
  // The signature page: always a page of its own, the last one, with the stamp's box kept clear.
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const { bold, regular } = fonts;
  page.drawText('Signature', { x: MARGIN, y: PAGE.height - MARGIN - 20, size: 18, font: bold, color: INK });
  const lines = wrap(
    regular,
    printable(
      regular,
      `By signing below, ${f.investorNames.join(' and ')} subscribe${f.investorNames.length > 1 ? '' : 's'} for ${f.amount} of ${f.unitClass} interests in ${f.offerName} on the terms of this agreement.`,
    ),
    10.5,
    PAGE.width - 2 * MARGIN,
  );
  lines.forEach((line, i) =>
    page.drawText(line, { x: MARGIN, y: PAGE.height - MARGIN - 50 - i * 15, size: 10.5, font: regular, color: INK }),
  );
  const box = SIGNATURE_BOX;
  page.drawRectangle({ x: box.x, y: box.y, width: box.width, height: box.height, borderColor: MUTED, borderWidth: 0.75 });
  page.drawText('Investor signature', { x: box.x + 8, y: box.y + box.height - 16, size: 9, font: bold, color: MUTED });
}

/**
 * The filled agreement: the offer's own subscription agreement (a PDF) with the filled details and a signature page
 * appended, or the built-in agreement when the offer has none.
 */
export async function renderAgreementPdf(fields: AgreementFields, template: Uint8Array | null): Promise<Uint8Array> {
  const doc = template
    ? await PDFDocument.load(template, { updateMetadata: false, ignoreEncryption: false })
    : await newDocument(`${AGREEMENT_TITLE} – ${fields.offerName}`, fields.preparedAt, fields.tenantName);
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  drawFilledPages(doc, fonts, fields, !template);
  return doc.save({ useObjectStreams: false });
}

/**
 * Stamps the signature into the signature page's box: the drawn image or the typed name (Helvetica-Oblique: the repo
 * ships no script font pdf-lib could embed), the signer, the time (UTC), the address and the agreement's hash.
 */
export async function stampSignaturePdf(unsigned: Uint8Array, stamp: SignatureStamp): Promise<Uint8Array> {
  const doc = await PDFDocument.load(unsigned, { updateMetadata: false });
  const page = doc.getPage(doc.getPageCount() - 1);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const box = SIGNATURE_BOX;
  const signatureArea = { x: box.x + 12, y: box.y + 86, width: 260, height: 84 };
  if (stamp.kind === 'drawn' && stamp.image) {
    const image = await doc.embedPng(stamp.image);
    const scale = Math.min(signatureArea.width / image.width, signatureArea.height / image.height, 1);
    page.drawImage(image, { x: signatureArea.x, y: signatureArea.y, width: image.width * scale, height: image.height * scale });
  } else {
    const script = await doc.embedFont(StandardFonts.HelveticaOblique);
    const name = printable(script, stamp.typedName ?? stamp.signerName);
    const size = Math.min(30, (signatureArea.width / Math.max(1, script.widthOfTextAtSize(name, 30))) * 30);
    page.drawText(name, { x: signatureArea.x, y: signatureArea.y + 24, size, font: script, color: rgb(0.05, 0.15, 0.45) });
  }
  page.drawLine({ start: { x: box.x + 12, y: box.y + 80 }, end: { x: box.x + 300, y: box.y + 80 }, thickness: 0.5, color: MUTED });
  const lines = [
    `Signed by ${stamp.signerName}`,
    `At ${stamp.signedAt} (UTC)`,
    `From address ${stamp.ip}`,
    `Agreement SHA-256 ${stamp.unsignedSha256}`,
  ];
  lines.forEach((line, i) =>
    page.drawText(printable(regular, line), { x: box.x + 12, y: box.y + 62 - i * 13, size: 8.5, font: regular, color: INK }),
  );
  return doc.save({ useObjectStreams: false });
}

/** The certificate of completion: every event of the signing with its time, address and browser. */
export async function renderCertificatePdf(c: CompletionCertificate): Promise<Uint8Array> {
  const at = c.events.at(-1)?.at ?? new Date(0).toISOString();
  const doc = await newDocument(`${CERTIFICATE_TITLE} – ${c.offerName}`, at, c.tenantName);
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const w = new Writer(doc, fonts);
  w.text(CERTIFICATE_TITLE, { size: 20, bold: true, gap: 6 });
  w.text(`${AGREEMENT_TITLE} for ${c.offerName}`, { size: 12, color: MUTED, gap: 16 });
  w.field('Workflow', c.workflowName);
  w.field('Signer', c.signerName);
  w.field('Envelope', c.envelopeId);
  w.field('Issued by', c.tenantName);
  w.field('Agreement SHA-256', c.unsignedSha256);
  w.field('Signed file SHA-256', c.signedSha256);
  w.y -= 10;
  w.text('Events', { size: 13, bold: true, gap: 6 });
  for (const e of c.events) {
    w.text(`${e.label}: ${e.at} (UTC)`, { bold: true, gap: 1 });
    w.text(`By ${e.actor ?? 'the system'}, from address ${e.ip ?? 'unknown'}`, { gap: 1 });
    if (e.userAgent) w.text(`Browser: ${e.userAgent}`, { size: 8.5, color: MUTED, gap: 8 });
    else w.y -= 6;
  }
  return doc.save({ useObjectStreams: false });
}
