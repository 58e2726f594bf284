import type { Application, ApplicationDocument, DocumentRecord } from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationDocuments, documents } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { makePdf, PNG } from '../documents/documents.test-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signUp, someObjectId, tenantEventsOf, type SignedUp } from '../../../test/factories.ts';
import { pdfCreationDate } from './file-dates.ts';
import {
  apiOf,
  DAY_MS,
  daysAgo,
  insertEvaluatorRequest,
  jpegTakenAt,
  pdfCreatedAt,
  placeAt,
  setClock,
  signInAgain,
} from './applications.test-helpers.ts';

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

const docOf = (res: { json(): unknown }) => (res.json() as { data: ApplicationDocument }).data;
const errorOf = (res: { json(): unknown }) => (res.json() as { error: { message: string } }).error.message;
async function applicant(): Promise<{ who: SignedUp; application: Application }> {
  const who = await signUp(t.app, 'acme');
  return { who, application: await api.start(who) };
}

describe('POST application/{id}/documents', () => {
  it("makes a real document with the answer's type and tags, the tax year of the 001 §9 year pair, and attaches it", async () => {
    setClock(t, '2026-06-30T12:00:00Z');
    const started = await applicant();
    const { application } = started;
    let { who } = started;
    const june = await api.upload(who, application._id, 'individualIncomeDocUploadPrevYearSelf', { fileName: '2023 return.pdf' });
    expect(june.statusCode, june.body).toBe(201);
    const first = docOf(june);
    expect(june.headers.location).toBe(`/api/v1/document/${first._id}`);
    expect(first).toMatchObject({
      name: '2023 return.pdf',
      originalName: '2023 return.pdf',
      type: 'INCOME_TAX',
      entityType: 'USER',
      tags: ['self', 'prev-year', '2023'],
      uploadedBy: who.user._id,
      questionKey: 'individualIncomeDocUploadPrevYearSelf',
      documentDate: null,
      fileDate: null,
      fromEvaluator: false,
      rights: { read: true, update: true, delete: true, share: true },
    });
    expect(docOf(await api.upload(who, application._id, 'individualIncomeDocUploadCurrYearSpouse')).tags).toEqual([
      'spouse',
      'curr-year',
      '2024',
    ]);
    setClock(t, '2026-07-01T12:00:00Z');
    who = await signInAgain(t, who);
    expect(docOf(await api.upload(who, application._id, 'individualIncomeDocUploadPrevYearSelf')).tags).toEqual([
      'self',
      'prev-year',
      '2024',
    ]);
    expect(docOf(await api.upload(who, application._id, 'individualIncomeDocUploadCurrYearSelf', { name: 'Return' }))).toMatchObject({
      name: 'Return',
      tags: ['self', 'curr-year', '2025'],
    });
    const business = docOf(await api.upload(who, application._id, 'businessAssetsDocUpload', { documentDate: daysAgo(t, 3) }));
    expect(business).toMatchObject({ type: 'ASSET', entityType: 'BUSINESS', tags: ['statement'], documentDate: daysAgo(t, 3) });
    expect(
      docOf(await api.upload(who, application._id, 'individualAssetsLiabilityCreditReport', { documentDate: daysAgo(t, 3) })),
    ).toMatchObject({
      type: 'CREDIT_REPORT',
      entityType: 'USER',
    });
    const [event] = (await tenantEventsOf(t.app, t.tenants.acme.id, application._id)).filter((e) => e.type === 'upload');
    expect(event).toMatchObject({
      entityType: 'application',
      userId: who.user._id,
      meta: {
        change: {
          [`documents.${first._id}`]: { old: null, new: { questionKey: 'individualIncomeDocUploadPrevYearSelf', documentDate: null } },
        },
      },
    });
  });

  it('refuses statements and credit reports without a date, or dated outside 90 days / one month, by the stated date', async () => {
    // Before signing in: a session does not outlive a jump of the clock.
    setClock(t, '2026-09-15T12:00:00Z');
    const { who, application } = await applicant();
    const stored = t.storage.keys().length;
    for (const [key, documentDate, message] of [
      ['individualAssetsAssetStatement', undefined, 'body.documentDate: Enter the date on the document'],
      ['individualAssetsAssetStatement', daysAgo(t, 91), 'body.documentDate: The document must be dated within the previous 90 days'],
      ['individualAssetsLiabilityAdditional', daysAgo(t, 120), 'The document must be dated within the previous 90 days'],
      ['individualAssetsLiabilityCreditReport', daysAgo(t, 32), 'body.documentDate: The credit report must be dated within the last month'],
      ['businessAssetsDocUpload', daysAgo(t, -3), 'The document date cannot be in the future'],
      ['individualAssetsAssetStatement', '2026-02-30', 'Enter the date on the document as a real day'],
      ['individualAssetsAssetStatement', '15/09/2026', 'Enter the document date as YYYY-MM-DD'],
    ] as const) {
      const res = await api.upload(who, application._id, key, { documentDate });
      expect(res.statusCode, `${key} ${documentDate}`).toBe(400);
      expect(errorOf(res)).toContain(message);
    }
    expect(t.storage.keys().length, 'nothing stored').toBe(stored);
    expect((await api.upload(who, application._id, 'individualAssetsAssetStatement', { documentDate: daysAgo(t, 89) })).statusCode).toBe(
      201,
    );
    expect(
      (await api.upload(who, application._id, 'individualAssetsLiabilityCreditReport', { documentDate: daysAgo(t, 29) })).statusCode,
    ).toBe(201);
    // Tax returns and letters are not dated evidence: no date needed.
    expect((await api.upload(who, application._id, 'businessOwnersEvalUpload')).statusCode).toBe(201);
  });

  it('refuses a file whose own creation date (PDF Info, image EXIF) is outside the window, whatever date is typed', async () => {
    setClock(t, '2026-09-15T12:00:00Z');
    const { who, application } = await applicant();
    const now = t.clock.now();
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const recent = daysAgo(t, 5);
    const old = await api.upload(who, application._id, 'individualAssetsAssetStatement', {
      documentDate: recent,
      data: pdfCreatedAt(ago(100)),
    });
    expect(old.statusCode).toBe(400);
    expect(errorOf(old)).toBe(`body.file: The file was created on ${ago(100).toISOString().slice(0, 10)}, more than 90 days ago`);
    const report = await api.upload(who, application._id, 'individualAssetsLiabilityCreditReport', {
      documentDate: recent,
      data: pdfCreatedAt(ago(40)),
    });
    expect(errorOf(report)).toContain('more than a month ago');
    const photo = await api.upload(who, application._id, 'individualAssetsAssetStatement', {
      documentDate: recent,
      data: jpegTakenAt('2025:01:02 10:00:00'),
      fileName: 'statement.jpg',
    });
    expect(photo.statusCode, photo.body).toBe(400);
    expect(errorOf(photo)).toBe('body.file: The file was created on 2025-01-02, more than 90 days ago');

    const fresh = await api.upload(who, application._id, 'individualAssetsAssetStatement', {
      documentDate: recent,
      data: pdfCreatedAt(ago(6)),
    });
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(docOf(fresh).fileDate).toBe(`${ago(6).toISOString().slice(0, 19)}.000Z`);
    const freshPhoto = await api.upload(who, application._id, 'individualAssetsAssetStatement', {
      documentDate: recent,
      data: jpegTakenAt(`${daysAgo(t, 2).replace(/-/g, ':')} 09:30:00`),
      fileName: 'statement.jpg',
    });
    expect(freshPhoto.statusCode, freshPhoto.body).toBe(201);
    // EXIF times carry no zone: read as the server's local time, the day stays the same.
    expect(docOf(freshPhoto).fileDate).toContain(daysAgo(t, 2));
    // A tax return may be old.
    expect(
      (await api.upload(who, application._id, 'individualIncomeDocUploadPrevYearSelf', { data: pdfCreatedAt(ago(700)) })).statusCode,
    ).toBe(201);
  });

  it('reads the creation date of a PDF from its last Info dictionary, with time zones, else its XMP packet, else nothing', () => {
    const pdf = (text: string) => Buffer.from(`%PDF-1.7\n${text}\n%%EOF`, 'latin1');
    expect(pdfCreationDate(pdf("/CreationDate (D:20260102030405+02'00')"))).toEqual(new Date('2026-01-02T01:04:05Z'));
    expect(pdfCreationDate(pdf('/CreationDate(D:2026)'))).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(pdfCreationDate(pdf('/CreationDate (D:20250101000000Z) ... /CreationDate (D:20260301000000Z)'))).toEqual(
      new Date('2026-03-01T00:00:00Z'),
    );
    expect(pdfCreationDate(pdf('/ModDate (D:20260401000000Z)'))).toEqual(new Date('2026-04-01T00:00:00Z'));
    expect(pdfCreationDate(pdf('<xmp:CreateDate>2026-05-06T07:08:09Z</xmp:CreateDate>'))).toEqual(new Date('2026-05-06T07:08:09Z'));
    expect(pdfCreationDate(pdf('/CreationDate (D:20261399000000Z)'))).toBeNull();
    expect(pdfCreationDate(makePdf('No dates'))).toBeNull();
    // A large file is read at its two ends only, where writers put the Info dictionary.
    const filler = Buffer.alloc(5 * 1024 * 1024, 0x20);
    expect(pdfCreationDate(Buffer.concat([pdf(''), filler, Buffer.from('/CreationDate (D:20260101000000Z)')]))).toEqual(
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(pdfCreationDate(Buffer.concat([pdf(''), filler, Buffer.from('/CreationDate (D:20260101000000Z)'), filler]))).toBeNull();
  });

  it("is the applicant's, while undecided: 404 for others, 409 once reviewed, 400 for a bad form, 415 for JSON", async () => {
    const { who, application } = await applicant();
    for (const other of [await signUp(t.app, 'acme'), owner, await signUp(t.app, 'globex', { role: 'owner' })])
      expect((await api.upload(other, application._id, 'individualIncomeEvalUpload')).statusCode).toBe(404);
    for (const questionKey of ['', 'individualMethod']) {
      const res = await api.upload(who, application._id, questionKey as never);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toContain('body.questionKey');
    }
    const json = await api.call(who, 'POST', `application/${application._id}/documents`, { questionKey: 'individualIncomeEvalUpload' });
    expect(json.statusCode).toBe(415);
    const exe = await api.upload(who, application._id, 'individualIncomeEvalUpload', { fileName: 'letter.exe', data: PNG });
    expect(exe.statusCode).toBe(400);
    await placeAt(t, application, { status: 'rejected', reviewedAt: t.clock.now(), reviewedBy: owner.user._id });
    expect((await api.upload(who, application._id, 'individualIncomeEvalUpload')).statusCode).toBe(409);
  });
});

describe('GET application/{id}/documents and the documents themselves', () => {
  let who: SignedUp;
  let application: Application;
  let letter: string;
  let statement: string;
  let evaluatorLetter: string;

  beforeAll(async () => {
    ({ who, application } = await applicant());
    letter = await api.uploaded(who, application._id, 'individualIncomeEvalUpload', { name: 'CPA letter' });
    statement = await api.uploaded(who, application._id, 'individualAssetsAssetStatement', {
      name: 'Brokerage statement',
      fileName: 'brokerage-q3.pdf',
      documentDate: daysAgo(t, 4),
    });
    // An evaluator's upload through the public link (the evaluator module writes these rows).
    const request = await insertEvaluatorRequest(
      t,
      { tenantId: application.tenant, id: application._id, userId: who.user._id },
      'individual-income-eval-request',
    );
    evaluatorLetter = newId();
    const data = makePdf('Letter');
    await t.storage.put(`documents/${application.tenant}/${evaluatorLetter}`, data, 'application/pdf');
    await t.app.db.insert(documents).values({
      tenantId: application.tenant,
      id: evaluatorLetter,
      name: 'Letter from Carla Reyes',
      type: 'EVAL_LETTER',
      entityType: 'USER',
      mimeType: 'application/pdf',
      size: data.length,
      storageKey: `documents/${application.tenant}/${evaluatorLetter}`,
      originalName: 'letter.pdf',
      uploadedBy: request.id,
    });
    await t.app.db.insert(applicationDocuments).values({
      tenantId: application.tenant,
      applicationId: application._id,
      documentId: evaluatorLetter,
      questionKey: null,
      evaluatorRequestId: request.id,
    });
  });

  const list = (caller: SignedUp, query = '') => api.call(caller, 'GET', `application/${application._id}/documents${query}`);
  const idsOf = (res: { json(): unknown }) => (res.json() as { data: ApplicationDocument[] }).data.map((d) => d._id);

  it('lists them newest first, by type and name or file name, paged, to the applicant, the owners and platform admins', async () => {
    const mine = await list(who);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().meta).toEqual({ page: 1, limit: 20, total: 3 });
    expect(idsOf(mine)).toEqual([evaluatorLetter, statement, letter]);
    const [fromEvaluator, dated] = (mine.json() as { data: ApplicationDocument[] }).data;
    expect(fromEvaluator).toMatchObject({ fromEvaluator: true, questionKey: null, rights: { read: true, delete: false } });
    expect(dated).toMatchObject({ questionKey: 'individualAssetsAssetStatement', documentDate: daysAgo(t, 4), fromEvaluator: false });
    expect(idsOf(await list(owner))).toEqual([evaluatorLetter, statement, letter]);
    expect((await list(owner)).json().data[1].rights).toEqual({ read: true, update: false, delete: false, share: false });
    expect(idsOf(await list(admin))).toEqual([evaluatorLetter, statement, letter]);
    expect(idsOf(await list(who, '?type=ASSET'))).toEqual([statement]);
    expect(idsOf(await list(who, '?search=BROKERAGE-q3'))).toEqual([statement]);
    expect(idsOf(await list(who, '?search=cpa'))).toEqual([letter]);
    expect(idsOf(await list(who, '?limit=2&page=2'))).toEqual([letter]);
    expect((await list(who, '?type=PASSPORT')).statusCode).toBe(400);
    expect((await list(who, '?search=%25')).json().data).toEqual([]);
  });

  it('is not found for other members and other tenants', async () => {
    expect((await list(await signUp(t.app, 'acme'))).statusCode).toBe(404);
    expect((await list(await signUp(t.app, 'globex', { role: 'owner' }))).statusCode).toBe(404);
  });

  it("lets reviewers open and download the evidence at /document/{id}, and the applicant their evaluator's letter, read-only", async () => {
    for (const reviewer of [owner, admin]) {
      const res = await api.call(reviewer, 'GET', `document/${statement}`);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { data: DocumentRecord }).data.rights).toEqual({ read: true, update: false, delete: false, share: false });
      expect((await api.call(reviewer, 'GET', `document/${statement}/download`)).statusCode).toBe(200);
      expect((await api.call(reviewer, 'DELETE', `document/${statement}`)).statusCode).toBe(403);
    }
    expect((await api.call(who, 'GET', `document/${evaluatorLetter}`)).statusCode).toBe(200);
    expect((await api.call(who, 'GET', `document/${evaluatorLetter}/download`)).statusCode).toBe(200);
    expect((await api.call(who, 'PUT', `document/${evaluatorLetter}`, { name: 'Mine now' })).statusCode).toBe(403);
    const stranger = await signUp(t.app, 'acme');
    expect((await api.call(stranger, 'GET', `document/${statement}`)).statusCode).toBe(404);
    expect((await api.call(stranger, 'GET', `document/${evaluatorLetter}/download`)).statusCode).toBe(404);
  });
});

