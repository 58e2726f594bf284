import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import { contentDisposition, sniffMimeType } from './uploads.ts';

/** The first chunk of a stream (enough for magic bytes) and a stream that still yields every byte. */
async function peek(source: Readable): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const first = await iterator.next();
  const head = first.done ? Buffer.alloc(0) : Buffer.from(first.value);
  async function* rest() {
    yield head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head, stream: Readable.from(rest()) };
}

/**
 * Sends stored image bytes with the type read from their magic bytes (never the stored claim), their length,
 * nosniff and the given caching rule.
 */
export async function sendImage(reply: FastifyReply, file: { stream: Readable; size: number }, cacheControl: string) {
  const { head, stream } = await peek(file.stream);
  return reply
    .type(sniffMimeType(head, '') ?? 'application/octet-stream')
    .header('Content-Length', file.size)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', cacheControl)
    .send(stream);
}

/** Sends a profile's image inline with its stored type and length, as the file `<name>.<subtype>` (png, jpeg, …). */
export function sendProfileImage(reply: FastifyReply, image: { stream: Readable; size: number; mimeType: string }, name: string) {
  return reply
    .type(image.mimeType)
    .header('Content-Length', image.size)
    .header('Content-Disposition', contentDisposition(`${name}.${image.mimeType.split('/')[1]}`, true))
    .send(image.stream);
}
