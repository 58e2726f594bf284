import {
  ACCOUNT_SECURITY_TEXTS,
  API_KEY_TEXTS,
  apiKeyScope,
  INSTITUTION_KEY_SCOPES,
  type ApiKey,
  type ApiKeyCreated,
} from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, roleAssignments, timelineEvents } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { hostOf, type TestApp } from '../../../test/build-test-app.ts';
import {
  bearer,
  callerOf,
  expireStepUp,
  lastMailTo,
  type Method,
  type SignedUp,
  signUp,
  someObjectId,
  stepUpWithPassword,
  useTestApp,
} from '../../../test/factories.ts';
import { hashApiKey } from './api-keys.service.ts';

let t: TestApp;
let owner: SignedUp;
let member: SignedUp;
let investor: SignedUp;
let admin: SignedUp;
let globexOwner: SignedUp;
useTestApp(async (app) => {
  t = app;
  [owner, member, investor, admin, globexOwner] = await Promise.all([
    signUp(t.app, 'acme', { role: 'owner' }),
    signUp(t.app, 'acme', { role: 'member' }),
    signUp(t.app, 'acme', { role: 'investor' }),
    signUp(t.app, 'acme', { admin: true }),
    signUp(t.app, 'globex', { role: 'owner' }),
  ]);
});

const call = callerOf(() => t.app);
const withKey = (slug: string, key: string, method: Method, path: string, header: 'bearer' | 'x-api-key' = 'bearer', payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1/${path}`,
    headers: { host: hostOf(slug), ...(header === 'bearer' ? bearer(key) : { 'x-api-key': key }) },
    ...(payload ? { payload } : {}),
  });

const acme = () => t.tenants.acme.id;
/** Every scope: what a tenant's key made before scopes existed could do (migration 0024). */
const ALL_SCOPES = apiKeyScope.options;
async function generate(kind: 'pvt' | 'pub', body: object = {}, who = owner, tenantId = acme()): Promise<ApiKeyCreated> {
  const sent = kind === 'pvt' && !('scopes' in body) ? { ...body, scopes: ALL_SCOPES } : body;
  const res = await call(who, 'POST', `tenant/${tenantId}/api-key/${kind}`, sent);
  expect(res.statusCode, res.body).toBe(201);
  const slug = tenantId === acme() ? 'acme' : 'globex';
  expect(res.headers.location).toBe(`/api/v1/tenant/${slug}/api-keys/${res.json().data._id}`);
  return res.json().data;
}
const list = async (): Promise<ApiKey[]> => (await call(owner, 'GET', `tenant/${acme()}/api-keys?limit=100`)).json().data;

describe('generating keys', () => {
  it('returns a private key once, stores only its hash and prefix, and records an event without the key', async () => {
    const created = await generate('pvt', { label: 'Billing sync' });
    expect(created.key).toMatch(/^tsk_live_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      kind: 'private',
      label: 'Billing sync',
      prefix: created.key.slice(0, 12),
      createdBy: owner.user._id,
      lastUsedAt: null,
      revokedAt: null,
    });

    const [row] = await t.app.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.tenantId, acme()), eq(apiKeys.id, created._id)));
    expect(row!.keyHash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const listed = (await list()).find((k) => k._id === created._id)!;
    expect(listed).toMatchObject({ kind: 'private', prefix: created.prefix, label: 'Billing sync' });
    expect(JSON.stringify(await list())).not.toContain(created.key);
    expect(listed).not.toHaveProperty('key');

    const events = await t.app.db
      .select()
      .from(timelineEvents)
      .where(and(eq(timelineEvents.tenantId, acme()), eq(timelineEvents.entityType, 'tenant')));
    const event = events.find((e) => e.meta.apiKey === created._id)!;
    expect(event).toMatchObject({ type: 'create', entity: acme(), userId: owner.user._id });
    expect(event.message).toContain(created.prefix);
    expect(event.meta.change).toMatchObject({ kind: { old: null, new: 'private' }, label: { old: null, new: 'Billing sync' } });
    expect(JSON.stringify(events)).not.toContain(created.key);
  });

  it('generates a public key with no label', async () => {
    const created = await generate('pub');
    expect(created.key).toMatch(/^tpk_live_/);
    expect(created).toMatchObject({ kind: 'public', label: null });
  });

  it('refuses a label that is too long, naming it, with nothing written', async () => {
    const before = (await list()).length;
    const res = await call(owner, 'POST', `tenant/${acme()}/api-key/pvt`, { label: 'x'.repeat(81) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('label');
    expect((await list()).length).toBe(before);
    expect((await call(owner, 'DELETE', `tenant/${acme()}/api-keys/not-an-id`)).statusCode).toBe(400);
  });

  it('is for owners and platform admins only; another tenant id is not found', async () => {
    for (const who of [member, investor]) {
      expect((await call(who, 'POST', `tenant/${acme()}/api-key/pvt`, {})).statusCode).toBe(403);
      expect((await call(who, 'GET', `tenant/${acme()}/api-keys`)).statusCode).toBe(403);
    }
    expect((await call(admin, 'GET', `tenant/${acme()}/api-keys`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `tenant/${t.tenants.globex.id}/api-keys`)).statusCode).toBe(404);
    expect((await call(owner, 'POST', `tenant/${t.tenants.globex.id}/api-key/pvt`, { scopes: ALL_SCOPES })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/tenant/${acme()}/api-keys`, headers: { host: owner.host } })).statusCode,
    ).toBe(401);
  });
});

