import {
  ACCOUNT_SECURITY_TEXTS,
  API_KEY_TEXTS,
  apiKeyLacksScope,
  apiKeyScope,
  apiKeyScopeLabels,
  errorName,
  errorStatus,
  INSTITUTION_KEY_SCOPES,
  requiredScope,
  STEP_UP_WINDOW_SECONDS,
  type ApiKeyScope,
  type ErrorCode,
} from '@tessera/domain';
import type { FastifyContextConfig } from 'fastify';
import { describeAccess } from '../lib/access.ts';

/** What the post-processing of the generated document works on: plain JSON. */
type Json = Record<string, unknown>;
type Operation = {
  description?: string;
  requestBody?: Json;
  responses?: Record<string, Json>;
  security?: Record<string, string[]>[];
  [key: string]: unknown;
};

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The security schemes: a session token, and a tenant's private API key on the operations that declare it. */
export function securitySchemes(sessionMinutes: number, sessionMaxHours: number) {
  return {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: `A session token: \`POST /auth/signin\` with the e-mail and password answers \`data.token\`; send it as \`Authorization: Bearer <token>\`. It lasts ${sessionMinutes} minutes; \`POST /auth/token-refresh\` with the refresh token of the same answer (\`data.refreshToken\`, single use) answers a new one, for at most ${sessionMaxHours} hours after sign-in, then sign in again. A token belongs to the tenant it was issued by and is refused on any other. A private API key (\`tsk_live_…\`) may be sent the same way on the operations that accept the apiKey scheme.`,
    },
    apiKey: {
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
      description: [
        "A private API key (`tsk_live_…`) of the tenant, made by a tenant owner (Settings → API keys, or `POST /tenant/{t}/api-key/pvt`), or of one of its institutions (`POST /tenant/{t}/institutions/{id}/api-key/pvt`); it is shown once. It may also be sent as `Authorization: Bearer tsk_live_…`. A tenant's key acts as an owner on the operations that list this scheme; an institution's key only on those that say so, and only for its own institution.",
        `**Scopes.** A key holds the scopes chosen when it was made, and each operation lists the one it needs in its security requirement: \`<resource>:read\` for GET and HEAD, \`<resource>:write\` otherwise; without it the answer is 403 '${apiKeyLacksScope('leads:write')}' (with the scope it lacks). The scopes: ${apiKeyScope.options.map((scope) => `\`${scope}\` (${apiKeyScopeLabels[scope]})`).join(', ')}. An institution's key may hold ${INSTITUTION_KEY_SCOPES.map((scope) => `\`${scope}\``).join(', ')} only.`,
        `A revoked key is refused at once (401 '${API_KEY_TEXTS.revoked}'), as is one past its expiry (401 '${API_KEY_TEXTS.expired}') and one of another tenant (401 '${API_KEY_TEXTS.otherTenant}').`,
      ].join('\n\n'),
    },
    publicKey: {
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
      description: `A public API key (\`tpk_live_…\`, or \`Authorization: Bearer tpk_live_…\`) of the tenant or of one of its institutions, for a sponsor's own site showing the tenant's marketplace. It is optional on the marketplace reads that list this scheme (they are public) and refused on every other operation (403 '${API_KEY_TEXTS.publicKeyRefused}'). When sent, it must be a key of the tenant of the address, neither revoked nor expired (401 otherwise); its use is recorded, and a browser page on one of the key's allowed origins may read the answer (\`Access-Control-Allow-Origin\` names the page's origin; the preflight allows GET and the X-API-Key header from any origin, the answer decides). It always has the \`marketplace:read\` scope only.`,
    },
  };
}

export const SERVERS = [
  {
    url: '/api/v1',
    description: 'This tenant: the address this document was read from. Every call is answered for the tenant of its address.',
  },
  {
    url: '{scheme}://{host}/api/v1',
    description:
      "Any tenant, by its address: its own domain, or `<slug>.<platform domain>` (the platform's default tenant is also served on the bare platform domain). Tenants are addressed by host, never by a header or a parameter; the `{t}` path segment of `/tenant/{t}/…` must name the tenant of the address (by id or slug).",
    variables: {
      scheme: { default: 'https', enum: ['https', 'http'] as [string, ...string[]], description: 'https, or http on a local machine' },
      host: { default: 'demo.localhost:3000', description: "The tenant's host, with the port when not the default" },
    },
  },
];

