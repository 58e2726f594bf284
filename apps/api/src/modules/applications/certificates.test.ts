import { X509Certificate } from 'node:crypto';
import type { Application, CertificateVerification, DocumentRecord } from '@tessera/domain';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecrets, applications } from '../../db/schema/index.ts';
import { checkPdfSeal } from '../../lib/seal/index.ts';
import { readElement } from '../../lib/seal/der.ts';
import { sealSecretName } from '../../lib/seal/local-key.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, createApplication, lastMailTo, signUp, someObjectId, tenantEventsOf, type SignedUp } from '../../../test/factories.ts';
import { extractPdfText } from '../documents/index.ts';
import { findApplicationStatus } from './index.ts';

let t: TestApp;
let owner: SignedUp;
let otherOwner: SignedUp;
let globexOwner: SignedUp;
let admin: SignedUp;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app, 'acme', { role: 'owner' });
  otherOwner = await signUp(t.app, 'acme', { role: 'owner' });
  globexOwner = await signUp(t.app, 'globex', { role: 'owner' });
  admin = await signUp(t.app, 'acme', { admin: true });
});
afterAll(async () => {
  await t?.close();
});

const YEAR_MS = 366 * 24 * 60 * 60 * 1000;
const call = (who: SignedUp | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, host = who?.host) =>
  t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { host: host ?? hostOf('acme'), ...(who ? bearer(who.token) : {}) },
    ...(payload ? { payload } : {}),
  });
const dataOf = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;

/** An applicant with a submitted income application, as the wizard leaves it. */
async function submittedApplication(firstname = 'Ivan') {
  const applicant = await signUp(t.app, 'acme', { firstname, lastname: 'Investor' });
  const row = await createApplication(t.app, {
    tenantId: t.tenants.acme.id,
    userId: applicant.user._id,
    status: 'submitted',
    verificationMethod: 'income',
    currentQuestionId: 'individual-submitted',
    completedQuestionIds: ['identity', 'individual-method', 'individual-income-method', 'individual-license'],
    questionData: { identity: 'individual', individualMethod: 'income' },
  });
  return { applicant, id: row.id };
}

async function approved(note = 'Tax returns for both years confirm the income') {
  const { applicant, id } = await submittedApplication();
  const res = await call(owner, 'PUT', `application/${id}/status`, { status: 'approved', note });
  expect(res.statusCode, res.body).toBe(200);
  return { applicant, id, application: dataOf<Application>(res) };
}

const download = async (who: SignedUp, id: string) => {
  const res = await call(who, 'GET', `document/${id}/download`);
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
};

