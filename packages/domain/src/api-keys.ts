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

/**
 * What a private key may do (issue #23), chosen when it is made and checked on every route that accepts keys: each
 * such route names its resource (`config.keyResource`), and a GET/HEAD needs `<resource>:read`, anything else
 * `<resource>:write`. A public key has `marketplace:read` only: it reads the tenant's public marketplace, for
 * embedding offers on a sponsor's own site, and nothing else.
 */
export const apiKeyResource = z.enum(['tenant', 'members', 'institutions', 'offers', 'leads', 'marketplace']);
export type ApiKeyResource = z.infer<typeof apiKeyResource>;
export const apiKeyScope = z.enum([
  'tenant:read',
  'tenant:write',
  'members:read',
  'members:write',
  'institutions:read',
  'institutions:write',
  'offers:read',
  'offers:write',
  'leads:read',
  'leads:write',
  'marketplace:read',
]);
export type ApiKeyScope = z.infer<typeof apiKeyScope>;

export const apiKeyScopeLabels: Record<ApiKeyScope, string> = {
  'tenant:read': 'Read organization settings',
  'tenant:write': 'Change organization settings',
  'members:read': 'Read members and groups',
  'members:write': 'Manage members and groups',
  'institutions:read': 'Read institutions',
  'institutions:write': 'Change institutions',
  'offers:read': 'Read offers',
  'offers:write': 'Change offers',
  'leads:read': 'Read leads',
  'leads:write': 'Create and change leads',
  'marketplace:read': 'Read the public marketplace',
};

/** The scopes an institution's private key may hold (it only ever reaches its own institution, offers and leads). */
export const INSTITUTION_KEY_SCOPES: ApiKeyScope[] = [
  'institutions:read',
  'institutions:write',
  'offers:read',
  'offers:write',
  'leads:read',
  'leads:write',
  'marketplace:read',
];
export const PUBLIC_KEY_SCOPES: ApiKeyScope[] = ['marketplace:read'];
export const READ_ONLY_SCOPES: ApiKeyScope[] = apiKeyScope.options.filter((s) => s.endsWith(':read'));

/** The scope a call needs: the route's resource, read for GET/HEAD and write otherwise. */
export const requiredScope = (resource: ApiKeyResource, method: string): ApiKeyScope =>
  `${resource}:${method === 'GET' || method === 'HEAD' ? 'read' : 'write'}` as ApiKeyScope;

/** Keys live at most this long; the web offers 30, 90, 365 days or no expiry. */
export const API_KEY_MAX_DAYS = 730;
export const API_KEY_EXPIRY_PRESETS = [30, 90, 365, null] as const;
/** Sites a public key may be used from (CORS), at most this many. */
export const API_KEY_ORIGINS_MAX = 10;

