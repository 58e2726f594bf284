/**
 * Identity documents made by the tests themselves, for the built-in verifier (`src/lib/identity`): a passport data page
 * with a valid TD3 machine-readable zone, the back of a US driving licence with a PDF417 barcode of AAMVA data, a
 * selfie, and the variants a verifier must refuse or send to review (another name, expired, a wrong check digit,
 * blurred, blank). Rendered with @napi-rs/canvas and bwip-js in a font this repository installs (Roboto Mono, from
 * @fontsource), never a system font, so a CI machine with no fonts draws the same page. The API tests and the browser
 * journey (by relative path) use them.
 */
import { createRequire } from 'node:module';
import { type Canvas, createCanvas, GlobalFonts, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import bwipjs from 'bwip-js/node';

export type ImageFormat = 'png' | 'jpeg' | 'webp';

export interface PassportFields {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  birthDate: string;
  documentNumber: string;
  /** YYYY-MM-DD */
  expiryDate: string;
  /** ICAO alpha-3 (or `D` for Germany); USA unless given. */
  nationality?: string;
  issuingState?: string;
  sex?: 'M' | 'F' | 'X';
}

export interface LicenceFields {
  firstName: string;
  middleName?: string;
  lastName: string;
  birthDate: string;
  documentNumber: string;
  expiryDate: string;
  sex?: 'M' | 'F' | 'X';
  street?: string;
  city?: string;
  state?: string;
  zip?: string;
}

export interface RenderOptions {
  format?: ImageFormat;
  /** Changes the birth date's check digit, so the MRZ no longer verifies (the text stays readable). */
  corruptCheckDigit?: boolean;
  /** Blurs the page so nothing on it can be read. */
  blurred?: boolean;
}

/** The person every test starts from; spread and override for a variant. */
export const samplePerson = {
  firstName: 'Anna Maria',
  lastName: 'Eriksson',
  birthDate: '1984-08-12',
  passportNumber: 'L898902C3',
  licenceNumber: 'D1234567',
  expiryDate: '2034-04-15',
} as const;

export const samplePassport: PassportFields = {
  firstName: samplePerson.firstName,
  lastName: samplePerson.lastName,
  birthDate: samplePerson.birthDate,
  documentNumber: samplePerson.passportNumber,
  expiryDate: samplePerson.expiryDate,
  nationality: 'USA',
  issuingState: 'USA',
  sex: 'F',
};

export const sampleLicence: LicenceFields = {
  firstName: 'Anna',
  middleName: 'Maria',
  lastName: samplePerson.lastName,
  birthDate: samplePerson.birthDate,
  documentNumber: samplePerson.licenceNumber,
  expiryDate: samplePerson.expiryDate,
  sex: 'F',
  street: '123 Main St',
  city: 'Sacramento',
  state: 'CA',
  zip: '95814',
};

const FONT = 'Tessera MRZ Mono';
let fontRegistered = false;
function registerFont(): void {
  if (fontRegistered) return;
  const require = createRequire(import.meta.url);
  GlobalFonts.registerFromPath(require.resolve('@fontsource/roboto-mono/files/roboto-mono-latin-400-normal.woff2'), FONT);
  fontRegistered = true;
}

// ---- the machine-readable zone (ICAO 9303 part 4, TD3) ----

function charValue(c: string): number {
  if (c >= '0' && c <= '9') return c.charCodeAt(0) - 48;
  if (c >= 'A' && c <= 'Z') return c.charCodeAt(0) - 55;
  return 0;
}

/** ICAO 9303 check digit: weights 7, 3, 1 repeating, modulo 10. */
export function mrzCheckDigit(text: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum += charValue(text[i] ?? '<') * (weights[i % 3] ?? 1);
  return String(sum % 10);
}

/** Upper case, accents dropped, anything but A–Z turned into the filler. */
function mrzText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/'/g, '')
    .replace(/[^A-Z0-9]+/g, '<');
}

const pad = (value: string, length: number) => value.padEnd(length, '<').slice(0, length);
const yymmdd = (date: string) => date.slice(2, 4) + date.slice(5, 7) + date.slice(8, 10);

/** The two 44-character lines of a passport's machine-readable zone for these fields. */
export function passportMrz(fields: PassportFields, options: Pick<RenderOptions, 'corruptCheckDigit'> = {}): [string, string] {
  const issuing = pad(fields.issuingState ?? 'USA', 3);
  const line1 = pad(`P<${issuing}${mrzText(fields.lastName)}<<${mrzText(fields.firstName)}`, 44);
  const number = pad(mrzText(fields.documentNumber), 9);
  const birth = yymmdd(fields.birthDate);
  const expiry = yymmdd(fields.expiryDate);
  const personal = pad('', 14);
  let birthCheck = mrzCheckDigit(birth);
  if (options.corruptCheckDigit) birthCheck = String((Number(birthCheck) + 5) % 10);
  const numberPart = number + mrzCheckDigit(number);
  const birthPart = birth + birthCheck;
  const expiryPart = expiry + mrzCheckDigit(expiry);
  const personalPart = `${personal}<`;
  const composite = mrzCheckDigit(numberPart + birthPart + expiryPart + personalPart);
  const line2 = `${numberPart}${pad(fields.nationality ?? 'USA', 3)}${birthPart}${fields.sex ?? '<'}${expiryPart}${personalPart}${composite}`;
  return [line1, line2];
}