const ERROR_EXAMPLES: Record<number, [ErrorCode, string]> = {
  400: ['validation', 'body.email: Invalid email address'],
  401: ['unauthenticated', 'Your session is not valid. Please sign in again.'],
  403: ['forbidden', 'You do not have permission to do this'],
  404: ['not-found', 'Not found'],
  409: ['conflict', 'It was changed meanwhile: reload and try again'],
  413: ['payload-too-large', 'The request body is too large'],
  415: ['unsupported-media-type', 'Unsupported content type: send application/json'],
  422: ['unprocessable', 'The file took too long to process'],
  429: ['rate-limited', 'Too many requests, please try again later'],
  500: ['internal', 'Internal server error'],
  503: ['unavailable', 'The database is unreachable'],
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  0: 'Any other failure, in the same envelope: 500 unexpected error, 503 a service the API depends on is unavailable',
  400: 'Bad request: a parameter, the query or the body is not valid (the message names each field)',
  401: 'Not signed in, or the session expired',
  403: 'Signed in, but not allowed to do this',
  404: 'Not found, or not visible to the caller',
  405: 'The path exists but not with this method (the Allow header lists those it has)',
  409: 'Conflict with the current state',
  413: 'The request body or file is too large',
  415: 'The content type of the body is not one this operation takes',
  422: 'The file could not be processed within its time or memory limit',
  429: 'Too many requests: wait the Retry-After seconds',
  500: 'Unexpected server error',
  503: 'A service the API depends on is unavailable',
};

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** The access line of a route's description, from its declared access: it cannot drift from what is enforced. */
export function accessLine(config: Partial<FastifyContextConfig> | undefined, method = 'GET'): string {
  const access = config?.access;
  if (!access) return '';
  const parts = [describeAccess(access)];
  if (config?.accessNote) parts.push(config.accessNote);
  if (config?.stepUp)
    parts.push(
      `The session must have confirmed a second factor (or, without one, the password) in the last ${STEP_UP_WINDOW_SECONDS / 60} minutes (POST auth/step-up), else 403 '${ACCOUNT_SECURITY_TEXTS.stepUpRequired}'.`,
    );
  if (config?.apiKeys)
    parts.push(
      'Also a private API key of this tenant (the apiKey scheme, or `Authorization: Bearer tsk_live_…`), acting as an owner; the timeline records the key as the actor.',
    );
  if (config?.institutionKeys)
    parts.push(
      "Also an institution's private API key, for that institution only (any other institution, its offers and its leads are 404 to it).",
    );
  const scope = keyScopeOf(config, method);
  if (scope && config?.access !== 'public') parts.push(`A key needs the \`${scope}\` scope (else 403 '${apiKeyLacksScope(scope)}').`);
  if (scope && config?.access === 'public')
    parts.push(
      "A public API key of this tenant may come along (the publicKey scheme): checked when sent (401 if revoked, expired or another tenant's), and a page on one of its allowed origins may read the answer (CORS).",
    );
  return `**Access:** ${parts.join(' ')}`;
}

/** The scope a key needs on a route (its `keyResource` and method), or null when the route takes no key. */
function keyScopeOf(config: Partial<FastifyContextConfig> | undefined, method: string): ApiKeyScope | null {
  return config?.keyResource ? requiredScope(config.keyResource, method) : null;
}

/**
 * The security requirement of a route: none when public (or, for a marketplace read, optionally a public key), else
 * the session token, and the API key with the scope it needs where keys are accepted (OpenAPI 3.1 lets a non-OAuth
 * requirement list role names).
 */
export function securityOf(config: Partial<FastifyContextConfig> | undefined, method = 'GET'): Record<string, string[]>[] {
  const scope = keyScopeOf(config, method);
  if (config?.access === 'public') return scope ? [{}, { publicKey: [scope] }] : [];
  if (scope && (config?.apiKeys || config?.institutionKeys)) return [{ bearer: [] }, { apiKey: [scope] }];
  return [{ bearer: [] }];
}

function errorExample(status: number) {
  const [type, message] = ERROR_EXAMPLES[status || 500] ?? ['bad-request', 'The request could not be served'];
  return { error: { type, name: errorName[type] ?? 'Error', message, status: errorStatus[type] ?? status } };
}

function errorResponse(status: number): Json {
  return {
    description: ERROR_DESCRIPTIONS[status] ?? 'Error',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' }, example: errorExample(status) } },
  };
}

/** Removes the ±2^53 bounds zod writes on every integer: they say nothing an integrator can use. */
function dropSafeIntegerBounds(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) dropSafeIntegerBounds(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Json;
  if (o.minimum === -MAX_SAFE) delete o.minimum;
  if (o.maximum === MAX_SAFE) delete o.maximum;
  if (o.exclusiveMinimum === -MAX_SAFE) delete o.exclusiveMinimum;
  if (o.exclusiveMaximum === MAX_SAFE) delete o.exclusiveMaximum;
  for (const value of Object.values(o)) dropSafeIntegerBounds(value);
}

function collectRefs(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) collectRefs(item, into);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) into.add(value.slice(21));
    else collectRefs(value, into);
  }
}

