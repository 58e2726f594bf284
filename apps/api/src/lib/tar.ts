import type { Readable, Writable } from 'node:stream';

/**
 * The small part of tar the backup archive needs: regular files, written and read one at a time (ustar headers, with
 * a PAX header for paths over 100 bytes), so `tar -tzf` lists a backup and a large file is never held twice.
 */
const BLOCK = 512;

function header(name: string, size: number, type: '0' | 'x', mtime: Date): Buffer {
  const h = Buffer.alloc(BLOCK);
  h.write(name.slice(0, 100), 0, 'utf8');
  h.write('0000644\0', 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  h.write(
    `${Math.floor(mtime.getTime() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
  );
  h.write('        ', 148);
  h.write(type, 156);
  h.write('ustar\0' + '00', 257);
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

async function write(out: Writable, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
}

/** Appends one file to a tar stream. */
export async function writeTarEntry(out: Writable, name: string, data: Buffer, mtime = new Date()): Promise<void> {
  if (Buffer.byteLength(name) > 100) {
    const record = (len: number) => `${len} path=${name}\n`;
    let len = Buffer.byteLength(record(0));
    while (Buffer.byteLength(record(len)) !== len) len = Buffer.byteLength(record(len));
    const pax = Buffer.from(record(len));
    await write(out, header('PaxHeader', pax.length, 'x', mtime));
    await write(out, Buffer.concat([pax, padding(pax.length)]));
  }
  await write(out, header(name, data.length, '0', mtime));
  await write(out, Buffer.concat([data, padding(data.length)]));
}

/** Ends a tar stream (two empty blocks). */
export async function endTar(out: Writable): Promise<void> {
  await write(out, Buffer.alloc(BLOCK * 2));
}

/** The regular files of a tar stream, in order. */
export async function* readTar(input: Readable): AsyncGenerator<{ name: string; data: Buffer }> {
  const chunks = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  // Chunks are joined once per entry, not once per chunk: a large entry is copied a bounded number of times.
  async function take(n: number): Promise<Buffer | null> {
    while (pendingBytes < n) {
      const next = await chunks.next();
      if (next.done) return null;
      pending.push(next.value);
      pendingBytes += next.value.length;
    }
    const all = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
    const rest = all.subarray(n);
    pending = rest.length > 0 ? [rest] : [];
    pendingBytes = rest.length;
    return all.subarray(0, n);
  }
  let longName: string | undefined;
  for (;;) {
    const h = await take(BLOCK);
    if (!h || h.every((b) => b === 0)) return;
    const field = (start: number, length: number) =>
      h
        .subarray(start, start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1) || '0';
    const body = await take(size + padding(size).length);
    if (!body) throw new Error('The archive is truncated');
    const data = body.subarray(0, size);
    if (type === 'x') {
      longName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(data.toString('utf8'))?.[1];
      continue;
    }
    const prefix = field(345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    longName = undefined;
    if (type === '0') yield { name, data: Buffer.from(data) };
  }
}