describe('PUT application/{id}/status: who may decide, and when', () => {
  it('refuses the applicant (403), another tenant (404), an unknown id (404) and a rejection without a note (400)', async () => {
    const { applicant, id } = await submittedApplication();
    expect((await call(applicant, 'PUT', `application/${id}/status`, { status: 'approved' })).statusCode).toBe(403);
    expect((await call(globexOwner, 'PUT', `application/${id}/status`, { status: 'approved' })).statusCode).toBe(404);
    expect((await call(owner, 'PUT', `application/${someObjectId()}/status`, { status: 'approved' })).statusCode).toBe(404);
    const bare = await call(owner, 'PUT', `application/${id}/status`, { status: 'rejected' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.message).toContain('Say why the application is rejected');
    expect(dataOf<Application>(await call(applicant, 'GET', `application/${id}`)).status).toBe('submitted');
  });

  it('decides only a submitted application: not started, in progress and a second decision are 409', async () => {
    const applicant = await signUp(t.app, 'acme');
    for (const status of ['not-started', 'in-progress'] as const) {
      const row = await createApplication(t.app, { tenantId: t.tenants.acme.id, userId: applicant.user._id, status });
      const res = await call(owner, 'PUT', `application/${row.id}/status`, { status: 'approved' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('Only a submitted application can be reviewed');
    }
    const { id } = await submittedApplication();
    expect((await call(owner, 'PUT', `application/${id}/status`, { status: 'rejected', note: 'Statements too old' })).statusCode).toBe(200);
    const again = await call(admin, 'PUT', `application/${id}/status`, { status: 'approved' });
    expect(again.statusCode).toBe(409);
  });

  it('rejects with the note stored, the reviewer and time recorded, a timeline event and a mail with the note', async () => {
    const { applicant, id } = await submittedApplication();
    const res = await call(admin, 'PUT', `application/${id}/status`, {
      status: 'rejected',
      note: 'The asset statement is older than 90 days.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf<Application>(res)).toMatchObject({
      status: 'rejected',
      reviewNote: 'The asset statement is older than 90 days.',
      reviewedBy: { _id: admin.user._id },
      approvalDoc: null,
      certificateCode: null,
      expiresAt: null,
    });
    const events = await tenantEventsOf(t.app, t.tenants.acme.id, id);
    expect(events.at(-1)).toMatchObject({
      type: 'status',
      userId: admin.user._id,
      meta: {
        change: {
          status: { old: 'submitted', new: 'rejected' },
          reviewNote: { old: null, new: 'The asset statement is older than 90 days.' },
        },
      },
    });
    const { mail } = await lastMailTo(t.app, applicant.email);
    expect(mail?.subject).toBe('Your accreditation application with Acme Capital was not approved');
    expect(mail?.text).toContain('The asset statement is older than 90 days.');
    expect(mail?.text).toContain(`/investor/applications/${id}`);
  });
});

describe('an approval issues the sealed approval letter', () => {
  it('stores a one-page PDF with the code, sealed with the tenant certificate, as the application approvalDoc', async () => {
    const { applicant, id, application } = await approved();
    expect(application).toMatchObject({ status: 'approved', reviewedBy: { _id: owner.user._id }, expired: false });
    expect(application.certificateCode).toMatch(/^TSR-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(application.approvalDoc).toEqual(expect.any(String));
    expect(new Date(application.expiresAt!).getTime() - new Date(application.reviewedAt!).getTime()).toBeGreaterThanOrEqual(
      365 * 86_400_000,
    );

    const pdf = await download(applicant, application.approvalDoc!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = extractPdfText(pdf);
    expect(text).toContain('Verified Accredited Investor');
    expect(text).toContain('Ivan Investor');
    expect(text).toContain(application.certificateCode);
    expect(text).toContain('Income (Rule 501(a)(6))');
    expect(pdf.toString('latin1')).toContain('/SubFilter /ETSI.CAdES.detached');

    const check = checkPdfSeal(pdf);
    expect(check, check.problem ?? '').toMatchObject({ valid: true });
    expect(check.signer?.subject).toContain('CN=Acme Capital');
    expect(check.signer?.subject).toContain('O=Tessera');

    // The certificate inside the signature is the tenant's, as kept (encrypted) in app_secrets; node-forge reads the
    // CMS the same way.
    const [secret] = await t.app.db
      .select()
      .from(appSecrets)
      .where(eq(appSecrets.key, sealSecretName(t.tenants.acme.id)));
    expect(secret!.value.startsWith('v1:')).toBe(true);
    const stored = JSON.parse(t.app.cipher.decrypt(secret!.value)) as { certificate: string };
    expect(check.signer?.raw.equals(new X509Certificate(stored.certificate).raw)).toBe(true);
    const contents = /\/Contents\s*<([0-9a-fA-F]+)>/.exec(pdf.toString('latin1'))![1]!;
    const der = readElement(Buffer.from(contents, 'hex')).raw;
    const p7 = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(der.toString('binary'))) as forge.pkcs7.PkcsSignedData;
    expect(p7.certificates[0]!.subject.getField('CN').value).toBe('Acme Capital');

    // A changed byte breaks the seal.
    const tampered = Buffer.from(pdf);
    const at = tampered.indexOf('Verified Accredited Investor');
    const where = at > 0 ? at : 200;
    tampered.writeUInt8(tampered.readUInt8(where) ^ 1, where);
    expect(checkPdfSeal(tampered).valid).toBe(false);

    const [row] = await t.app.db.select().from(applications).where(eq(applications.id, id));
    expect(row).toMatchObject({
      approvalDoc: application.approvalDoc,
      certificateCode: application.certificateCode,
      reviewNote: expect.any(String),
    });
  });

  it('lets the applicant own, view and share the letter, the reviewers read it, and nobody change or delete it', async () => {
    const { applicant, application } = await approved();
    const docId = application.approvalDoc!;
    const mine = dataOf<DocumentRecord>(await call(applicant, 'GET', `document/${docId}`));
    expect(mine).toMatchObject({ type: 'accredited-investor-letter', name: 'Accreditation certificate – Ivan Investor' });
    expect(mine.rights).toMatchObject({ read: true, share: true, update: false, delete: false });
    for (const reviewer of [owner, otherOwner, admin]) expect((await download(reviewer, docId)).subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await signUp(t.app, 'acme');
    expect((await call(stranger, 'GET', `document/${docId}`)).statusCode).toBe(404);
    expect((await call(globexOwner, 'GET', `document/${docId}`)).statusCode).toBe(404);

    const deleting = await call(applicant, 'DELETE', `document/${docId}`);
    expect(deleting.statusCode).toBe(409);
    expect((await call(applicant, 'PUT', `document/${docId}`, { name: 'Changed' })).statusCode).toBe(409);
    const shared = await call(applicant, 'POST', `document/${docId}/access`, { subjectEmail: stranger.email, role: 'viewer' });
    expect(shared.statusCode, shared.body).toBe(201);
    expect((await call(stranger, 'GET', `document/${docId}`)).statusCode).toBe(200);
  });

  it('e-mails the applicant a link to the letter', async () => {
    const { applicant, application } = await approved();
    const { mail } = await lastMailTo(t.app, applicant.email);
    expect(mail?.subject).toBe('Your accreditation with Acme Capital is approved');
    expect(mail?.text).toContain(`/document/${application.approvalDoc}`);
    expect(mail?.text).toContain(application.certificateCode);
  });
});

describe('GET certificate/{code}', () => {
  it('answers anyone on the tenant host with the name, status, dates and issuer', async () => {
    const { application } = await approved();
    const code = application.certificateCode!;
    const res = await call(null, 'GET', `certificate/${code.toLowerCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf<CertificateVerification>(res)).toEqual({
      code,
      name: 'Ivan Investor',
      status: 'valid',
      issuedAt: application.reviewedAt,
      expiresAt: application.expiresAt,
      issuer: 'Acme Capital',
    });
  });

  it('is 404 for an unknown code or another tenant, 400 for a malformed one, revoked once no longer approved', async () => {
    const { id, application } = await approved();
    const unknown = await call(null, 'GET', 'certificate/TSR-AAAA-BBBB');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('No certificate has this code');
    expect((await call(null, 'GET', `certificate/${application.certificateCode}`, undefined, hostOf('globex'))).statusCode).toBe(404);
    const malformed = await call(null, 'GET', 'certificate/not-a-code');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toContain('TSR-XXXX-XXXX');
    await t.app.db.update(applications).set({ status: 'in-progress' }).where(eq(applications.id, id));
    expect(dataOf<CertificateVerification>(await call(null, 'GET', `certificate/${application.certificateCode}`)).status).toBe('revoked');
  });
});

describe('a year after the review', () => {
  it('the approval reads expired everywhere: the application, the certificate and the onboarding checklist', async () => {
    const { applicant, id, application } = await approved();
    expect(await findApplicationStatus(t.app.db, t.tenants.acme.id, id, t.clock.now())).toBe('approved');
    t.clock.advance(YEAR_MS);
    // A year on, the session has long expired: sign in again.
    const signin = await call(null, 'POST', 'auth/signin', { email: applicant.email, password: applicant.password });
    expect(signin.statusCode, signin.body).toBe(200);
    const again = { ...applicant, token: dataOf<{ token: string }>(signin).token };
    const read = dataOf<Application>(await call(again, 'GET', `application/${id}`));
    expect(read).toMatchObject({ status: 'approved', expired: true, expiresAt: application.expiresAt });
    expect(dataOf<CertificateVerification>(await call(null, 'GET', `certificate/${application.certificateCode}`)).status).toBe('expired');
    expect(await findApplicationStatus(t.app.db, t.tenants.acme.id, id, t.clock.now())).toBeNull();
  });
});
