import { newObjectId } from '@tessera/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { z } from 'zod';
import type { Access } from '../lib/access.ts';
import type { RouteEntry } from '../plugins/route-table.ts';
import { multipart, PNG } from '../modules/documents/documents.test-helpers.ts';

/** Each file walks every route in one test: that can take minutes on a loaded machine, not the 30 s of a single case. */
export const WALK_TIMEOUT_MS = 180_000;

/**
 * The routes the security suite walks: every API route except the OpenAPI reference and the CORS preflights of the
 * marketplace reads (OPTIONS, answered the same to anyone; api-keys' public-key tests cover them).
 */
export function apiRoutes(app: FastifyInstance): RouteEntry[] {
  return app.routeTable.filter((r) => !r.url.startsWith('/api/v1/docs') && r.url !== '/api/v1/openapi.json' && r.method !== 'OPTIONS');
}

export const routeName = (r: Pick<RouteEntry, 'method' | 'url'>) => `${r.method} ${r.url}`;

/** The names of a route's path parameters, in order. */
export const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

export function toJsonSchema(schema: unknown): JsonSchema | null {
  if (!schema) return null;
  if (!(schema instanceof z.ZodType)) return schema as JsonSchema;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  // A named schema (`.meta({ id })`) comes out as a $ref to its definition: read the definition itself.
  const named = json.$ref?.replace('#/$defs/', '');
  return named && json.$defs?.[named] ? { ...json.$defs[named], $defs: json.$defs } : json;
}

function sampleString(s: JsonSchema): string {
  if (s.format === 'email') return 'someone@example.com';
  if (s.format === 'date-time') return new Date().toISOString();
  if (s.format === 'date') return '2024-01-02';
  if (s.format === 'uri' || s.format === 'url') return 'https://example.com/x';
  if (s.format === 'uuid') return crypto.randomUUID();
  if (s.pattern && new RegExp(s.pattern).test(newObjectId())) return newObjectId();
  const length = Math.max(s.minLength ?? 1, 1);
  for (const candidate of ['x'.repeat(length), 'x-1', '1'.repeat(length), '#1a3a65', 'https://example.com/x']) {
    if (!s.pattern || new RegExp(s.pattern).test(candidate)) return candidate;
  }
  return 'x'.repeat(length);
}

/** The smallest value a JSON schema accepts: required fields only, first enum values, minimum lengths. */
function sample(s: JsonSchema, root: JsonSchema): unknown {
  if (s.$ref) return sample(root.$defs?.[s.$ref.replace('#/$defs/', '')] ?? {}, root);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const options = s.anyOf ?? s.oneOf;
  // A nullable field takes null: the smallest value, and it passes any refinement on the value.
  if (options?.some((o) => o.type === 'null')) return null;
  // On an object with properties, alternatives and parts only add conditions (oneOf required …): its own fields come first.
  if (options && !s.properties) return sample(options[0]!, root);
  if (s.allOf && !s.properties) return Object.assign({}, ...s.allOf.map((part) => sample(part, root)));
  const type = [s.type].flat().find((t) => t !== 'null') ?? (s.properties ? 'object' : undefined);
  switch (type) {
    case 'object':
      return Object.fromEntries(
        (s.required ?? []).map((key) => [key, /email/i.test(key) ? 'someone@example.com' : sample(s.properties?.[key] ?? {}, root)]),
      );
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items ?? {}, root));
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number':
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case undefined:
    default:
      return 'x';
  }
}

/** Whether a path parameter is an enumeration (a media type, say) rather than an entity id. */
export function isEnumParam(route: RouteEntry, name: string): boolean {
  const schema = toJsonSchema(route.schema.params);
  return Boolean(schema?.properties?.[name]?.enum);
}

