import { deflateRawSync } from 'node:zlib';
import { makePdf, PNG } from '../modules/documents/documents.test-helpers.ts';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer) => {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

export interface ZipInput {
  name: string;
  data: Buffer;
  /** Stored (0) or deflated (8, the default). */
  method?: 0 | 8;
  /** The uncompressed size written into the headers, when it should lie. */
  declaredSize?: number;
  flags?: number;
}

/** A zip archive written by hand, so that a test can make it as wrong as it likes. */
export function makeZip(entries: ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const method = entry.method ?? 8;
    const body = method === 8 ? deflateRawSync(entry.data) : entry.data;
    const name = Buffer.from(entry.name, 'utf8');
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.flags ?? 0, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc32(entry.data), 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.flags ?? 0, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc32(entry.data), 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/></Types>',
);
const RELS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
);
const DOCUMENT = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p/></w:body></w:document>',
);

/** The smallest Word package: content types, relationships and the main part, plus any extra parts. */
export const docx = (extra: ZipInput[] = [], main: Partial<ZipInput> = {}) =>
  makeZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: RELS },
    { name: 'word/document.xml', data: DOCUMENT, ...main },
    ...extra,
  ]);

const SCRIPT_SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)"><text y="20">hi</text></a></svg>',
);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0, 3, 0, 0, 0, 4, 0]), Buffer.alloc(120)]);
const PDF = makePdf('Adjusted gross income');
const ZEROS = Buffer.alloc(20 * 1024 * 1024);

/** A PNG with a text chunk carrying HTML: structurally a complete image. */
function pngWithTextChunk(text: string): Buffer {
  const iend = PNG.subarray(PNG.length - 12);
  const data = Buffer.from(`Comment\0${text}`, 'latin1');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  data.copy(chunk, 8);
  return Buffer.concat([PNG.subarray(0, PNG.length - 12), chunk, iend]);
}

export interface BadUpload {
  label: string;
  name: string;
  data: Buffer;
  /** The message must say what is wrong; alternatives where routes that take fewer types say it differently. */
  message: RegExp;
}

const NOT_ACCEPTED = (ext: string) => new RegExp(`Files ending in \\.${ext} are not accepted here\\. Upload one of: `);
const NOT_PDF = /The file is not a PDF: its contents do not match its \.pdf extension|Files ending in \.pdf are not accepted here/;
const NOT_A_PATH = /The file name must be the file's own name, not a path/;
const OFFICE = (problem: string) => new RegExp(`${problem}|Files ending in \\.(docx|xlsx) are not accepted here`);

