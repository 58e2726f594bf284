import { z } from 'zod';
import { timestamp } from './http.ts';
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

export const apiKeyCreateBody = z
  .object({
    label: z
      .string()
      .trim()
      .max(API_KEY_LABEL_MAX, `Label must be at most ${API_KEY_LABEL_MAX} characters`)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .meta({
    id: 'ApiKeyCreate',
    description: 'An optional label for the new key, to tell keys apart.',
    examples: [{ label: 'CRM sync' }],
  });
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateBody>;

export const apiKey = z
  .object({
    _id: objectId,
    kind: apiKeyKind,
    institution: objectId.nullable().describe("The institution the key belongs to; null for the tenant's own keys"),
    prefix: z.string().describe(`The first ${API_KEY_VISIBLE_CHARS} characters of the key`),
    label: z.string().nullable(),
    createdBy: objectId.nullable().describe('The user who generated it'),
    createdAt: timestamp,
    lastUsedAt: timestamp.nullable().describe('Recorded at most once a minute'),
    revokedAt: timestamp.nullable(),
  })
  .meta({
    id: 'ApiKey',
    description: 'An API key as listed: its kind, visible prefix, label and dates; never the key itself.',
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5b1',
        kind: 'private',
        institution: null,
        prefix: 'tsk_live_3f9',
        label: 'CRM sync',
        createdBy: '6745a1c2e4b0a1b2c3d4e5f6',
        createdAt: '2026-11-27T09:30:00.000Z',
        lastUsedAt: '2026-11-27T10:02:00.000Z',
        revokedAt: null,
      },
    ],
  });
export type ApiKey = z.infer<typeof apiKey>;

/** The answer to generating a key: the only time the whole key is ever sent. */
export const apiKeyCreated = apiKey.extend({ key: z.string().describe('The whole key; shown once, never stored') }).meta({
  id: 'ApiKeyCreated',
  description: 'A new API key with the whole key, the only time it is ever sent.',
  examples: [
    {
      _id: '6745a1c2e4b0a1b2c3d4e5b1',
      kind: 'private',
      institution: null,
      prefix: 'tsk_live_3f9',
      label: 'CRM sync',
      createdBy: '6745a1c2e4b0a1b2c3d4e5f6',
      createdAt: '2026-11-27T09:30:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
      key: 'tsk_live_3f9a1c0d7e5b4a2f8c6d1e0b9a7f5c3d',
    },
  ],
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>;

export const apiKeyStatus = (key: Pick<ApiKey, 'revokedAt'>): 'active' | 'revoked' => (key.revokedAt ? 'revoked' : 'active');
