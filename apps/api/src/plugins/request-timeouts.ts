import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { answerAndClose } from './errors.ts';

export interface RequestTimeoutsOptions {
  /** How long a request body may take to arrive, from its headers on. */
  bodyMs: number;
  /** The same for an upload (multipart/form-data). */
  uploadMs: number;
}

const hasBody = (headers: IncomingHttpHeaders) =>
  headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} seconds`;

/**
 * A request body must arrive within BODY_TIMEOUT_SECONDS of its headers, an upload (multipart/form-data) within
 * UPLOAD_TIMEOUT_SECONDS: a client trickling a byte now and then would otherwise hold a connection, and the memory of
 * the body read so far, for as long as it likes. Past the limit it gets 408 in the envelope and the connection is
 * closed, as Node does for its own limits (app.ts: the headers within HEADERS_TIMEOUT_SECONDS and, as a backstop, any
 * request within UPLOAD_TIMEOUT_SECONDS; answered by `clientErrorHandler`). Node's limit is one for every request,
 * hence this one, which tells an upload from the rest.
 */
export const requestTimeoutsPlugin = fp(
  async (app: FastifyInstance, opts: RequestTimeoutsOptions) => {
    app.addHook('onRequest', (request, reply, done) => {
      const raw = request.raw;
      if (raw.complete || !hasBody(raw.headers)) return done();
      const upload = /^multipart\/form-data/i.test(raw.headers['content-type'] ?? '');
      const limitMs = upload ? opts.uploadMs : opts.bodyMs;
      const timer = setTimeout(() => {
        if (raw.complete || !raw.socket) return;
        request.log.info({ limitMs }, 'request body timed out');
        answerAndClose(
          raw.socket,
          new AppError('request-timeout', `The request body did not arrive within ${seconds(limitMs)}. Please try again.`),
        );
      }, limitMs);
      const clear = () => clearTimeout(timer);
      raw.once('end', clear);
      raw.once('close', clear);
      reply.raw.once('close', clear);
      done();
    });
  },
  { name: 'request-timeouts' },
);
