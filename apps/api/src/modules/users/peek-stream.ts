import { Readable } from 'node:stream';

/** The first chunk of a stream (enough for magic bytes) and a stream that still yields every byte. */
export async function peek(source: Readable): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const first = await iterator.next();
  const head = first.done ? Buffer.alloc(0) : Buffer.from(first.value);
  async function* rest() {
    yield head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head, stream: Readable.from(rest()) };
}
