import type { AdminApplicationItem, Application } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationRow } from '../../db/schema/index.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, createApplication, signUp, someObjectId, uniqueEmail, type SignedUp } from '../../../test/factories.ts';

let t: TestApp;
let admin: SignedUp;
let acmeOwner: SignedUp;
let acmeApplicant: SignedUp;
let acmeInvestor: SignedUp;
let globexOwner: SignedUp;
let globexApplicant: SignedUp;
let submitted: ApplicationRow;
let approved: ApplicationRow;
let started: ApplicationRow;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUp(t.app, 'demo', { admin: true });
  acmeOwner = await signUp(t.app, 'acme', { role: 'owner' });
  acmeApplicant = await signUp(t.app, 'acme', { firstname: 'Ada', lastname: 'Applicant' });
  acmeInvestor = await signUp(t.app, 'acme');
  globexOwner = await signUp(t.app, 'globex', { role: 'owner' });
  globexApplicant = await signUp(t.app, 'globex', { firstname: 'Gus', lastname: 'Globex', email: uniqueEmail('gus-globex') });
  const at = (iso: string) => new Date(iso);
  submitted = await createApplication(t.app, {
    tenantId: t.tenants.acme.id,
    userId: acmeApplicant.user._id,
    status: 'submitted',
    currentQuestionId: 'individual-submitted',
    completedQuestionIds: ['identity', 'individual-method'],
    questionData: { identity: 'individual', individualMethod: 'income' },
    createdAt: at('2026-01-01T00:00:00Z'),
  });
  approved = await createApplication(t.app, {
    tenantId: t.tenants.globex.id,
    userId: globexApplicant.user._id,
    status: 'approved',
    reviewedAt: at('2026-02-10T00:00:00Z'),
    reviewedBy: admin.user._id,
    approvalDoc: someObjectId(),
    createdAt: at('2026-02-01T00:00:00Z'),
  });
  started = await createApplication(t.app, {
    tenantId: t.tenants.acme.id,
    userId: acmeInvestor.user._id,
    createdAt: at('2026-03-01T00:00:00Z'),
  });
});
afterAll(async () => t.close());

const get = (url: string, who?: SignedUp, host = who?.host ?? hostOf('acme')) =>
  t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { host, ...(who ? bearer(who.token) : {}) } });

