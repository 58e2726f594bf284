import { incomeYearPair, type EvaluatorApplicationView, type EvaluatorRequest } from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationDocuments, applications, businesses, documents, evaluatorRequests } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import {
  bearer,
  createApplication,
  lastMailTo,
  signUp,
  someObjectId,
  tenantEventsOf,
  uniqueEmail,
  type SignedUp,
} from '../../../test/factories.ts';
import { makePdf, multipart, PNG } from '../documents/documents.test-helpers.ts';
import { evaluatorRequestState } from './evaluators.repository.ts';
import { hashEvaluatorToken, INVALID_LINK } from './evaluators.service.ts';

let t: TestApp;
let owner: SignedUp;
let admin: SignedUp;
let investor: SignedUp;
let globexOwner: SignedUp;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app, 'acme', { role: 'owner' });
  admin = await signUp(t.app, 'acme', { admin: true });
  investor = await signUp(t.app, 'acme');
  globexOwner = await signUp(t.app, 'globex', { role: 'owner' });
});
afterAll(async () => {
  await t?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const evaluatorBody = (email = uniqueEmail('carla')) => ({ firstname: 'Carla', lastname: 'Reyes', email });
const dataOf = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;
const call = (who: SignedUp, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/${url}`, headers: { host: who.host, ...bearer(who.token) }, ...(payload ? { payload } : {}) });
const publicCall = (method: 'GET' | 'PUT', url: string, payload?: object, host = hostOf('acme')) =>
  t.app.inject({ method, url: `/api/v1/${url}`, headers: { host }, ...(payload ? { payload } : {}) });
const view = (applicationId: string, token: string, host?: string) =>
  publicCall('GET', `application/${applicationId}/evaluator/view?token=${encodeURIComponent(token)}`, undefined, host);
const submit = (applicationId: string, token: string, payload: object) =>
  publicCall('PUT', `application/${applicationId}/evaluator/submit?token=${encodeURIComponent(token)}`, payload);
function upload(applicationId: string, token: string, file = { name: 'letter.pdf', data: makePdf('I confirm'), type: 'application/pdf' }) {
  const form = multipart({}, [file]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/application/${applicationId}/evaluator/documents?token=${encodeURIComponent(token)}`,
    headers: { host: hostOf('acme'), ...form.headers },
    payload: form.payload,
  });
}

/** An applicant of acme whose wizard stands on `currentQuestionId`, having come through `completed`. */
async function applicantOn(
  currentQuestionId: string,
  completed: string[],
  extra: { status?: 'in-progress' | 'submitted' | 'approved'; businessId?: string; identity?: 'individual' | 'business' } = {},
) {
  const applicant = await signUp(t.app, 'acme', { firstname: 'Ada', lastname: 'Applicant' });
  const row = await createApplication(t.app, {
    tenantId: t.tenants.acme.id,
    userId: applicant.user._id,
    status: extra.status ?? 'in-progress',
    currentQuestionId,
    completedQuestionIds: completed,
    businessId: extra.businessId ?? null,
    questionData: { identity: extra.identity ?? 'individual' },
  });
  return { applicant, application: row };
}

const INCOME_PATH = ['identity', 'individual-method', 'individual-income-method'];

/** Asks for an evaluator and reads the token back from the mail the evaluator got. */
async function requestLink(applicant: SignedUp, applicationId: string, email = uniqueEmail('carla')) {
  const res = await call(applicant, 'PUT', `application/${applicationId}/evaluator`, evaluatorBody(email));
  expect(res.statusCode, res.body).toBe(200);
  const { mail, token } = await lastMailTo(t.app, email);
  return { request: dataOf<EvaluatorRequest>(res), mail: mail!, token: token!, email };
}

