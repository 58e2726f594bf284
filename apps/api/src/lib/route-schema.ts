import { errorEnvelope, objectId } from '@tessera/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** The error responses every route may give, documented once. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, errorEnvelope])) as Record<number, typeof errorEnvelope>;
}

/** The path of a tenant's own resources, /tenant/:t/…: `t` is the tenant of the address by id or slug (routes declare `config.tenantParam`). */
export const tenantParams = z.object({
  t: z.string().min(1).max(64).describe('The tenant of the address, by id or slug: any other tenant gives 404'),
});

/** The path of one resource by its id, described for the reference: `idParams('document')`. */
export const idParams = (what: string) => z.object({ id: objectId.describe(`The ${what}'s id (24 hexadecimal characters)`) });

/** What an image upload route takes, for its description. */
export const IMAGE_UPLOAD_TEXT = 'Multipart field `file`: a PNG, JPEG, GIF or WebP image (checked by content).';

/** The responses of a route that sends an image's bytes. */
export const imageBytesResponses = () => ({
  200: binaryResponse(IMAGE_MEDIA_TYPES, 'The image bytes'),
  ...errorResponses(400, 401, 403, 404),
});

/** A file field of a multipart form, as documented: binary content, with what it may be. */
export function uploadFile(description: string) {
  return z.string().meta({ format: 'binary', description });
}

/**
 * The documented form of a multipart route (`config.multipartBody`): its text fields, validated by the handler with
 * the same schema (`parseForm(fields, …)`), plus its file fields (`{ file: 'A PDF, … at most UPLOAD_MAX_MB' }`).
 */
export function multipartForm<F extends z.ZodRawShape>(fields: z.ZodObject<F>, files: Record<string, string>) {
  return fields.extend(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, uploadFile(text)])));
}

/**
 * A response whose body is bytes, not JSON (a download, an image): one entry per media type it can have. Its errors
 * stay JSON envelopes.
 */
export function binaryResponse(mediaTypes: readonly string[], description: string) {
  const bytes = z.string().meta({ format: 'binary' });
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: bytes }])) };
}

/** The images the API serves and takes. */
export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** What a DELETE answers: 204 and no body (the project's one delete convention). */
export const noContent = { 204: z.null().describe('Deleted: no content') };
/** What a publicly cached answer gives a browser that holds its current ETag (If-None-Match): 304 and no body (#25). */
export const notModified = { 304: z.null().describe('Not modified: the ETag sent in If-None-Match is the current one') };

/**
 * Answers a create: 201, the new resource's path (under /api/v1) in Location, and `{ data }`. Declare
 * `response: { 201: dataOf(x) }`; the document adds the Location header to every 201.
 */
export function created<T>(reply: FastifyReply, location: string, data: T): { data: T } {
  void reply.status(201).header('Location', `/api/v1${location}`);
  return { data };
}
