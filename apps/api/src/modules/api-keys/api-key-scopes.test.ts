import {
  API_KEY_MAX_DAYS,
  API_KEY_TEXTS,
  apiKeyLacksScope,
  apiKeyScope,
  INSTITUTION_KEY_SCOPES,
  institutionKeyScopeRefused,
  READ_ONLY_SCOPES,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyScope,
} from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiKeys, timelineEvents } from '../../db/schema/index.ts';
import { checkKeyDeclaration } from '../../plugins/auth.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import {
  bearer,
  callerOf,
  insertInstitution,
  type Method,
  type SignedUp,
  signUp,
  someObjectId,
  uniqueEmail,
  useTestApp,
} from '../../../test/factories.ts';
import { LISTED, marketplaceFactories } from '../marketplace/marketplace.test-helpers.ts';

/** Issue #23: scopes, expiry, last-used address, and public keys on the marketplace (with CORS). */
let t: TestApp;
let owner: SignedUp;
let globexOwner: SignedUp;
let fund: string;
let other: string;
let listedOffer: string;
useTestApp(async (app) => {
  t = app;
  [owner, globexOwner] = await Promise.all([signUp(t.app, 'acme', { role: 'owner' }), signUp(t.app, 'globex', { role: 'owner' })]);
  const f = marketplaceFactories(t);
  fund = await insertInstitution(t.app, t.tenants.acme.id, 'Scoped Fund', { type: 'fund' });
  other = await insertInstitution(t.app, t.tenants.acme.id, 'Other Fund', { type: 'fund' });
  listedOffer = await f.createOffer({ tenantId: t.tenants.acme.id, institutionId: fund, ...LISTED, name: 'Listed Tower' });
});

const call = callerOf(() => t.app);
const acme = () => t.tenants.acme.id;
const SITE = 'https://www.sponsor.example';

function keyCall(
  key: string,
  method: Method | 'OPTIONS',
  path: string,
  opts: { payload?: object; headers?: Record<string, string>; slug?: string } = {},
) {
  const request: InjectOptions = {
    method,
    url: `/api/v1/${path}`,
    headers: { host: hostOf(opts.slug ?? 'acme'), 'x-api-key': key, ...opts.headers },
    ...(opts.payload ? { payload: opts.payload } : {}),
  };
  return t.app.inject(request);
}

