import { invisibleCharacters } from '@tessera/domain';
import { AppError } from './app-error.ts';
import { inspectZip, ZipProblem } from './zip-inspect.ts';

/** What an upload may be: its content decides, never its name or its declared type. */
export const ALLOWED_UPLOADS = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'text/csv': ['csv'],
  'text/plain': ['txt'],
} as const satisfies Record<string, readonly string[]>;
export type AllowedMimeType = keyof typeof ALLOWED_UPLOADS;
export const IMAGE_MIME_TYPES: readonly AllowedMimeType[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

const startsWith = (data: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => data[offset + i] === b);

/** The type the bytes show, from their magic numbers; text only when it is valid UTF-8 without control bytes. */
export function sniffMimeType(data: Buffer, extension: string): AllowedMimeType | null {
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) {
    // Office files are zip archives; trust the extension only among the zip-based types we accept.
    if (extension === 'docx') return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    if (extension === 'xlsx') return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    return null;
  }
  if (extension === 'csv' || extension === 'txt') {
    const text = data.toString('utf8');
    // eslint-disable-next-line no-control-regex -- control bytes are what we are looking for
    if (!text.includes('\uFFFD') && !/[\x00-\x08\x0e-\x1f]/.test(text)) return extension === 'csv' ? 'text/csv' : 'text/plain';
  }
  return null;
}

/** How the messages name each kind of file. */
const KIND: Record<AllowedMimeType, string> = {
  'application/pdf': 'a PDF',
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'image/gif': 'a GIF image',
  'image/webp': 'a WebP image',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'a Word document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'an Excel workbook',
  'text/csv': 'a CSV file',
  'text/plain': 'a text file',
};
const mimeOfExtension = (extension: string) =>
  (Object.keys(ALLOWED_UPLOADS) as AllowedMimeType[]).find((m) => (ALLOWED_UPLOADS[m] as readonly string[]).includes(extension));

/** The last extension of a client file name, lowercased ('report.pdf.exe' gives 'exe'). */
export function extensionOf(fileName: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? '').trim();
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

// eslint-disable-next-line no-control-regex -- control characters are what we are looking for
const CONTROL_CHARACTERS = /[\x00-\x1f\x7f-\x9f]/;

/** Why a client file name is refused, or null: paths, control and text-direction characters, overlong names. */
export function fileNameProblem(fileName: string): string | null {
  const name = fileName.trim();
  if (!name) return 'The file has no name: give it one that ends in its type, like report.pdf';
  if (/[\\/]/.test(name) || name === '.' || name === '..')
    return "The file name must be the file's own name, not a path: remove the folders and the / or \\ characters from it";
  if (CONTROL_CHARACTERS.test(name)) return 'The file name contains control characters: rename the file and upload it again';
  // The domain's rule for names of people and files: 'photo\u202Egnp.exe' reads as 'photoexe.png'.
  const invisible = invisibleCharacters(name);
  if (invisible === 'text-direction')
    return 'The file name contains invisible text-direction characters, which can disguise its real type: rename the file and upload it again';
  if (invisible === 'zero-width')
    return 'The file name contains invisible zero-width characters, which can disguise it: rename the file and upload it again';
  if (Buffer.byteLength(name, 'utf8') > 255) return 'The file name is too long (more than 255 bytes): shorten it and upload the file again';
  return null;
}

