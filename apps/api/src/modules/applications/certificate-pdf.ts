import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { printable } from '../../lib/pdf-text.ts';

/** What the approval letter says (001 §1 'Verified Accredited Investor'); plain data, so it can cross to the worker. */
export interface CertificateLetter {
  /** The investor, or for a business application the business. */
  name: string;
  /** For a business application: the person who applied for it. */
  applicantName: string | null;
  methodLabel: string;
  issuedAt: Date;
  expiresAt: Date;
  /** The tenant that issues it. */
  issuer: string;
  /** The tenant's primary colour (#RRGGBB). */
  primaryColor: string;
  logo: { data: Uint8Array; type: 'png' | 'jpeg' } | null;
  code: string;
  verifyUrl: string;
}

export const CERTIFICATE_TITLE = 'Verified Accredited Investor';

const PAGE = { width: 612, height: 792 }; // US Letter
const MARGIN = 56;
const INK = rgb(0.13, 0.15, 0.19);
const MUTED = rgb(0.38, 0.41, 0.47);

const hexToRgb = (hex: string) => {
  const n = Number.parseInt(/^#[0-9a-f]{6}$/i.test(hex) ? hex.slice(1) : '1A3A65', 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};

const formatDay = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);

/** Letters that NFKD does not take apart, by their nearest Latin letter. */
/** Lines of at most `width` points. */
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

/** The QR code's dark modules as filled squares (runs of a row merged into one rectangle). */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / (modules.size + 8);
  const origin = { x: x + 4 * cell, y: y + size - 4 * cell };
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; ) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      let end = col;
      while (end < modules.size && modules.get(row, end)) end++;
      page.drawRectangle({ x: origin.x + col * cell, y: origin.y - (row + 1) * cell, width: (end - col) * cell, height: cell, color: INK });
      col = end;
    }
  }
}

/**
 * The one-page approval letter: the tenant's band (logo or name) in its colour, the title, whom it certifies and how,
 * the issue and expiry dates, the verification code and a QR code to the public verification page. Runs in the
 * worker pool (about 20 ms of CPU).
 */
export async function renderCertificatePdf(letter: CertificateLetter): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Accreditation certificate – ${letter.name}`);
  doc.setSubject(`${CERTIFICATE_TITLE}. Verification code ${letter.code}`);
  doc.setKeywords([letter.code, 'accredited investor']);
  doc.setAuthor(letter.issuer);
  doc.setCreator('Tessera');
  doc.setProducer('Tessera');
  doc.setCreationDate(letter.issuedAt);
  doc.setModificationDate(letter.issuedAt);
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const brand = hexToRgb(letter.primaryColor);
  const width = PAGE.width - 2 * MARGIN;
  const text = (value: string, x: number, y: number, size: number, font = regular, color = INK) =>
    page.drawText(printable(font, value), { x, y, size, font, color });
  const centred = (value: string, y: number, size: number, font = regular, color = INK) => {
    const shown = printable(font, value);
    page.drawText(shown, { x: (PAGE.width - font.widthOfTextAtSize(shown, size)) / 2, y, size, font, color });
  };

  // The band: the logo on white above a thin rule in the brand colour, or the tenant's name on the colour.
  const bandTop = PAGE.height - 40;
  if (letter.logo) {
    const image = letter.logo.type === 'png' ? await doc.embedPng(letter.logo.data) : await doc.embedJpg(letter.logo.data);
    const scaled = image.scaleToFit(220, 56);
    page.drawImage(image, { x: MARGIN, y: bandTop - scaled.height, width: scaled.width, height: scaled.height });
    page.drawRectangle({ x: MARGIN, y: bandTop - 72, width, height: 4, color: brand });
  } else {
    page.drawRectangle({ x: 0, y: bandTop - 72, width: PAGE.width, height: 112, color: brand });
    text(letter.issuer, MARGIN, bandTop - 44, 22, bold, rgb(1, 1, 1));
  }

  let y = bandTop - 150;
  centred(CERTIFICATE_TITLE, y, 30, bold, brand);
  y -= 28;
  centred('Certificate of accredited investor verification', y, 13, regular, MUTED);
  y -= 56;
  centred('This certifies that', y, 12, regular, MUTED);
  y -= 34;
  for (const line of wrap(bold, printable(bold, letter.name), 24, width)) {
    centred(line, y, 24, bold);
    y -= 30;
  }
  if (letter.applicantName) {
    centred(`represented by ${letter.applicantName}`, y, 12, regular, MUTED);
    y -= 24;
  }
  y -= 6;
  const statement = `has been verified by ${letter.issuer} as an accredited investor as defined in Rule 501(a) of Regulation D, for offerings under Rule 506(c) of the Securities Act of 1933.`;
  for (const line of wrap(regular, printable(regular, statement), 12, width - 40)) {
    centred(line, y, 12);
    y -= 17;
  }

  // The facts, as label and value.
  y -= 24;
  const facts: [string, string][] = [
    ['Verification method', letter.methodLabel],
    ['Issued', formatDay(letter.issuedAt)],
    ['Valid until', formatDay(letter.expiresAt)],
    ['Verification code', letter.code],
  ];
  for (const [label, value] of facts) {
    text(label, MARGIN + 20, y, 11, regular, MUTED);
    const lines = wrap(bold, printable(bold, value), 11, width - 200);
    for (const line of lines) {
      text(line, MARGIN + 180, y, 11, bold);
      y -= 15;
    }
    y -= 7;
  }

  // The QR code and how to check the letter.
  const qrSize = 120;
  const qrY = 96;
  drawQr(page, letter.verifyUrl, MARGIN + 12, qrY, qrSize);
  const note = [
    'Check this certificate',
    `Scan the code or open ${letter.verifyUrl} to see whether it is still valid.`,
    `This letter is sealed electronically by ${letter.issuer}; a changed copy no longer shows a valid seal.`,
  ];
  let noteY = qrY + qrSize - 22;
  text(note[0]!, MARGIN + qrSize + 36, noteY, 12, bold);
  noteY -= 18;
  for (const line of note.slice(1).flatMap((n) => wrap(regular, printable(regular, n), 10, width - qrSize - 48))) {
    text(line, MARGIN + qrSize + 36, noteY, 10, regular, MUTED);
    noteY -= 14;
  }
  page.drawRectangle({ x: MARGIN, y: 56, width, height: 1, color: brand });
  text(`Issued by ${letter.issuer} on Tessera`, MARGIN, 40, 9, regular, MUTED);
  return doc.save({ useObjectStreams: false });
}
