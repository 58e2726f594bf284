import { errorEnvelope, tenantRole, type TenantRole } from '@tessera/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantMembers } from '../db/schema/index.ts';
import { DEFAULT_ATTRIBUTES } from '../modules/tenants/tenant-members.repository.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, signUp, type SignedUp } from '../../test/factories.ts';
import {
  apiRoutes,
  changedTables,
  fingerprint,
  invalidRequest,
  passes,
  routeName,
  sampleRequest,
  type Member,
  WALK_TIMEOUT_MS,
} from './security.test-helpers.ts';

/**
 * Routes that validate nothing a request could get wrong before the handler runs, so an admitted caller cannot
 * be shown to pass the access check without running it: only their refusals are checked. Uploads read their
 * multipart body in the handler; signing out and ending one's other sessions take no input at all (every signed-in
 * caller may, modules/auth/sessions.test.ts).
 */
const UNCHECKABLE_ADMISSIONS = [
  // The caller's own second factors: no path, query or body to get wrong, and open to every signed-in member.
  'DELETE /api/v1/auth/mfa/totp',
  'GET /api/v1/auth/mfa',
  'POST /api/v1/auth/mfa/passkeys/options',
  'POST /api/v1/auth/mfa/recovery-codes',
  'POST /api/v1/auth/mfa/totp',
  'POST /api/v1/auth/sessions/revoke-others',
  'POST /api/v1/auth/signout',
  'POST /api/v1/auth/step-up/options',
  'POST /api/v1/document',
  'POST /api/v1/image',
];

let t: TestApp;
/** One member of acme per tenant role, a platform admin and a suspended owner. */
const callers: { name: string; who: SignedUp; member: Member | null }[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  for (const role of tenantRole.options) {
    callers.push({
      name: role,
      who: await signUp(t.app, 'acme', { role }),
      member: { role, attributes: DEFAULT_ATTRIBUTES[role as TenantRole] },
    });
  }
  callers.push({
    name: 'platform admin',
    who: await signUp(t.app, 'acme', { admin: true }),
    member: { role: 'investor', attributes: {}, isPlatformAdmin: true },
  });
  const suspended = await signUp(t.app, 'acme', { role: 'owner' });
  await t.app.db.update(tenantMembers).set({ membershipStatus: 'suspended' }).where(eq(tenantMembers.userId, suspended.user._id));
  // A suspended membership passes nothing, whatever its role.
  callers.push({ name: 'suspended owner', who: suspended, member: null });
});
afterAll(async () => {
  await t?.close();
});

describe('every route declaring who may call it, called by each tenant role', () => {
  it(
    'refuses the roles it does not declare with 403, writing nothing, and lets the others past the check',
    async () => {
      const routes = apiRoutes(t.app).filter((r) => r.access && r.access !== 'public');
      const failures: string[] = [];
      let refused = 0;
      let admitted = 0;
      const unforceable = new Set<string>();
      for (const route of routes) {
        // One fingerprint around all the route's calls: refused or stopped at validation, none may write.
        const before = await fingerprint(t.app);
        for (const { name, who, member } of callers) {
          const headers = { host: who.host, ...bearer(who.token) };
          if (!member || !passes(route.access!, member)) {
            const request = sampleRequest(route);
            const res = await t.app.inject({ ...request, headers: { ...request.headers, ...headers } });
            if (res.statusCode !== 403 || !errorEnvelope.safeParse(res.json()).success)
              failures.push(`${routeName(route)} as ${name}: expected 403, got ${res.statusCode} ${res.body.slice(0, 120)}`);
            refused++;
            continue;
          }
          // Let through: an invalid request must reach validation (400), so the access check passed and nothing ran.
          const request = invalidRequest(route);
          if (!request) {
            unforceable.add(routeName(route));
            continue;
          }
          const res = await t.app.inject({ ...request, headers: { ...request.headers, ...headers } });
          if (res.statusCode !== 400)
            failures.push(
              `${routeName(route)} as ${name}: expected to pass the access check (400 on an invalid request), got ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
          admitted++;
        }
        const changed = changedTables(before, await fingerprint(t.app));
        if (changed.length)
          failures.push(
            `${routeName(route)} wrote to ${changed.join(', ')} when called by the roles it refuses, or with an invalid request`,
          );
      }
      expect(failures).toEqual([]);
      expect(refused).toBeGreaterThan(500);
      expect(admitted).toBeGreaterThan(1000);
      expect([...unforceable].sort()).toEqual(UNCHECKABLE_ADMISSIONS);
    },
    WALK_TIMEOUT_MS,
  );
});