/** A syntactically valid value for each path parameter (a fresh 24-hex id where an id is expected), or the given ones. */
export function sampleParams(route: RouteEntry, given: Record<string, string> = {}): Record<string, string> {
  const schema = toJsonSchema(route.schema.params);
  return Object.fromEntries(
    paramNames(route.url).map((name) => [
      name,
      given[name] ?? String(sample(schema?.properties?.[name] ?? { type: 'string' }, schema ?? {})),
    ]),
  );
}

const fillUrl = (url: string, params: Record<string, string>) =>
  url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));

interface ValidRequest {
  body?: object;
  query?: Record<string, string>;
}

/** Valid requests for the routes whose schemas refine across fields, which the generated sample cannot satisfy. */
const VALID_REQUESTS: Record<string, ValidRequest> = {
  'GET /api/v1/tenant/:t/institutions/:id/dashboard': {
    query: { start: '2024-01-01T00:00:00Z', end: '2024-02-01T00:00:00Z', scale: 'day' },
  },
  'GET /api/v1/tenant/:t/leads/stats': {
    query: { institution: newObjectId(), start: '2024-01-01T00:00:00Z', end: '2024-02-01T00:00:00Z', scale: 'day' },
  },
  // A phone the pattern accepts (a sampled string would stop at validation).
  'PUT /api/v1/tenant/:t/leads/:id/contact': { body: { email: 'lead@example.com', phone: '+14045550123' } },
  'POST /api/v1/legal-entity-profile/:id/stakeholders': {
    body: { individualProfile: newObjectId(), stakeholderType: 'fiduciary', fiduciaryRole: 'trustee' },
  },
  'PUT /api/v1/legal-entity-profile/:id/stakeholders/:stakeholderId': {
    body: { individualProfile: newObjectId(), stakeholderType: 'fiduciary', fiduciaryRole: 'trustee' },
  },
  'POST /api/v1/document/:id/access': { body: { subjectEmail: 'grantee@example.com', role: 'viewer' } },
  'PUT /api/v1/document/:id/access/:accessId': { body: { role: 'viewer' } },
  // The expiry after the birth date (issue #18's identity fields).
  'PUT /api/v1/user/:id/onboarding/identity': {
    body: {
      inquiryId: newObjectId(),
      documentType: 'passport',
      firstName: 'Ada',
      lastName: 'Lovelace',
      birthDate: '1980-01-02',
      documentNumber: 'X1234567',
      expiryDate: '2031-05-01',
    },
  },
  // Webhook endpoints (issue #23): an http(s) URL on a public host and at least one event.
  'POST /api/v1/tenant/:t/webhooks': { body: { url: 'https://hooks.example.com/in', events: ['lead.created'] } },
  'POST /api/v1/tenant/:t/institutions/:id/webhooks': { body: { url: 'https://hooks.example.com/in', events: ['lead.created'] } },
  // A well-formed signature (not a valid one): the call reaches the check instead of stopping at validation.
  'GET /api/v1/tenant/:t/images/:imageId': { query: { exp: '4102444800', sig: 'A'.repeat(43) } },
};

/** The smallest request the route's schemas accept: valid params, required query fields, a minimal body (a PNG for uploads). */
export function sampleRequest(
  route: RouteEntry,
  given: Record<string, string> = {},
  valid: ValidRequest = VALID_REQUESTS[routeName(route)] ?? {},
): InjectOptions {
  const url = fillUrl(route.url, sampleParams(route, given));
  const query = toJsonSchema(route.schema.querystring);
  const values = valid.query ?? (query ? (sample(query, query) as Record<string, unknown>) : {});
  const search = new URLSearchParams(Object.entries(values).map(([k, v]): [string, string] => [k, String(v)]));
  const request: InjectOptions = { method: route.method, url: search.size ? `${url}?${search}` : url };
  if (valid.body) return { ...request, payload: valid.body };
  if (route.consumes.includes('multipart/form-data')) {
    const form = multipart({ type: 'logo-light' }, [{ name: 'x.png', data: PNG, type: 'image/png' }]);
    return { ...request, payload: form.payload, headers: form.headers };
  }
  const body = toJsonSchema(route.schema.body);
  return body ? { ...request, payload: sample(body, body) as object } : request;
}

