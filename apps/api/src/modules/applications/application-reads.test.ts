import type { AdminApplicationItem, Application, Business, TimelineEvent } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createApplication, signUp, someObjectId, uniqueEmail, type SignedUp } from '../../../test/factories.ts';
import { apiOf, createBusiness, placeAt } from './applications.test-helpers.ts';

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let owner: SignedUp;
let admin: SignedUp;

beforeAll(async () => {
  t = await buildTestApp();
  api = apiOf(t);
  owner = await signUp(t.app, 'acme', { role: 'owner' });
  admin = await signUp(t.app, 'acme', { admin: true });
});
afterAll(async () => {
  await t?.close();
});

const dataOf = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;

describe('GET application: scope, type, status and search', () => {
  let ada: SignedUp;
  let bob: SignedUp;
  let adaOld: string;
  let adaNew: string;
  let bobs: string;

  beforeAll(async () => {
    ada = await signUp(t.app, 'acme', { firstname: 'Ada', lastname: 'Lovelace', email: uniqueEmail('ada-scope') });
    bob = await signUp(t.app, 'acme', { firstname: 'Bob', lastname: 'Builder', email: uniqueEmail('bob-scope') });
    const acme = t.tenants.acme.id;
    adaOld = (
      await createApplication(t.app, { tenantId: acme, userId: ada.user._id, status: 'rejected', createdAt: new Date('2026-01-01') })
    ).id;
    adaNew = (
      await createApplication(t.app, { tenantId: acme, userId: ada.user._id, status: 'submitted', createdAt: new Date('2026-02-01') })
    ).id;
    bobs = (await createApplication(t.app, { tenantId: acme, userId: bob.user._id, createdAt: new Date('2026-03-01') })).id;
    await createApplication(t.app, { tenantId: t.tenants.globex.id, userId: bob.user._id });
  });

  const ids = async (who: SignedUp, query: string) => {
    const res = await api.call(who, 'GET', `application?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return dataOf<AdminApplicationItem[]>(res)
      .map((a) => a._id)
      .filter((id) => [adaOld, adaNew, bobs].includes(id));
  };

  it("lists the caller's own by default, with tenant and applicant; every applicant's of the tenant for owners and platform admins", async () => {
    expect(await ids(ada, '')).toEqual([adaNew, adaOld]);
    const [row] = dataOf<AdminApplicationItem[]>(await api.call(ada, 'GET', 'application'));
    expect(row).toMatchObject({
      _id: adaNew,
      tenantSlug: 'acme',
      tenantName: 'Acme Capital',
      userEmail: ada.email,
      userName: 'Ada Lovelace',
    });
    expect(await ids(owner, 'scope=tenant')).toEqual([bobs, adaNew, adaOld]);
    expect(await ids(admin, 'scope=tenant')).toEqual([bobs, adaNew, adaOld]);
    const all = await api.call(owner, 'GET', 'application?scope=tenant');
    expect(dataOf<AdminApplicationItem[]>(all).every((a) => a.tenant === t.tenants.acme.id)).toBe(true);
  });

  it('filters by status and type and searches the applicant e-mail and name', async () => {
    expect(await ids(owner, 'scope=tenant&status=submitted')).toEqual([adaNew]);
    expect(await ids(owner, 'scope=tenant&type=accreditation&status=not-started')).toEqual([bobs]);
    expect(await ids(owner, 'scope=tenant&search=ADA-SCOPE')).toEqual([adaNew, adaOld]);
    expect(await ids(owner, 'scope=tenant&search=bob builder')).toEqual([bobs]);
    expect(await ids(owner, 'scope=tenant&search=lovelace&status=rejected')).toEqual([adaOld]);
    expect(await ids(ada, 'search=bob')).toEqual([]);
    const page = await api.call(owner, 'GET', 'application?scope=tenant&search=scope&limit=1&page=2');
    expect(page.json().meta).toEqual({ page: 2, limit: 1, total: 3 });
    expect(dataOf<AdminApplicationItem[]>(page).map((a) => a._id)).toEqual([adaNew]);
  });

  it('refuses scope=tenant with 403 to anyone but owners and platform admins, and a bad query with 400', async () => {
    const res = await api.call(ada, 'GET', 'application?scope=tenant');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe("Only the organization's owners review its applications");
    for (const query of ['scope=everyone', 'type=mortgage', 'status=done', `search=${'x'.repeat(101)}`])
      expect((await api.call(owner, 'GET', `application?${query}`)).statusCode, query).toBe(400);
  });
});

describe('GET application/{id}/events and /business', () => {
  it("gives the application's history, newest first, and its business with owners, to the applicant and reviewers", async () => {
    const who = await signUp(t.app, 'acme');
    const application = await api.start(who);
    const noBusiness = await api.call(who, 'GET', `application/${application._id}/business`);
    expect(noBusiness.statusCode).toBe(404);
    expect(noBusiness.json().error.message).toBe('Business not found');
    await api.move(who, application._id, 'next', 'identity', { identity: 'business' });
    const businessId = await createBusiness(api, who);
    await api.move(who, application._id, 'next', 'business-select', { businessId });

    for (const reader of [who, owner, admin]) {
      const events = await api.call(reader, 'GET', `application/${application._id}/events`);
      expect(events.statusCode, events.body).toBe(200);
      const list = dataOf<TimelineEvent[]>(events);
      expect(list.map((e) => e.type)).toEqual(['update', 'status', 'create']);
      expect(list[0]).toMatchObject({ entityType: 'application', entity: application._id });
      const business = await api.call(reader, 'GET', `application/${application._id}/business`);
      expect(business.statusCode, business.body).toBe(200);
      expect(dataOf<Business>(business)).toMatchObject({ _id: businessId, name: 'Doe Ventures LLC', ein: expect.stringMatching(/6789$/) });
      expect(dataOf<Business>(business).owners).toHaveLength(1);
    }
    expect((await api.call(who, 'GET', `application/${application._id}/events?limit=1&page=3`)).json().data[0].type).toBe('create');
    for (const stranger of [await signUp(t.app, 'acme'), await signUp(t.app, 'globex', { role: 'owner' })]) {
      expect((await api.call(stranger, 'GET', `application/${application._id}/events`)).statusCode).toBe(404);
      expect((await api.call(stranger, 'GET', `application/${application._id}/business`)).statusCode).toBe(404);
    }
  });

  it("lets a platform admin read another tenant's application history, signed in anywhere", async () => {
    const who = await signUp(t.app, 'globex');
    const application = await api.start(who);
    const res = await api.call(admin, 'GET', `application/${application._id}/events`);
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf<TimelineEvent[]>(res).map((e) => e.type)).toEqual(['create']);
    expect((await api.call(admin, 'GET', `application/${application._id}/documents`)).json().meta.total).toBe(0);
  });
});

describe('POST application: renewals and the one open application', () => {
  it('renews an approved application (expired or not) with its answers that still hold, not its evidence', async () => {
    const who = await signUp(t.app, 'acme');
    const first = await api.start(who);
    await placeAt(t, first, {
      status: 'approved',
      reviewedAt: new Date(t.clock.now().getTime() - 400 * 86_400_000),
      reviewedBy: owner.user._id,
      currentQuestionId: 'individual-submitted',
      completedQuestionIds: ['identity', 'individual-method', 'individual-license'],
      questionData: {
        identity: 'individual',
        individualMethod: 'license',
        individualLicenseType: 'series-65',
        individualLicenseCrd: '7654321',
        individualLicenseConfirm: true,
      },
    });
    expect(dataOf<Application>(await api.call(who, 'GET', `application/${first._id}`)).expired).toBe(true);
    const res = await api.call(who, 'POST', 'application', { renewFrom: first._id });
    expect(res.statusCode, res.body).toBe(201);
    const renewal = dataOf<Application>(res);
    expect(renewal).toMatchObject({
      status: 'not-started',
      currentQuestionId: null,
      completedQuestionIds: [],
      renewedFrom: first._id,
      questionData: {
        identity: 'individual',
        individualMethod: 'license',
        individualLicenseType: 'series-65',
        individualLicenseCrd: '7654321',
      },
    });
    expect(renewal.questionData).not.toHaveProperty('individualLicenseConfirm');
    // The renewal is open now: asking again answers it.
    const again = await api.call(who, 'POST', 'application', { renewFrom: first._id });
    expect(again.statusCode).toBe(200);
    expect(dataOf<Application>(again)._id).toBe(renewal._id);
    // The wizard starts on its first screen, answers prefilled.
    const next = await api.move(who, renewal._id, 'next', 'identity', { identity: renewal.questionData.identity });
    expect(dataOf<Application>(next)).toMatchObject({
      currentQuestionId: 'individual-method',
      questionData: { individualLicenseCrd: '7654321' },
    });
  });

  it("refuses to renew an application that is not approved (400), or another user's (404)", async () => {
    const who = await signUp(t.app, 'acme');
    const first = await api.start(who);
    const notApproved = await api.call(who, 'POST', 'application', { renewFrom: first._id });
    expect(notApproved.statusCode).toBe(400);
    expect(notApproved.json().error.message).toBe('body.renewFrom: Only an approved application can be renewed');
    const other = await signUp(t.app, 'acme');
    await placeAt(t, first, { status: 'approved', reviewedAt: t.clock.now(), reviewedBy: owner.user._id });
    expect((await api.call(other, 'POST', 'application', { renewFrom: first._id })).statusCode).toBe(404);
    expect((await api.call(other, 'POST', 'application', { renewFrom: someObjectId() })).statusCode).toBe(404);
  });

  it('starts a new application beside an approved one; answers the open one (not-started, in progress, submitted, error)', async () => {
    const who = await signUp(t.app, 'acme');
    const first = await api.start(who);
    for (const status of ['in-progress', 'submitted', 'error'] as const) {
      await placeAt(t, first, { status });
      const res = await api.call(who, 'POST', 'application', {});
      expect(res.statusCode, status).toBe(200);
      expect(dataOf<Application>(res)._id).toBe(first._id);
    }
    await placeAt(t, first, { status: 'approved', reviewedAt: t.clock.now(), reviewedBy: owner.user._id });
    expect((await api.call(who, 'POST', 'application', {})).statusCode).toBe(201);
  });
});