/** Keeps only the component schemas something references (zod's registry gives every named schema an input and an output twin). */
function pruneComponents(doc: Json): void {
  const components = doc.components as { schemas?: Record<string, unknown> } | undefined;
  const schemas = components?.schemas;
  if (!schemas) return;
  const used = new Set<string>();
  collectRefs({ ...doc, components: { ...components, schemas: {} } }, used);
  const queue = [...used];
  while (queue.length) {
    const name = queue.pop() as string;
    const found = new Set<string>();
    collectRefs(schemas[name], found);
    for (const ref of found)
      if (!used.has(ref)) {
        used.add(ref);
        queue.push(ref);
      }
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

const SCHEMA_REF = '#/components/schemas/';

/** Points every reference to a renamed component (`from` → `to` in `renames`) at its new name, in one walk. */
function renameRefs(node: unknown, renames: Map<string, string>): void {
  if (Array.isArray(node)) {
    for (const item of node) renameRefs(item, renames);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Json;
  const to = typeof o.$ref === 'string' && o.$ref.startsWith(SCHEMA_REF) ? renames.get(o.$ref.slice(SCHEMA_REF.length)) : undefined;
  if (to) o.$ref = `${SCHEMA_REF}${to}`;
  for (const value of Object.values(o)) renameRefs(value, renames);
}

/**
 * zod's registry names the request side of a named schema `XInput`; when only that side is used (a request body) or
 * both sides are the same JSON, the component is simply `X`.
 */
function mergeInputTwins(doc: Json): void {
  const schemas = (doc.components as { schemas?: Record<string, unknown> } | undefined)?.schemas;
  if (!schemas) return;
  // Merging a twin can make another pair equal (one refers to the other), so until nothing changes.
  for (let before = -1; before !== Object.keys(schemas).length; ) {
    before = Object.keys(schemas).length;
    mergeInputTwinsOnce(doc, schemas);
  }
}

function mergeInputTwinsOnce(doc: Json, schemas: Record<string, unknown>): void {
  const renames = new Map<string, string>();
  for (const name of Object.keys(schemas)) {
    if (!name.endsWith('Input')) continue;
    const plain = name.slice(0, -5);
    if (plain in schemas && JSON.stringify(schemas[plain]) !== JSON.stringify(schemas[name])) continue;
    if (!(plain in schemas)) schemas[plain] = schemas[name];
    delete schemas[name];
    renames.set(name, plain);
  }
  // The references are renamed together, after the pass: a walk of the whole document per merged twin cost ~1 s of
  // CPU for each document generated (every test app's contract check generates one).
  if (renames.size) renameRefs(doc, renames);
}

/**
 * zod leaves a schema's examples out of its request side when any field transforms (a lowercased e-mail, an empty
 * text saved as null): the examples the domain writes for a body are requests, so its request twin keeps them.
 */
function keepInputExamples(doc: Json): void {
  const schemas = (doc.components as { schemas?: Record<string, Json> } | undefined)?.schemas;
  if (!schemas) return;
  for (const [name, schema] of Object.entries(schemas)) {
    const examples = name.endsWith('Input') ? schemas[name.slice(0, -5)]?.examples : undefined;
    if (examples && !schema.examples) schema.examples = examples;
  }
}

function isError(status: string): boolean {
  return /^[45]\d\d$/.test(status);
}

/**
 * The conventions every operation follows, applied to the generated document once: errors are JSON envelopes with an
 * example of their own status, a body may be refused as too large or of the wrong type, 201 says where the new
 * resource is, 204 has no body, 429 says when to retry.
 */
export function finishDocument(doc: Json): Json {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const item of Object.values(paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const responses = (op.responses ??= {});
      // What any operation may answer: 400 (every call's query is checked, unknown parameters too), 401/403 unless
      // public, 404 when the path names something, 413/415 when it takes a body, and the rest (500, 503…) as default.
      responses['400'] ??= {};
      if (op.security?.length !== 0) {
        responses['401'] ??= {};
        responses['403'] ??= {};
      }
      if ((op.parameters as { in?: string }[] | undefined)?.some((p) => p.in === 'path')) responses['404'] ??= {};
      if (op.requestBody) {
        responses['413'] ??= {};
        responses['415'] ??= {};
      }
      responses.default = errorResponse(0);
      for (const [status, response] of Object.entries(responses)) {
        if (status === 'default') continue;
        if (isError(status)) {
          const headers = response.headers;
          responses[status] = { ...errorResponse(Number(status)), ...(headers ? { headers } : {}) };
        } else if (status === '204') {
          delete response.content;
          if (!response.description || response.description === 'Default Response') response.description = 'Done: no content';
        } else if (status === '201') {
          response.headers = {
            ...(response.headers as Json),
            Location: { description: 'The path of the new resource', schema: { type: 'string' } },
          };
        }
      }
      if (responses['429'])
        responses['429'].headers = {
          'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } },
        };
    }
  }
  dropSafeIntegerBounds(doc);
  keepInputExamples(doc);
  pruneComponents(doc);
  mergeInputTwins(doc);
  return doc;
}
