import { z } from 'zod';
import { objectId } from './ids.ts';
import { groupThousands } from './text.ts';

/** The one error envelope every failing response carries. */
export const errorCode = z.enum([
  'bad-request',
  'validation',
  'unauthenticated',
  'forbidden',
  'not-found',
  'method-not-allowed',
  'request-timeout',
  'conflict',
  'payload-too-large',
  'unsupported-media-type',
  'unprocessable',
  'rate-limited',
  'headers-too-large',
  'internal',
  'unavailable',
]);
export type ErrorCode = z.infer<typeof errorCode>;

export const errorStatus: Record<ErrorCode, number> = {
  'bad-request': 400,
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  'method-not-allowed': 405,
  'request-timeout': 408,
  conflict: 409,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  unprocessable: 422,
  'rate-limited': 429,
  'headers-too-large': 431,
  internal: 500,
  unavailable: 503,
};

export const errorName: Record<ErrorCode, string> = {
  'bad-request': 'BadRequestError',
  validation: 'ValidationError',
  unauthenticated: 'AuthenticationError',
  forbidden: 'ForbiddenError',
  'not-found': 'NotFoundError',
  'method-not-allowed': 'MethodNotAllowedError',
  'request-timeout': 'RequestTimeoutError',
  conflict: 'ConflictError',
  'payload-too-large': 'PayloadTooLargeError',
  'unsupported-media-type': 'UnsupportedMediaTypeError',
  unprocessable: 'UnprocessableContentError',
  'rate-limited': 'RateLimitError',
  'headers-too-large': 'HeadersTooLargeError',
  internal: 'InternalServerError',
  unavailable: 'ServiceUnavailableError',
};

export const errorBody = z.object({
  type: errorCode,
  name: z.string(),
  message: z.string(),
  status: z.number().int().min(400).max(599),
});
export type ErrorBody = z.infer<typeof errorBody>;
export const errorEnvelope = z.object({ error: errorBody }).meta({
  id: 'ErrorEnvelope',
  description: 'Every failing response: `type` is stable for programs, `message` is for people and names each field at fault.',
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** A moment as the API writes it: ISO 8601 in UTC (`2026-11-27T09:30:00.000Z`). Response fields only: inputs validate with z.iso.datetime. */
export const timestamp = z.string().meta({ format: 'date-time', examples: ['2026-11-27T09:30:00.000Z'] });

export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1).describe('The page to answer, from 1'),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be 1 or more')
    .max(PAGE_LIMIT_MAX, `limit must be at most ${PAGE_LIMIT_MAX}`)
    .default(PAGE_LIMIT_DEFAULT)
    .describe(`How many items a page holds, 1 to ${PAGE_LIMIT_MAX}`),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * Where the lists that can grow past any page count (members, timelines, accounts) stop counting (#25): an exact count
 * of a tenant's 500,000 events takes far longer than its page. Past it `total` is this cap and `totalCapped` is true.
 */
export const LIST_TOTAL_CAP = 10_000;

export const pageMeta = z
  .object({
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
    total: z.number().int().min(0),
    totalCapped: z
      .literal(true)
      .optional()
      .describe(
        `Present (true) when the list holds more than \`total\` items: lists that can grow large count up to ${groupThousands(LIST_TOTAL_CAP)} and stop there. Later pages still answer; a page shorter than \`limit\` is the last.`,
      ),
  })
  .meta({
    id: 'PageMeta',
    description:
      'Where this page is: `page` (from 1) of `limit` items, of `total` in all, or of more than `total` when `totalCapped` is true.',
    examples: [{ page: 1, limit: 20, total: 42 }],
  });
export type PageMeta = z.infer<typeof pageMeta>;

export const sortDirection = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof sortDirection>;

export function dataOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}
export function listOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: z.array(schema), meta: pageMeta });
}
export type Data<T> = { data: T };

/** What a DELETE answers, `{ data: { deleted: true } }`: the web app checks the same object. */
export const deletedResult = z.object({ deleted: z.literal(true) });
/** What a DELETE of something with an id answers; each resource names its own (`offerDeleted`, …) with `.describe`. */
export const deletedEntity = z.object({ _id: objectId, deleted: z.literal(true) });
export type List<T> = { data: T[]; meta: PageMeta };

/** The client-side error text rule of §8. */
export function networkErrorText(serverText?: string | null, clientText?: string | null): string {
  return serverText?.trim() || clientText?.trim() || 'unknown network error';
}

/** §8's last resort, spelt as the spec spells it. */
export const UNEXPECTED_ERROR_TEXT = 'an unexpected error occured';

/** The text to show for an error whose message may be empty (§8: 'if still empty'). */
export function errorDisplayText(text?: string | null): string {
  return text?.trim() || UNEXPECTED_ERROR_TEXT;
}