const webOrigin = z
  .string()
  .trim()
  .regex(/^https?:\/\/[^/\s?#]+$/, 'Each allowed origin must be a scheme and host only, such as https://www.example.com');

export const apiKeyCreateBody = z
  .object({
    label: z
      .string()
      .trim()
      .max(API_KEY_LABEL_MAX, `Label must be at most ${API_KEY_LABEL_MAX} characters`)
      .nullish()
      .transform((v) => (v ? v : null)),
    scopes: z
      .array(apiKeyScope)
      .min(1, 'Choose at least one scope')
      .transform((v) => [...new Set(v)])
      .optional()
      .describe('What a private key may do (required for private keys); a public key always has marketplace:read only'),
    expiresAt: z
      .string()
      .pipe(z.iso.datetime({ offset: true, error: 'expiresAt must be an ISO date-time' }))
      .nullish()
      .transform((v) => v ?? null)
      .describe(`When the key stops working (in the future, at most ${API_KEY_MAX_DAYS} days away); null for never`),
    allowedOrigins: z
      .array(webOrigin)
      .max(API_KEY_ORIGINS_MAX, `At most ${API_KEY_ORIGINS_MAX} allowed origins`)
      .default([])
      .describe('Public keys only: the sites whose pages may read the marketplace with this key from the browser (CORS)'),
  })
  .meta({
    id: 'ApiKeyCreate',
    description:
      'A label to tell keys apart, the scopes of a private key, an optional expiry, and for a public key the sites it may be used from.',
    examples: [{ label: 'CRM sync', scopes: ['leads:read', 'leads:write'], expiresAt: '2027-11-27T00:00:00.000Z', allowedOrigins: [] }],
  });
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateBody>;

/**
 * The body of POST …/api-key/pvt: as ApiKeyCreate, with the scopes required (issue #23). An institution's key may hold
 * INSTITUTION_KEY_SCOPES only (the server answers 400 naming any other); allowed origins are for public keys only.
 */
export const privateApiKeyCreateBody = apiKeyCreateBody
  .extend({
    scopes: z
      .array(apiKeyScope, { error: (issue) => (issue.input === undefined ? 'Choose at least one scope' : undefined) })
      .min(1, 'Choose at least one scope')
      .transform((v) => [...new Set(v)])
      .describe("What the key may do; an institution's key at most its institution's scopes (institutions, offers, leads, marketplace)"),
  })
  .meta({
    id: 'PrivateApiKeyCreate',
    description: 'A label, the scopes the private key may use (at least one) and an optional expiry.',
    examples: [{ label: 'CRM sync', scopes: ['leads:read', 'leads:write'], expiresAt: '2027-11-27T00:00:00.000Z' }],
  });

/** The body of POST tenant/{t}/institutions/{id}/api-key/pvt: as PrivateApiKeyCreate, with an institution's scopes only. */
export const institutionPrivateApiKeyCreateBody = privateApiKeyCreateBody
  .extend({
    scopes: z
      .array(
        apiKeyScope.extract(INSTITUTION_KEY_SCOPES as [ApiKeyScope, ...ApiKeyScope[]], {
          error: (issue) => institutionKeyScopeRefused(String(issue.input) as ApiKeyScope),
        }),
        { error: (issue) => (issue.input === undefined ? 'Choose at least one scope' : undefined) },
      )
      .min(1, 'Choose at least one scope')
      .transform((v) => [...new Set(v)])
      .describe("What the key may do on its institution: its institution, offers and leads, and the tenant's marketplace"),
  })
  .meta({
    id: 'InstitutionPrivateApiKeyCreate',
    description:
      "A label, the scopes the institution's private key may use (at least one, of the institution's scopes) and an optional expiry.",
    examples: [{ label: 'Data room sync', scopes: ['offers:read', 'leads:write'], expiresAt: null }],
  });

/** The body of POST …/api-key/pub: a public key always has marketplace:read, and may list the sites it is used from. */
export const publicApiKeyCreateBody = apiKeyCreateBody
  .extend({
    scopes: z
      .array(z.literal('marketplace:read', { error: 'A public API key can only have the marketplace:read scope' }))
      .optional()
      .describe('Optional: a public key always has marketplace:read, and only that'),
  })
  .meta({
    id: 'PublicApiKeyCreate',
    description: 'A label, an optional expiry, and the sites whose pages may read the marketplace with the key (CORS).',
    examples: [{ label: 'Sponsor site', expiresAt: null, allowedOrigins: ['https://www.sponsor.example'] }],
  });

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
    lastUsedIp: z.string().nullable().describe('The address of the last call, recorded with lastUsedAt'),
    revokedAt: timestamp.nullable(),
    scopes: z.array(apiKeyScope),
    expiresAt: timestamp.nullable(),
    allowedOrigins: z.array(z.string()),
    status: z.enum(['active', 'revoked', 'expired']),
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
        lastUsedIp: '203.0.113.7',
        revokedAt: null,
        scopes: ['leads:read', 'leads:write'],
        expiresAt: '2027-11-27T00:00:00.000Z',
        allowedOrigins: [],
        status: 'active',
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
      lastUsedIp: null,
      revokedAt: null,
      scopes: ['leads:read', 'leads:write'],
      expiresAt: '2027-11-27T00:00:00.000Z',
      allowedOrigins: [],
      status: 'active',
      key: 'tsk_live_3f9a1c0d7e5b4a2f8c6d1e0b9a7f5c3d',
    },
  ],
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>;

export const apiKeyStatus = (key: Pick<ApiKey, 'revokedAt' | 'expiresAt'>, now = new Date()): ApiKey['status'] =>
  key.revokedAt ? 'revoked' : key.expiresAt && new Date(key.expiresAt) <= now ? 'expired' : 'active';

/** What the API answers when a key is refused or a key cannot be made as asked (issue #23): the web shows the same words. */
export const API_KEY_TEXTS = {
  invalid: 'This API key is not valid',
  otherTenant: 'This API key is not valid for this organization',
  revoked: 'This API key has been revoked',
  expired: 'This API key has expired',
  publicKeyRefused: 'A public API key can only read the public marketplace',
  scopesRequired: 'Choose at least one scope',
  publicScopes: 'A public API key can only have the marketplace:read scope',
  originsPrivate: 'Only a public API key can have allowed origins',
  expiryPast: 'The expiry must be in the future',
  expiryTooFar: `The expiry must be at most ${API_KEY_MAX_DAYS} days away`,
} as const;

/** 403 for a key without the scope a call needs. */
export const apiKeyLacksScope = (scope: ApiKeyScope) => `This API key lacks the ${scope} scope`;
/** 400 for an institution's private key asked with a scope it may not hold. */
export const institutionKeyScopeRefused = (scope: ApiKeyScope) => `An institution's API key cannot have the ${scope} scope`;
