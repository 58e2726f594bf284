import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { preferredEncoding } from '../lib/accept-encoding.ts';

/** Below this a compressed body saves less than a packet; most error envelopes and small answers stay as they are. */
export const COMPRESS_JSON_MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses the API's JSON answers to GET requests (brotli, else gzip, as the request accepts) once they are
 * 1 KB or more: the marketplace's lists, offers and institutions are text that shrinks to a fifth. Brotli at
 * quality 5 costs well under a millisecond for these sizes, off the event loop (the zlib pool). Streams (files,
 * images), bodies already encoded and other types pass untouched. The built web app is precompressed instead
 * (static-web.ts). Only GETs: a mutation's answer is small, and it echoes what the caller sent beside its token.
 */
export const compressJsonPlugin = fp(
  async (app: FastifyInstance) => {
    // A callback hook: most answers pass through untouched, without a promise each.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.method !== 'GET' || reply.hasHeader('content-encoding')) return done(null, payload);
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
      if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return done(null, payload);
      const size = Buffer.byteLength(payload);
      if (size < COMPRESS_JSON_MIN_BYTES) return done(null, payload);
      reply.header('vary', varyWith(reply.getHeader('vary')));
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (encoding === 'identity') return done(null, payload);
      compressJson(payload, encoding, size).then((body) => {
        reply.header('content-encoding', encoding).removeHeader('content-length');
        done(null, body);
      }, done);
    });
  },
  { name: 'compress-json' },
);

/** A JSON body compressed as compress-json sends it (brotli at quality 5, gzip at level 6), off the event loop. */
export function compressJson(payload: string | Buffer, encoding: 'br' | 'gzip', size = Buffer.byteLength(payload)): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(payload, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: size } })
    : gzipAsync(payload, { level: 6 });
}

/** The Vary header with accept-encoding added, once. */
export function varyWith(current: unknown): string {
  const values = String(current ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return values.some((v) => v.toLowerCase() === 'accept-encoding' || v === '*')
    ? values.join(', ')
    : [...values, 'accept-encoding'].join(', ');
}
