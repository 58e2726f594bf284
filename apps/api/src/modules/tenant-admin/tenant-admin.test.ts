import { newObjectId, type TenantDashboard, type TenantDetails } from '@tessera/domain';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenantMembers, tenants, timelineEvents } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { bearer, callerOf, type SignedUp, signUp, useTestApp } from '../../../test/factories.ts';
import { DEFAULT_ATTRIBUTES, insertMember } from '../tenants/index.ts';
import { uploadDocument } from '../documents/documents.test-helpers.ts';
import { dayKeys, tenantAddress } from './tenant-admin.service.ts';

let t: TestApp;
let owner: SignedUp;
let member: SignedUp;
let investor: SignedUp;
let admin: SignedUp;
let globexOwner: SignedUp;
let acmeId: string;
useTestApp(async (app) => {
  t = app;
  acmeId = t.tenants.acme.id;
  [owner, member, investor, admin, globexOwner] = await Promise.all([
    signUp(t.app, 'acme', { role: 'owner' }),
    signUp(t.app, 'acme', { role: 'member' }),
    signUp(t.app, 'acme', { role: 'investor' }),
    signUp(t.app, 'acme', { admin: true }),
    signUp(t.app, 'globex', { role: 'owner' }),
  ]);
});

type Method = 'GET' | 'PUT';
const call = callerOf(() => t.app);

const tenantEvents = async (id: string) =>
  t.app.db
    .select()
    .from(timelineEvents)
    .where(and(eq(timelineEvents.entityType, 'tenant'), eq(timelineEvents.entity, id)))
    .orderBy(timelineEvents.createdAt);
const acmeRow = async () => (await t.app.db.select().from(tenants).where(eq(tenants.id, acmeId)))[0]!;

const DETAILS = { name: 'Acme Capital Partners', description: 'Private credit and real estate', website: 'https://acme.example' };
const CONTACT = {
  contact: {
    emails: [{ _id: newObjectId(), email: 'ir@acme.example', emailType: 'work', isPrimary: true }],
    phones: [{ _id: newObjectId(), phone: '+15551234567' }],
  },
};

