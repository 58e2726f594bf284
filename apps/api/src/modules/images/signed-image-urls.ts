import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TokenService } from '../../lib/tokens.ts';

/** A signed image address works for at least this long after it was handed out (10 minutes)… */
export const SIGNED_IMAGE_MIN_SECONDS = 600;
/** …and at most this much longer: expiries are rounded up to 5 minutes, so reading a list again hands out the same addresses (still in the browser's cache). */
const EXPIRY_STEP_SECONDS = 300;

/** When addresses signed at `now` expire, in unix seconds. */
export function signedImageExpiry(now: Date): number {
  return Math.ceil((now.getTime() / 1000 + SIGNED_IMAGE_MIN_SECONDS) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
}

/** The signed address of one image of one tenant (GET tenant/{t}/images/{id}). */
export function signedImageUrl(tokens: TokenService, tenantId: string, imageId: string, exp: number): string {
  return `/api/v1/tenant/${tenantId}/images/${imageId}?exp=${exp}&sig=${tokens.imageSignature(tenantId, imageId, exp)}`;
}

/** A private image's plain address, `imageUrl(id)` of the domain, which only a request with the bearer token may read. */
const PLAIN_IMAGE_URL = /^\/api\/v1\/image\/([0-9a-f]{24})$/;

/** The value with every plain image address in it (at any depth) replaced by `sign(imageId)`. */
export function signImageUrls(value: unknown, sign: (imageId: string) => string): unknown {
  if (typeof value === 'string') {
    const id = PLAIN_IMAGE_URL.exec(value)?.[1];
    return id ? sign(id) : value;
  }
  if (Array.isArray(value)) return value.map((item) => signImageUrls(item, sign));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, signImageUrls(item, sign)]));
  return value;
}

/**
 * For a route plugin whose answers show the tenant's private images in `<img>` (Raise: institution logos and
 * images, offer heroes and images): its successful JSON answers carry signed addresses instead of plain ones.
 */
export function signImageUrlsInAnswers(app: FastifyInstance) {
  app.addHook('preSerialization', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const tenantId = request.tenant?.id;
    if (!tenantId || reply.statusCode >= 300) return payload;
    const exp = signedImageExpiry(app.clock.now());
    return signImageUrls(payload, (imageId) => signedImageUrl(app.tokens, tenantId, imageId, exp));
  });
}
