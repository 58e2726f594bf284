import { apiKeyScope, errorEnvelope, INSTITUTION_KEY_SCOPES } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../plugins/route-table.ts';
import { DEFAULT_ATTRIBUTES, findMember } from '../modules/tenants/tenant-members.repository.ts';
import { buildTestApp, hostOf, type TestApp } from '../../test/build-test-app.ts';
import { bearer, signUp, type SignedUp } from '../../test/factories.ts';
import { ENTITY_FACTORIES, entityParams, factoryFor, isolationContext, type IsolationContext } from './isolation.registry.ts';
import {
  apiRoutes,
  changedTables,
  fingerprint,
  paramNames,
  passes,
  routeName,
  sampleRequest,
  type Member,
  WALK_TIMEOUT_MS,
} from './security.test-helpers.ts';

/**
 * Routes with an entity id in their path that no factory covers, each with the reason. A new route with an id
 * parameter fails this suite until a factory in isolation.registry.ts covers it or it is listed here.
 */
const ALLOW_LIST: Record<string, string> = {
  // Development only (DEV_MAILBOX, never in production): reads the local outbox of every tenant by design.
  'GET /api/v1/dev/mailbox/:id': 'dev-only outbox, deliberately not tenant-scoped',
  // Public by design (a sponsor checks a shared letter): found in the host's tenant only; another tenant's host is a
  // 404 (applications/certificates.test.ts).
  'GET /api/v1/certificate/:code': "a certificate's public check, scoped to the host's tenant",
};

type Rule = { status: number; why: string };

/**
 * What tenant B's owner gets where it is not 404 (or 403 from the route's declared access): entities public
 * across tenants by design. Keyed by route ('METHOD /url') or by route prefix; the most specific wins.
 */
// None today: a tenant's public view and branding images answer on the tenant's own address only (`{t}`, issue #16).
const OTHER_TENANT: Record<string, Rule> = {};

/**
 * What another user of tenant A, with no grant on the entity, gets where it is not 404 (or 403 from the route's
 * declared access): routes that open the entity to the whole tenant, or refuse the caller before looking at it.
 * One map per such caller, keyed like OTHER_TENANT. Routes naming no entity but the tenant are left to the role
 * matrix: membership of the tenant is the grant.
 */
const SAME_TENANT: Record<'member' | 'gp', Record<string, Rule>> = {
  member: {
    // Raise mode (institutions and their offers) refuses anyone without institution:manage before it looks at the
    // entity: the same 403 for every id, so nothing leaks (documented on the routes).
    '/api/v1/tenant/:t/institutions/:id': { status: 403, why: 'raise mode is refused to members without institution:manage' },
    '/api/v1/tenant/:t/offers/:id': { status: 403, why: 'raise mode is refused to members without institution:manage' },
    '/api/v1/tenant/:t/leads/:id': { status: 403, why: 'raise mode is refused to members without institution:manage' },
    'GET /api/v1/image/:id': {
      status: 200,
      why: 'images are served to every member of the tenant they were uploaded in (avatars, logos in shared views)',
    },
    'GET /api/v1/user/:id/image/:imageId': {
      status: 200,
      why: "a user's picture is shown to every member of the tenant it was uploaded in",
    },
  },
  gp: {
    'GET /api/v1/image/:id': { status: 200, why: 'as for a member' },
    'GET /api/v1/user/:id/image/:imageId': { status: 200, why: 'as for a member' },
  },
};

const TENANT_ROUTE = /^\/api\/v1\/tenant\/:\w+/;
const normalise = (url: string) => url.replace(/:\w+/g, ':');

function ruleFor(rules: Record<string, Rule>, route: RouteEntry): Rule | undefined {
  if (rules[routeName(route)]) return rules[routeName(route)];
  const url = normalise(route.url);
  const key = Object.keys(rules)
    .filter((prefix) => prefix.startsWith('/') && (url === normalise(prefix) || url.startsWith(`${normalise(prefix)}/`)))
    .sort((a, b) => b.length - a.length)[0];
  return key ? rules[key] : undefined;
}

let t: TestApp;
let ctx: IsolationContext;
let outsider: SignedUp;
/** Users of tenant A with no grant on anything: a plain member (as signed up), and a GP (editor: institution:manage) on no team. */
const insiders: { kind: 'member' | 'gp'; who: string; caller: SignedUp; member: Member }[] = [];
/** Service principals: tenant B's private API key, and the key of another institution of tenant A. */
let outsiderKey: string;
let institutionKey: string;

beforeAll(async () => {
  t = await buildTestApp();
  outsider = await signUp(t.app, 'globex', { role: 'owner' });
  ctx = await isolationContext(t);
  const member = await signUp(t.app, 'acme');
  const role = (await findMember(t.app.db, t.tenants.acme.id, member.user._id))!.role;
  insiders.push({
    kind: 'member',
    who: `tenant A's ${role} without a grant`,
    caller: member,
    member: { role, attributes: DEFAULT_ATTRIBUTES[role] },
  });
  const globexKey = await ctx.send<{ key: string }>(outsider, {
    method: 'POST',
    url: `/api/v1/tenant/${t.tenants.globex.id}/api-key/pvt`,
    payload: { scopes: apiKeyScope.options },
  });
  outsiderKey = globexKey.key;
  const [, otherInstitution] = await ENTITY_FACTORIES.find((f) => f.prefix === '/api/v1/tenant/:t/institutions/:id')!.create(ctx);
  const url = `/api/v1/tenant/${t.tenants.acme.id}/institutions/${otherInstitution}/api-key/pvt`;
  institutionKey = (await ctx.send<{ key: string }>(ctx.owner, { method: 'POST', url, payload: { scopes: INSTITUTION_KEY_SCOPES } })).key;
  const gp = await signUp(t.app, 'acme', { role: 'editor' });
  insiders.push({
    kind: 'gp',
    who: 'an editor of tenant A on no team, without a grant',
    caller: gp,
    member: { role: 'editor', attributes: DEFAULT_ATTRIBUTES.editor },
  });
});
afterAll(async () => {
  await t?.close();
});

