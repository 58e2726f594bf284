import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../plugins/route-table.ts';
import { multipart, PNG } from '../modules/documents/documents.test-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { admittedCaller, callerHeaders, entityValues, isolationContext, keepSignedIn, type IsolationContext } from './isolation.registry.ts';
import { apiRoutes, routeName, sampleRequest, toJsonSchema, WALK_TIMEOUT_MS } from './security.test-helpers.ts';

const SENTINEL_ID = '0000000000000000000000ff';
const SENTINEL_DATE = '2001-02-03T04:05:06.000Z';

/** Fields no caller sets through a write: who owns a row, which tenant it is in, its state, approval and role. */
const PROTECTED: Record<string, unknown> = {
  tenantId: SENTINEL_ID, tenant: SENTINEL_ID, tenant_id: SENTINEL_ID, owner: SENTINEL_ID, ownerId: SENTINEL_ID, userId: SENTINEL_ID,
  user: SENTINEL_ID, createdBy: SENTINEL_ID, _id: SENTINEL_ID, id: SENTINEL_ID, createdAt: SENTINEL_DATE,
  role: 'admin', roles: ['admin'], status: 'approved', approvalStatus: 'approved', published: true, visibilityStatus: 'public', isAdmin: true,
};

/** The stored forms of the state fields: a row taking one of these values after the call took the injected field. */
const STORED_STATE: [column: string, value: string][] = [
  ['role', 'admin'], ['status', 'approved'], ['approval_status', 'approved'], ['published', 'true'], ['visibility_status', 'public'], ['is_admin', 'true'],
];

/**
 * Write routes that answer neither 2xx nor a 400 for the injected keys with the generated valid body, so the
 * injection cannot be observed; each with why. Checked both ways: a listed route that starts answering 2xx fails.
 */
const NO_SUCCESS: Record<string, string> = {
  // The generated sample does not satisfy the body's refinements (formats, cross-field rules).
  'POST /api/v1/financial-account': 'the sample account number fails the 4-34 letters-or-digits rule',
  'POST /api/v1/business': 'the sample EIN fails the 00-0000000 format',
  'POST /api/v1/document': 'a document needs a name and type beyond the required sample',
  'POST /api/v1/gov-photo-id': 'the sample expiration date and issuing country fail their rules',
  // The body must name another real entity of the caller's, which the sample cannot.
  'PUT /api/v1/individual-profile/:id/user': 'the new owner must be an active member of the tenant',
  'PUT /api/v1/individual-profile/:id/created-by': 'the new owner must be an active member of the tenant',
  'POST /api/v1/legal-entity-profile/:id/stakeholders': "the stakeholder must be one of the caller's individual profiles",
  'PUT /api/v1/legal-entity-profile/:id/stakeholders/:stakeholderId': "the stakeholder must be one of the caller's individual profiles",
  'POST /api/v1/tenant/:t/groups/:id/members': 'memberIds must name members of the tenant',
  'POST /api/v1/tenant/:t/offers': 'an offer must name an institution of the tenant',
  'POST /api/v1/admin/user/:id/rbac': 'the grant must name an existing tenant',
  'PUT /api/v1/legal-entity-profile/:id/owner': 'only a platform admin transfers a legal entity profile; the owner is refused with 403',
  // The entity is not in the state the transition starts from.
  'PUT /api/v1/tenant/:t/offers/:id/publishing': 'the offer is not published',
  'PUT /api/v1/tenant/:t/offers/:id/approval': 'the offer is already pending approval',
  'PUT /api/v1/tenant/:t/members/:id/membership-status': 'the member is already active',
  'POST /api/v1/tenant/:t/members/:id/resend-invite': 'the member has already accepted',
  'PUT /api/v1/user/:id/tenant-member/mode': "runs after the caller's account routes, which may have signed a new owner in",
  // Tokens and credentials the sample cannot know, or people who already exist.
  'POST /api/v1/auth/signin': 'the sample credentials match no user',
  'POST /api/v1/auth/signup': 'the sample email was invited by an earlier route',
  'POST /api/v1/auth/password-reset-confirm': 'needs a mailed reset token',
  'POST /api/v1/auth/invite-accept': 'needs a mailed signup token',
  'POST /api/v1/auth/invite': 'the sample email is already a member',
  'POST /api/v1/tenant/:t/members': 'the sample email is already a member',
};

/**
 * Per table: how many rows hold a sentinel id or date, and how many hold each injected state value. A write that
 * took an injected field raises one of these counts.
 */