/** A display name safe to store and to send back: no path, no control, text-direction or zero-width characters, at most 200 characters with the extension kept. */
export function safeFileName(fileName: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- strip control characters from client names
    .replace(/[\x00-\x1f\x7f-\x9f"<>|:*?\u202a-\u202e\u2066-\u2069\u200b\u200e\u200f\u061c\u2060\ufeff\u180e]/g, '')
    .trim();
  const chars = [...base];
  if (chars.length === 0 || base === '.' || base === '..') return 'file';
  if (chars.length <= 200) return base;
  const extension = extensionOf(base);
  const tail = extension && extension.length < 20 ? `.${extension}` : '';
  return chars.slice(0, 200 - tail.length).join('') + tail;
}

// Markup that makes a file a second, active format when a browser or a careless viewer reads it as HTML or SVG.
const ACTIVE_MARKUP = /<(script|html|body|svg|iframe|object|embed|!doctype|\?php)\b|javascript:/i;

/** Why an image's structure is refused, or null: a PNG ends at its IEND chunk, and no image holds HTML or script. */
function imageProblem(data: Buffer, mimeType: AllowedMimeType): string | null {
  const kind = KIND[mimeType];
  if (mimeType === 'image/png') {
    let p = 8;
    let end = -1;
    while (p + 12 <= data.length) {
      const length = data.readUInt32BE(p);
      const next = p + 12 + length;
      if (next > data.length) break;
      if (data.toString('latin1', p + 4, p + 8) === 'IEND') {
        end = next;
        break;
      }
      p = next;
    }
    if (end < 0) return `The file is not a complete PNG image (it is cut short or damaged): export it again and upload the new copy`;
    if (end < data.length)
      return `The PNG image has ${data.length - end} bytes of other data after its end, which is how a file disguises a second format: export it again from an image editor`;
  }
  if (ACTIVE_MARKUP.test(data.toString('latin1')))
    return `The file is ${kind} with HTML or script inside it, which an image never needs: export it again from an image editor`;
  return null;
}

const ZIP_KINDS: Partial<Record<AllowedMimeType, { folder: string; program: string }>> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { folder: 'word/', program: 'Word' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { folder: 'xl/', program: 'Excel' },
};

/** Why an Office file is refused, or null: it must be an Office package within ZIP_LIMITS, without macros. */
async function officeProblem(data: Buffer, mimeType: AllowedMimeType, extension: string): Promise<string | null> {
  const office = ZIP_KINDS[mimeType];
  if (!office) return null;
  const kind = KIND[mimeType];
  const The = kind.replace(/^an? /, 'The ');
  let names: string[];
  try {
    names = await inspectZip(data);
  } catch (error) {
    if (error instanceof ZipProblem) return `${The} ${error.message}`;
    throw error;
  }
  if (!names.includes('[Content_Types].xml') || !names.some((n) => n.startsWith(office.folder))) {
    return `The file is not ${kind}: its contents do not match its .${extension} extension (it is some other zip archive)`;
  }
  if (names.some((n) => /vbaProject\.bin$/i.test(n)))
    return `${The} contains macros, which are not accepted: save it from ${office.program} as a .${extension} without macros`;
  return null;
}

export interface CheckedUpload {
  mimeType: AllowedMimeType;
  originalName: string;
  size: number;
}

/**
 * Refuses, with a message the sender can act on: unsafe names, extensions this route does not take (the last
 * one counts, so 'invoice.pdf.exe' is an .exe), content that is not what the extension says (magic bytes), and
 * files that are that type but carry a second one (a PNG with HTML after its end, an Office file that is a zip
 * bomb or holds macros). SVG is never accepted: it is a document that can run script.
 */
export async function checkUpload(
  data: Buffer,
  fileName: string,
  options: { allowed?: readonly AllowedMimeType[] } = {},
): Promise<CheckedUpload> {
  const nameProblem = fileNameProblem(fileName);
  if (nameProblem) throw new AppError('bad-request', nameProblem);
  if (data.length === 0) throw new AppError('bad-request', 'The file is empty');
  const allowed = options.allowed ?? (Object.keys(ALLOWED_UPLOADS) as AllowedMimeType[]);
  const kinds = [...new Set(allowed.flatMap((m) => ALLOWED_UPLOADS[m]))].join(', ');
  const extension = extensionOf(fileName);
  const declared = mimeOfExtension(extension);
  if (!declared || !allowed.includes(declared)) {
    if (extension === 'svg')
      throw new AppError('bad-request', `SVG images are not accepted: they can carry scripts. Upload one of: ${kinds}.`);
    const named = extension
      ? `Files ending in .${extension} are not accepted here`
      : 'The file name has no extension, so its type is unknown';
    throw new AppError('bad-request', `${named}. Upload one of: ${kinds}.`);
  }
  const mimeType = sniffMimeType(data, extension);
  if (mimeType !== declared) {
    const actually =
      mimeType && allowed.includes(mimeType)
        ? `its contents are ${KIND[mimeType]}: rename it to .${ALLOWED_UPLOADS[mimeType][0]} or upload the right file`
        : `its contents do not match its .${extension} extension`;
    throw new AppError('bad-request', `The file is not ${KIND[declared]}: ${actually}`);
  }
  const problem =
    (IMAGE_MIME_TYPES.includes(mimeType) ? imageProblem(data, mimeType) : null) ?? (await officeProblem(data, mimeType, extension));
  if (problem) throw new AppError('bad-request', problem);
  return { mimeType, originalName: safeFileName(fileName), size: data.length };
}

/** Content-Disposition for a download: attachment, with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(fileName: string, inline = false): string {
  const safe = safeFileName(fileName);
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}
