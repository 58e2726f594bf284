import { runInNewContext } from 'node:vm';
import { EARLY_GETS_GLOBAL, EARLY_GETS_ID, institutionApiPath, institutionDashboardOffers, offerListApiPath } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { EARLY_GETS_SCRIPT, earlyGets, earlyGetsHead } from './early-gets.ts';

const TENANT = 'a1a1a1a1a1a1a1a1a1a1a1a1';
const INSTITUTION = 'd4d4d4d4d4d4d4d4d4d4d4d4';
const HOUR = 3_600_000;

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (expiresInMs: number) =>
  `${base64url({ alg: 'HS256' })}.${base64url({ exp: Math.floor((Date.now() + expiresInMs) / 1000), pad: '??>>~~' })}.c2ln`;

const raise = (overrides: Record<string, unknown> = {}, preferences: Record<string, unknown> = {}) => ({
  token: token(HOUR),
  user: { _id: 'b2b2b2b2b2b2b2b2b2b2b2b2' },
  mfaSetupRequired: false,
  tenantMember: { preferences: { appMode: 'institution', institution: INSTITUTION, ...preferences } },
  ...overrides,
});

/** A fetch's answer as far as the script reads it: a 200 for the institution, a 404 for anything else. */
const response = (url: string) => {
  const ok = url.includes('/institutions/');
  return { url, ok, clone: () => ({ json: () => Promise.resolve({ data: { from: url } }) }) };
};

/** Runs EARLY_GETS_SCRIPT over the page's JSON and this stored session: the requests it started, and what it left. */
function run(gets: unknown, session: unknown) {
  const requests: { url: string; headers: Record<string, string> }[] = [];
  const window: Record<string, unknown> = {};
  runInNewContext(EARLY_GETS_SCRIPT, {
    document: { getElementById: (id: string) => (id === EARLY_GETS_ID ? { textContent: JSON.stringify(gets) } : null) },
    localStorage: { getItem: (key: string) => (key === 'tessera.session' && session !== undefined ? JSON.stringify(session) : null) },
    fetch: (url: string, init: { headers: Record<string, string> }) => {
      requests.push({ url, headers: init.headers });
      return Promise.resolve(response(url));
    },
    atob,
    window,
  });
  return {
    requests,
    left: window[EARLY_GETS_GLOBAL] as
      | { token: string; gets: Record<string, Promise<unknown>>; json: Record<string, Promise<unknown>> }
      | undefined,
  };
}

describe("a Raise mode page's early GETs", () => {
  it("are the institution everywhere in the area, and the dashboard's three newest offers, as the app spells them", () => {
    const institution = `/api/v1${institutionApiPath(TENANT, 'EARLYGETSINSTITUTION')}`;
    expect(earlyGets(TENANT, '/institution/dashboard')).toEqual([
      institution,
      `/api/v1${offerListApiPath(TENANT, institutionDashboardOffers('EARLYGETSINSTITUTION'))}`,
    ]);
    expect(earlyGets(TENANT, '/institution/dashboard')[1]).toBe(`/api/v1/tenant/${TENANT}/offers?institution=EARLYGETSINSTITUTION&limit=3`);
    for (const path of ['/institution', '/institution/leads', '/institution/offers/x/details', '/institution/settings/team'])
      expect(earlyGets(TENANT, path), path).toEqual([institution]);
    // Where none is picked yet, and outside the area.
    for (const path of ['/institution/list', '/institutions', '/investor/dashboard', '/', '/tenant/marketplace/institutions/x'])
      expect(earlyGets(TENANT, path), path).toEqual([]);
    expect(earlyGetsHead(null, '/institution/dashboard')).toBe('');
    expect(earlyGetsHead(TENANT, '/investor/dashboard')).toBe('');
    expect(earlyGetsHead(TENANT, '/institution/leads')).toBe(
      `<script id="${EARLY_GETS_ID}" type="application/json">${JSON.stringify([institution])}</script><script>${EARLY_GETS_SCRIPT}</script>`,
    );
  });

  it("are started with the session's token for its picked institution, and left for the app by path", async () => {
    const session = raise();
    const { requests, left } = run(earlyGets(TENANT, '/institution/dashboard'), session);
    const urls = [
      `/api/v1/tenant/${TENANT}/institutions/${INSTITUTION}`,
      `/api/v1/tenant/${TENANT}/offers?institution=${INSTITUTION}&limit=3`,
    ];
    expect(requests).toEqual(
      urls.map((url) => ({ url, headers: { Accept: 'application/json', Authorization: `Bearer ${session.token}` } })),
    );
    expect(left?.token).toBe(session.token);
    expect(Object.keys(left?.gets ?? {})).toEqual(urls);
    for (const url of urls) await expect(left?.gets[url]).resolves.toMatchObject({ url });
    // The bodies of the 2xx answers, from copies, for the first screen; null for a refusal.
    await expect(left?.json[urls[0]!]).resolves.toEqual({ data: { from: urls[0] } });
    await expect(left?.json[urls[1]!]).resolves.toBeNull();
  });

  it('are not started for a session the app would not keep on the page', () => {
    const gets = earlyGets(TENANT, '/institution/dashboard');
    const refused = [
      undefined,
      'not a session',
      raise({ token: token(-1000) }),
      raise({ token: 'a.b.c' }),
      raise({ token: 42 }),
      raise({ mfaSetupRequired: true }),
      raise({}, { appMode: 'investor' }),
      raise({}, { institution: null }),
      // Not an object id: nothing else is written into a path.
      raise({}, { institution: '../users' }),
      raise({}, { institution: `${INSTITUTION}?x=1` }),
      raise({ tenantMember: null }),
    ];
    for (const session of refused) expect(run(gets, session), JSON.stringify(session)).toEqual({ requests: [], left: undefined });
    expect(run('not a list', raise())).toEqual({ requests: [], left: undefined });
  });
});
