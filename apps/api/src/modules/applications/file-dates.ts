import exifr from 'exifr';

/**
 * The date a file itself says it was made (001 §5 freshness: "the date the user states and the file's own metadata
 * where available"): a PDF's creation date from its Info dictionary or XMP packet, an image's EXIF DateTimeOriginal.
 * Null when the file carries none or it cannot be read: the stated date then decides alone.
 */
export async function fileOwnDate(data: Buffer): Promise<Date | null> {
  if (isPdf(data)) return pdfCreationDate(data);
  if (isExifImage(data)) return imageTakenDate(data);
  return null;
}

const isPdf = (data: Buffer) => data.subarray(0, 1024).includes('%PDF-');
const isExifImage = (data: Buffer) =>
  (data[0] === 0xff && data[1] === 0xd8) || // JPEG
  data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) || // PNG (eXIf chunk)
  (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP');

/**
 * D:YYYYMMDDHHmmSS followed by Z, or +HH'mm' / -HH'mm' (PDF 32000-1 §7.9.4); every part after the year may be left out.
 * Bounded quantifiers only, so a scan of a large file stays linear.
 */
const PDF_DATE =
  /\/(CreationDate|ModDate)\s*\(\s*D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*(?:([Zz+-])(\d{2})?'?(\d{2})?'?)?\s*\)/g;
const XMP_DATE = /<xmp:(CreateDate|ModifyDate)>\s*(\d{4}-\d{2}-\d{2}(?:T[0-9:.]{5,12}(?:Z|[+-]\d{2}:\d{2})?)?)\s*<\/xmp:\1>/g;

const PDF_SCAN_BYTES = 2 * 1024 * 1024;

/** A PDF date string's parts as a Date, or null when a part is out of range. */
function pdfDate(match: RegExpExecArray): Date | null {
  const [, , year, month = '01', day = '01', hour = '00', minute = '00', second = '00', sign, offH = '00', offM = '00'] = match;
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const offset = sign === '+' || sign === '-' ? (sign === '+' ? 1 : -1) * (Number(offH) * 60 + Number(offM)) * 60_000 : 0;
  const date = new Date(utc - offset);
  return Number(month) >= 1 && Number(month) <= 12 && Number(day) >= 1 && Number(day) <= 31 && !Number.isNaN(date.getTime()) ? date : null;
}

/**
 * The creation date of a PDF (else its modification date), read from the Info dictionary or the XMP packet in the
 * file's text. The last occurrence wins: an incremental update appends a newer Info dictionary. A date kept only
 * inside a compressed object stream is not found (null), which leaves the stated date to decide.
 */
export function pdfCreationDate(data: Buffer): Date | null {
  // Writers put the Info dictionary and the XMP packet near the start (linearized files) or the end (the trailer's
  // revision); reading only those parts of a large file keeps the scan to a few milliseconds.
  const text =
    data.length <= 2 * PDF_SCAN_BYTES
      ? data.toString('latin1')
      : `${data.subarray(0, PDF_SCAN_BYTES).toString('latin1')}\n${data.subarray(data.length - PDF_SCAN_BYTES).toString('latin1')}`;
  const found: Record<'created' | 'modified', Date | null> = { created: null, modified: null };
  for (const match of text.matchAll(PDF_DATE)) {
    const date = pdfDate(match);
    if (date) found[match[1] === 'CreationDate' ? 'created' : 'modified'] = date;
  }
  if (!found.created) {
    for (const match of text.matchAll(XMP_DATE)) {
      const date = new Date(match[2]!.length === 10 ? `${match[2]}T00:00:00Z` : match[2]!);
      if (!Number.isNaN(date.getTime())) found[match[1] === 'CreateDate' ? 'created' : 'modified'] = date;
    }
  }
  return found.created ?? found.modified;
}

/** When the photo was taken (EXIF DateTimeOriginal, else CreateDate), or null. */
async function imageTakenDate(data: Buffer): Promise<Date | null> {
  try {
    const tags = (await exifr.parse(data, { pick: ['DateTimeOriginal', 'CreateDate'] })) as
      | { DateTimeOriginal?: unknown; CreateDate?: unknown }
      | undefined;
    const date = tags?.DateTimeOriginal ?? tags?.CreateDate;
    return date instanceof Date && !Number.isNaN(date.getTime()) ? date : null;
  } catch {
    // A damaged or unusual EXIF block: the upload check decides whether the image is acceptable at all.
    return null;
  }
}
