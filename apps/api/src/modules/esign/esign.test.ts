import { createHash } from 'node:crypto';
import type { DocumentRecord, EsignEnvelope, EsignVerification } from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import { PNG as PngImage } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, esignEvents, workflows } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { checkPdfSeal } from '../../lib/seal/index.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, joinInstitutionTeam, signUp, tenantEventsOf, type SignedUp } from '../../../test/factories.ts';
import { makePdf, multipart } from '../documents/documents.test-helpers.ts';
import { extractPdfText } from '../documents/index.ts';
import { insertOfferForSigning, insertReadyWorkflow } from './esign.test-helpers.ts';

let t: TestApp;
let investor: SignedUp;
let otherInvestor: SignedUp;
let team: SignedUp;
let globexOwner: SignedUp;
let offer: { institutionId: string; offerId: string; classId: string };

beforeAll(async () => {
  t = await buildTestApp();
  investor = await signUp(t.app, 'acme', { firstname: 'Jane', lastname: 'Investor' });
  otherInvestor = await signUp(t.app, 'acme');
  team = await signUp(t.app, 'acme', { role: 'editor', firstname: 'Tom', lastname: 'Team' });
  globexOwner = await signUp(t.app, 'globex', { role: 'owner' });
  offer = await insertOfferForSigning(t, t.tenants.acme.id);
  await joinInstitutionTeam(t.app, t.tenants.acme.id, team.user._id, offer.institutionId, null);
});
afterAll(async () => {
  await t?.close();
});

type Who = SignedUp | null;
const call = (
  who: Who,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { payload?: object | Buffer; headers?: object; host?: string } = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: {
      host: options.host ?? who?.host ?? hostOf('acme'),
      'user-agent': 'Vitest Browser/1.0',
      ...(who ? bearer(who.token) : {}),
      ...options.headers,
    },
    ...(options.payload ? { payload: options.payload } : {}),
  });
const dataOf = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;
const base = (id: string) => `tenant/acme/workflows/${id}/esignature`;
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const ready = (leave?: string[]) =>
  insertReadyWorkflow(t, { tenantId: t.tenants.acme.id, ownerId: investor.user._id, ...offer, ...(leave ? { leave } : {}) });

async function prepared(id?: string) {
  const workflowId = id ?? (await ready());
  const res = await call(investor, 'POST', base(workflowId));
  expect(res.statusCode, res.body).toBe(201);
  return { workflowId, envelope: dataOf<EsignEnvelope>(res) };
}