async function sentinelCounts(app: FastifyInstance): Promise<Record<string, string>> {
  const result = (await app.db.execute(
    sql.raw(`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  )) as unknown as { rows: { name: string }[] };
  const union = result.rows
    .map(({ name }) => {
      const counts = [
        `count(*) filter (where to_jsonb(t)::text like '%${SENTINEL_ID}%' or to_jsonb(t)::text like '%${SENTINEL_DATE.slice(0, 10)}%')`,
        ...STORED_STATE.map(([column, value]) => `count(*) filter (where to_jsonb(t)->>'${column}' = '${value}')`),
      ];
      return `select '${name}' as name, ${counts.map((c) => `(${c})::text`).join(` || ':' || `)} as counts from "${name}" t`;
    })
    .join(' union all ');
  const rows = (await app.db.execute(sql.raw(union))) as unknown as { rows: { name: string; counts: string }[] };
  return Object.fromEntries(rows.rows.map((r) => [r.name, r.counts]));
}

/** The tables where a sentinel count went up. */
function raised(before: Record<string, string>, after: Record<string, string>): string[] {
  const labels = ['sentinel id or date', ...STORED_STATE.map(([column, value]) => `${column} = ${value}`)];
  return Object.keys(after).flatMap((table) => {
    const was = (before[table] ?? '').split(':').map(Number);
    return after[table]!.split(':').map(Number).flatMap((count, i) => (count > (was[i] ?? 0) ? [`${table}: ${labels[i]}`] : []));
  });
}

/** Where the response echoes an injected value under its key, or the sentinel id anywhere. */
function echoes(value: unknown, injected: Record<string, unknown>, path = ''): string[] {
  if (value === SENTINEL_ID || value === SENTINEL_DATE) return [path || '(root)'];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const here = path ? `${path}.${key}` : key;
    const echoed = key in injected && JSON.stringify(child) === JSON.stringify(injected[key]) ? [here] : [];
    return [...echoed, ...echoes(child, injected, here)];
  });
}

let t: TestApp;
let ctx: IsolationContext;

beforeAll(async () => {
  t = await buildTestApp();
  ctx = await isolationContext(t);
});
afterAll(async () => {
  await t?.close();
});


/** The valid request with the protected keys its body schema does not declare added, or null when the body takes no keys. */
function withProtected(route: RouteEntry, valid: InjectOptions): { request: InjectOptions; injected: Record<string, unknown> } | null {
  const schema = toJsonSchema(route.schema.body);
  const declared = new Set(Object.keys(schema?.properties ?? {}));
  const injected = Object.fromEntries(Object.entries(PROTECTED).filter(([key]) => !declared.has(key)));
  if (route.consumes.includes('multipart/form-data')) {
    const form = multipart({ type: 'logo-light', ...Object.fromEntries(Object.entries(injected).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])) }, [
      { name: 'x.png', data: PNG, type: 'image/png' },
    ]);
    return { request: { ...valid, payload: form.payload, headers: form.headers }, injected };
  }
  const body = valid.payload ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) return null;
  return { request: { ...valid, payload: { ...body, ...injected } }, injected };
}

describe('every write route, sent a valid body plus fields no caller may set', () => {
  it('refuses them with 400, or succeeds without storing or echoing them', async () => {
    // Writes to the callers themselves (their account, membership, role, session) last: they may lock the callers
    // out of the entities the other routes are called on.
    const late = (r: RouteEntry) => Number(/^\/api\/v1\/(user|auth|admin\/user|tenant\/:t\/members)\b/.test(r.url));
    const routes = apiRoutes(t.app).filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method)).sort((a, b) => late(a) - late(b));
    const givens = await entityValues(ctx, routes);
    const failures: string[] = [];
    const noSuccess: Record<string, string> = {};
    const counts = { routes: 0, refused: 0, accepted: 0 };
    for (const route of routes) {
      const valid = sampleRequest(route, givens.get(route));
      const injection = withProtected(route, valid);
      if (!injection) {
        noSuccess[routeName(route)] = 'the body is not an object';
        continue;
      }
      counts.routes++;
      const { request, injected } = injection;
      const before = await sentinelCounts(t.app);
      const caller = admittedCaller(route);
      const send = (r: InjectOptions) => t.app.inject({ ...r, headers: { ...r.headers, ...callerHeaders(ctx, caller) } });
      const res = await send(request);
      const shown = `${routeName(route)} ${request.method} ${request.url} ${JSON.stringify(request.payload).slice(0, 300)}`;
      const stored = raised(before, await sentinelCounts(t.app));
      if (stored.length) failures.push(`${shown}: ${res.statusCode}, stored ${stored.join(', ')}`);
      if (res.statusCode < 300) {
        counts.accepted++;
        const echoed = String(res.headers['content-type']).startsWith('application/json') ? echoes(res.json(), injected) : [];
        if (echoed.length) failures.push(`${shown}: ${res.statusCode}, echoes the injected ${echoed.join(', ')}: ${res.body.slice(0, 300)}`);
        await keepSignedIn(ctx, caller, res);
      } else if (res.statusCode === 400) {
        // Refused: by the schema for the unknown keys only if the same body without them is accepted.
        const plain = await send(valid);
        if (plain.statusCode >= 300) noSuccess[routeName(route)] = `400 with the keys, ${plain.statusCode} without: ${plain.body.slice(0, 160)}`;
        else counts.refused++;
        await keepSignedIn(ctx, caller, plain);
      } else {
        noSuccess[routeName(route)] = `${res.statusCode}: ${res.body.slice(0, 160)}`;
      }
    }
    expect(failures).toEqual([]);
    expect(Object.keys(noSuccess).sort(), JSON.stringify(noSuccess, null, 1)).toEqual(Object.keys(NO_SUCCESS).sort());
    expect(counts.routes).toBeGreaterThan(80);
    expect(counts.accepted + counts.refused).toBeGreaterThan(70);
  }, WALK_TIMEOUT_MS);
});