async function make(kind: 'pvt' | 'pub', body: object, path = `tenant/${acme()}`, who = owner): Promise<ApiKeyCreated> {
  const res = await call(who, 'POST', `${path}/api-key/${kind}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const withScopes = (...scopes: ApiKeyScope[]) => make('pvt', { scopes });
const row = async (id: string) =>
  (
    await t.app.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.tenantId, acme()), eq(apiKeys.id, id)))
  )[0]!;
/** Moves the clock on, and signs the owners in again: their sessions do not outlive it. */
async function advanceDays(days: number): Promise<void> {
  t.clock.advance(days * 86_400_000);
  [owner, globexOwner] = await Promise.all([signUp(t.app, 'acme', { role: 'owner' }), signUp(t.app, 'globex', { role: 'owner' })]);
}
const inDays = (days: number) => new Date(t.clock.now().getTime() + days * 86_400_000).toISOString();

describe('making a key with scopes, an expiry and allowed origins', () => {
  it('refuses what a key of its kind and owner cannot have, naming it, with nothing written', async () => {
    const count = async () => (await t.app.db.select().from(apiKeys).where(eq(apiKeys.tenantId, acme()))).length;
    const before = await count();
    const refusals: [string, object, string][] = [
      [`tenant/${acme()}/api-key/pvt`, {}, API_KEY_TEXTS.scopesRequired],
      [`tenant/${acme()}/api-key/pvt`, { label: 'No scopes' }, API_KEY_TEXTS.scopesRequired],
      [`tenant/${acme()}/api-key/pvt`, { scopes: [] }, API_KEY_TEXTS.scopesRequired],
      [`tenant/${acme()}/api-key/pvt`, { scopes: ['leads:delete'] }, 'scopes'],
      [
        `tenant/${acme()}/institutions/${fund}/api-key/pvt`,
        { scopes: ['offers:read', 'members:read'] },
        institutionKeyScopeRefused('members:read'),
      ],
      [`tenant/${acme()}/institutions/${fund}/api-key/pvt`, { scopes: ['tenant:write'] }, institutionKeyScopeRefused('tenant:write')],
      [`tenant/${acme()}/api-key/pub`, { scopes: ['leads:read'] }, API_KEY_TEXTS.publicScopes],
      [`tenant/${acme()}/api-key/pvt`, { scopes: ['leads:read'], expiresAt: inDays(-1) }, API_KEY_TEXTS.expiryPast],
      [`tenant/${acme()}/api-key/pvt`, { scopes: ['leads:read'], expiresAt: inDays(API_KEY_MAX_DAYS + 1) }, API_KEY_TEXTS.expiryTooFar],
      [`tenant/${acme()}/api-key/pvt`, { scopes: ['leads:read'], expiresAt: 'next year' }, 'expiresAt'],
      [`tenant/${acme()}/api-key/pvt`, { scopes: ['leads:read'], allowedOrigins: [SITE] }, API_KEY_TEXTS.originsPrivate],
      [`tenant/${acme()}/api-key/pub`, { allowedOrigins: ['https://www.sponsor.example/embed'] }, 'allowed origin'],
      [`tenant/${acme()}/api-key/pub`, { allowedOrigins: Array.from({ length: 11 }, (_, i) => `https://s${i}.example`) }, 'At most 10'],
    ];
    for (const [path, body, message] of refusals) {
      const res = await call(owner, 'POST', path, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    expect(await count()).toBe(before);
  });

  it('keeps the scopes, expiry and origins, lists them with a status, and records them on the timeline', async () => {
    const expiresAt = inDays(90);
    const created = await make('pvt', { label: 'CRM', scopes: ['leads:read', 'leads:write', 'leads:read'], expiresAt });
    expect(created).toMatchObject({
      scopes: ['leads:read', 'leads:write'],
      expiresAt,
      allowedOrigins: [],
      status: 'active',
      lastUsedIp: null,
    });
    const pub = await make('pub', { allowedOrigins: ['https://WWW.Sponsor.example', SITE] });
    expect(pub).toMatchObject({ kind: 'public', scopes: ['marketplace:read'], allowedOrigins: [SITE], expiresAt: null });
    // Asking a public key for marketplace:read is what it gets anyway.
    expect((await make('pub', { scopes: ['marketplace:read'] })).scopes).toEqual(['marketplace:read']);
    const institutionKey = await make('pvt', { scopes: INSTITUTION_KEY_SCOPES }, `tenant/${acme()}/institutions/${fund}`);
    expect(institutionKey.scopes).toEqual(INSTITUTION_KEY_SCOPES);

    const listed = (await call(owner, 'GET', `tenant/${acme()}/api-keys?limit=100`)).json().data as ApiKey[];
    expect(listed.find((k) => k._id === created._id)).toMatchObject({ scopes: ['leads:read', 'leads:write'], expiresAt, status: 'active' });

    const events = await t.app.db.select().from(timelineEvents).where(eq(timelineEvents.tenantId, acme()));
    const made = events.find((e) => e.meta.apiKey === created._id)!;
    expect(made.meta.change).toMatchObject({
      scopes: { old: null, new: ['leads:read', 'leads:write'] },
      expiresAt: { old: null, new: expiresAt },
    });
    expect(events.find((e) => e.meta.apiKey === pub._id)!.meta.change).toMatchObject({ allowedOrigins: { old: null, new: [SITE] } });
    expect(JSON.stringify(events)).not.toContain(created.key);
  });
});