/** The app's tables, from the catalog: the migrations', so a caller lists them once per app and keeps its query. */
export async function publicTables(app: FastifyInstance): Promise<string[]> {
  const result = (await app.db.execute(
    sql.raw(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  )) as unknown as { rows: { name: string }[] };
  return result.rows.map(({ name }) => name);
}

/** The fingerprint's query for each app: its tables do not change while it runs. */
const fingerprintQueries = new WeakMap<FastifyInstance, string>();

/**
 * The whole database's content, one hash per table: what a refused call must leave exactly as it was.
 * A key's last use (api_keys.last_used_at and last_used_ip) is left out: any call that presents a valid key records it.
 */
export async function fingerprint(app: FastifyInstance): Promise<Record<string, string>> {
  let union = fingerprintQueries.get(app);
  if (!union) {
    // Listed once per app: the catalog query cost as much as the hashing.
    union = (await publicTables(app))
      .map(
        (name) =>
          `select '${name}' as name, count(*)::int || ':' || md5(coalesce(string_agg((to_jsonb(t) - 'last_used_at' - 'last_used_ip')::text, '|' order by (to_jsonb(t) - 'last_used_at' - 'last_used_ip')::text), '')) as hash from "${name}" t`,
      )
      .join(' union all ');
    fingerprintQueries.set(app, union);
  }
  const hashes = (await app.db.execute(sql.raw(union))) as unknown as { rows: { name: string; hash: string }[] };
  return Object.fromEntries(hashes.rows.map((r) => [r.name, r.hash]));
}

/** The tables whose content differs between two fingerprints. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);

export interface Member {
  role: string;
  attributes: Record<string, boolean>;
  isPlatformAdmin?: boolean;
}

/** Whether the declared access lets this member of the host's tenant through (mirrors plugins/auth.ts `authorize`). */
export function passes(access: Access, member: Member): boolean {
  if (member.isPlatformAdmin) return true;
  if (access === 'public' || access === 'signed-in') return true;
  if (access === 'platform-admin') return false;
  if ('roles' in access) return (access.roles as readonly string[]).includes(member.role);
  return member.attributes[access.permission] === true;
}

const INVALID_CANDIDATES = ['-', 'not an id', 'x'.repeat(65)];

/**
 * A request the route's schemas refuse with 400, built from the valid sample: one path parameter, query field or
 * the body made invalid. Validation runs after the access check, so a caller who gets this 400 passed the check
 * and nothing ran. Null when the route validates nothing that can be made invalid.
 */
export function invalidRequest(route: RouteEntry): InjectOptions | null {
  const params = route.schema.params instanceof z.ZodObject ? route.schema.params : null;
  for (const name of paramNames(route.url)) {
    const field = params?.shape[name] as z.ZodType | undefined;
    const bad = field && INVALID_CANDIDATES.find((candidate) => !field.safeParse(candidate).success);
    if (bad) return sampleRequest(route, { [name]: bad });
  }
  const body = route.schema.body;
  if (body instanceof z.ZodType && !route.consumes.length && !body.safeParse([]).success) return { ...sampleRequest(route), payload: [] };
  const query = route.schema.querystring instanceof z.ZodObject ? route.schema.querystring : null;
  for (const [name, field] of Object.entries(query?.shape ?? {}) as [string, z.ZodType][]) {
    const bad = INVALID_CANDIDATES.find((candidate) => !field.safeParse(candidate).success);
    if (bad) {
      const request = sampleRequest(route);
      const url = new URL(request.url as string, 'http://x');
      url.searchParams.set(name, bad);
      return { ...request, url: `${url.pathname}${url.search}` };
    }
  }
  return null;
}
