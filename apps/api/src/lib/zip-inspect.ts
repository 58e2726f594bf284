import { createInflateRaw } from 'node:zlib';

/**
 * Limits for the zip-based uploads (.docx, .xlsx). We never unpack them to use them, but whoever opens them
 * does (Office, a virus scanner, a preview): a file that unpacks to gigabytes or to thousands of parts is
 * refused before it is stored. Real documents stay far below these.
 */
export const ZIP_LIMITS = {
  maxEntries: 2000,
  /** Unpacked size allowed whatever the ratio: a small document of repetitive XML packs very tightly. */
  freeBytes: 10 * 1024 * 1024,
  /** Beyond freeBytes, the unpacked size may be at most this many times the file's size. */
  maxRatio: 100,
  maxBytes: 256 * 1024 * 1024,
};

export interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  data: Buffer;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** What is wrong with an archive, worded for the person who sent it (the caller names the document kind). */
export class ZipProblem extends Error {}

/** The central directory's entries with their data, or a ZipProblem; no byte is unpacked here. */
function readZipEntries(zip: Buffer): ZipEntry[] {
  const damaged = new ZipProblem('is damaged (its table of contents cannot be read); save it again and upload the new copy');
  let eocd = -1;
  for (let p = zip.length - 22; p >= Math.max(0, zip.length - 22 - 0xffff); p--) {
    if (zip.readUInt32LE(p) === EOCD) {
      eocd = p;
      break;
    }
  }
  if (eocd < 0) throw damaged;
  const count = zip.readUInt16LE(eocd + 10);
  const directorySize = zip.readUInt32LE(eocd + 12);
  const directoryOffset = zip.readUInt32LE(eocd + 16);
  // ZIP64 markers: sizes or counts beyond what any document we accept needs.
  if (count === 0xffff || directoryOffset === 0xffffffff)
    throw new ZipProblem(`holds more than ${ZIP_LIMITS.maxEntries} parts, more than any document needs`);
  if (count > ZIP_LIMITS.maxEntries)
    throw new ZipProblem(`holds ${count} parts, more than the ${ZIP_LIMITS.maxEntries} a document may have`);
  if (directoryOffset + directorySize > eocd) throw damaged;

  const entries: ZipEntry[] = [];
  let p = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || zip.readUInt32LE(p) !== CENTRAL) throw damaged;
    const nameLength = zip.readUInt16LE(p + 28);
    const localOffset = zip.readUInt32LE(p + 42);
    const entry = {
      flags: zip.readUInt16LE(p + 8),
      method: zip.readUInt16LE(p + 10),
      compressedSize: zip.readUInt32LE(p + 20),
      size: zip.readUInt32LE(p + 24),
      name: zip.toString('utf8', p + 46, p + 46 + nameLength),
    };
    p += 46 + nameLength + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
    if (localOffset + 30 > zip.length || zip.readUInt32LE(localOffset) !== LOCAL) throw damaged;
    const start = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    if (start + entry.compressedSize > directoryOffset) throw damaged;
    entries.push({ ...entry, data: zip.subarray(start, start + entry.compressedSize) });
  }
  return entries;
}

/** Whether the deflated data unpacks to exactly `size` bytes; stops reading as soon as it goes past. */
async function inflatesTo(data: Buffer, size: number): Promise<boolean> {
  const inflate = createInflateRaw();
  let total = 0;
  const done = new Promise<boolean>((resolve) => {
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > size) {
        inflate.destroy();
        resolve(false);
      }
    });
    inflate.on('end', () => resolve(total === size));
    inflate.on('error', () => resolve(false));
    inflate.on('close', () => resolve(total === size));
  });
  inflate.end(data);
  return done;
}

/**
 * Checks an archive against ZIP_LIMITS and for what no document holds (encrypted parts, parts named outside
 * the archive, the same part twice), unpacking each part only as far as its declared size, so a part that
 * lies about its size is caught without unpacking a bomb. Returns the entry names.
 */
export async function inspectZip(zip: Buffer): Promise<string[]> {
  const entries = readZipEntries(zip);
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  if (total > ZIP_LIMITS.maxBytes || total > Math.max(ZIP_LIMITS.freeBytes, zip.length * ZIP_LIMITS.maxRatio)) {
    throw new ZipProblem(
      `unpacks to ${Math.round(total / 1024 / 1024)} MB from ${Math.max(1, Math.round(zip.length / 1024))} KB, which no real document does (a zip bomb); save it again or upload a PDF instead`,
    );
  }
  const names = new Set<string>();
  for (const entry of entries) {
    if (entry.flags & 1) throw new ZipProblem('is encrypted inside; remove its password and upload it again');
    if (/^([/\\]|[a-z]:)|(^|[/\\])\.\.([/\\]|$)|\\/i.test(entry.name))
      throw new ZipProblem(
        `holds a part named outside the document (${JSON.stringify(entry.name.slice(0, 80))}); save it again and upload the new copy`,
      );
    if (names.has(entry.name)) throw new ZipProblem('holds the same part twice; save it again and upload the new copy');
    names.add(entry.name);
    const intact =
      entry.method === 0 ? entry.compressedSize === entry.size : entry.method === 8 && (await inflatesTo(entry.data, entry.size));
    if (!intact)
      throw new ZipProblem(
        `is damaged or disguised (its part ${JSON.stringify(entry.name.slice(0, 80))} does not unpack to the size it declares); save it again and upload the new copy`,
      );
  }
  return [...names];
}
