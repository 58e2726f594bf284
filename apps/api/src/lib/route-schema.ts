import { errorEnvelope } from '@tessera/domain';
import { z } from 'zod';
import type { Access } from './access.ts';
import { describeAccess } from './access.ts';

/** The error responses every route may give, documented once. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, errorEnvelope])) as Record<number, typeof errorEnvelope>;
}

const SERVICE_CALLER_NOTE =
  'Also a private API key of this tenant (`Authorization: Bearer tsk_live_…` or `X-API-Key`), acting as an owner; the timeline records the key as the actor.';

/**
 * A route description that says who may call it (shown in the OpenAPI reference). `serviceCaller` marks an
 * owner route whose handler reads the caller with `requireCaller`, so a private API key may call it too.
 */
export function describe(text: string, access: Access, options: { serviceCaller?: boolean } = {}): string {
  return `${text}\n\n**Access:** ${describeAccess(access)}${options.serviceCaller ? ` ${SERVICE_CALLER_NOTE}` : ''}`;
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