describe('tenant details, contact and verification', () => {
  it('lets an owner update the details, records old and new, and every page sees the new name at once', async () => {
    const before = await t.app.inject({ method: 'GET', url: `/api/v1/tenant/acme/public`, headers: { host: 'acme.localhost' } });
    expect(before.json().data.name).toBe('Acme Capital');
    const res = await call(owner, 'PUT', `tenant/${acmeId}/details`, DETAILS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data as TenantDetails).toMatchObject({ _id: acmeId, slug: 'acme', ...DETAILS, verificationStatus: 'not-started' });
    const after = await t.app.inject({ method: 'GET', url: `/api/v1/tenant/acme/public`, headers: { host: 'acme.localhost' } });
    expect(after.json().data.name).toBe(DETAILS.name);
    // The tenant segment is the tenant of the address by id or slug (issue #16, finding 8).
    const bySlug = await call(owner, 'GET', 'tenant/acme/details');
    expect(bySlug.statusCode, bySlug.body).toBe(200);
    expect(bySlug.json().data).toMatchObject({ _id: acmeId, name: DETAILS.name });
    expect((await call(owner, 'GET', 'tenant/globex/details')).statusCode).toBe(404);
    const [event] = (await tenantEvents(acmeId)).slice(-1);
    expect(event).toMatchObject({ type: 'update', userId: owner.user._id, tenantId: acmeId });
    expect(event!.meta.change).toEqual({
      name: { old: 'Acme Capital', new: DETAILS.name },
      description: { old: null, new: DETAILS.description },
      website: { old: null, new: DETAILS.website },
    });
    const read = await call(owner, 'GET', `tenant/${acmeId}/details`);
    expect(read.json().data).toMatchObject(DETAILS);
  });

  it('records nothing when nothing changed, and clears optional fields with empty values', async () => {
    const count = (await tenantEvents(acmeId)).length;
    await call(owner, 'PUT', `tenant/${acmeId}/details`, DETAILS);
    expect((await tenantEvents(acmeId)).length).toBe(count);
    const res = await call(owner, 'PUT', `tenant/${acmeId}/details`, { ...DETAILS, description: '-', website: '' });
    expect(res.json().data).toMatchObject({ description: null, website: null });
    expect((await tenantEvents(acmeId)).slice(-1)[0]!.meta.change).toEqual({
      description: { old: DETAILS.description, new: null },
      website: { old: DETAILS.website, new: null },
    });
    await call(owner, 'PUT', `tenant/${acmeId}/details`, DETAILS);
  });

  it('sets the support e-mail and the high-minimum path (off by default), records old and new, and keeps them when left out', async () => {
    expect((await call(owner, 'GET', `tenant/${acmeId}/details`)).json().data).toMatchObject({
      supportEmail: null,
      highMinimumPath: false,
    });
    const res = await call(owner, 'PUT', `tenant/${acmeId}/details`, {
      ...DETAILS,
      supportEmail: ' Help@Acme.example ',
      highMinimumPath: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ supportEmail: 'help@acme.example', highMinimumPath: true });
    expect((await tenantEvents(acmeId)).slice(-1)[0]!.meta.change).toEqual({
      supportEmail: { old: null, new: 'help@acme.example' },
      highMinimumPath: { old: false, new: true },
    });
    // The public view the investor pages read carries both at once.
    const view = await t.app.inject({ method: 'GET', url: `/api/v1/tenant/acme/public`, headers: { host: 'acme.localhost' } });
    expect(view.json().data).toMatchObject({ supportEmail: 'help@acme.example', highMinimumPath: true });
    // A client that sends only name, description and website changes neither.
    const count = (await tenantEvents(acmeId)).length;
    await call(owner, 'PUT', `tenant/${acmeId}/details`, DETAILS);
    expect((await tenantEvents(acmeId)).length).toBe(count);
    expect(await acmeRow()).toMatchObject({ supportEmail: 'help@acme.example', highMinimumPath: true });
    const cleared = await call(owner, 'PUT', `tenant/${acmeId}/details`, { ...DETAILS, supportEmail: '', highMinimumPath: false });
    expect(cleared.json().data).toMatchObject({ supportEmail: null, highMinimumPath: false });
    expect((await tenantEvents(acmeId)).slice(-1)[0]!.meta.change).toEqual({
      supportEmail: { old: 'help@acme.example', new: null },
      highMinimumPath: { old: true, new: false },
    });
  });

  it.each([
    ['supportEmail', { ...DETAILS, supportEmail: 'help@' }, 'Enter a valid email address'],
    ['highMinimumPath', { ...DETAILS, highMinimumPath: 'yes' }, 'boolean'],
    ['name', { ...DETAILS, name: '  ' }, 'Name is required'],
    ['name', { description: null, website: null }, 'Name is required'],
    ['website', { ...DETAILS, website: 'acme.example' }, 'Enter a full web address'],
    ['description', { ...DETAILS, description: 'x'.repeat(2001) }, 'at most 2000'],
  ])('refuses a bad %s with 400 naming it and writes nothing', async (field, body, message) => {
    const [rowBefore, eventsBefore] = [await acmeRow(), (await tenantEvents(acmeId)).length];
    const res = await call(owner, 'PUT', `tenant/${acmeId}/details`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(field);
    expect(res.json().error.message).toContain(message);
    expect(await acmeRow()).toEqual(rowBefore);
    expect((await tenantEvents(acmeId)).length).toBe(eventsBefore);
  });

  it('updates the contact with an event holding old and new', async () => {
    const res = await call(owner, 'PUT', `tenant/${acmeId}/contact`, CONTACT);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data.contact;
    expect(saved.emails[0]).toMatchObject({ email: 'ir@acme.example', isPrimary: true, isEnabled: true });
    expect(saved.addresses).toEqual([]);
    const [event] = (await tenantEvents(acmeId)).slice(-1);
    expect(event!.message).toContain('contact');
    expect(event!.meta.change!.contact).toMatchObject({ old: { emails: [] }, new: { emails: [{ email: 'ir@acme.example' }] } });
  });

  it('refuses a bad contact with 400 and writes nothing', async () => {
    const rowBefore = await acmeRow();
    const two = {
      contact: {
        emails: [
          { _id: newObjectId(), email: 'a@acme.example', isPrimary: true },
          { _id: newObjectId(), email: 'b@acme.example', isPrimary: true },
        ],
      },
    };
    for (const body of [{ contact: { emails: [{ _id: newObjectId(), email: 'not-an-email' }] } }, two, {}]) {
      const res = await call(owner, 'PUT', `tenant/${acmeId}/contact`, body);
      expect(res.statusCode).toBe(400);
    }
    expect(await acmeRow()).toEqual(rowBefore);
  });

  it('lets only platform admins set the verification status', async () => {
    for (const who of [owner, member]) {
      const res = await call(who, 'PUT', `tenant/${acmeId}/verification`, { verificationStatus: 'approved' });
      expect(res.statusCode).toBe(403);
    }
    const res = await call(admin, 'PUT', `tenant/${acmeId}/verification`, { verificationStatus: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.verificationStatus).toBe('approved');
    const [event] = (await tenantEvents(acmeId)).slice(-1);
    expect(event).toMatchObject({
      type: 'status',
      userId: admin.user._id,
      meta: { change: { verificationStatus: { old: 'not-started', new: 'approved' } } },
    });
    const bad = await call(admin, 'PUT', `tenant/${acmeId}/verification`, { verificationStatus: 'done' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('verificationStatus');
  });

  it("lets a platform admin set another tenant's verification, recorded on that tenant's timeline", async () => {
    const globexId = t.tenants.globex.id;
    const res = await call(admin, 'PUT', `tenant/${globexId}/verification`, { verificationStatus: 'rejected' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ _id: globexId, slug: 'globex', verificationStatus: 'rejected' });
    const [event] = (await tenantEvents(globexId)).slice(-1);
    expect(event).toMatchObject({
      tenantId: globexId,
      type: 'status',
      userId: admin.user._id,
      meta: { change: { verificationStatus: { old: 'not-started', new: 'rejected' } } },
    });
    // The tenant's own owners see it in their settings history, and the change reaches the admin's tenant view.
    const ownerView = await call(globexOwner, 'GET', `tenant/${globexId}/events?search=verification`);
    expect(ownerView.json().data[0]).toMatchObject({ user: admin.user._id, meta: { change: { verificationStatus: { new: 'rejected' } } } });
    expect((await call(admin, 'GET', `tenant/${globexId}`)).json().data.verificationStatus).toBe('rejected');
    // The same value again records nothing.
    await call(admin, 'PUT', `tenant/${globexId}/verification`, { verificationStatus: 'rejected' });
    expect((await tenantEvents(globexId)).filter((e) => e.type === 'status')).toHaveLength(1);
    expect((await call(admin, 'PUT', `tenant/${newObjectId()}/verification`, { verificationStatus: 'approved' })).statusCode).toBe(404);
    const bySlug = await call(admin, 'PUT', 'tenant/globex/verification', { verificationStatus: 'approved' });
    expect(bySlug.json().data).toMatchObject({ _id: globexId, verificationStatus: 'approved' });
    expect((await call(admin, 'PUT', 'tenant/no-such-tenant/verification', { verificationStatus: 'approved' })).statusCode).toBe(404);
  });

  it('lets a platform admin change the details of the host tenant', async () => {
    const res = await call(admin, 'PUT', `tenant/${acmeId}/details`, { ...DETAILS, description: 'Set by the platform' });
    expect(res.statusCode, res.body).toBe(200);
    await call(admin, 'PUT', `tenant/${acmeId}/details`, DETAILS);
  });
});

describe('tenant admin access', () => {
  const routes: [Method, string, object?][] = [
    ['GET', 'details'],
    ['PUT', 'details', DETAILS],
    ['PUT', 'contact', CONTACT],
    ['GET', 'events'],
    ['GET', 'dashboard'],
  ];

  it.each(routes)('refuses members and investors with 403 on %s %s', async (method, path, body) => {
    for (const who of [member, investor]) {
      const res = await call(who, method, `tenant/${acmeId}/${path}`, body);
      expect(res.statusCode).toBe(403);
    }
  });

  it.each(routes)("gives another tenant's owner 404 for %s %s of tenant A (host B)", async (method, path, body) => {
    const rowBefore = await acmeRow();
    const res = await call(globexOwner, method, `tenant/${acmeId}/${path}`, body);
    expect(res.statusCode).toBe(404);
    expect(await acmeRow()).toEqual(rowBefore);
  });

  it('gives 404 for an unknown tenant id and 401 without a session', async () => {
    expect((await call(owner, 'GET', `tenant/${newObjectId()}/details`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/tenant/${acmeId}/details`, headers: { host: owner.host } })).statusCode).toBe(
      401,
    );
  });

  it('lets a platform admin read the owner routes', async () => {
    for (const path of ['details', 'events', 'dashboard'])
      expect((await call(admin, 'GET', `tenant/${acmeId}/${path}`)).statusCode).toBe(200);
  });
});

describe('tenant events', () => {
  it('lists the tenant history newest first with search and counts', async () => {
    const res = await call(owner, 'GET', `tenant/${acmeId}/events?limit=2`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(2);
    expect(body.meta.total).toBe((await tenantEvents(acmeId)).length);
    expect(body.data.every((e: { entityType: string; entity: string }) => e.entityType === 'tenant' && e.entity === acmeId)).toBe(true);
    const searched = await call(owner, 'GET', `tenant/${acmeId}/events?search=verification`);
    expect(searched.json().data.map((e: { type: string }) => e.type)).toEqual(['status']);
    expect((await call(owner, 'GET', `tenant/${acmeId}/events?sort=nope`)).statusCode).toBe(400);
  });
});

describe('tenant dashboard', () => {
  it('counts members by status, new members per day and shows recent activity', async () => {
    await t.app.db
      .update(tenantMembers)
      .set({ membershipStatus: 'suspended' })
      .where(and(eq(tenantMembers.tenantId, acmeId), eq(tenantMembers.userId, investor.user._id)));
    await t.app.db
      .update(tenantMembers)
      .set({ createdAt: sql`now() - interval '10 days'` })
      .where(and(eq(tenantMembers.tenantId, acmeId), eq(tenantMembers.userId, member.user._id)));
    const res = await call(owner, 'GET', `tenant/${acmeId}/dashboard`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as TenantDashboard;
    expect(data.members.total).toBe(4);
    expect(data.members.byStatus).toEqual({ active: 3, invited: 0, 'invite-rejected': 0, requested: 0, 'request-denied': 0, suspended: 1 });
    expect(data.newMembers.days).toBe(30);
    expect(data.newMembers.series).toHaveLength(30);
    expect(data.newMembers.series.reduce((a, p) => a + p.count, 0)).toBe(4);
    expect(data.newMembers.series.at(-1)!.count).toBe(3);
    expect(data.offers).toBe(0);
    expect(data.institutions).toBe(0);
    expect(data.recentActivity.length).toBeGreaterThan(0);
    expect(data.recentActivity.length).toBeLessThanOrEqual(10);

    const week = (await call(owner, 'GET', `tenant/${acmeId}/dashboard?days=7`)).json().data as TenantDashboard;
    expect(week.newMembers.series).toHaveLength(7);
    expect(week.newMembers.series.reduce((a, p) => a + p.count, 0)).toBe(3);
    const bad = await call(owner, 'GET', `tenant/${acmeId}/dashboard?days=14`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('days');
  });

  it("counts the tenant's institutions and offers, whatever their status, and no other tenant's", async () => {
    const post = async (who: SignedUp, tenant: string, path: string, payload: object): Promise<string> => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/tenant/${tenant}/${path}`,
        headers: { host: who.host, ...bearer(who.token) },
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data._id as string;
    };
    const fund = await post(owner, 'acme', 'institutions', {
      name: 'Harbor Fund',
      slug: 'harbor-fund',
      descriptionShort: 'Harbour real estate',
    });
    await post(owner, 'acme', 'institutions', { name: 'Quay Bank', slug: 'quay-bank', type: 'bank', descriptionShort: 'Lending' });
    for (const n of [1, 2, 3])
      await post(owner, 'acme', 'offers', { name: `Harbor Offer ${n}`, slug: `harbor-offer-${n}`, institution: fund });
    const globexFund = await post(globexOwner, 'globex', 'institutions', {
      name: 'Globex Fund',
      slug: 'globex-fund',
      descriptionShort: 'Globex credit',
    });
    await post(globexOwner, 'globex', 'offers', { name: 'Globex Offer', slug: 'globex-offer', institution: globexFund });

    const data = (await call(owner, 'GET', `tenant/${acmeId}/dashboard`)).json().data as TenantDashboard;
    expect({ institutions: data.institutions, offers: data.offers }).toEqual({ institutions: 2, offers: 3 });
    const globex = (await call(globexOwner, 'GET', `tenant/${t.tenants.globex.id}/dashboard`)).json().data as TenantDashboard;
    expect({ institutions: globex.institutions, offers: globex.offers }).toEqual({ institutions: 1, offers: 1 });
  });

  it("shows owners what the administration may read, never a member's passport activity (issue #17 item 11)", async () => {
    const saver = await signUp(t.app, 'acme', { role: 'investor' });
    const asSaver = (method: 'POST' | 'PUT', path: string, payload: object) =>
      t.app.inject({ method, url: `/api/v1/${path}`, headers: { host: saver.host, ...bearer(saver.token) }, payload });
    const profile = await asSaver('POST', 'individual-profile', {
      firstname: 'Vera',
      lastname: 'Quist',
      user: saver.user._id,
      acceptDisclosures: true,
    });
    expect(profile.statusCode, profile.body).toBe(201);
    const entity = await asSaver('POST', 'legal-entity-profile', {
      name: 'Quist Family Holdings',
      legalEntityType: 'llc',
      acceptDisclosures: true,
    });
    expect(entity.statusCode, entity.body).toBe(201);
    const account = await asSaver('POST', 'financial-account', { accountName: 'Quist savings', type: 'savings', number: '99887766' });
    expect(account.statusCode, account.body).toBe(201);
    const upload = await uploadDocument(t.app, saver, { fields: { name: 'Quist tax return' } });
    expect(upload.statusCode, upload.body).toBe(201);
    const renamed = await call(owner, 'PUT', `tenant/${acmeId}/details`, { ...DETAILS, name: 'Acme Capital (visible)' });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const data = (await call(owner, 'GET', `tenant/${acmeId}/dashboard`)).json().data as TenantDashboard;
    const text = JSON.stringify(data.recentActivity);
    expect(text).toContain('Acme Capital (visible)');
    for (const secret of ['Vera', 'Quist']) expect(text).not.toContain(secret);
    const personal = ['user', 'individual-profile', 'legal-entity-profile', 'business', 'financial-account', 'gov-photo-id', 'document'];
    expect(data.recentActivity.filter((e) => personal.includes(e.entityType))).toEqual([]);

    // The platform admin, who may read every entity of a tenant, still sees the whole history of it.
    const history = await call(admin, 'GET', `admin/tenant/${acmeId}/events?search=Quist&limit=100`);
    expect(history.statusCode, history.body).toBe(200);
    expect([...new Set((history.json().data as { entityType: string }[]).map((e) => e.entityType))].sort()).toEqual([
      'document',
      'financial-account',
      'individual-profile',
      'legal-entity-profile',
    ]);
    expect((await call(owner, 'PUT', `tenant/${acmeId}/details`, DETAILS)).statusCode).toBe(200);
  });

  it('builds day keys ending today', () => {
    expect(dayKeys(new Date('2026-03-02T23:59:00Z'), 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });
});

describe('tenant switching', () => {
  it("lists the user's active memberships with the address of each tenant", async () => {
    const both = await signUp(t.app, 'acme', { role: 'owner' });
    const user = { id: both.user._id, firstname: 'Test', middlename: null, lastname: 'User' };
    await insertMember(t.app.db, {
      tenantId: t.tenants.globex.id,
      user,
      role: 'investor',
      attributes: DEFAULT_ATTRIBUTES.investor,
      membershipStatus: 'active',
    });
    await insertMember(t.app.db, {
      tenantId: t.tenants.demo.id,
      user,
      role: 'investor',
      attributes: DEFAULT_ATTRIBUTES.investor,
      membershipStatus: 'invited',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tenant/mine',
      headers: { host: 'acme.localhost:3000', ...bearer(both.token) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { _id: acmeId, slug: 'acme', name: DETAILS.name, role: 'owner', url: 'http://acme.localhost:3000', current: true },
      {
        _id: t.tenants.globex.id,
        slug: 'globex',
        name: 'Globex Partners',
        role: 'investor',
        url: 'http://globex.localhost:3000',
        current: false,
      },
    ]);
    expect(res.json().meta).toEqual({ page: 1, limit: 20, total: 2 });
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tenant/mine?page=2&limit=1',
      headers: { host: 'acme.localhost:3000', ...bearer(both.token) },
    });
    expect(second.json()).toMatchObject({ data: [{ slug: 'globex' }], meta: { page: 2, limit: 1, total: 2 } });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/tenant/mine', headers: { host: 'acme.localhost' } })).statusCode).toBe(401);
  });

  it('derives addresses from the current host', () => {
    const base = { protocol: 'https', port: undefined, currentSlug: 'demo', baseDomain: 'tessera.example' };
    expect(tenantAddress({ ...base, hostname: 'demo.tessera.example' }, 'acme')).toBe('https://acme.tessera.example');
    expect(tenantAddress({ ...base, hostname: 'tessera.example' }, 'acme')).toBe('https://acme.tessera.example');
    expect(tenantAddress({ ...base, hostname: 'manage.demo.tessera.example' }, 'acme')).toBe('https://manage.acme.tessera.example');
    expect(tenantAddress({ ...base, hostname: '127.0.0.1', protocol: 'http', port: 3000 }, 'acme')).toBe(
      'http://acme.tessera.example:3000',
    );
  });
});