// ---- drawing ----

async function encode(canvas: Canvas, format: ImageFormat): Promise<Buffer> {
  if (format === 'jpeg') return canvas.encode('jpeg', 92);
  if (format === 'webp') return canvas.encode('webp', 92);
  return canvas.encode('png');
}

/** Draws `source` blurred beyond reading onto a canvas of the same size. */
async function blurredCopy(source: Canvas): Promise<Canvas> {
  // Shrinking to a few pixels and back loses every character whatever the canvas's filter support.
  const small = createCanvas(24, Math.max(1, Math.round((24 * source.height) / source.width)));
  small.getContext('2d').drawImage(source, 0, 0, small.width, small.height);
  const out = createCanvas(source.width, source.height);
  const ctx = out.getContext('2d');
  ctx.imageSmoothingEnabled = true;
  ctx.drawImage(small, 0, 0, out.width, out.height);
  return out;
}

function label(ctx: SKRSContext2D, caption: string, value: string, x: number, y: number): void {
  ctx.fillStyle = '#51606f';
  ctx.font = `18px "${FONT}"`;
  ctx.fillText(caption, x, y);
  ctx.fillStyle = '#101820';
  ctx.font = `28px "${FONT}"`;
  ctx.fillText(value, x, y + 32);
}

const displayDate = (date: string) => {
  const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
  return `${date.slice(8, 10)} ${months[Number(date.slice(5, 7)) - 1] ?? ''} ${date.slice(0, 4)}`;
};

/** A passport data page (125 × 88 mm at 10 px/mm) with its machine-readable zone in a monospace font at the ICAO pitch. */
export async function passportImage(fields: PassportFields = samplePassport, options: RenderOptions = {}): Promise<Buffer> {
  registerFont();
  const canvas = createCanvas(1250, 880);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#eef3f1';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#1d3557';
  ctx.font = `34px "${FONT}"`;
  ctx.fillText('PASSPORT  PASSEPORT', 60, 70);
  ctx.font = `22px "${FONT}"`;
  ctx.fillText(`TYPE P   CODE ${fields.issuingState ?? 'USA'}   No ${fields.documentNumber}`, 60, 110);
  // The holder's photograph: a grey frame with a head and shoulders.
  ctx.fillStyle = '#c9d1d9';
  ctx.fillRect(60, 150, 300, 390);
  ctx.fillStyle = '#8b98a5';
  ctx.beginPath();
  ctx.arc(210, 290, 80, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillRect(100, 400, 220, 140);
  label(ctx, 'Surname', fields.lastName.toUpperCase(), 420, 170);
  label(ctx, 'Given names', fields.firstName.toUpperCase(), 420, 250);
  label(ctx, 'Nationality', fields.nationality ?? 'USA', 420, 330);
  label(ctx, 'Date of birth', displayDate(fields.birthDate), 420, 410);
  label(ctx, 'Sex', fields.sex ?? '<', 900, 410);
  label(ctx, 'Date of expiry', displayDate(fields.expiryDate), 420, 490);
  // The machine-readable zone: white band, two lines of 44 characters, 2.54 mm pitch (Roboto Mono advances 0.6 em).
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 680, canvas.width, 200);
  ctx.fillStyle = '#000000';
  ctx.font = `42px "${FONT}"`;
  const [line1, line2] = passportMrz(fields, options);
  ctx.fillText(line1, 62, 760);
  ctx.fillText(line2, 62, 830);
  return encode(options.blurred ? await blurredCopy(canvas) : canvas, options.format ?? 'png');
}

// ---- the driving licence's barcode (AAMVA DL/ID card design standard, 2020) ----

const mmddccyy = (date: string) => date.slice(5, 7) + date.slice(8, 10) + date.slice(0, 4);

