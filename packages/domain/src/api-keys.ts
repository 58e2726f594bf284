import { z } from 'zod';
import { objectId } from './ids.ts';

/**
 * Private keys authenticate server-to-server calls; public keys only identify their owner. A tenant's private key
 * acts as the tenant owner; an institution's private key reads that institution and its offers only.
 */
export const apiKeyKind = z.enum(['private', 'public']);
export type ApiKeyKind = z.infer<typeof apiKeyKind>;

export const apiKeyKindLabels: Record<ApiKeyKind, string> = { private: 'Private', public: 'Public' };

/** What a key starts with, so a leaked key is recognisable (secret scanners) and its kind readable at a glance. */
export const API_KEY_PREFIX: Record<ApiKeyKind, string> = { private: 'tsk_live_', public: 'tpk_live_' };
/** How many leading characters of a key are kept in clear, for telling keys apart in the list. */
export const API_KEY_VISIBLE_CHARS = 12;
export const API_KEY_LABEL_MAX = 80;
/** The header a server may send the key in instead of `Authorization: Bearer`. */
export const API_KEY_HEADER = 'x-api-key';

export const apiKeyKindOf = (raw: string): ApiKeyKind | null =>
  raw.startsWith(API_KEY_PREFIX.private) ? 'private' : raw.startsWith(API_KEY_PREFIX.public) ? 'public' : null;

export const apiKeyCreateBody = z.object({
  label: z
    .string()
    .trim()
    .max(API_KEY_LABEL_MAX, `Label must be at most ${API_KEY_LABEL_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateBody>;

export const apiKey = z
  .object({
    _id: objectId,
    kind: apiKeyKind,
    institution: objectId.nullable().describe("The institution the key belongs to; null for the tenant's own keys"),
    prefix: z.string().describe(`The first ${API_KEY_VISIBLE_CHARS} characters of the key`),
    label: z.string().nullable(),
    createdBy: objectId.nullable(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .describe('ApiKey');
export type ApiKey = z.infer<typeof apiKey>;

/** The answer to generating a key: the only time the whole key is ever sent. */
export const apiKeyCreated = apiKey
  .extend({ key: z.string().describe('The whole key; shown once, never stored') })
  .describe('ApiKeyCreated');
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>;

export const apiKeyStatus = (key: Pick<ApiKey, 'revokedAt'>): 'active' | 'revoked' => (key.revokedAt ? 'revoked' : 'active');