describe('step-up', () => {
  it('asks a session confirmed more than ten minutes ago to confirm it is them before making or revoking a key', async () => {
    const keeper = await signUp(t.app, 'acme', { role: 'owner' });
    const made = (await call(keeper, 'POST', `tenant/${acme()}/api-key/pvt`, { scopes: ALL_SCOPES })).json().data as ApiKeyCreated;
    await expireStepUp(t.app, keeper);
    for (const [method, path] of [
      ['POST', `tenant/${acme()}/api-key/pvt`],
      ['POST', `tenant/${acme()}/api-key/pub`],
      ['DELETE', `tenant/${acme()}/api-keys/${made._id}`],
    ] as const) {
      const refused = await call(keeper, method, path, method === 'POST' ? {} : undefined);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.stepUpRequired);
    }
    // Reading them does not ask.
    expect((await call(keeper, 'GET', `tenant/${acme()}/api-keys`)).statusCode).toBe(200);
    await stepUpWithPassword(t.app, keeper);
    expect((await call(keeper, 'POST', `tenant/${acme()}/api-key/pvt`, { scopes: ALL_SCOPES })).statusCode).toBe(201);
    expect((await call(keeper, 'DELETE', `tenant/${acme()}/api-keys/${made._id}`)).statusCode).toBe(204);
  });
});

