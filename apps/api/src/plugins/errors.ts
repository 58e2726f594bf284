import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '../db/unreachable.ts';
import { AppError } from '../lib/app-error.ts';
import { unstorableTextPath } from '../lib/safe-text.ts';
import { unsupportedMediaType } from './request-checks.ts';

const partLabel: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

/**
 * The router's own refusals (a path that is not valid percent-encoded UTF-8, a path parameter over the length limit)
 * happen before any route or error handler: without this they answer in Fastify's shape, not the envelope.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const appError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError('bad-request', 'A path parameter is too long')
      : new AppError('bad-request', 'The path is not a valid URL');
  void reply.status(appError.status).send({ error: appError.toBody() });
}

/**
 * What Node's HTTP parser refuses before there is a request to route: headers over the size limit (431), a request
 * that did not arrive within the server's limits (408), bytes that are not HTTP (400). Answered in the envelope like
 * everything else, then the connection is closed, as Node itself does; Fastify's default answers in its own shape.
 */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError('headers-too-large', 'The request headers are too large')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError('request-timeout', 'The request did not arrive in time. Please try again.')
        : new AppError('bad-request', 'The request is not valid HTTP');
  this.log.debug({ err: error }, `client error: ${appError.message}`);
  answerAndClose(socket, appError, error);
}

/**
 * Writes `appError` in the envelope straight to the connection and closes it, as Node answers what its parser
 * refuses: for a request the app cannot finish reading. Only where no answer has started on the connection (a
 * half-written response must not be followed by another); a route still waiting for the body then sees it aborted.
 */
export function answerAndClose(socket: Socket, appError: AppError, cause?: Error): void {
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ error: appError.toBody() });
    socket.write(
      `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(cause);
}

/** Maps every failure to { error: { type, name, message, status } }; 5xx texts never leave the server. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);

    // A request that arrives while the server shuts down (its headers after SIGTERM, on a connection already open)
    // is refused: requests already under way finish, new ones would find the database closing under them.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    // Callback hooks on every request: no promise per request (the app's async context makes each one dearer).
    app.addHook('onRequest', (_request, reply, done) => {
      if (!closing) return done();
      void reply.header('connection', 'close');
      done(new AppError('unavailable', 'The server is shutting down; try again in a moment'));
    });

    // After validation and the access check: a NUL or an unpaired surrogate would otherwise reach PostgreSQL and fail as a 500.
    app.addHook('preHandler', (request, _reply, done) => {
      for (const [part, value] of [
        ['path', request.params],
        ['query', request.query],
        ['body', request.body],
      ] as const) {
        const path = unstorableTextPath(value);
        if (path !== null)
          return done(
            new AppError('validation', `${path ? `${part}.${path}` : part}: text must not contain NUL characters or unpaired surrogates`),
          );
      }
      done();
    });

    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      let appError: AppError;
      if (error instanceof AppError) {
        appError = error;
      } else if (hasZodFastifySchemaValidationErrors(error)) {
        const part = partLabel[error.validationContext ?? 'body'] ?? 'body';
        const messages = error.validation.map((issue) => {
          const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
          return field ? `${part}.${field}: ${issue.message}` : `${part}: ${issue.message}`;
        });
        appError = new AppError('validation', messages.join('; '));
      } else if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
        appError = new AppError('internal', 'Internal server error');
      } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        appError = unsupportedMediaType(request);
      } else if (
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        (error.statusCode === 400 && error instanceof SyntaxError)
      ) {
        appError = new AppError('bad-request', 'The request body is not valid JSON');
      } else if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
        appError = new AppError(
          'payload-too-large',
          `The file is too large: the limit is ${Math.round(request.server.config.uploadMaxBytes / 1024 / 1024)} MB`,
        );
      } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
        appError = new AppError('payload-too-large', 'The request body is too large');
      } else if (error.statusCode === 429) {
        appError = new AppError('rate-limited', error.message || 'Too many requests, please try again later');
      } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        appError = new AppError(error.statusCode === 404 ? 'not-found' : 'bad-request', error.message);
      } else if (isDatabaseUnreachable(error)) {
        // An outage, not a bug: answered like readiness does, and logged once per request without the stack noise.
        request.log.warn({ err: error }, 'database unreachable');
        return reply.status(503).send({ error: new AppError('unavailable', 'The database is unreachable').toBody() });
      } else {
        request.log.error({ err: error }, 'unhandled error');
        appError = new AppError('internal', 'Internal server error');
      }
      if (appError.status >= 500 && error !== appError) request.log.error({ err: error }, appError.message);
      if (appError.retryAfterSeconds) reply.header('retry-after', String(appError.retryAfterSeconds));
      return reply.status(appError.status).send({ error: appError.toBody() });
    });
  },
  { name: 'errors' },
);