async function signed(kind: 'typed' | 'drawn' = 'typed') {
  const { workflowId, envelope } = await prepared();
  const res = await call(investor, 'POST', `${base(workflowId)}/sign`, {
    payload: {
      signatureKind: kind,
      typedName: kind === 'typed' ? 'Jane Q. Investor' : null,
      consent: true,
      unsignedSha256: envelope.unsignedSha256,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { workflowId, envelope: dataOf<EsignEnvelope>(res) };
}

const download = async (who: SignedUp, documentId: string) => call(who, 'GET', `document/${documentId}/download`);

function signaturePng(): Buffer {
  const png = new PngImage({ width: 120, height: 40 });
  for (let i = 0; i < png.data.length; i += 4) png.data[i + 3] = (i / 4) % 7 === 0 ? 255 : 0;
  return PngImage.sync.write(png);
}
const upload = (who: SignedUp, id: string, data: Buffer, name = 'signature.png') => {
  const form = multipart({}, [{ name, data, type: 'image/png' }]);
  return call(who, 'PUT', `user/${id}/signature`, { payload: form.payload, headers: form.headers });
};

describe('POST …/esignature: preparing the agreement', () => {
  it('is refused while steps before the e-signature are left, naming them', async () => {
    const id = await ready(['purpose', 'distribution']);
    const res = await call(investor, 'POST', base(id));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Complete these steps first: Purpose, Distribution');
  });

  it('fills the agreement with the amount and names, records who prepared it from where, and serves the PDF', async () => {
    const { workflowId, envelope } = await prepared();
    expect(envelope).toMatchObject({ provider: 'builtin', status: 'created', signerName: 'Jane Investor', signingUrl: null });
    expect(envelope.events).toEqual([
      expect.objectContaining({ type: 'created', ip: '127.0.0.1', userAgent: 'Vitest Browser/1.0', actor: 'Jane Investor' }),
    ]);
    const res = await call(investor, 'GET', `${base(workflowId)}/agreement`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(sha(res.rawPayload)).toBe(envelope.unsignedSha256);
    const text = extractPdfText(res.rawPayload);
    for (const word of ['$50,000.00', 'Jane Investor', 'Harbor Lofts', 'Summit Ridge Capital', 'Class A', 'Check by mail', 'Individual'])
      expect(text).toContain(word);
    const after = dataOf<EsignEnvelope>(await call(investor, 'GET', base(workflowId)));
    expect(after.events.map((e) => e.type)).toEqual(['created', 'viewed']);
    const timeline = await tenantEventsOf(t.app, t.tenants.acme.id, workflowId);
    expect(timeline.map((e) => e.message)).toContain('Prepared the subscription agreement of Investment - Harbor Lofts');
  });

  it("appends the filled pages to the offer's own PDF subscription agreement", async () => {
    const pdf = makePdf('Sponsor own agreement terms');
    const id = newId();
    await t.storage.put(`documents/${t.tenants.acme.id}/${id}`, pdf, 'application/pdf');
    await t.app.db.insert(documents).values({
      tenantId: t.tenants.acme.id,
      id,
      name: 'Subscription agreement',
      type: 'subscription-agreement',
      entityType: 'OFFER',
      mimeType: 'application/pdf',
      size: pdf.length,
      storageKey: `documents/${t.tenants.acme.id}/${id}`,
      originalName: 'sa.pdf',
      uploadedBy: team.user._id,
    });
    const own = await insertOfferForSigning(t, t.tenants.acme.id, {
      offerName: 'Own Agreement Fund',
      documents: [{ document: id, type: 'subscription-agreement', position: 0, hidden: false }],
    });
    const workflowId = await insertReadyWorkflow(t, { tenantId: t.tenants.acme.id, ownerId: investor.user._id, ...own });
    await prepared(workflowId);
    const text = extractPdfText((await call(investor, 'GET', `${base(workflowId)}/agreement`)).rawPayload);
    expect(text).toContain('Sponsor own agreement terms');
    expect(text).toContain('Own Agreement Fund');
  });

  it('voids an older unsigned agreement when prepared again', async () => {
    const { workflowId, envelope } = await prepared();
    const again = await prepared(workflowId);
    expect(again.envelope._id).not.toBe(envelope._id);
    const voided = await t.app.db
      .select()
      .from(esignEvents)
      .where(and(eq(esignEvents.tenantId, t.tenants.acme.id), eq(esignEvents.envelopeId, envelope._id)));
    expect(voided.map((e) => e.type)).toEqual(['created', 'voided']);
  });

  it("refuses the institution's team (403), another investor and another tenant (404)", async () => {
    const id = await ready();
    expect((await call(team, 'POST', base(id))).statusCode).toBe(403);
    expect((await call(otherInvestor, 'POST', base(id))).statusCode).toBe(404);
    expect((await call(globexOwner, 'POST', `tenant/globex/workflows/${id}/esignature`)).statusCode).toBe(404);
    const none = await call(investor, 'GET', base(id));
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toBeNull();
  });
});

describe('POST …/esignature/sign', () => {
  it('refuses a hash other than the agreement prepared (409) and the team (403)', async () => {
    const { workflowId, envelope } = await prepared();
    const body = { signatureKind: 'typed', typedName: 'Jane Investor', consent: true, unsignedSha256: 'a'.repeat(64) };
    const res = await call(investor, 'POST', `${base(workflowId)}/sign`, { payload: body });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('The agreement changed; review it again');
    expect(
      (await call(team, 'POST', `${base(workflowId)}/sign`, { payload: { ...body, unsignedSha256: envelope.unsignedSha256 } })).statusCode,
    ).toBe(403);
  });

  it('refuses a drawn signature before one is saved (400)', async () => {
    const { workflowId, envelope } = await prepared();
    const res = await call(investor, 'POST', `${base(workflowId)}/sign`, {
      payload: { signatureKind: 'drawn', typedName: null, consent: true, unsignedSha256: envelope.unsignedSha256 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Save your signature first');
  });

  it('signs typed: the sealed agreement verifies, the step is completed, the certificate lists every event', async () => {
    const { workflowId, envelope } = await signed('typed');
    expect(envelope).toMatchObject({ status: 'signed', signerName: 'Jane Investor' });
    expect(envelope.events.map((e) => e.type)).toEqual(['created', 'signed', 'sealed', 'completed']);
    const file = await download(investor, envelope.signedDocument!);
    expect(file.statusCode).toBe(200);
    expect(sha(file.rawPayload)).toBe(envelope.signedSha256);
    expect(checkPdfSeal(file.rawPayload)).toMatchObject({ valid: true });
    const text = extractPdfText(file.rawPayload);
    expect(text).toContain('Jane Q. Investor');
    expect(text).toContain('Signed by Jane Investor');
    expect(text).toContain('From address 127.0.0.1');
    expect(text).toContain(envelope.unsignedSha256);

    const certificate = await download(investor, envelope.certificateDocument!);
    expect(checkPdfSeal(certificate.rawPayload).valid).toBe(true);
    const certText = extractPdfText(certificate.rawPayload);
    for (const word of [
      'Certificate of completion',
      'Agreement prepared',
      'Signed',
      'Signing completed',
      'from address 127.0.0.1',
      'Vitest Browser/1.0',
      envelope.signedSha256!,
    ])
      expect(certText).toContain(word);

    const [row] = await t.app.db
      .select()
      .from(workflows)
      .where(and(eq(workflows.tenantId, t.tenants.acme.id), eq(workflows.id, workflowId)));
    const step = row!.steps.find((s) => s.key === 'esignature')!;
    expect(step.status).toBe('completed');
    expect(step.data).toMatchObject({
      envelopeId: envelope._id,
      signedDocumentId: envelope.signedDocument,
      certificateDocumentId: envelope.certificateDocument,
    });
    expect(row!.currentStepKey).toBe('summary');
    const timeline = await tenantEventsOf(t.app, t.tenants.acme.id, workflowId);
    expect(timeline.map((e) => e.message)).toContain('Jane Investor signed the subscription agreement of Investment - Harbor Lofts');

    const again = await call(investor, 'POST', `${base(workflowId)}/sign`, {
      payload: { signatureKind: 'typed', typedName: 'Jane', consent: true, unsignedSha256: envelope.unsignedSha256 },
    });
    expect(again.statusCode).toBe(409);
  });

  it('signs drawn with the saved signature', async () => {
    expect((await upload(investor, investor.user._id, signaturePng())).statusCode).toBe(200);
    const { envelope } = await signed('drawn');
    const file = await download(investor, envelope.signedDocument!);
    expect(checkPdfSeal(file.rawPayload).valid).toBe(true);
    expect(file.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    expect((await call(investor, 'DELETE', `user/${investor.user._id}/signature`)).statusCode).toBe(204);
  });

  it('shares the files with the investor and the institution team, not another investor or tenant, and locks them', async () => {
    const { envelope } = await signed();
    for (const id of [envelope.signedDocument!, envelope.certificateDocument!]) {
      expect((await download(investor, id)).statusCode).toBe(200);
      expect((await download(team, id)).statusCode).toBe(200);
      expect((await download(otherInvestor, id)).statusCode).toBe(404);
      expect((await call(globexOwner, 'GET', `document/${id}/download`)).statusCode).toBe(404);
    }
    const doc = dataOf<DocumentRecord>(await call(team, 'GET', `document/${envelope.signedDocument}`));
    expect(doc.type).toBe('subscription-agreement');
    expect((await call(investor, 'DELETE', `document/${envelope.signedDocument}`)).statusCode).not.toBe(204);
    // The team reads the signing too.
    expect(dataOf<EsignEnvelope>(await call(team, 'GET', base(envelope.workflow))).status).toBe('signed');
    expect((await call(otherInvestor, 'GET', base(envelope.workflow))).statusCode).toBe(404);
  });
});

describe('POST tenant/{t}/esignature/verify', () => {
  const verify = (data: Buffer, name = 'signed.pdf', slug = 'acme') => {
    const form = multipart({}, [{ name, data, type: 'application/pdf' }]);
    return call(null, 'POST', `tenant/${slug}/esignature/verify`, { payload: form.payload, headers: form.headers, host: hostOf(slug) });
  };

  it('says valid for the signed file, and not once a byte changed', async () => {
    const { envelope } = await signed();
    const file = (await download(investor, envelope.signedDocument!)).rawPayload;
    const ok = await verify(file);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(dataOf<EsignVerification>(ok)).toMatchObject({
      sha256: envelope.signedSha256,
      sealed: true,
      sealIntact: true,
      sealedBy: 'Acme Capital',
      matchesRecord: true,
      record: { workflowName: 'Investment - Harbor Lofts', signerName: 'Jane Investor' },
      valid: true,
    });
    const changed = Buffer.from(file);
    // A byte inside the sealed range (the document's /Title, in the first object).
    const at = changed.indexOf('/Producer');
    expect(at).toBeGreaterThan(0);
    changed[at + 2] = changed[at + 2]! ^ 1;
    const bad = dataOf<EsignVerification>(await verify(changed));
    expect(bad).toMatchObject({ valid: false, matchesRecord: false, sealIntact: false });
    // Another tenant has no record of it.
    expect(dataOf<EsignVerification>(await verify(file, 'signed.pdf', 'globex'))).toMatchObject({ matchesRecord: false, valid: false });
  });

  it('takes PDFs only (415)', async () => {
    const res = await verify(Buffer.from('hello'), 'a.txt');
    expect(res.statusCode).toBe(415);
  });
});

describe('user signature routes', () => {
  it('saves, reads and deletes only your own signature, PNG or JPEG up to 1 MB', async () => {
    const me = await signUp(t.app, 'acme');
    const info0 = await call(me, 'GET', `user/${me.user._id}/signature/info`);
    expect(dataOf(info0)).toEqual({ hasSignature: false, updatedAt: null });
    expect((await call(me, 'GET', `user/${me.user._id}/signature`)).statusCode).toBe(404);
    const saved = await upload(me, me.user._id, signaturePng());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<{ hasSignature: boolean }>(saved).hasSignature).toBe(true);
    const image = await call(me, 'GET', `user/${me.user._id}/signature`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(PngImage.sync.read(image.rawPayload).width).toBe(120);
    // Someone else's id: 404 for every route.
    expect((await upload(otherInvestor, me.user._id, signaturePng())).statusCode).toBe(404);
    expect((await call(otherInvestor, 'GET', `user/${me.user._id}/signature`)).statusCode).toBe(404);
    expect((await call(otherInvestor, 'GET', `user/${me.user._id}/signature/info`)).statusCode).toBe(404);
    expect((await call(otherInvestor, 'DELETE', `user/${me.user._id}/signature`)).statusCode).toBe(404);
    // Another kind of file: 415; content that is not what its name says: 400; too large: 413; a broken PNG: 400.
    expect((await upload(me, me.user._id, makePdf('x'), 'x.pdf')).statusCode).toBe(415);
    expect((await upload(me, me.user._id, makePdf('x'), 'x.png')).statusCode).toBe(400);
    const noisy = new PngImage({ width: 700, height: 700 });
    // Seeded noise: random bytes can spell '<svg' and be refused (400) as markup before their size is read.
    let seed = 7;
    for (let i = 0; i < noisy.data.length; i++) {
      seed = (seed * 1_103_515_245 + 12_345) >>> 0;
      noisy.data[i] = seed >>> 24;
    }
    const big = PngImage.sync.write(noisy);
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expect((await upload(me, me.user._id, big)).statusCode).toBe(413);
    expect((await upload(me, me.user._id, signaturePng().subarray(0, 40))).statusCode).toBe(400);
    expect((await call(me, 'DELETE', `user/${me.user._id}/signature`)).statusCode).toBe(204);
    expect(dataOf(await call(me, 'GET', `user/${me.user._id}/signature/info`))).toEqual({ hasSignature: false, updatedAt: null });
    const events = await tenantEventsOf(t.app, t.tenants.acme.id, me.user._id);
    expect(events.map((e) => e.message)).toEqual(expect.arrayContaining(['Saved their signature', 'Deleted their saved signature']));
  });
});
