import { AppError } from './app-error.ts';

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

/** The last extension of a client file name, lowercased ('report.pdf.exe' gives 'exe'). */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** A display name safe to store and to send back: no path, no control characters, bounded length. */
export function safeFileName(fileName: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex -- strip control characters from client names
    .replace(/[\x00-\x1f\x7f"<>|:*?]/g, '')
    .trim();
  return (base || 'file').slice(0, 200);
}

export interface CheckedUpload {
  mimeType: AllowedMimeType;
  originalName: string;
  size: number;
}

/** Refuses what is not on the allow-list by content, and names whose extension disagrees with it. */
export function checkUpload(data: Buffer, fileName: string, options: { allowed?: readonly AllowedMimeType[] } = {}): CheckedUpload {
  if (data.length === 0) throw new AppError('bad-request', 'The file is empty');
  const extension = extensionOf(fileName);
  const mimeType = sniffMimeType(data, extension);
  const allowed = options.allowed ?? (Object.keys(ALLOWED_UPLOADS) as AllowedMimeType[]);
  if (!mimeType || !allowed.includes(mimeType)) {
    const kinds = [...new Set(allowed.flatMap((m) => ALLOWED_UPLOADS[m]))].join(', ');
    throw new AppError('bad-request', `This kind of file is not accepted. Upload one of: ${kinds}.`);
  }
  if (!(ALLOWED_UPLOADS[mimeType] as readonly string[]).includes(extension)) {
    throw new AppError('bad-request', `The file name's extension (.${extension || 'none'}) does not match its content (${ALLOWED_UPLOADS[mimeType][0]})`);
  }
  return { mimeType, originalName: safeFileName(fileName), size: data.length };
}

/** Content-Disposition for a download: attachment, with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(fileName: string, inline = false): string {
  const safe = safeFileName(fileName);
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}
