import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * For a webhook's scope: JSON bodies are parsed here and their bytes kept as `request.rawBody`, since a provider's
 * signature covers the bytes as sent, not what re-serialising the parsed object would give. Not valid JSON: 400.
 */
export function keepRawJsonBody(scope: FastifyInstance): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request: FastifyRequest, body: Buffer, done) => {
    request.rawBody = body;
    try {
      done(null, JSON.parse(body.toString('utf8')));
    } catch {
      done(new AppError('bad-request', 'The body is not valid JSON'), undefined);
    }
  });
}