describe('DELETE application/{id}/documents/{documentId}', () => {
  it('removes the upload, its link and its id from the answers, recording it; an evaluator letter stays', async () => {
    const { who, application } = await applicant();
    const first = await api.uploaded(who, application._id, 'individualIncomeEvalUpload');
    const second = await api.uploaded(who, application._id, 'individualIncomeEvalUpload');
    await placeAt(t, application, {
      currentQuestionId: 'individual-submitted',
      completedQuestionIds: ['identity', 'individual-method', 'individual-income-method', 'individual-income-eval-upload'],
      questionData: { identity: 'individual', individualIncomeEvalUpload: [first, second], individualIncomeEvalUploadConfirm: true },
      status: 'submitted',
    });
    for (const other of [await signUp(t.app, 'acme'), owner])
      expect((await api.call(other, 'DELETE', `application/${application._id}/documents/${first}`)).statusCode).toBe(404);
    const res = await api.call(who, 'DELETE', `application/${application._id}/documents/${first}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await api.call(who, 'GET', `document/${first}`)).statusCode).toBe(404);
    const after = (await api.call(who, 'GET', `application/${application._id}`)).json().data as Application;
    expect(after.questionData.individualIncomeEvalUpload).toEqual([second]);
    const rows = await t.app.db
      .select()
      .from(applicationDocuments)
      .where(and(eq(applicationDocuments.applicationId, application._id), eq(applicationDocuments.documentId, first)));
    expect(rows).toEqual([]);
    const removed = (await tenantEventsOf(t.app, t.tenants.acme.id, application._id)).find((e) => e.type === 'delete');
    expect(removed?.meta).toMatchObject({ change: { 'questionData.individualIncomeEvalUpload': { old: [first, second], new: [second] } } });
    expect((await api.call(who, 'DELETE', `application/${application._id}/documents/${first}`)).statusCode).toBe(404);
    expect((await api.call(who, 'DELETE', `application/${application._id}/documents/${someObjectId()}`)).statusCode).toBe(404);

    const request = await insertEvaluatorRequest(t, { tenantId: application.tenant, id: application._id, userId: who.user._id }, 'x');
    const letter = newId();
    await t.app.db.insert(documents).values({
      tenantId: application.tenant,
      id: letter,
      name: 'Letter',
      type: 'EVAL_LETTER',
      entityType: 'USER',
      mimeType: 'application/pdf',
      size: 1,
      storageKey: `documents/${application.tenant}/${letter}`,
      originalName: 'letter.pdf',
      uploadedBy: request.id,
    });
    await t.app.db
      .insert(applicationDocuments)
      .values({ tenantId: application.tenant, applicationId: application._id, documentId: letter, evaluatorRequestId: request.id });
    expect((await api.call(who, 'DELETE', `application/${application._id}/documents/${letter}`)).statusCode).toBe(403);

    await placeAt(t, application, { status: 'approved', reviewedAt: t.clock.now(), reviewedBy: owner.user._id });
    expect((await api.call(who, 'DELETE', `application/${application._id}/documents/${second}`)).statusCode).toBe(409);
  });
});