/** Files every upload route must refuse, whatever types it takes, each with the 400 message that says why. */
export const BAD_UPLOADS: BadUpload[] = [
  // Contents that are not what the name says (magic bytes).
  { label: 'an ELF binary named .pdf', name: 'statement.pdf', data: ELF, message: NOT_PDF },
  {
    label: 'a Windows executable named .png',
    name: 'photo.png',
    data: EXE,
    message: /The file is not a PNG image: its contents do not match its \.png extension/,
  },
  { label: 'an HTML page named .pdf', name: 'statement.pdf', data: HTML, message: NOT_PDF },
  {
    label: 'an HTML page named .png',
    name: 'photo.png',
    data: HTML,
    message: /The file is not a PNG image: its contents do not match its \.png extension/,
  },
  {
    label: 'a PDF named .png',
    name: 'photo.png',
    data: PDF,
    message: /The file is not a PNG image: its contents (are a PDF: rename it to \.pdf|do not match its \.png extension)/,
  },
  {
    label: 'a PNG named .jpg',
    name: 'photo.jpg',
    data: PNG,
    message: /The file is not a JPEG image: its contents are a PNG image: rename it to \.png/,
  },
  { label: 'an HTML page named .txt', name: 'notes.html', data: HTML, message: NOT_ACCEPTED('html') },
  // Double extensions: the last one counts.
  { label: 'invoice.pdf.exe', name: 'invoice.pdf.exe', data: PDF, message: NOT_ACCEPTED('exe') },
  { label: 'photo.png.html', name: 'photo.png.html', data: PNG, message: NOT_ACCEPTED('html') },
  { label: 'photo.png.svg', name: 'photo.png.svg', data: SCRIPT_SVG, message: /SVG images are not accepted: they can carry scripts/ },
  { label: 'report.pdf.js', name: 'report.pdf.js', data: Buffer.from('alert(1)'), message: NOT_ACCEPTED('js') },
  { label: 'no extension', name: 'passwd', data: PNG, message: /The file name has no extension/ },
  // Paths and odd names (the content is a good PNG: only the name is wrong).
  { label: 'a POSIX traversal', name: '../../etc/passwd', data: PNG, message: NOT_A_PATH },
  { label: 'a POSIX traversal ending .png', name: '../../etc/passwd.png', data: PNG, message: NOT_A_PATH },
  { label: 'a Windows traversal', name: '..\\..\\win.ini', data: PNG, message: NOT_A_PATH },
  { label: 'a Windows traversal ending .png', name: '..\\..\\photo.png', data: PNG, message: NOT_A_PATH },
  { label: 'an absolute POSIX path', name: '/etc/cron.d/photo.png', data: PNG, message: NOT_A_PATH },
  { label: 'an absolute Windows path', name: 'C:\\Windows\\System32\\photo.png', data: PNG, message: NOT_A_PATH },
  { label: 'a UNC path', name: '\\\\server\\share\\photo.png', data: PNG, message: NOT_A_PATH },
  { label: 'dot-dot', name: '..', data: PNG, message: NOT_A_PATH },
  { label: 'a NUL in the name', name: 'photo.png\u0000.html', data: PNG, message: /file name must not contain NUL characters/ },
  { label: 'a control character', name: 'pho\u0007to.png', data: PNG, message: /The file name contains control characters/ },
  { label: 'an escape sequence', name: '\u001b[31mphoto.png', data: PNG, message: /The file name contains control characters/ },
  {
    label: 'a right-to-left override disguising .exe',
    name: 'photo\u202egnp.exe',
    data: EXE,
    message: /text-direction characters|Files ending in \.exe/,
  },
  {
    label: 'a right-to-left override',
    name: 'ann\u202eotoh.png',
    data: PNG,
    message: /The file name contains invisible text-direction characters/,
  },
  { label: 'a very long name', name: `${'a'.repeat(300)}.png`, data: PNG, message: /The file name is too long/ },
  { label: 'a very long multibyte name', name: `${'é'.repeat(150)}.png`, data: PNG, message: /The file name is too long/ },
  // SVG: never accepted (it is a document that runs script), however it is named.
  { label: 'an SVG with script', name: 'logo.svg', data: SCRIPT_SVG, message: /SVG images are not accepted: they can carry scripts/ },
  {
    label: 'an SVG with script named .png',
    name: 'logo.png',
    data: SCRIPT_SVG,
    message: /The file is not a PNG image: its contents do not match its \.png extension/,
  },
  // Polyglots: a valid image that is also HTML.
  {
    label: 'a PNG followed by HTML',
    name: 'photo.png',
    data: Buffer.concat([PNG, HTML]),
    message: /The PNG image has \d+ bytes of other data after its end/,
  },
  {
    label: 'a PNG header followed by HTML',
    name: 'photo.png',
    data: Buffer.concat([PNG.subarray(0, 16), HTML]),
    message: /The file is not a complete PNG image/,
  },
  {
    label: 'a PNG with HTML in a text chunk',
    name: 'photo.png',
    data: pngWithTextChunk('<html><script>alert(1)</script></html>'),
    message: /The file is a PNG image with HTML or script inside it/,
  },
  {
    label: 'a JPEG with script',
    name: 'photo.jpg',
    data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), HTML]),
    message: /The file is a JPEG image with HTML or script inside it/,
  },
  {
    label: 'a GIF/JavaScript polyglot',
    name: 'anim.gif',
    data: Buffer.from('GIF89a/*<svg/onload=alert(1)>*/=alert(1)//;'),
    message: /The file is a GIF image with HTML or script inside it/,
  },
  // Zip: a plain archive, bombs, lies and tricks dressed as Office files.
  { label: 'a zip', name: 'archive.zip', data: makeZip([{ name: 'a.txt', data: Buffer.from('hello') }]), message: NOT_ACCEPTED('zip') },
  {
    label: 'a zip named .docx',
    name: 'letter.docx',
    data: makeZip([{ name: 'a.txt', data: Buffer.from('hello') }]),
    message: OFFICE('The file is not a Word document: its contents do not match its \\.docx extension'),
  },
  {
    label: 'a zip bomb (.docx, 20 MB of zeros)',
    name: 'letter.docx',
    data: docx([], { data: ZEROS }),
    message: OFFICE('The Word document unpacks to 20 MB from \\d+ KB.*zip bomb'),
  },
  {
    label: 'a zip bomb (.xlsx)',
    name: 'sheet.xlsx',
    data: makeZip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: 'xl/workbook.xml', data: ZEROS },
    ]),
    message: OFFICE('The Excel workbook unpacks to 20 MB'),
  },
  {
    label: 'a part lying about its size',
    name: 'letter.docx',
    data: docx([], { data: ZEROS, declaredSize: 1000 }),
    message: OFFICE('does not unpack to the size it declares'),
  },
  {
    label: 'a .docx of 3000 parts',
    name: 'letter.docx',
    message: OFFICE('The Word document holds 3000 parts, more than the 2000'),
    data: docx(Array.from({ length: 2997 }, (_, i) => ({ name: `word/p${i}.xml`, data: Buffer.alloc(0), method: 0 as const }))),
  },
  {
    label: 'a zip-slip part name',
    name: 'letter.docx',
    data: docx([{ name: '../../etc/cron.d/evil', data: Buffer.from('* * * * * root sh') }]),
    message: OFFICE('holds a part named outside the document'),
  },
  {
    label: 'an encrypted part',
    name: 'letter.docx',
    data: docx([{ name: 'word/secret.xml', data: Buffer.from('x'), flags: 1 }]),
    message: OFFICE('is encrypted inside'),
  },
  {
    label: 'macros',
    name: 'letter.docx',
    data: docx([{ name: 'word/vbaProject.bin', data: Buffer.from('Attribute VB_Name') }]),
    message: OFFICE('contains macros'),
  },
  { label: 'a truncated zip', name: 'letter.docx', data: docx().subarray(0, 200), message: OFFICE('is damaged') },
  // Empty.
  { label: 'an empty file', name: 'photo.png', data: Buffer.alloc(0), message: /The file is empty/ },
];

/** Files that are fine: each upload route accepts at least the PNG, and those that take Office files the .docx. */
export const GOOD_UPLOADS = { png: PNG, pdf: PDF, docx: docx() };
