import type { Application, ApplicationSummary } from '@tessera/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, createApplication, signUp, someObjectId, tenantEventsOf, type SignedUp } from '../../../test/factories.ts';

let t: TestApp;
let owner: SignedUp;
let globexOwner: SignedUp;
let admin: SignedUp;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app, 'acme', { role: 'owner' });
  globexOwner = await signUp(t.app, 'globex', { role: 'owner' });
  admin = await signUp(t.app, 'acme', { admin: true });
});
afterAll(async () => {
  await t?.close();
});

const call = (who: SignedUp, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/${url}`, headers: { host: who.host, ...bearer(who.token) }, ...(payload ? { payload } : {}) });
const dataOf = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;
const userRow = async (id: string) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0]!;
/** Only a submitted application can be decided: the caller's new application, moved on as the wizard's submit does. */
const submit = async (id: string) => {
  await t.app.db.update(applications).set({ status: 'submitted', verificationMethod: 'license' }).where(eq(applications.id, id));
};

describe('POST application', () => {
  it("starts the caller's own application, not started, points the user at it, answers 201 with Location and records it", async () => {
    const me = await signUp(t.app, 'acme');
    const res = await call(me, 'POST', 'application', {});
    expect(res.statusCode, res.body).toBe(201);
    const created = dataOf<Application>(res);
    expect(res.headers.location).toBe(`/api/v1/application/${created._id}`);
    expect(created).toMatchObject({ type: 'accreditation', status: 'not-started', user: me.user._id, tenant: t.tenants.acme.id });
    expect((await userRow(me.user._id)).accreditationApplicationId).toBe(created._id);
    const [event] = await tenantEventsOf(t.app, t.tenants.acme.id, created._id);
    expect(event).toMatchObject({
      type: 'create',
      entityType: 'application',
      meta: { change: { status: { old: null, new: 'not-started' }, accreditationApplicationId: { old: null, new: created._id } } },
    });
  });

  it('answers the open application (200) instead of starting a second; after a rejection it starts a new one', async () => {
    const me = await signUp(t.app, 'acme');
    const first = dataOf<Application>(await call(me, 'POST', 'application', { type: 'accreditation' }));
    const again = await call(me, 'POST', 'application', {});
    expect(again.statusCode).toBe(200);
    expect(dataOf<Application>(again)._id).toBe(first._id);
    await submit(first._id);
    expect(
      (await call(owner, 'PUT', `application/${first._id}/status`, { status: 'rejected', note: 'Not enough evidence' })).statusCode,
    ).toBe(200);
    const fresh = await call(me, 'POST', 'application', {});
    expect(fresh.statusCode).toBe(201);
    expect(dataOf<Application>(fresh)._id).not.toBe(first._id);
    expect((await userRow(me.user._id)).accreditationApplicationId).toBe(dataOf<Application>(fresh)._id);
  });

  it('refuses an unknown type with 400', async () => {
    const me = await signUp(t.app, 'acme');
    const res = await call(me, 'POST', 'application', { type: 'mortgage' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('type');
  });
});

describe('GET application', () => {
  it("lists only the caller's own applications in this tenant, newest first, paged and filtered by status", async () => {
    const me = await signUp(t.app, 'acme');
    const someoneElse = await signUp(t.app, 'acme');
    const older = await createApplication(t.app, {
      tenantId: t.tenants.acme.id,
      userId: me.user._id,
      status: 'rejected',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    const newer = await createApplication(t.app, {
      tenantId: t.tenants.acme.id,
      userId: me.user._id,
      createdAt: new Date('2026-02-01T00:00:00Z'),
    });
    await createApplication(t.app, { tenantId: t.tenants.acme.id, userId: someoneElse.user._id });
    await createApplication(t.app, { tenantId: t.tenants.globex.id, userId: me.user._id });
    const res = await call(me, 'GET', 'application');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: ApplicationSummary[]; meta: unknown };
    expect(body.data.map((a) => a._id)).toEqual([newer.id, older.id]);
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 2 });
    const page2 = (await call(me, 'GET', 'application?limit=1&page=2')).json() as { data: ApplicationSummary[] };
    expect(page2.data.map((a) => a._id)).toEqual([older.id]);
    const rejected = (await call(me, 'GET', 'application?status=rejected')).json() as { data: ApplicationSummary[] };
    expect(rejected.data.map((a) => a._id)).toEqual([older.id]);
    expect((await call(me, 'GET', 'application?status=done')).statusCode).toBe(400);
  });
});

describe('PUT application/{id}/status', () => {
  it('lets the tenant owner approve, recording who and when with a timeline event; the applicant then reads it approved', async () => {
    const me = await signUp(t.app, 'acme');
    const created = dataOf<Application>(await call(me, 'POST', 'application', {}));
    await submit(created._id);
    const res = await call(owner, 'PUT', `application/${created._id}/status`, { status: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    const reviewed = dataOf<Application>(res);
    expect(reviewed).toMatchObject({ status: 'approved', reviewedBy: { _id: owner.user._id, email: owner.email } });
    expect(reviewed.reviewedAt).toEqual(expect.any(String));
    expect(dataOf<Application>(await call(me, 'GET', `application/${created._id}`)).status).toBe('approved');
    const events = await tenantEventsOf(t.app, t.tenants.acme.id, created._id);
    expect(events.at(-1)).toMatchObject({
      type: 'status',
      entityType: 'application',
      userId: owner.user._id,
      meta: { change: { status: { old: 'submitted', new: 'approved' } } },
    });
  });

  it('lets a platform admin decide too', async () => {
    const me = await signUp(t.app, 'acme');
    const created = dataOf<Application>(await call(me, 'POST', 'application', {}));
    await submit(created._id);
    expect(
      dataOf<Application>(
        await call(admin, 'PUT', `application/${created._id}/status`, { status: 'rejected', note: 'Not enough evidence' }),
      ).status,
    ).toBe('rejected');
  });

  it("refuses the applicant and other investors (403), another tenant's owner and unknown ids (404), and other statuses (400)", async () => {
    const me = await signUp(t.app, 'acme');
    const created = dataOf<Application>(await call(me, 'POST', 'application', {}));
    await submit(created._id);
    expect((await call(me, 'PUT', `application/${created._id}/status`, { status: 'approved' })).statusCode).toBe(403);
    expect((await call(globexOwner, 'PUT', `application/${created._id}/status`, { status: 'approved' })).statusCode).toBe(404);
    expect((await call(owner, 'PUT', `application/${someObjectId()}/status`, { status: 'approved' })).statusCode).toBe(404);
    const wrong = await call(owner, 'PUT', `application/${created._id}/status`, { status: 'submitted' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toContain('status');
    expect(dataOf<Application>(await call(me, 'GET', `application/${created._id}`)).status).toBe('submitted');
  });

  it("keeps an application from another user of the tenant: the investor's own GET of someone else's is 404", async () => {
    const me = await signUp(t.app, 'acme');
    const other = await signUp(t.app, 'acme');
    const created = dataOf<Application>(await call(me, 'POST', 'application', {}));
    expect((await call(other, 'GET', `application/${created._id}`)).statusCode).toBe(404);
    const list = (await call(other, 'GET', 'application')).json() as { data: ApplicationSummary[] };
    expect(list.data).toEqual([]);
  });
});
