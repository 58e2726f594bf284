import { errorEnvelope } from '@tessera/domain';
import { z } from 'zod';
import type { Access } from './access.ts';

/** The error responses every route may give, documented once. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, errorEnvelope])) as Record<number, typeof errorEnvelope>;
}

/**
 * @deprecated Write the description as plain text: the OpenAPI plugin adds the access line from the route's
 * `config` (access, accessNote, apiKeys, institutionKeys), so it cannot drift from what is enforced.
 */
export function describe(text: string, _access?: Access, _options?: { serviceCaller?: boolean }): string {
  return text;
}

/** The path of a tenant's own resources, /tenant/:t/…: `t` is the tenant of the address by id or slug (routes declare `config.tenantParam`). */
export const tenantParams = z.object({ t: z.string().min(1).max(64) });

/** What an image upload route takes, for its description. */
export const IMAGE_UPLOAD_TEXT = 'Multipart field `file`: a PNG, JPEG, GIF or WebP image (checked by content).';

/** The responses of a route that sends an image's bytes. */
export const imageBytesResponses = () => ({
  200: z.unknown().describe('The image bytes (image/png, image/jpeg, image/gif or image/webp)'),
  ...errorResponses(400, 401, 403, 404),
});