describe('PUT application/{id}/evaluator', () => {
  it('e-mails the evaluator a link to the tenant host, keeps only the token hash and records the request', async () => {
    const { applicant, application } = await applicantOn('individual-income-eval-request', INCOME_PATH);
    const before = t.clock.now();
    const { request, mail, token, email } = await requestLink(applicant, application.id);
    expect(request).toMatchObject({
      firstname: 'Carla',
      lastname: 'Reyes',
      email,
      questionId: 'individual-income-eval-request',
      state: 'pending',
    });
    const ttl = new Date(request.expiresAt).getTime() - before.getTime();
    expect(ttl).toBeGreaterThanOrEqual(14 * DAY_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(14 * DAY_MS + 60_000);

    expect(mail.subject).toBe('Ada Applicant asks you for an accredited investor letter');
    expect(mail.text).toContain(
      `http://acme.localhost/eval-upload?userId=${applicant.user._id}&applicationId=${application.id}&token=${token}`,
    );
    expect(mail.text).toContain(`Ada Applicant (${applicant.email})`);
    expect(mail.text).toContain('Accredited investor verification (income)');
    const { prevYear, currYear } = incomeYearPair(t.clock.now());
    expect(mail.text).toContain(`in each of the years ${prevYear} and ${currYear}`);
    expect(mail.text).toContain('(in 14 days)');
    expect(mail.text).toContain('This link is not a sign-in');

    const [stored] = await t.app.db.select().from(evaluatorRequests).where(eq(evaluatorRequests.id, request._id));
    expect(stored!.tokenHash).toBe(hashEvaluatorToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const events = await tenantEventsOf(t.app, t.tenants.acme.id, application.id);
    expect(events.at(-1)).toMatchObject({
      type: 'invite',
      entityType: 'application',
      userId: applicant.user._id,
      meta: { evaluatorRequest: request._id, change: { evaluator: { old: null, new: { firstname: 'Carla', lastname: 'Reyes', email } } } },
    });
  });

  it('works from the submitted screen reached through an evaluator request, for that screen', async () => {
    const { applicant, application } = await applicantOn(
      'business-submitted',
      ['identity', 'business-select', 'business-owners', 'business-method', 'business-assets-method', 'business-assets-eval-request'],
      { identity: 'business' },
    );
    const { request } = await requestLink(applicant, application.id);
    expect(request.questionId).toBe('business-assets-eval-request');
  });

  it('is refused (409) when the application is not waiting for an evaluator, or has been decided', async () => {
    const early = await applicantOn('individual-method', ['identity']);
    const res = await call(early.applicant, 'PUT', `application/${early.application.id}/evaluator`, evaluatorBody());
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/not waiting for an evaluator/);
    const byDocuments = await applicantOn('individual-submitted', [...INCOME_PATH, 'individual-income-doc-upload'], {
      status: 'submitted',
    });
    expect(
      (await call(byDocuments.applicant, 'PUT', `application/${byDocuments.application.id}/evaluator`, evaluatorBody())).statusCode,
    ).toBe(409);
    const decided = await applicantOn('individual-submitted', [...INCOME_PATH, 'individual-income-eval-request'], { status: 'approved' });
    const refused = await call(decided.applicant, 'PUT', `application/${decided.application.id}/evaluator`, evaluatorBody());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/has been decided/);
  });

  it('is for the applicant only: the owner, another investor and another tenant get 404', async () => {
    const { application } = await applicantOn('individual-income-eval-request', INCOME_PATH);
    for (const who of [owner, investor, admin]) {
      expect((await call(who, 'PUT', `application/${application.id}/evaluator`, evaluatorBody())).statusCode).toBe(404);
    }
    expect((await call(globexOwner, 'PUT', `application/${application.id}/evaluator`, evaluatorBody())).statusCode).toBe(404);
  });

  it("checks the evaluator's names and e-mail (400 'Invalid email')", async () => {
    const { applicant, application } = await applicantOn('individual-income-eval-request', INCOME_PATH);
    const res = await call(applicant, 'PUT', `application/${application.id}/evaluator`, {
      firstname: 'Carla',
      lastname: '',
      email: 'carla@',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Invalid email');
  });

  it('replaces the earlier unused link: the old one stops working and the list shows both', async () => {
    const { applicant, application } = await applicantOn('individual-income-eval-request', INCOME_PATH);
    const first = await requestLink(applicant, application.id);
    const second = await requestLink(applicant, application.id);
    expect((await view(application.id, first.token)).statusCode).toBe(404);
    expect((await view(application.id, second.token)).statusCode).toBe(200);
    const list = await call(applicant, 'GET', `application/${application.id}/evaluator`);
    expect(list.statusCode).toBe(200);
    expect(dataOf<EvaluatorRequest[]>(list).map((r) => [r._id, r.state])).toEqual([
      [second.request._id, 'pending'],
      [first.request._id, 'revoked'],
    ]);
  });

  it('allows five links per application in 24 hours, then 429', async () => {
    const { applicant, application } = await applicantOn('individual-income-eval-request', INCOME_PATH);
    for (let i = 0; i < 5; i++) await requestLink(applicant, application.id);
    const res = await call(applicant, 'PUT', `application/${application.id}/evaluator`, evaluatorBody());
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('GET application/{id}/evaluator', () => {
  it("is for the applicant and the reviewers (the tenant's owners, platform admins); others get 404", async () => {
    const { applicant, application } = await applicantOn('individual-income-eval-request', INCOME_PATH);
    await requestLink(applicant, application.id);
    for (const who of [applicant, owner, admin]) {
      const res = await call(who, 'GET', `application/${application.id}/evaluator`);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { meta: { total: number } }).meta.total).toBe(1);
    }
    expect((await call(investor, 'GET', `application/${application.id}/evaluator`)).statusCode).toBe(404);
    expect((await call(globexOwner, 'GET', `application/${application.id}/evaluator`)).statusCode).toBe(404);
  });
});

describe('DELETE application/{id}/evaluator/{requestId}', () => {
  it('revokes a pending link for the applicant only, records it, and the link then answers 404', async () => {
    const { applicant, application } = await applicantOn('individual-income-eval-request', INCOME_PATH);
    const { request, token } = await requestLink(applicant, application.id);
    expect((await call(owner, 'DELETE', `application/${application.id}/evaluator/${request._id}`)).statusCode).toBe(404);
    expect((await call(applicant, 'DELETE', `application/${application.id}/evaluator/${someObjectId()}`)).statusCode).toBe(404);
    const res = await call(applicant, 'DELETE', `application/${application.id}/evaluator/${request._id}`);
    expect(res.statusCode).toBe(204);
    expect((await view(application.id, token)).json().error.message).toBe(INVALID_LINK);
    expect((await tenantEventsOf(t.app, t.tenants.acme.id, application.id)).at(-1)).toMatchObject({
      type: 'update',
      meta: { evaluatorRequest: request._id, change: { revokedAt: { old: null } } },
    });
    expect((await call(applicant, 'DELETE', `application/${application.id}/evaluator/${request._id}`)).statusCode).toBe(204);
  });
});

describe('the public evaluator calls', () => {
  it('show the applicant, what the letter is for and the wording it needs, and nothing else', async () => {
    const { applicant, application } = await applicantOn('individual-income-eval-request', INCOME_PATH);
    const { token, email, request } = await requestLink(applicant, application.id);
    const res = await view(application.id, token);
    expect(res.statusCode, res.body).toBe(200);
    const data = dataOf<EvaluatorApplicationView>(res);
    expect(data).toMatchObject({
      applicationId: application.id,
      userId: applicant.user._id,
      applicantName: 'Ada Applicant',
      applicantEmail: applicant.email,
      type: 'Accredited investor verification (income)',
      evidence: 'individual-income',
      businessName: null,
      evaluator: { firstname: 'Carla', lastname: 'Reyes', email },
      expiresAt: request.expiresAt,
      submitted: false,
      documents: [],
    });
    expect(data.letterWording).toMatch(/^I, Carla Reyes, am .*more than \$200,000.*more than \$300,000.*reasonable expectation/);
  });

  it("words a business's letter for the evidence asked: assets over $5,000,000, or every owner accredited", async () => {
    const maker = await signUp(t.app, 'acme');
    const businessId = newId();
    await t.app.db.insert(businesses).values({
      tenantId: t.tenants.acme.id,
      id: businessId,
      createdBy: maker.user._id,
      name: 'Reyes Holdings LLC',
      dba: 'Reyes Holdings',
      netWorth: 9_000_000,
      revenue: 1_000_000,
      einEncrypted: 'not-a-real-cipher',
      businessType: 'limited-liability-company',
      line1: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
    });
    const path = ['identity', 'business-select', 'business-owners', 'business-method'];
    for (const [screen, method, wording] of [
      [
        'business-assets-eval-request',
        'business-assets',
        /Reyes Holdings LLC has total assets of more than \$5,000,000 and was not formed/,
      ],
      ['business-owners-eval-request', 'business-owners', /every equity owner of Reyes Holdings LLC is an accredited investor/],
    ] as const) {
      const { applicant, application } = await applicantOn(screen, [...path, `${method}-method`], { businessId, identity: 'business' });
      const { token } = await requestLink(applicant, application.id);
      const data = dataOf<EvaluatorApplicationView>(await view(application.id, token));
      expect(data).toMatchObject({ evidence: method, businessName: 'Reyes Holdings LLC' });
      expect(data.letterWording).toMatch(wording);
    }
  });

  it('answer the same 404 for a wrong token, another application, another tenant and an expired link', async () => {
    const a = await applicantOn('individual-income-eval-request', INCOME_PATH);
    const b = await applicantOn('individual-income-eval-request', INCOME_PATH);
    const { token } = await requestLink(a.applicant, a.application.id);
    const refusals = [
      await view(a.application.id, `${token.slice(0, -2)}xx`),
      await view(b.application.id, token),
      await view(a.application.id, token, hostOf('globex')),
      await upload(b.application.id, token),
      await submit(b.application.id, token, { documents: [someObjectId()] }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { type: 'not-found', name: 'NotFoundError', message: INVALID_LINK, status: 404 } });
    }
    // A token too short to be one is refused by the query's schema, before any lookup.
    expect((await view(a.application.id, 'short')).statusCode).toBe(400);
  });

  it('take a PDF or an image as an evaluation letter filed on the application, and refuse other files', async () => {
    const { applicant, application } = await applicantOn('individual-income-eval-request', INCOME_PATH);
    const { token, request } = await requestLink(applicant, application.id);
    const res = await upload(application.id, token);
    expect(res.statusCode, res.body).toBe(201);
    const uploaded = dataOf<{ _id: string; name: string }>(res);
    expect(uploaded.name).toBe('Evaluator letter for Ada Applicant');
    const [doc] = await t.app.db.select().from(documents).where(eq(documents.id, uploaded._id));
    expect(doc).toMatchObject({ type: 'EVAL_LETTER', tags: ['evaluator'], uploadedBy: request._id, mimeType: 'application/pdf' });
    const [link] = await t.app.db
      .select()
      .from(applicationDocuments)
      .where(and(eq(applicationDocuments.applicationId, application.id), eq(applicationDocuments.documentId, uploaded._id)));
    expect(link).toMatchObject({ questionKey: 'individualIncomeEvalUpload', evaluatorRequestId: request._id });
    expect((await upload(application.id, token, { name: 'scan.png', data: PNG, type: 'image/png' })).statusCode).toBe(201);
    const text = await upload(application.id, token, { name: 'letter.txt', data: Buffer.from('I confirm'), type: 'text/plain' });
    expect(text.statusCode).toBe(400);
    expect(dataOf<EvaluatorApplicationView>(await view(application.id, token)).documents).toHaveLength(2);
    expect((await tenantEventsOf(t.app, t.tenants.acme.id, application.id)).at(-1)).toMatchObject({
      type: 'upload',
      userId: null,
      meta: { via: 'Carla Reyes (evaluator)', evaluatorRequest: request._id, questionKey: 'individualIncomeEvalUpload' },
    });
  });

  it('submit: moves a waiting application to submitted, e-mails the applicant, records it, and the link is used up', async () => {
    const { applicant, application } = await applicantOn('individual-submitted', [...INCOME_PATH, 'individual-income-eval-request']);
    const { token, request } = await requestLink(applicant, application.id);
    const letter = dataOf<{ _id: string }>(await upload(application.id, token));

    // Only documents uploaded through this link.
    const other = await applicantOn('individual-income-eval-request', INCOME_PATH);
    const otherLink = await requestLink(other.applicant, other.application.id);
    const foreign = dataOf<{ _id: string }>(await upload(other.application.id, otherLink.token));
    const refused = await submit(application.id, token, { documents: [letter._id, foreign._id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain(foreign._id);
    expect((await submit(application.id, token, { documents: [] })).statusCode).toBe(400);

    const res = await submit(application.id, token, { message: 'Letter on our letterhead attached.', documents: [letter._id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf<EvaluatorApplicationView>(res)).toMatchObject({ submitted: true, documents: [{ _id: letter._id }] });
    const [row] = await t.app.db.select().from(applications).where(eq(applications.id, application.id));
    expect(row!.status).toBe('submitted');
    const [stored] = await t.app.db.select().from(evaluatorRequests).where(eq(evaluatorRequests.id, request._id));
    expect(stored).toMatchObject({ message: 'Letter on our letterhead attached.' });
    expect(stored!.submittedAt).not.toBeNull();
    expect((await tenantEventsOf(t.app, t.tenants.acme.id, application.id)).at(-1)).toMatchObject({
      type: 'status',
      userId: null,
      meta: { via: 'Carla Reyes (evaluator)', change: { status: { old: 'in-progress', new: 'submitted' } } },
    });
    const { mail } = await lastMailTo(t.app, applicant.email);
    expect(mail!.subject).toBe('Carla Reyes submitted your accredited investor letter');
    expect(mail!.text).toContain('Your application has been submitted and is now under review.');
    expect(mail!.text).toContain(`http://acme.localhost/investor/applications/${application.id}`);

    // Used: still viewable (already submitted), but takes no second submit and no more files.
    expect(dataOf<EvaluatorApplicationView>(await view(application.id, token)).submitted).toBe(true);
    const again = await submit(application.id, token, { documents: [letter._id] });
    expect(again.statusCode).toBe(409);
    expect((await upload(application.id, token)).statusCode).toBe(409);
    expect((await call(applicant, 'DELETE', `application/${application.id}/evaluator/${request._id}`)).statusCode).toBe(409);
    const list = dataOf<EvaluatorRequest[]>(await call(applicant, 'GET', `application/${application.id}/evaluator`));
    expect(list[0]).toMatchObject({ _id: request._id, state: 'submitted' });
  });

  it('submit: an application still on the request screen keeps its status, and the applicant is asked to finish', async () => {
    const { applicant, application } = await applicantOn('individual-income-eval-request', INCOME_PATH);
    const { token } = await requestLink(applicant, application.id);
    const letter = dataOf<{ _id: string }>(await upload(application.id, token));
    expect((await submit(application.id, token, { documents: [letter._id] })).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(applications).where(eq(applications.id, application.id));
    expect(row!.status).toBe('in-progress');
    const { mail } = await lastMailTo(t.app, applicant.email);
    expect(mail!.text).toContain('Open your application to finish it and send it for review.');
  });

  it('take no files and no letter once a reviewer has decided the application (409)', async () => {
    const { applicant, application } = await applicantOn('individual-submitted', [...INCOME_PATH, 'individual-income-eval-request']);
    const { token } = await requestLink(applicant, application.id);
    const letter = dataOf<{ _id: string }>(await upload(application.id, token));
    await t.app.db.update(applications).set({ status: 'rejected' }).where(eq(applications.id, application.id));
    expect((await upload(application.id, token)).statusCode).toBe(409);
    const res = await submit(application.id, token, { documents: [letter._id] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/already been decided/);
  });

  it('an expired link answers the same 404 (the clock moved past 14 days)', async () => {
    const { applicant, application } = await applicantOn('individual-income-eval-request', INCOME_PATH);
    const { token, request } = await requestLink(applicant, application.id);
    t.clock.advance(14 * DAY_MS - 60_000);
    expect((await view(application.id, token)).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    const res = await view(application.id, token);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(INVALID_LINK);
    expect((await upload(application.id, token)).statusCode).toBe(404);
    // The applicant's session has expired by now too; the list reads the state the same way.
    const [row] = await t.app.db.select().from(evaluatorRequests).where(eq(evaluatorRequests.id, request._id));
    expect(evaluatorRequestState(row!, t.clock.now())).toBe('expired');
  });
});