describe('GET admin/application', () => {
  const mine = (rows: AdminApplicationItem[]) => rows.filter((r) => [submitted.id, approved.id, started.id].includes(r._id));

  it('lists the applications of every tenant with tenant, applicant, status and dates, newest first', async () => {
    const res = await get('admin/application', admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: AdminApplicationItem[]; meta: unknown };
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 3 });
    expect(body.data.map((r) => r._id)).toEqual([started.id, approved.id, submitted.id]);
    expect(body.data[1]).toEqual({
      _id: approved.id,
      tenant: t.tenants.globex.id,
      tenantSlug: 'globex',
      tenantName: 'Globex Partners',
      type: 'accreditation',
      status: 'approved',
      user: globexApplicant.user._id,
      userEmail: globexApplicant.email,
      userName: 'Gus Globex',
      business: null,
      reviewedAt: '2026-02-10T00:00:00.000Z',
      reviewedBy: { _id: admin.user._id, email: admin.email, role: 'admin' },
      approvalDoc: approved.approvalDoc,
      reviewNote: null,
      expiresAt: '2027-02-10T00:00:00.000Z',
      expired: false,
      verificationMethod: null,
      certificateCode: null,
      renewedFrom: null,
      createdAt: '2026-02-01T00:00:00.000Z',
      updatedAt: expect.any(String),
    });
    expect(body.data[0]).toMatchObject({ tenantName: 'Acme Capital', status: 'not-started', reviewedBy: null, reviewedAt: null });
  });

  it('filters by status, tenant and e-mail, sorts and pages on the server', async () => {
    const ids = async (query: string) => mine((await get(`admin/application?${query}`, admin)).json().data).map((r) => r._id);
    expect(await ids('status=approved')).toEqual([approved.id]);
    expect(await ids(`tenant=${t.tenants.acme.id}`)).toEqual([started.id, submitted.id]);
    expect(await ids(`tenant=${t.tenants.acme.id}&status=submitted`)).toEqual([submitted.id]);
    // Part of one applicant's address: the other test users' addresses start alike (user-…).
    expect(await ids('search=gus-glob')).toEqual([approved.id]);
    expect(await ids('search=nobody-has-this')).toEqual([]);
    expect(await ids('sort=createdAt&direction=asc')).toEqual([submitted.id, approved.id, started.id]);
    expect((await ids('sort=tenantName&direction=desc'))[0]).toBe(approved.id);
    expect((await ids('sort=tenantName&direction=asc'))[2]).toBe(approved.id);
    expect(await ids('sort=status')).toEqual([submitted.id, started.id, approved.id]);
    const page2 = (await get('admin/application?limit=2&page=2', admin)).json();
    expect(page2.meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect(page2.data.map((r: AdminApplicationItem) => r._id)).toEqual([submitted.id]);
  });

  it('is for platform admins only: 401 without a session, 403 to owners and investors', async () => {
    expect((await get('admin/application')).statusCode).toBe(401);
    for (const who of [acmeOwner, acmeApplicant, globexOwner]) expect((await get('admin/application', who)).statusCode).toBe(403);
  });

  it('refuses a bad query with 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['status=done', 'status'],
      ['tenant=acme', 'tenant'],
      ['sort=name', 'sort'],
      ['limit=101', 'limit'],
      ['direction=up', 'direction'],
    ]) {
      const res = await get(`admin/application?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message, query).toContain(field);
    }
  });
});

describe('GET application/{id}', () => {
  it('gives the applicant their application with the wizard state', async () => {
    const res = await get(`application/${submitted.id}`, acmeApplicant);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data as Application).toEqual({
      _id: submitted.id,
      tenant: t.tenants.acme.id,
      type: 'accreditation',
      status: 'submitted',
      user: acmeApplicant.user._id,
      business: null,
      reviewedAt: null,
      reviewedBy: null,
      approvalDoc: null,
      reviewNote: null,
      expiresAt: null,
      expired: false,
      verificationMethod: null,
      certificateCode: null,
      renewedFrom: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: expect.any(String),
      currentQuestionId: 'individual-submitted',
      completedQuestionIds: ['identity', 'individual-method'],
      questionData: { identity: 'individual', individualMethod: 'income' },
      applicant: { _id: acmeApplicant.user._id, email: acmeApplicant.email, name: 'Ada Applicant' },
    });
  });

  it("lets the tenant's owners and platform admins (signed in anywhere) read it", async () => {
    expect((await get(`application/${submitted.id}`, acmeOwner)).json().data._id).toBe(submitted.id);
    const byAdmin = await get(`application/${approved.id}`, admin);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().data).toMatchObject({ tenant: t.tenants.globex.id, reviewedBy: { email: admin.email, role: 'admin' } });
  });

  it("is not found for other members, another tenant's owner and unknown ids; 400 for a malformed id, 401 without a session", async () => {
    expect((await get(`application/${submitted.id}`, acmeInvestor)).statusCode).toBe(404);
    expect((await get(`application/${submitted.id}`, globexOwner)).statusCode).toBe(404);
    expect((await get(`application/${started.id}`, acmeApplicant)).statusCode).toBe(404);
    const unknown = await get(`application/${someObjectId()}`, acmeOwner);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Application not found');
    expect((await get('application/nope', acmeOwner)).statusCode).toBe(400);
    expect((await get(`application/${submitted.id}`)).statusCode).toBe(401);
  });

  it("is part of the applicant's data export", async () => {
    const res = await get(`user/${acmeApplicant.user._id}/export`, acmeApplicant);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().applications).toEqual([
      expect.objectContaining({
        _id: submitted.id,
        status: 'submitted',
        questionData: { identity: 'individual', individualMethod: 'income' },
      }),
    ]);
  });
});