/** The barcode's text: the AAMVA header, one DL subfile, elements one a line. */
export function aamvaText(fields: LicenceFields, today = '2024-01-01'): string {
  const elements: [string, string][] = [
    ['DCA', 'C'],
    ['DCB', 'NONE'],
    ['DCD', 'NONE'],
    ['DBA', mmddccyy(fields.expiryDate)],
    ['DCS', fields.lastName.toUpperCase()],
    ['DAC', fields.firstName.toUpperCase()],
    ['DAD', (fields.middleName ?? '').toUpperCase() || 'NONE'],
    ['DBD', mmddccyy(today)],
    ['DBB', mmddccyy(fields.birthDate)],
    ['DBC', fields.sex === 'M' ? '1' : fields.sex === 'F' ? '2' : '9'],
    ['DAY', 'BRO'],
    ['DAU', '065 IN'],
    ['DAG', (fields.street ?? '1 Main St').toUpperCase()],
    ['DAI', (fields.city ?? 'Sacramento').toUpperCase()],
    ['DAJ', fields.state ?? 'CA'],
    ['DAK', `${(fields.zip ?? '95814').padEnd(9, '0')}  `],
    ['DAQ', fields.documentNumber],
    ['DCF', '83D9BN217QO983B1'],
    ['DCG', 'USA'],
    ['DDE', 'N'],
    ['DDF', 'N'],
    ['DDG', 'N'],
  ];
  const subfile = `DL${elements.map(([id, value]) => id + value).join('\n')}\r`;
  const header = '@\n\x1e\rANSI 636014' + '10' + '00' + '01';
  const offset = header.length + 10;
  return `${header}DL${String(offset).padStart(4, '0')}${String(subfile.length).padStart(4, '0')}${subfile}`;
}

/** The back of a US driving licence (85.6 × 54 mm at 12 px/mm) with its PDF417 barcode. */
export async function licenceBackImage(fields: LicenceFields = sampleLicence, options: RenderOptions = {}): Promise<Buffer> {
  registerFont();
  // `columns` and `eclevel` are BWIPP options the package's types do not list.
  const barcodeOptions = {
    bcid: 'pdf417',
    text: aamvaText(fields),
    columns: 13,
    eclevel: 5,
    scale: 3,
    paddingwidth: 6,
    paddingheight: 6,
    backgroundcolor: 'FFFFFF',
  };
  const barcode: Buffer = await bwipjs.toBuffer(barcodeOptions);
  const image = await loadImage(barcode);
  const canvas = createCanvas(1027, 648);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f4f1ea';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#3a3a3a';
  ctx.font = `22px "${FONT}"`;
  ctx.fillText('If found, return to any DMV office.', 40, 50);
  const width = Math.min(canvas.width - 80, image.width);
  const height = Math.round((image.height * width) / image.width);
  ctx.drawImage(image, 40, 90, width, height);
  return encode(options.blurred ? await blurredCopy(canvas) : canvas, options.format ?? 'png');
}

/** A selfie: a face-coloured oval on a plain background (the verifier only checks that one was taken). */
export async function selfieImage(format: ImageFormat = 'jpeg'): Promise<Buffer> {
  const canvas = createCanvas(480, 640);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#dfe7ef';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#e0ac69';
  ctx.beginPath();
  ctx.ellipse(240, 280, 130, 170, 0, 0, Math.PI * 2);
  ctx.fill();
  return encode(canvas, format);
}

/** A blank image of a page's size: nothing to read. */
export async function blankImage(format: ImageFormat = 'png'): Promise<Buffer> {
  const canvas = createCanvas(1250, 880);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f2f2f2';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  return encode(canvas, format);
}

/**
 * Every variant a verifier must tell apart, drawn on demand, for `samplePerson` typed as they are: approved (valid),
 * rejected (another name, expired, a check digit that does not verify, another birth date), manual review (blurred,
 * blank). The expired passport's date is one whose zone OCR reads reliably in this font (see the verifier's tests).
 */
export const identityDocuments = {
  passport: {
    valid: (format?: ImageFormat) => passportImage(samplePassport, { format }),
    otherName: (format?: ImageFormat) => passportImage({ ...samplePassport, firstName: 'Erik', lastName: 'Larsson' }, { format }),
    expired: (format?: ImageFormat) => passportImage({ ...samplePassport, expiryDate: '2023-05-20' }, { format }),
    badCheckDigit: (format?: ImageFormat) => passportImage(samplePassport, { format, corruptCheckDigit: true }),
    blurred: (format?: ImageFormat) => passportImage(samplePassport, { format, blurred: true }),
    blank: (format?: ImageFormat) => blankImage(format),
  },
  licenceBack: {
    valid: (format?: ImageFormat) => licenceBackImage(sampleLicence, { format }),
    otherBirthDate: (format?: ImageFormat) => licenceBackImage({ ...sampleLicence, birthDate: '1984-12-08' }, { format }),
    expired: (format?: ImageFormat) => licenceBackImage({ ...sampleLicence, expiryDate: '2023-05-20' }, { format }),
    blurred: (format?: ImageFormat) => licenceBackImage(sampleLicence, { format, blurred: true }),
  },
  selfie: (format?: ImageFormat) => selfieImage(format),
};