describe('authenticating with a key', () => {
  it('lets a private key call its tenant owner routes, in either header', async () => {
    const { key } = await generate('pvt');
    const res = await withKey('acme', key, 'GET', `tenant/${acme()}/api-keys`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await withKey('acme', key, 'GET', `tenant/${acme()}/api-keys`, 'x-api-key')).statusCode).toBe(200);
  });

  it('cannot make, or revoke, keys: only a signed-in owner can (issue #21)', async () => {
    const { key } = await generate('pvt');
    const other = await generate('pvt');
    const before = await list();
    for (const [method, path] of [
      ['POST', `tenant/${acme()}/api-key/pvt`],
      ['POST', `tenant/${acme()}/api-key/pub`],
      ['DELETE', `tenant/${acme()}/api-keys/${other._id}`],
      ['DELETE', `tenant/${acme()}/api-keys/${(await generate('pvt'))._id}`],
    ] as const) {
      for (const header of ['bearer', 'x-api-key'] as const) {
        const res = await withKey('acme', key, method, path, header);
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json().error.message).toBe('This call needs a signed-in user');
      }
    }
    // Nothing was made or revoked: the keys are the ones listed before, plus the one made for the last DELETE.
    const after = await list();
    expect(after).toHaveLength(before.length + 1);
    expect(after.every((k) => k.revokedAt === null || before.some((b) => b._id === k._id && b.revokedAt))).toBe(true);
    expect((await withKey('acme', other.key, 'GET', `tenant/${acme()}/api-keys`)).statusCode).toBe(200);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.paths['/tenant/{t}/api-key/pvt'].post.description).toContain('A signed-in owner only');
  });

  it("fails on another tenant's host, with a made-up key, and on routes that need a person", async () => {
    const { key } = await generate('pvt');
    expect((await withKey('globex', key, 'GET', `tenant/${t.tenants.globex.id}/api-keys`)).statusCode).toBe(401);
    expect((await withKey('globex', key, 'GET', `tenant/${acme()}/api-keys`)).statusCode).toBe(401);
    expect((await withKey('acme', `${key.slice(0, -2)}xx`, 'GET', `tenant/${acme()}/api-keys`)).statusCode).toBe(401);
    const signedIn = await withKey('acme', key, 'GET', 'business');
    expect(signedIn.statusCode).toBe(403);
    expect(signedIn.json().error.message).toBe('This call needs a signed-in user');
  });

  it('fails at once after revoke, and revoke is not found for another tenant', async () => {
    const created = await generate('pvt');
    expect((await withKey('acme', created.key, 'GET', `tenant/${acme()}/api-keys`)).statusCode).toBe(200);
    expect((await call(globexOwner, 'DELETE', `tenant/${t.tenants.globex.id}/api-keys/${created._id}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `tenant/${acme()}/api-keys/${someObjectId()}`)).statusCode).toBe(404);
    expect((await call(member, 'DELETE', `tenant/${acme()}/api-keys/${created._id}`)).statusCode).toBe(403);

    const revoked = await call(owner, 'DELETE', `tenant/${acme()}/api-keys/${created._id}`);
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe('');
    expect((await list()).find((k) => k._id === created._id)?.revokedAt).not.toBeNull();
    const after = await withKey('acme', created.key, 'GET', `tenant/${acme()}/api-keys`);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe('This API key has been revoked');
    const event = (await t.app.db.select().from(timelineEvents).where(eq(timelineEvents.tenantId, acme()))).find(
      (e) => e.meta.apiKey === created._id && e.type === 'update',
    )!;
    expect(event.meta.change).toMatchObject({ revokedAt: { old: null } });
  });

  it('gives a public key nothing off the marketplace', async () => {
    const { key } = await generate('pub');
    for (const path of [`tenant/${acme()}/api-keys`, 'business']) {
      const res = await withKey('acme', key, 'GET', path);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().error.message).toBe(API_KEY_TEXTS.publicKeyRefused);
    }
  });

  it('records the last use at most once a minute', async () => {
    const created = await generate('pvt');
    const lastUsed = async () =>
      (
        await t.app.db
          .select()
          .from(apiKeys)
          .where(and(eq(apiKeys.tenantId, acme()), eq(apiKeys.id, created._id)))
      )[0]!.lastUsedAt;
    await withKey('acme', created.key, 'GET', `tenant/${acme()}/api-keys`);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    t.clock.advance(30_000);
    await withKey('acme', created.key, 'GET', `tenant/${acme()}/api-keys`);
    expect(await lastUsed()).toEqual(first);
    t.clock.advance(31_000);
    await withKey('acme', created.key, 'GET', `tenant/${acme()}/api-keys`);
    expect((await lastUsed())!.getTime()).toBeGreaterThan(first!.getTime());
    expect((await list()).find((k) => k._id === created._id)!.lastUsedAt).not.toBeNull();
  });
});

describe('a private key as a service caller on the tenant admin routes', () => {
  const send = (key: string, method: Method, path: string, payload?: object) => withKey('acme', key, method, path, 'bearer', payload);

  it('lists members and creates a group, recording the key as the actor', async () => {
    const { key, prefix, _id: keyId } = await generate('pvt', { label: 'CRM sync' });
    const members = await send(key, 'GET', 'tenant/acme/members');
    expect(members.statusCode, members.body).toBe(200);
    expect(members.json().data.map((m: { user: string }) => m.user)).toContain(owner.user._id);

    const created = await send(key, 'POST', 'tenant/acme/groups', { name: `Synced ${Date.now()}`, description: 'From the CRM' });
    expect(created.statusCode, created.body).toBe(201);
    const groupId = created.json().data._id as string;

    const history = await send(key, 'GET', `tenant/acme/groups/${groupId}/events`);
    expect(history.statusCode, history.body).toBe(200);
    const [event] = history.json().data;
    expect(event).toMatchObject({
      type: 'create',
      user: null,
      userName: `API key ${prefix}…`,
      meta: { via: `API key ${prefix}…`, viaApiKey: keyId },
    });
    expect(event.message).toBe(`API key ${prefix}… created the group ${created.json().data.name}`);
  });

  it('reads and changes members, tenant details, contact, branding, events and the dashboard', async () => {
    const { key, prefix } = await generate('pvt');
    const invited = await send(key, 'POST', 'tenant/acme/members', {
      email: `api-${Date.now()}@example.com`,
      firstname: 'Ada',
      lastname: 'Api',
      role: 'member',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const memberId = invited.json().data._id as string;
    expect((await send(key, 'GET', `tenant/acme/members/${memberId}`)).statusCode).toBe(200);
    const renamed = await send(key, 'PUT', `tenant/acme/members/${memberId}/details`, { firstname: 'Adela' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const memberEvents = (await send(key, 'GET', `tenant/acme/members/${memberId}/events`)).json().data;
    expect(memberEvents.map((e: { userName: string }) => e.userName)).toEqual([`API key ${prefix}…`, `API key ${prefix}…`]);

    const details = await send(key, 'GET', `tenant/${acme()}/details`);
    expect(details.statusCode, details.body).toBe(200);
    const put = await send(key, 'PUT', `tenant/${acme()}/details`, {
      name: details.json().data.name,
      description: 'Updated by a server',
      website: null,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await send(key, 'PUT', `tenant/${acme()}/contact`, { contact: {} })).statusCode).toBe(200);
    const theme = (await t.app.inject({ method: 'GET', url: '/api/v1/tenant/acme/public', headers: { host: hostOf('acme') } })).json().data
      .branding.theme;
    expect((await send(key, 'PUT', `tenant/${acme()}/branding/theme`, theme)).statusCode).toBe(200);

    const events = await send(key, 'GET', `tenant/${acme()}/events?search=Updated`);
    expect(events.statusCode, events.body).toBe(200);
    const detailsEvent = (await send(key, 'GET', `tenant/${acme()}/events`))
      .json()
      .data.find((e: { message: string }) => e.message.includes('details updated'));
    expect(detailsEvent).toMatchObject({ user: null, userName: `API key ${prefix}…` });
    const dashboard = await send(key, 'GET', `tenant/${acme()}/dashboard`);
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().data.recentActivity[0].userName).toBe(`API key ${prefix}…`);
  });

  it('names the organization, not the key, in the invitation e-mail', async () => {
    const { key } = await generate('pvt');
    const email = `mailed-${Date.now()}@example.com`;
    expect(
      (await send(key, 'POST', 'tenant/acme/members', { email, firstname: 'Mo', lastname: 'Mailed', role: 'member' })).statusCode,
    ).toBe(201);
    const { mail } = await lastMailTo(t.app, email);
    expect(mail!.text).toContain(`${t.tenants.acme.name} invited you`);
  });

  it('fails at once when revoked', async () => {
    const created = await generate('pvt');
    expect((await send(created.key, 'GET', 'tenant/acme/members')).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `tenant/${acme()}/api-keys/${created._id}`)).statusCode).toBe(204);
    const res = await send(created.key, 'GET', 'tenant/acme/members');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('This API key has been revoked');
    expect((await send(created.key, 'POST', 'tenant/acme/groups', { name: 'Never made' })).statusCode).toBe(401);
  });

  it('gives a public key nothing', async () => {
    const { key } = await generate('pub');
    expect((await send(key, 'GET', 'tenant/acme/members')).statusCode).toBe(403);
    expect((await send(key, 'POST', 'tenant/acme/groups', { name: 'Public group' })).statusCode).toBe(403);
    expect((await send(key, 'GET', `tenant/${acme()}/dashboard`)).statusCode).toBe(403);
  });

  it("refuses another tenant's key on this host", async () => {
    const { key } = await generate('pvt', {}, globexOwner, t.tenants.globex.id);
    expect((await withKey('globex', key, 'GET', 'tenant/globex/members')).statusCode).toBe(200);
    for (const path of ['tenant/acme/members', `tenant/${acme()}/dashboard`, `tenant/${acme()}/details`]) {
      const res = await send(key, 'GET', path);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('This API key is not valid for this organization');
    }
  });

  it("keeps refusing routes that act on the caller's own user, and platform-admin routes", async () => {
    const { key } = await generate('pvt');
    const refused: [Method, string, object?][] = [
      ['GET', `user/${owner.user._id}`],
      ['GET', `user/${owner.user._id}/events`],
      ['POST', 'auth/signout'],
      ['GET', 'auth/sessions'],
      ['POST', 'auth/invite', { email: `x-${Date.now()}@example.com`, firstname: 'Xa', lastname: 'Vier', role: 'member' }],
      ['GET', 'tenant/mine'],
    ];
    for (const [method, path, payload] of refused) {
      const res = await send(key, method, path, payload);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().error.message).toBe('This call needs a signed-in user');
    }
    expect((await send(key, 'PUT', `tenant/${acme()}/verification`, { verificationStatus: 'approved' })).statusCode).toBe(403);
    expect((await send(key, 'GET', 'admin/user')).statusCode).toBe(403);
  });

  it('documents which routes accept a private key', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const accepts = (path: string, method: string) =>
      String(doc.paths[path][method].description).includes('private API key of this tenant');
    expect(accepts('/tenant/{t}/members', 'get')).toBe(true);
    expect(accepts('/tenant/{t}/groups', 'post')).toBe(true);
    expect(accepts('/tenant/{t}/dashboard', 'get')).toBe(true);
    expect(accepts('/tenant/{t}/branding/theme', 'put')).toBe(true);
    expect(accepts('/tenant/{tenantId}/verification', 'put')).toBe(false);
    expect(accepts('/tenant/{t}/api-keys', 'get')).toBe(true);
    expect(accepts('/tenant/{t}/api-key/pvt', 'post')).toBe(false);
    expect(accepts('/tenant/{t}/api-keys/{keyId}', 'delete')).toBe(false);
    expect(accepts('/user/{id}', 'get')).toBe(false);
  });
});

describe("an institution's keys (002 §7 tenant/{t}/institutions/{id}/api-key/pvt and /pub)", () => {
  let fund: string;
  let other: string;
  let offerOfFund: string;
  let offerOfOther: string;
  let teamOwner: SignedUp;
  let teamEditor: SignedUp;
  let teamMember: SignedUp;
  let viewer: SignedUp;
  let gpOther: SignedUp;

  const inst = (id: string, rest = '') => `tenant/acme/institutions/${id}${rest}`;
  async function makeInstitution(name: string): Promise<string> {
    const res = await call(owner, 'POST', 'tenant/acme/institutions', {
      name,
      slug: `${name.toLowerCase()}-${Date.now().toString(36)}`,
      descriptionShort: name,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data._id as string;
  }
  async function makeOffer(institution: string): Promise<string> {
    const res = await call(owner, 'POST', 'tenant/acme/offers', {
      name: `Offer of ${institution}`,
      slug: `offer-${institution}`,
      institution,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data._id as string;
  }
  async function onTeam(role: 'owner' | 'editor' | 'member' | 'viewer', institution: string): Promise<SignedUp> {
    // Editors carry institution:manage by default: GPs.
    const who = await signUp(t.app, 'acme', { role: 'editor' });
    await t.app.db
      .insert(roleAssignments)
      .values({ tenantId: acme(), id: newId(), userId: who.user._id, entityType: 'institution', entityId: institution, role });
    return who;
  }
  async function generateFor(institution: string, kind: 'pvt' | 'pub', who: SignedUp = owner, body: object = {}): Promise<ApiKeyCreated> {
    const sent = kind === 'pvt' && !('scopes' in body) ? { ...body, scopes: INSTITUTION_KEY_SCOPES } : body;
    const res = await call(who, 'POST', inst(institution, `/api-key/${kind}`), sent);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/tenant/acme/institutions/${institution}/api-keys/${res.json().data._id}`);
    return res.json().data;
  }
  /** Every key row (but its last use, which a refused key call still records) and every timeline event, to show a refused call wrote nothing. */
  const written = async () =>
    JSON.stringify({
      keys: (await t.app.db.select().from(apiKeys).orderBy(apiKeys.id)).map(({ lastUsedAt: _lastUsed, ...row }) => row),
      events: (await t.app.db.select({ id: timelineEvents.id }).from(timelineEvents)).length,
    });

  beforeAll(async () => {
    fund = await makeInstitution('Harbor');
    other = await makeInstitution('Other');
    offerOfFund = await makeOffer(fund);
    offerOfOther = await makeOffer(other);
    [teamOwner, teamEditor, teamMember, viewer, gpOther] = await Promise.all([
      onTeam('owner', fund),
      onTeam('editor', fund),
      onTeam('member', fund),
      onTeam('viewer', fund),
      onTeam('owner', other),
    ]);
  });

  it("the team's owners and editors and the tenant's owners generate, list and revoke them, recorded on the institution", async () => {
    const created = await generateFor(fund, 'pvt', teamEditor, { label: 'Data room sync' });
    expect(created.key).toMatch(/^tsk_live_/);
    expect(created).toMatchObject({
      kind: 'private',
      institution: fund,
      label: 'Data room sync',
      createdBy: teamEditor.user._id,
      revokedAt: null,
    });
    const [row] = await t.app.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.tenantId, acme()), eq(apiKeys.id, created._id)));
    expect(row).toMatchObject({ institutionId: fund, keyHash: hashApiKey(created.key) });
    const event = (await t.app.db.select().from(timelineEvents).where(eq(timelineEvents.entity, fund))).find(
      (e) => e.meta.apiKey === created._id,
    )!;
    expect(event).toMatchObject({
      type: 'create',
      entityType: 'tenant-institution',
      userId: teamEditor.user._id,
      meta: { change: { kind: { old: null, new: 'private' } } },
    });
    expect(event.message).toContain('of Harbor');
    expect(JSON.stringify(event)).not.toContain(created.key);

    const pub = await generateFor(fund, 'pub', teamOwner);
    expect(pub).toMatchObject({ kind: 'public', institution: fund });
    await generateFor(fund, 'pvt', owner);
    await generateFor(fund, 'pvt', admin);

    const listed = await call(teamOwner, 'GET', inst(fund, '/api-keys'));
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json().data as ApiKey[]).every((k) => k.institution === fund)).toBe(true);
    expect(JSON.stringify(listed.json())).not.toContain(created.key);
    // The tenant's own list keeps to the tenant's keys, and its revoke does not reach an institution's key.
    expect((await list()).some((k) => k.institution !== null)).toBe(false);
    expect((await call(owner, 'DELETE', `tenant/${acme()}/api-keys/${created._id}`)).statusCode).toBe(404);
    const tenantKey = await generate('pvt');
    expect((await call(owner, 'DELETE', inst(fund, `/api-keys/${tenantKey._id}`))).statusCode).toBe(404);
    // Nor does another institution's route.
    expect((await call(owner, 'DELETE', inst(other, `/api-keys/${created._id}`))).statusCode).toBe(404);

    const revoked = await call(teamOwner, 'DELETE', inst(fund, `/api-keys/${created._id}`));
    expect(revoked.statusCode, revoked.body).toBe(204);
    const after = (await call(teamOwner, 'GET', inst(fund, '/api-keys'))).json().data as ApiKey[];
    expect(after.find((k) => k._id === created._id)?.revokedAt).not.toBeNull();
    expect(
      (await t.app.db.select().from(timelineEvents).where(eq(timelineEvents.entity, fund))).some(
        (e) => e.meta.apiKey === created._id && e.type === 'update',
      ),
    ).toBe(true);
  });

  it('refuses a GP of another institution (404), the team members and viewers (403), investors (403) and another tenant (404), writing nothing', async () => {
    const key = await generateFor(fund, 'pvt');
    const before = await written();
    const calls: [Method, string, object?][] = [
      ['POST', inst(fund, '/api-key/pvt'), { scopes: ['offers:read'] }],
      ['POST', inst(fund, '/api-key/pub'), {}],
      ['GET', inst(fund, '/api-keys')],
      ['DELETE', inst(fund, `/api-keys/${key._id}`)],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(gpOther, method, path, body)).statusCode, `GP of another institution: ${method} ${path}`).toBe(404);
      for (const who of [teamMember, viewer]) {
        const res = await call(who, method, path, body);
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json().error.message).toBe(
          "Only the owners and editors of the institution's team (and the organization owners) can manage its API keys",
        );
      }
      expect((await call(investor, method, path, body)).statusCode).toBe(403);
      // globex's owner, on globex's address, naming globex: acme's institution is not there.
      expect(
        (await call(globexOwner, method, path.replace('tenant/acme/', 'tenant/globex/'), body)).statusCode,
        `other tenant: ${method} ${path}`,
      ).toBe(404);
    }
    expect(await written()).toBe(before);
    const invalid = await call(owner, 'POST', inst(fund, '/api-key/pvt'), { label: 'x'.repeat(81) });
    expect(invalid.statusCode).toBe(400);
    expect(await written()).toBe(before);
  });

  it('a private institution key reads its institution and its offers, nothing else', async () => {
    const { key } = await generateFor(fund, 'pvt', teamOwner);
    const get = (path: string, header: 'bearer' | 'x-api-key' = 'bearer') => withKey('acme', key, 'GET', path, header);

    const institution = await get(inst(fund));
    expect(institution.statusCode, institution.body).toBe(200);
    expect(institution.json().data).toMatchObject({ _id: fund, name: 'Harbor', slug: null, isTeamMember: false });
    expect((await get(inst(fund), 'x-api-key')).statusCode).toBe(200);
    const offersOfFund = await get(inst(fund, '/offers'));
    expect(offersOfFund.statusCode, offersOfFund.body).toBe(200);
    expect(offersOfFund.json().data.map((o: { _id: string }) => o._id)).toEqual([offerOfFund]);
    const allOffers = await get('tenant/acme/offers');
    expect(allOffers.statusCode, allOffers.body).toBe(200);
    expect(allOffers.json().data.map((o: { _id: string }) => o._id)).toEqual([offerOfFund]);
    expect((await get(`tenant/acme/offers?institution=${other}`)).json().meta.total).toBe(0);
    const offer = await get(`tenant/acme/offers/${offerOfFund}`);
    expect(offer.statusCode, offer.body).toBe(200);
    expect(offer.json().data).toMatchObject({ _id: offerOfFund, institution: { _id: fund } });

    // Another institution and its offers are unknown to it.
    expect((await get(inst(other))).statusCode).toBe(404);
    expect((await get(inst(other, '/offers'))).statusCode).toBe(404);
    expect((await get(`tenant/acme/offers/${offerOfOther}`)).statusCode).toBe(404);

    // Everything else is refused, writes first.
    const before = await written();
    const refused: [Method, string][] = [
      ['PUT', `tenant/acme/offers/${offerOfFund}/config`],
      ['DELETE', `tenant/acme/offers/${offerOfFund}`],
      ['GET', `tenant/acme/offers/${offerOfFund}/events`],
      ['PUT', inst(fund, '/contact')],
      ['GET', inst(fund, '/team')],
      ['GET', inst(fund, '/events')],
      ['GET', 'tenant/acme/institutions'],
      ['GET', inst(fund, '/api-keys')],
      ['POST', inst(fund, '/api-key/pvt')],
      ['GET', `tenant/${acme()}/api-keys`],
      ['POST', `tenant/${acme()}/api-key/pvt`],
      ['GET', 'business'],
    ];
    for (const [method, path] of refused) {
      const res = await withKey('acme', key, method, path);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().error.message).toBe("An institution's API key can only reach its institution, its offers and its leads");
    }
    expect(await written()).toBe(before);
    // Only on its own tenant's address.
    expect((await withKey('globex', key, 'GET', `tenant/globex/institutions/${fund}`)).statusCode).toBe(401);
  });

  it('a public institution key authorizes nothing; a revoked key fails at once; deleting the institution deletes its keys', async () => {
    const pub = await generateFor(fund, 'pub');
    expect((await withKey('acme', pub.key, 'GET', inst(fund))).statusCode).toBe(403);

    const pvt = await generateFor(fund, 'pvt');
    expect((await withKey('acme', pvt.key, 'GET', inst(fund))).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', inst(fund, `/api-keys/${pvt._id}`))).statusCode).toBe(204);
    const after = await withKey('acme', pvt.key, 'GET', inst(fund));
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe('This API key has been revoked');

    const gone = await makeInstitution('Gone');
    const doomed = await generateFor(gone, 'pvt');
    expect((await call(owner, 'DELETE', `tenant/acme/institutions/${gone}`)).statusCode).toBe(204);
    expect(await t.app.db.select().from(apiKeys).where(eq(apiKeys.institutionId, gone))).toEqual([]);
    expect((await withKey('acme', doomed.key, 'GET', inst(gone))).statusCode).toBe(401);
  });
});