const entityRoutes = () => apiRoutes(t.app).filter((r) => entityParams(r).length > 0);

describe('every route with an entity id in its path', () => {
  it('is covered by a factory or allow-listed with a reason', () => {
    const uncovered = entityRoutes()
      .filter((r) => !factoryFor(r) && !ALLOW_LIST[routeName(r)])
      .map(routeName);
    expect(uncovered.map((name) => `${name}: add a factory to isolation.registry.ts or allow-list it with a reason`)).toEqual([]);
    const stale = Object.keys(ALLOW_LIST).filter((name) => !entityRoutes().some((r) => routeName(r) === name));
    expect(stale, 'allow-listed routes that no longer exist').toEqual([]);
  });

  it(
    "answers 404 (or the declared 403) to another tenant's owner and key, to users and keys of the tenant without a grant, and 401 to no one, writing nothing",
    async () => {
      const failures: string[] = [];
      const counts = { routes: 0, calls: 0 };
      const ownerMember = { role: 'owner', attributes: DEFAULT_ATTRIBUTES.owner };
      for (const route of entityRoutes()) {
        const factory = factoryFor(route);
        if (!factory) continue;
        counts.routes++;
        const values = await ctx.of(factory.prefix);
        const names = paramNames(route.url);
        const given = Object.fromEntries(values.map((value, i) => [names[i]!, value]));
        const access = route.access!;
        const nested = TENANT_ROUTE.test(route.url) && entityParams(route).length > 1;
        const outsiderExpects = !passes(access, ownerMember) ? 403 : (ruleFor(OTHER_TENANT, route)?.status ?? 404);
        const bTenant = { ...given, [names[0]!]: t.tenants.globex.id };
        const as = (who: SignedUp) => ({ host: who.host, ...bearer(who.token) });
        const attempts: {
          who: string;
          headers: Record<string, string>;
          given: Record<string, string>;
          expected: number | readonly number[];
        }[] = [{ who: "tenant B's owner", headers: as(outsider), given, expected: outsiderExpects }];
        // On its own host, tenant B's owner names its own tenant and tenant A's entity.
        if (nested)
          attempts.push({ who: "tenant B's owner, naming tenant B", headers: as(outsider), given: bTenant, expected: outsiderExpects });
        if (access !== 'public') {
          const tenantOnly = TENANT_ROUTE.test(route.url) && entityParams(route).length === 1;
          for (const insider of tenantOnly ? [] : insiders) {
            const expected = !passes(access, insider.member) ? 403 : (ruleFor(SAME_TENANT[insider.kind], route)?.status ?? 404);
            attempts.push({ who: insider.who, headers: as(insider.caller), given, expected });
          }
          attempts.push({ who: 'no one signed in', headers: { host: hostOf('acme') }, given, expected: 401 });
          // Tenant B's private key acts as an owner where the route lists owners (or, declaring apiKeys, is open to every
          // signed-in member); a route that needs a person refuses it with the same 403 whatever the id, so either is
          // fine there. Anywhere else, 403.
          const keyPasses =
            (typeof access === 'object' && 'roles' in access && access.roles.includes('owner')) ||
            (route.apiKeys && access === 'signed-in');
          const keyHeaders = { host: hostOf('globex'), authorization: `Bearer ${outsiderKey}` };
          attempts.push({ who: "tenant B's private API key", headers: keyHeaders, given, expected: keyPasses ? [403, 404] : 403 });
          if (nested)
            attempts.push({
              who: "tenant B's private API key, naming tenant B",
              headers: keyHeaders,
              given: bTenant,
              expected: keyPasses ? [403, 404] : 403,
            });
          // Another institution's key reads only its own institution and offers.
          const institutionKeyHeaders = { host: hostOf('acme'), authorization: `Bearer ${institutionKey}` };
          if (!tenantOnly)
            attempts.push({
              who: "another institution's API key",
              headers: institutionKeyHeaders,
              given,
              expected: route.institutionKeys ? 404 : 403,
            });
        }
        // One fingerprint around all the route's calls keeps the file fast; a write names the route and its callers.
        const before = await fingerprint(t.app);
        for (const attempt of attempts) {
          counts.calls++;
          const request = sampleRequest(route, attempt.given);
          const res = await t.app.inject({ ...request, headers: { ...request.headers, ...attempt.headers } });
          const enveloped = res.statusCode < 400 || errorEnvelope.safeParse(res.json()).success;
          if (![attempt.expected].flat().includes(res.statusCode) || !enveloped) {
            failures.push(
              `${routeName(route)} as ${attempt.who} (${request.url}): expected ${attempt.expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
            );
          }
        }
        const changed = changedTables(before, await fingerprint(t.app));
        if (changed.length)
          failures.push(`${routeName(route)} wrote to ${changed.join(', ')}, called as ${attempts.map((a) => a.who).join('; ')}`);
      }
      expect(failures).toEqual([]);
      expect(counts.routes).toBeGreaterThan(150);
    },
    WALK_TIMEOUT_MS,
  );
});
