/**
 * The little DER (ASN.1 distinguished encoding) a CMS signature needs: writing a few universal types and reading
 * elements back with their raw bytes. Kept on Buffers; node-forge is used for the X.509 certificate only.
 */

const encodeLength = (length: number): Buffer => {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
};

/** One element: its tag byte and content. */
export const tlv = (tag: number, content: Buffer): Buffer => Buffer.concat([Buffer.from([tag]), encodeLength(content.length), content]);

export const sequence = (...items: Buffer[]): Buffer => tlv(0x30, Buffer.concat(items));
/** A SET OF in DER order: its elements sorted by their encodings (X.690 §11.6). */
export const setOf = (...items: Buffer[]): Buffer => tlv(0x31, Buffer.concat([...items].sort(Buffer.compare)));
export const octetString = (data: Buffer): Buffer => tlv(0x04, data);
export const nullValue = (): Buffer => Buffer.from([0x05, 0x00]);
/** [n] EXPLICIT or a constructed IMPLICIT: context-specific, constructed. */
export const contextTag = (n: number, content: Buffer): Buffer => tlv(0xa0 | n, content);

export function integer(value: number): Buffer {
  const bytes: number[] = [];
  for (let n = value; bytes.length === 0 || n > 0; n = Math.floor(n / 256)) bytes.unshift(n % 256);
  if (bytes[0]! & 0x80) bytes.unshift(0);
  return tlv(0x02, Buffer.from(bytes));
}

export function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const body: number[] = [first! * 40 + second!];
  for (const arc of rest) {
    const chunk: number[] = [arc & 0x7f];
    for (let n = Math.floor(arc / 128); n > 0; n = Math.floor(n / 128)) chunk.unshift((n & 0x7f) | 0x80);
    body.push(...chunk);
  }
  return tlv(0x06, Buffer.from(body));
}

export const algorithm = (dotted: string, withNull = true): Buffer => sequence(oid(dotted), ...(withNull ? [nullValue()] : []));

/** An element read back: its tag, its content and the whole encoding (tag and length included). */
export interface DerElement {
  tag: number;
  content: Buffer;
  raw: Buffer;
}

/** The element that starts at `offset`. Throws on a truncated or indefinite-length encoding. */
export function readElement(data: Buffer, offset = 0): DerElement {
  const tag = data[offset];
  let length = data[offset + 1];
  if (tag === undefined || length === undefined) throw new Error('DER: truncated');
  let start = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new Error('DER: unsupported length');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + data[start + i]!;
    start += count;
  }
  if (start + length > data.length) throw new Error('DER: truncated');
  return { tag, content: data.subarray(start, start + length), raw: data.subarray(offset, start + length) };
}

/** The elements inside a constructed element's content. */
export function children(content: Buffer): DerElement[] {
  const items: DerElement[] = [];
  for (let offset = 0; offset < content.length; ) {
    const item = readElement(content, offset);
    items.push(item);
    offset += item.raw.length;
  }
  return items;
}

export function readOid(element: DerElement): string {
  const bytes = element.content;
  const arcs = [Math.floor(bytes[0]! / 40), bytes[0]! % 40];
  let value = 0;
  for (const byte of bytes.subarray(1)) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      arcs.push(value);
      value = 0;
    }
  }
  return arcs.join('.');
}