describe('scopes on every route that accepts keys', () => {
  it('lets a read-only key read but not write (403 naming the scope), writing nothing', async () => {
    const { key } = await withScopes(...READ_ONLY_SCOPES);
    expect((await keyCall(key, 'GET', 'tenant/acme/members')).statusCode).toBe(200);
    expect((await keyCall(key, 'GET', `tenant/${acme()}/details`)).statusCode).toBe(200);
    expect((await keyCall(key, 'GET', `tenant/${acme()}/api-keys`)).statusCode).toBe(200);
    const groups = async () => (await keyCall(key, 'GET', 'tenant/acme/groups')).json().meta.total as number;
    const before = await groups();
    for (const [method, path, payload, scope] of [
      ['POST', 'tenant/acme/groups', { name: 'Never made' }, 'members:write'],
      ['PUT', `tenant/${acme()}/details`, { name: 'Renamed', description: null, website: null }, 'tenant:write'],
      ['PUT', 'tenant/acme/marketplace/settings', { handpickedOfferIds: [] }, 'tenant:write'],
      ['POST', 'tenant/acme/leads', { institution: fund, email: uniqueEmail('ro'), firstname: 'R', lastname: 'O' }, 'leads:write'],
    ] as const) {
      const res = await keyCall(key, method, path, { payload });
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().error.message).toBe(apiKeyLacksScope(scope));
    }
    expect(await groups()).toBe(before);
  });

  it('lets a leads:write key add a lead but not change branding or read members', async () => {
    const { key } = await withScopes('leads:write');
    const lead = await keyCall(key, 'POST', 'tenant/acme/leads', {
      payload: { institution: fund, email: uniqueEmail('crm'), firstname: 'Cee', lastname: 'Arem' },
    });
    expect(lead.statusCode, lead.body).toBe(201);
    const theme = (await t.app.inject({ method: 'GET', url: '/api/v1/tenant/acme/public', headers: { host: hostOf('acme') } })).json().data
      .branding.theme;
    const branding = await keyCall(key, 'PUT', `tenant/${acme()}/branding/theme`, { payload: theme });
    expect(branding.statusCode).toBe(403);
    expect(branding.json().error.message).toBe(apiKeyLacksScope('tenant:write'));
    const members = await keyCall(key, 'GET', 'tenant/acme/members');
    expect(members.statusCode).toBe(403);
    expect(members.json().error.message).toBe(apiKeyLacksScope('members:read'));
    // Reading the lead back needs leads:read.
    expect((await keyCall(key, 'GET', `tenant/acme/leads/${lead.json().data._id}`)).json().error.message).toBe(
      apiKeyLacksScope('leads:read'),
    );
  });

  it("lets a tenant's leads key work a CRM: list, read, change details and contact, notes and history", async () => {
    const { key, prefix } = await withScopes('leads:read', 'leads:write');
    const email = uniqueEmail('sync');
    const made = await keyCall(key, 'POST', 'tenant/acme/leads', {
      payload: { institution: fund, email, firstname: 'Syn', lastname: 'Ced' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data._id as string;
    const list = await keyCall(key, 'GET', `tenant/acme/leads?institution=${fund}&email=${encodeURIComponent(email)}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((l: { _id: string }) => l._id)).toEqual([id]);
    expect((await keyCall(key, 'GET', `tenant/acme/leads/${id}`)).json().data).toMatchObject({ _id: id, email });
    const details = await keyCall(key, 'PUT', `tenant/acme/leads/${id}/details`, {
      payload: {
        firstname: 'Synced',
        lastname: 'Ced',
        middlename: '',
        company: 'CRM Co',
        companyTitle: '',
        origin: 'api',
        interests: [],
        tags: ['crm'],
      },
    });
    expect(details.statusCode, details.body).toBe(200);
    const contact = await keyCall(key, 'PUT', `tenant/acme/leads/${id}/contact`, { payload: { email, phone: '+14045550123' } });
    expect(contact.statusCode, contact.body).toBe(200);
    const note = await keyCall(key, 'POST', `tenant/acme/leads/${id}/notes`, { payload: { content: 'Called from the CRM' } });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json().data.createdBy).toEqual({ _id: null, name: null });
    const noteId = note.json().data._id as string;
    expect((await keyCall(key, 'PUT', `tenant/acme/leads/${id}/notes/${noteId}`, { payload: { content: 'Edited' } })).statusCode).toBe(200);
    expect((await keyCall(key, 'GET', `tenant/acme/leads/${id}/notes`)).json().data[0]).toMatchObject({ content: 'Edited' });
    const history = await keyCall(key, 'GET', `tenant/acme/leads/${id}/events`);
    expect(history.statusCode, history.body).toBe(200);
    expect(JSON.stringify(history.json().data)).toContain(`API key ${prefix}…`);
    expect((await keyCall(key, 'DELETE', `tenant/acme/leads/${id}/notes/${noteId}`)).statusCode).toBe(204);
    // Deleting the lead, its image and its stats stay with people.
    const refused = await keyCall(key, 'DELETE', `tenant/acme/leads/${id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('This call needs a signed-in user');
    // A lead of an institution of another tenant is not found.
    expect((await keyCall(key, 'GET', `tenant/acme/leads?institution=${someObjectId()}`)).statusCode).toBe(404);
  });

  it("keeps an institution's key to its own institution, within its scopes", async () => {
    const { key } = await make('pvt', { scopes: ['offers:read'] }, `tenant/${acme()}/institutions/${fund}`);
    expect((await keyCall(key, 'GET', `tenant/acme/offers/${listedOffer}`)).statusCode).toBe(200);
    const institution = await keyCall(key, 'GET', `tenant/acme/institutions/${fund}`);
    expect(institution.statusCode).toBe(403);
    expect(institution.json().error.message).toBe(apiKeyLacksScope('institutions:read'));
    const wide = await make('pvt', { scopes: INSTITUTION_KEY_SCOPES }, `tenant/${acme()}/institutions/${fund}`);
    expect((await keyCall(wide.key, 'GET', `tenant/acme/institutions/${fund}`)).statusCode).toBe(200);
    expect((await keyCall(wide.key, 'GET', `tenant/acme/institutions/${other}`)).statusCode).toBe(404);
    expect((await keyCall(wide.key, 'GET', `tenant/acme/institutions/${other}/offers`)).statusCode).toBe(404);
    // Its own institution's leads, with the leads scopes; another institution's are not found.
    const mine = await keyCall(wide.key, 'POST', 'tenant/acme/leads', {
      payload: { institution: fund, email: uniqueEmail('inst'), firstname: 'In', lastname: 'St' },
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const leadId = mine.json().data._id as string;
    expect((await keyCall(wide.key, 'GET', `tenant/acme/leads?institution=${fund}`)).statusCode).toBe(200);
    expect((await keyCall(wide.key, 'GET', `tenant/acme/leads/${leadId}`)).statusCode).toBe(200);
    const note = await keyCall(wide.key, 'POST', `tenant/acme/leads/${leadId}/notes`, { payload: { content: 'From the data room' } });
    expect(note.statusCode, note.body).toBe(201);
    for (const [method, path, payload] of [
      ['POST', 'tenant/acme/leads', { institution: other, email: uniqueEmail('b'), firstname: 'B', lastname: 'B' }],
      ['GET', `tenant/acme/leads?institution=${other}`],
    ] as const) {
      const res = await keyCall(wide.key, method, path, payload ? { payload } : {});
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const otherLead = await call(owner, 'POST', 'tenant/acme/leads', {
      institution: other,
      email: uniqueEmail('o'),
      firstname: 'O',
      lastname: 'T',
    });
    expect(otherLead.statusCode, otherLead.body).toBe(201);
    expect((await keyCall(wide.key, 'GET', `tenant/acme/leads/${otherLead.json().data._id}`)).statusCode).toBe(404);
    // Routes that do not take an institution's key refuse it, whatever its scopes.
    const refused = await keyCall(wide.key, 'PUT', `tenant/acme/institutions/${fund}/contact`, { payload: { contact: {} } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe("An institution's API key can only reach its institution, its offers and its leads");
    // Without leads scopes, no leads.
    const lacking = await keyCall(key, 'GET', `tenant/acme/leads?institution=${fund}`);
    expect(lacking.statusCode).toBe(403);
    expect(lacking.json().error.message).toBe(apiKeyLacksScope('leads:read'));
  });

  it("lets a tenant's key read every institution and offer with institutions:read and offers:read", async () => {
    const { key } = await withScopes('institutions:read', 'offers:read');
    const institution = await keyCall(key, 'GET', `tenant/acme/institutions/${other}`);
    expect(institution.statusCode, institution.body).toBe(200);
    expect(institution.json().data).toMatchObject({ _id: other, isTeamMember: false });
    expect(institution.json().data.slug).not.toBeNull();
    const offers = await keyCall(key, 'GET', 'tenant/acme/offers?limit=100');
    expect(offers.statusCode, offers.body).toBe(200);
    expect(offers.json().data.map((o: { _id: string }) => o._id)).toContain(listedOffer);
    expect((await keyCall(key, 'GET', `tenant/acme/offers/${listedOffer}`)).json().data).toMatchObject({ institution: { _id: fund } });
    expect((await keyCall(key, 'GET', `tenant/acme/institutions/${fund}/offers`)).statusCode).toBe(200);
    expect((await keyCall(key, 'GET', `tenant/acme/offers/${someObjectId()}`)).statusCode).toBe(404);
    // Changing them stays with people (the offer and institution services need one).
    const refused = await keyCall(key, 'PUT', `tenant/acme/institutions/${fund}/contact`, { payload: { contact: {} } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('This call needs a signed-in user');
    const onlyOffers = await withScopes('offers:read');
    expect((await keyCall(onlyOffers.key, 'GET', `tenant/acme/institutions/${fund}`)).json().error.message).toBe(
      apiKeyLacksScope('institutions:read'),
    );
  });

  it('fails at once once expired (401), and lists the key as expired', async () => {
    const created = await make('pvt', { scopes: ['members:read'], expiresAt: inDays(1) });
    expect((await keyCall(created.key, 'GET', 'tenant/acme/members')).statusCode).toBe(200);
    await advanceDays(1.01);
    const res = await keyCall(created.key, 'GET', 'tenant/acme/members');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(API_KEY_TEXTS.expired);
    const listed = (await call(owner, 'GET', `tenant/${acme()}/api-keys?limit=100`)).json().data as ApiKey[];
    expect(listed.find((k) => k._id === created._id)?.status).toBe('expired');
  });

  it('records the address of the last use with its time (the socket address; X-Forwarded-For only behind a trusted proxy)', async () => {
    const created = await withScopes('members:read');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tenant/acme/members',
      remoteAddress: '203.0.113.7',
      headers: { host: hostOf('acme'), ...bearer(created.key), 'x-forwarded-for': '198.51.100.9' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(created._id)).toMatchObject({ lastUsedIp: '203.0.113.7' });
    expect((await row(created._id)).lastUsedAt).not.toBeNull();
    const listed = (await call(owner, 'GET', `tenant/${acme()}/api-keys?limit=100`)).json().data as ApiKey[];
    expect(listed.find((k) => k._id === created._id)?.lastUsedIp).toBe('203.0.113.7');
  });
});

describe('a public key', () => {
  it('reads the marketplace, with CORS for its allowed origins only, and its use recorded', async () => {
    const pub = await make('pub', { allowedOrigins: [SITE] });
    const allowed = await keyCall(pub.key, 'GET', 'tenant/acme/marketplace/offers', { headers: { origin: SITE } });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().data.map((o: { _id: string }) => o._id)).toContain(listedOffer);
    expect(allowed.headers['access-control-allow-origin']).toBe(SITE);
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(allowed.headers.vary)).toContain('Origin');
    const elsewhere = await keyCall(pub.key, 'GET', 'tenant/acme/marketplace/offers', { headers: { origin: 'https://evil.example' } });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
    expect(String(elsewhere.headers.vary)).toContain('Origin');
    // As a bearer too, on the other marketplace reads.
    for (const path of [
      `tenant/acme/marketplace/offers/${listedOffer}`,
      'tenant/acme/marketplace/institutions',
      'tenant/acme/marketplace/showcase',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/${path}`,
        headers: { host: hostOf('acme'), ...bearer(pub.key), origin: SITE },
      });
      expect(res.statusCode, `${path} ${res.body}`).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(SITE);
    }
    expect((await row(pub._id)).lastUsedAt).not.toBeNull();
    // Without a key the marketplace stays public, without CORS.
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tenant/acme/marketplace/offers',
      headers: { host: hostOf('acme'), origin: SITE },
    });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("answers the browser's preflight of a marketplace read for any origin", async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/tenant/acme/marketplace/offers',
      headers: {
        host: hostOf('acme'),
        origin: 'https://any.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-api-key',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://any.example');
    expect(String(res.headers['access-control-allow-methods'])).toContain('GET');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('x-api-key');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const offer = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/v1/tenant/acme/marketplace/offers/${listedOffer}`,
      headers: { host: hostOf('acme'), origin: SITE, 'access-control-request-method': 'GET' },
    });
    expect(offer.statusCode).toBe(204);
  });

  it('is refused (403) on every write and every other route, public ones included', async () => {
    const pub = await make('pub', { allowedOrigins: [SITE] });
    const refused: [Method, string, object?][] = [
      ['POST', 'tenant/acme/leads', { institution: fund, email: uniqueEmail('pub'), firstname: 'P', lastname: 'K' }],
      ['PUT', 'tenant/acme/marketplace/settings', { handpickedOfferIds: [] }],
      ['GET', 'tenant/acme/marketplace/settings'],
      ['GET', 'tenant/acme/members'],
      ['GET', `tenant/acme/offers/${listedOffer}`],
      ['GET', 'business'],
      ['GET', 'tenant/acme/public'],
      ['POST', 'auth/signin', { email: owner.user.email, password: 'wrong-password-here' }],
    ];
    for (const [method, path, payload] of refused) {
      for (const headers of [{ 'x-api-key': pub.key }, bearer(pub.key)]) {
        const res = await t.app.inject({
          method,
          url: `/api/v1/${path}`,
          headers: { host: hostOf('acme'), ...headers },
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json().error.message).toBe(API_KEY_TEXTS.publicKeyRefused);
      }
    }
  });

  it('of another tenant, revoked or expired, is 401 on the marketplace', async () => {
    const foreign = await make('pub', {}, `tenant/${t.tenants.globex.id}`, globexOwner);
    expect((await keyCall(foreign.key, 'GET', 'tenant/globex/marketplace/offers', { slug: 'globex' })).statusCode).toBe(200);
    const res = await keyCall(foreign.key, 'GET', 'tenant/acme/marketplace/offers');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(API_KEY_TEXTS.otherTenant);

    const revoked = await make('pub', {});
    expect((await call(owner, 'DELETE', `tenant/${acme()}/api-keys/${revoked._id}`)).statusCode).toBe(204);
    const gone = await keyCall(revoked.key, 'GET', 'tenant/acme/marketplace/offers');
    expect(gone.statusCode).toBe(401);
    expect(gone.json().error.message).toBe(API_KEY_TEXTS.revoked);

    const expiring = await make('pub', { expiresAt: inDays(1) });
    await advanceDays(1.01);
    const expired = await keyCall(expiring.key, 'GET', 'tenant/acme/marketplace/showcase');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toBe(API_KEY_TEXTS.expired);
  });

  it("of an institution reads the tenant's whole public marketplace", async () => {
    const pub = await make('pub', {}, `tenant/${acme()}/institutions/${other}`);
    const res = await keyCall(pub.key, 'GET', `tenant/acme/marketplace/offers/${listedOffer}`);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('declaring and documenting the scope of a route', () => {
  it('refuses at start-up a route that accepts keys without naming its resource, or naming one that makes no scope', () => {
    const route = (config: object, method = 'GET') => ({ method, url: '/api/v1/tenant/:t/things', config });
    expect(() => checkKeyDeclaration(route({ access: 'signed-in', apiKeys: true }))).toThrow(/declares no config.keyResource/);
    expect(() => checkKeyDeclaration(route({ access: 'signed-in', institutionKeys: true }))).toThrow(/declares no config.keyResource/);
    expect(() => checkKeyDeclaration(route({ access: 'signed-in', apiKeys: true, keyResource: 'marketplace' }, 'PUT'))).toThrow(
      /marketplace:write, which does not exist/,
    );
    expect(() => checkKeyDeclaration(route({ access: 'signed-in', keyResource: 'leads' }))).toThrow(/accepts no API key/);
    expect(() => checkKeyDeclaration(route({ access: 'public', keyResource: 'leads' }))).toThrow(/only a marketplace read/);
    expect(() => checkKeyDeclaration(route({ access: 'public', keyResource: 'marketplace' }, 'POST'))).toThrow(/only a marketplace read/);
    expect(() => checkKeyDeclaration(route({ access: 'signed-in', apiKeys: true, keyResource: 'leads' }, 'POST'))).not.toThrow();
    expect(() => checkKeyDeclaration(route({ access: 'public' }))).not.toThrow();
    // Every route the app registered passed it: each one that takes keys names its resource.
    expect(t.app.routeTable.filter((r) => r.apiKeys || r.institutionKeys).length).toBeGreaterThan(30);
  });

  it('lists the scope in the security requirement of each operation that accepts keys', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.paths['/tenant/{t}/leads'].post.security).toEqual([{ bearer: [] }, { apiKey: ['leads:write'] }]);
    expect(doc.paths['/tenant/{t}/leads'].get.security).toEqual([{ bearer: [] }, { apiKey: ['leads:read'] }]);
    expect(doc.paths['/tenant/{t}/members'].get.security).toEqual([{ bearer: [] }, { apiKey: ['members:read'] }]);
    expect(doc.paths['/tenant/{t}/branding/theme'].put.security).toEqual([{ bearer: [] }, { apiKey: ['tenant:write'] }]);
    expect(doc.paths['/tenant/{t}/marketplace/offers'].get.security).toEqual([{}, { publicKey: ['marketplace:read'] }]);
    expect(doc.paths['/auth/signin'].post.security).toEqual([]);
    expect(doc.paths['/tenant/{t}/leads'].post.description).toContain(apiKeyLacksScope('leads:write'));
    for (const scope of apiKeyScope.options) expect(doc.components.securitySchemes.apiKey.description).toContain(scope);
    expect(doc.components.securitySchemes.publicKey.description).toContain(API_KEY_TEXTS.publicKeyRefused);
    // Every scope an operation lists exists.
    for (const item of Object.values(doc.paths) as Record<string, { security?: Record<string, string[]>[] }>[])
      for (const op of Object.values(item))
        for (const requirement of op.security ?? [])
          for (const scope of requirement.apiKey ?? []) expect(apiKeyScope.options).toContain(scope);
  });
});

describe('public keys with CORS_ORIGINS configured (@fastify/cors registered)', () => {
  it("answers any origin's preflight of a marketplace read, and leaves the configured origins to @fastify/cors", async () => {
    const app = await buildTestApp({ CORS_ORIGINS: 'https://app.example.com' });
    try {
      const preflight = (origin: string) =>
        app.app.inject({
          method: 'OPTIONS',
          url: '/api/v1/tenant/acme/marketplace/offers',
          headers: { host: hostOf('acme'), origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
        });
      const sponsor = await preflight(SITE);
      expect(sponsor.statusCode).toBe(204);
      expect(sponsor.headers['access-control-allow-origin']).toBe(SITE);
      expect(String(sponsor.headers['access-control-allow-headers']).toLowerCase()).toContain('x-api-key');
      expect(sponsor.headers['access-control-allow-credentials']).toBeUndefined();
      const own = await preflight('https://app.example.com');
      expect(own.statusCode).toBe(204);
      expect(own.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expect(own.headers['access-control-allow-credentials']).toBe('true');
      // Other paths keep @fastify/cors's answer: no origin but the configured ones.
      const elsewhere = await app.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/tenant/acme/members',
        headers: { host: hostOf('acme'), origin: SITE, 'access-control-request-method': 'GET' },
      });
      expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();

      const acmeOwner = await signUp(app.app, 'acme', { role: 'owner' });
      const res = await app.app.inject({
        method: 'POST',
        url: `/api/v1/tenant/${app.tenants.acme.id}/api-key/pub`,
        headers: { host: hostOf('acme'), ...bearer(acmeOwner.token) },
        payload: { allowedOrigins: [SITE] },
      });
      expect(res.statusCode, res.body).toBe(201);
      const read = await app.app.inject({
        method: 'GET',
        url: '/api/v1/tenant/acme/marketplace/offers',
        headers: { host: hostOf('acme'), origin: SITE, 'x-api-key': res.json().data.key },
      });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.headers['access-control-allow-origin']).toBe(SITE);
      expect(String(read.headers.vary)).toContain('Origin');
    } finally {
      await app.close();
    }
  });
});
