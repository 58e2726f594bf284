import type { IdentityInquiry, IdentityVerificationReview } from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { identityInquiries, individualProfiles, timelineEvents, users } from '../../db/schema/index.ts';
import { ConfigError, loadConfig } from '../../config/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ExternalIdentityProvider, ProviderInquiry } from '../../lib/identity/identity-provider.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, signUp, someObjectId, type SignedUp } from '../../../test/factories.ts';
import { multipart, PNG } from '../documents/documents.test-helpers.ts';
import {
  fakeVerifier,
  nextVerdict,
  openInquiry,
  sender,
  TYPED,
  uploadPicture,
  verifierCalls,
  verifyThroughApi,
  waitForVerdict,
} from './identity-verification.test-helpers.ts';

/** A Persona stand-in: inquiries it holds by id, and a webhook whose signature is the header 'good'. */
function fakePersona() {
  const inquiries = new Map<string, ProviderInquiry>();
  let n = 0;
  const provider: ExternalIdentityProvider = {
    name: 'persona',
    createInquiry: async () => {
      const inquiryId = `inq_${++n}${Date.now()}`;
      inquiries.set(inquiryId, { inquiryId, status: 'created', fields: {}, checks: [] });
      return { inquiryId, embed: { kind: 'persona', inquiryId, sessionToken: 'sess', environmentId: 'env_1', templateId: 'itmpl_1' } };
    },
    getInquiry: async (id) => inquiries.get(id)!,
    parseWebhook: (raw, headers) => {
      if (headers['persona-signature'] !== 'good') throw new AppError('bad-request', 'The webhook signature does not verify');
      const { data } = JSON.parse(raw.toString('utf8'));
      return {
        eventId: data.id,
        inquiryId: data.attributes.inquiryId,
        referenceId: data.attributes.referenceId,
        status: data.attributes.status,
      };
    },
  };
  return { provider, inquiries };
}

const PERSONA_ENV = {
  IDENTITY_PROVIDER: 'persona',
  PERSONA_API_KEY: 'persona_sandbox_key',
  PERSONA_TEMPLATE_ID: 'itmpl_1',
  PERSONA_ENVIRONMENT_ID: 'env_1',
  PERSONA_WEBHOOK_SECRET: 'wbhsec_1',
};

describe('configuration', () => {
  it('is the built-in verifier by default; Persona without its settings stops start-up naming them', () => {
    expect(loadConfig({}).identity).toEqual({ provider: 'builtin' });
    expect(() => loadConfig({ IDENTITY_PROVIDER: 'persona' })).toThrow(ConfigError);
    expect(() => loadConfig({ IDENTITY_PROVIDER: 'persona', PERSONA_API_KEY: 'k' })).toThrow(
      /PERSONA_TEMPLATE_ID: IDENTITY_PROVIDER=persona needs it/,
    );
    expect(() => loadConfig({ IDENTITY_PROVIDER: 'somebody' })).toThrow(/IDENTITY_PROVIDER: must be builtin or persona/);
    expect(loadConfig(PERSONA_ENV).identity).toEqual({
      provider: 'persona',
      persona: {
        apiKey: 'persona_sandbox_key',
        templateId: 'itmpl_1',
        environmentId: 'env_1',
        webhookSecret: 'wbhsec_1',
        apiUrl: 'https://withpersona.com/api/v1',
      },
    });
  });
});

let t: TestApp;
let p: TestApp;
const persona = fakePersona();
beforeAll(async () => {
  t = await buildTestApp({}, { verifyIdentityDocument: fakeVerifier });
  // Persona configured (the adapter replaced by the stand-in), and uploads of at most 1 MB (the 413).
  p = await buildTestApp({ UPLOAD_MAX_MB: '1', ...PERSONA_ENV }, { identityProvider: persona.provider });
});
afterAll(async () => {
  await Promise.all([t?.close(), p?.close()]);
});
beforeEach(() => {
  nextVerdict.outcome = 'approved';
  delete nextVerdict.document;
});

const send = sender(() => t.app);
const base = (who: SignedUp) => `user/${who.user._id}/onboarding/identity`;
const statusOf = async (app: TestApp, who: SignedUp) =>
  (await app.app.db.select().from(users).where(eq(users.id, who.user._id)))[0]!.identityVerificationStatus;
const userStatusEvents = (app: TestApp, who: SignedUp) =>
  app.app.db
    .select()
    .from(timelineEvents)
    .where(and(eq(timelineEvents.entityType, 'user'), eq(timelineEvents.entity, who.user._id), eq(timelineEvents.type, 'status')))
    .orderBy(timelineEvents.createdAt, timelineEvents.id);
const transitions = async (app: TestApp, who: SignedUp) =>
  (await userStatusEvents(app, who)).map((e) => e.meta.change!.identityVerificationStatus);

describe('opening an inquiry', () => {
  it('sets the status to started, records old and new, and answers the built-in page to frame', async () => {
    const ada = await signUp(t.app, 'acme');
    const res = await send(ada, 'POST', `${base(ada)}/inquiries`);
    expect(res.statusCode, res.body).toBe(201);
    const { inquiry, embed } = res.json().data;
    expect(res.headers.location).toBe(`/api/v1/${base(ada)}/inquiries/${inquiry._id}`);
    expect(inquiry).toMatchObject({ provider: 'builtin', status: 'started', outcome: null, fields: null });
    expect(embed).toEqual({ kind: 'frame', url: `/identity-inquiry/${inquiry._id}` });
    expect(await statusOf(t, ada)).toBe('started');
    expect(await transitions(t, ada)).toEqual([{ old: 'not-started', new: 'started' }]);
  });

  it('with Persona, answers the embed of the inquiry Persona created', async () => {
    const ada = await signUp(p.app, 'acme');
    const { inquiry, embed } = await openInquiry(p.app, ada);
    expect(inquiry.provider).toBe('persona');
    expect(embed).toMatchObject({ kind: 'persona', environmentId: 'env_1', templateId: 'itmpl_1', sessionToken: 'sess' });
    expect(await statusOf(p, ada)).toBe('started');
  });
});

describe('submitting a built-in inquiry', () => {
  it('answers 202 submitted at once, then stores the verdict: approved approves and fills the profile and empty names', async () => {
    const ada = await signUp(t.app, 'acme');
    await t.app.db.update(users).set({ firstname: null, lastname: null }).where(eq(users.id, ada.user._id));
    const { inquiry } = await openInquiry(t.app, ada);
    expect((await send(ada, 'PUT', base(ada), { inquiryId: inquiry._id, ...TYPED })).statusCode).toBe(200);
    expect((await uploadPicture(t.app, ada, inquiry._id, 'front')).json().data.uploads).toEqual({
      front: true,
      back: false,
      selfie: false,
    });
    expect((await uploadPicture(t.app, ada, inquiry._id, 'selfie')).statusCode).toBe(200);
    const submitted = await send(ada, 'POST', `${base(ada)}/submit`, { inquiryId: inquiry._id });
    expect(submitted.statusCode, submitted.body).toBe(202);
    expect(submitted.json().data).toMatchObject({ status: 'submitted', outcome: null });

    const decided = await waitForVerdict(t.app, ada, inquiry._id);
    expect(decided).toMatchObject({ status: 'approved', outcome: 'approved', document: { firstName: 'Ada', documentNumber: 'X1234567' } });
    expect(decided.checks.map((c) => c.name)).toEqual(['document-readable', 'not-expired']);
    const call = verifierCalls.at(-1)!;
    expect(call).toMatchObject({ documentType: 'passport', typed: { firstName: 'Ada', lastName: 'Lovelace', documentNumber: 'X1234567' } });
    expect(call.front.equals(PNG)).toBe(true);
    expect(call.selfie?.equals(PNG)).toBe(true);
    expect(await statusOf(t, ada)).toBe('approved');
    expect(await transitions(t, ada)).toEqual([
      { old: 'not-started', new: 'started' },
      { old: 'started', new: 'submitted' },
      { old: 'submitted', new: 'approved' },
    ]);

    // The profile and the empty names are filled from the document.
    const [profile] = await t.app.db.select().from(individualProfiles).where(eq(individualProfiles.userId, ada.user._id));
    expect(profile).toMatchObject({ firstname: 'Ada', lastname: 'Lovelace', birthDate: '1980-01-02' });
    const [account] = await t.app.db.select().from(users).where(eq(users.id, ada.user._id));
    expect(account).toMatchObject({ firstname: 'Ada', lastname: 'Lovelace' });

    // The screen's completion confirms with the stored verdict.
    const completed = await send(ada, 'POST', `${base(ada)}/complete`, { inquiryId: inquiry._id });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().data.completedAt).not.toBeNull();

    // Personal data is ciphertext at rest, and the timeline never holds the number or the birth date.
    const [raw] = await t.app.db.select().from(identityInquiries).where(eq(identityInquiries.id, inquiry._id));
    expect(raw!.typedEncrypted).toMatch(/^v1:/);
    expect(raw!.typedEncrypted).not.toContain('Lovelace');
    expect(raw!.decisionEncrypted).not.toContain('X1234567');
    const events = await t.app.db.select().from(timelineEvents).where(eq(timelineEvents.entity, inquiry._id));
    expect(JSON.stringify(events)).not.toContain('X1234567');
    expect(JSON.stringify(events)).not.toContain('1980-01-02');
    expect(events.find((e) => e.message === 'Identity inquiry fields saved')!.meta.change!.documentNumber).toEqual({
      old: null,
      new: '****4567',
    });
  });

  it('a licence address from the document becomes the profile’s home address; an existing profile gets the verified names', async () => {
    const ada = await signUp(t.app, 'acme');
    const created = await send(ada, 'POST', 'individual-profile', { firstname: 'Addie', lastname: 'L', acceptDisclosures: true });
    expect(created.statusCode, created.body).toBe(201);
    nextVerdict.document = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      birthDate: '1980-01-02',
      address: { line1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' },
    };
    await verifyThroughApi(t.app, ada);
    const [profile] = await t.app.db.select().from(individualProfiles).where(eq(individualProfiles.userId, ada.user._id));
    expect(profile).toMatchObject({ id: created.json().data._id, firstname: 'Ada', lastname: 'Lovelace', birthDate: '1980-01-02' });
    expect(profile!.contact.addresses).toEqual([
      expect.objectContaining({
        isPrimary: true,
        addressType: 'home',
        address: expect.objectContaining({ address1: '1 Main St', zip: '62701' }),
      }),
    ]);
    // The user's names were not empty: they stay.
    expect((await t.app.db.select().from(users).where(eq(users.id, ada.user._id)))[0]!.firstname).toBe('Test');
  });

  it('rejected rejects, and completing a rejected inquiry does not approve it', async () => {
    const ada = await signUp(t.app, 'acme');
    nextVerdict.outcome = 'rejected';
    const decided = await verifyThroughApi(t.app, ada);
    expect(decided).toMatchObject({ status: 'rejected', outcome: 'rejected' });
    expect(decided.checks[1]).toEqual({ name: 'not-expired', status: 'failed', detail: 'The document expired on 2020-01-01.' });
    const completed = await send(ada, 'POST', `${base(ada)}/complete`, { inquiryId: decided._id });
    expect(completed.json().data.status).toBe('rejected');
    expect(await statusOf(t, ada)).toBe('rejected');
    expect(await t.app.db.select().from(individualProfiles).where(eq(individualProfiles.userId, ada.user._id))).toEqual([]);
  });

  it('manual review leaves the inquiry and the user submitted for a reviewer; a verifier that fails does too', async () => {
    for (const outcome of ['manual-review', 'throw'] as const) {
      const ada = await signUp(t.app, 'acme');
      nextVerdict.outcome = outcome;
      const decided = await verifyThroughApi(t.app, ada);
      expect(decided).toMatchObject({ status: 'submitted', outcome: 'manual-review' });
      expect(decided.checks[0]).toMatchObject({ name: 'document-readable', status: 'failed' });
      expect((await send(ada, 'POST', `${base(ada)}/complete`, { inquiryId: decided._id })).json().data.status).toBe('submitted');
      expect(await statusOf(t, ada)).toBe('submitted');
    }
  });
});

describe('nobody approves themself', () => {
  it('completing an unfinished inquiry is 409 and changes nothing; no route takes a status from the client', async () => {
    const ada = await signUp(t.app, 'acme');
    const { inquiry } = await openInquiry(t.app, ada);
    const early = await send(ada, 'POST', `${base(ada)}/complete`, { inquiryId: inquiry._id });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('The inquiry is not finished: submit the document first');
    // Status fields sent along are not read.
    await send(ada, 'PUT', base(ada), { inquiryId: inquiry._id, ...TYPED, status: 'approved', outcome: 'approved' });
    await send(ada, 'PUT', `user/${ada.user._id}`, { identityVerificationStatus: 'approved' });
    expect(await statusOf(t, ada)).toBe('started');
    const [row] = await t.app.db.select().from(identityInquiries).where(eq(identityInquiries.id, inquiry._id));
    expect(row).toMatchObject({ status: 'started', outcome: null });
  });

  it('refuses fields and pictures once submitted (409), and submitting without what the verifier needs (400)', async () => {
    const ada = await signUp(t.app, 'acme');
    const { inquiry } = await openInquiry(t.app, ada);
    const bare = await send(ada, 'POST', `${base(ada)}/submit`, { inquiryId: inquiry._id });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.message).toContain('the front of the document');
    await send(ada, 'PUT', base(ada), { inquiryId: inquiry._id, ...TYPED, documentType: 'drivers-license' });
    await uploadPicture(t.app, ada, inquiry._id, 'front');
    const noBack = await send(ada, 'POST', `${base(ada)}/submit`, { inquiryId: inquiry._id });
    expect(noBack.json().error.message).toBe("Before submitting, give the back of the driver's license");
    await uploadPicture(t.app, ada, inquiry._id, 'back');
    expect((await send(ada, 'POST', `${base(ada)}/submit`, { inquiryId: inquiry._id })).statusCode).toBe(202);
    await waitForVerdict(t.app, ada, inquiry._id);
    expect((await send(ada, 'PUT', base(ada), { inquiryId: inquiry._id, ...TYPED })).statusCode).toBe(409);
    expect((await uploadPicture(t.app, ada, inquiry._id, 'front')).statusCode).toBe(409);
    expect((await send(ada, 'POST', `${base(ada)}/submit`, { inquiryId: inquiry._id })).statusCode).toBe(409);
    // Approved: no new inquiry.
    expect((await send(ada, 'POST', `${base(ada)}/inquiries`)).statusCode).toBe(409);
  });
});

describe('input', () => {
  it('refuses bad fields (400 naming them), another content type (415), other files (400) and large ones (413)', async () => {
    const ada = await signUp(t.app, 'acme');
    const { inquiry } = await openInquiry(t.app, ada);
    const bad = await send(ada, 'PUT', base(ada), {
      inquiryId: inquiry._id,
      ...TYPED,
      birthDate: '1980-02-30',
      firstName: ' ',
      documentType: 'visa',
    });
    expect(bad.statusCode).toBe(400);
    for (const field of ['body.birthDate', 'body.firstName', 'body.documentType']) expect(bad.json().error.message).toContain(field);
    const order = await send(ada, 'PUT', base(ada), { inquiryId: inquiry._id, ...TYPED, expiryDate: '1970-01-01' });
    expect(order.json().error.message).toContain('body.expiryDate: The expiry date must be after the birth date');
    const json = await send(ada, 'PUT', `${base(ada)}/documents`, { inquiryId: inquiry._id, side: 'front' });
    expect(json.statusCode).toBe(415);
    const csv = await uploadPicture(t.app, ada, inquiry._id, 'front', { name: 'id.csv', data: Buffer.from('a,b\n') });
    expect(csv.statusCode).toBe(400);
    const pdf = await uploadPicture(t.app, ada, inquiry._id, 'front', { name: 'id.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') });
    expect(pdf.statusCode).toBe(400);
    const side = await uploadPicture(t.app, ada, inquiry._id, 'passport-photo');
    expect(side.statusCode).toBe(400);
    expect(side.json().error.message).toContain('body.side');
    const [row] = await t.app.db.select().from(identityInquiries).where(eq(identityInquiries.id, inquiry._id));
    expect(row).toMatchObject({ typedEncrypted: null, frontDocumentId: null });

    const bob = await signUp(p.app, 'acme');
    const large = Buffer.concat([PNG.subarray(0, PNG.length - 12), Buffer.alloc(1.5 * 1024 * 1024), PNG.subarray(PNG.length - 12)]);
    const form = multipart({ inquiryId: someObjectId(), side: 'front' }, [{ name: 'big.png', data: large }]);
    const tooLarge = await p.app.inject({
      method: 'PUT',
      url: `/api/v1/${base(bob)}/documents`,
      headers: { host: hostOf('acme'), ...bearer(bob.token), ...form.headers },
      payload: form.payload,
    });
    expect(tooLarge.statusCode).toBe(413);
  });
});

describe('access', () => {
  it("hides a user's inquiries from other users and tenants (404); the tenant's owner and platform admins review", async () => {
    const ada = await signUp(t.app, 'acme');
    const decided = await verifyThroughApi(t.app, ada);
    const investor = await signUp(t.app, 'acme');
    const elsewhere = await signUp(t.app, 'globex', { role: 'owner' });
    const owner = await signUp(t.app, 'acme', { role: 'owner' });
    const admin = await signUp(t.app, 'acme', { admin: true });

    for (const [who, slug] of [
      [investor, 'acme'],
      [elsewhere, 'globex'],
    ] as const) {
      const as = sender(() => t.app, slug);
      expect((await as(who, 'GET', base(ada))).statusCode, 'review').toBe(404);
      expect((await as(who, 'GET', `${base(ada)}/inquiries/${decided._id}`)).statusCode).toBe(404);
      expect((await as(who, 'POST', `${base(ada)}/inquiries`)).statusCode).toBe(404);
      expect((await as(who, 'PUT', base(ada), { inquiryId: decided._id, ...TYPED })).statusCode).toBe(404);
      expect((await as(who, 'POST', `${base(ada)}/complete`, { inquiryId: decided._id })).statusCode).toBe(404);
      expect((await uploadPicture(t.app, who, decided._id, 'front', undefined, slug)).statusCode).toBe(404);
    }
    // Someone else's inquiry id under one's own user: not found either.
    const own = sender(() => t.app)(investor, 'POST', `${base(investor)}/complete`, { inquiryId: decided._id });
    expect((await own).statusCode).toBe(404);
    // Even a platform admin cannot complete for someone.
    expect((await send(admin, 'POST', `${base(ada)}/complete`, { inquiryId: decided._id })).statusCode).toBe(404);

    for (const reviewer of [owner, admin]) {
      const res = await send(reviewer, 'GET', base(ada));
      expect(res.statusCode, res.body).toBe(200);
      const review = res.json().data as IdentityVerificationReview;
      expect(review).toMatchObject({ user: ada.user._id, identityVerificationStatus: 'approved', inquiry: { outcome: 'approved' } });
      expect(review.inquiry!.checks).toHaveLength(2);
      expect(review.inquiry!.document!.documentNumber).toBe('****4567');
      expect(review.inquiry!.fields!.documentNumber).toBe('****4567');
    }
    const mine = (await send(ada, 'GET', base(ada))).json().data as IdentityVerificationReview;
    expect(mine.inquiry!.document!.documentNumber).toBe('X1234567');
    const never = await signUp(t.app, 'acme');
    expect((await send(owner, 'GET', base(never))).json().data).toEqual({
      user: never.user._id,
      identityVerificationStatus: 'not-started',
      inquiry: null,
    });
  });
});

describe('framing', () => {
  it("lets only the built-in inquiry's pages be framed, by this app's own pages; Persona's flow may be framed when configured", async () => {
    const cspOf = async (app: TestApp, url: string) =>
      String((await app.app.inject({ method: 'GET', url, headers: { host: hostOf('acme') } })).headers['content-security-policy']);
    expect(await cspOf(t, '/identity-inquiry/6745a1c2e4b0a1b2c3d4e5f9')).toContain("frame-ancestors 'self'");
    expect(await cspOf(t, '/investor/onboarding/verify-identity')).toContain("frame-ancestors 'none'");
    expect(await cspOf(t, '/api/v1/health')).toContain("frame-ancestors 'none'");
    expect(await cspOf(t, '/investor/onboarding/verify-identity')).not.toContain('withpersona.com');
    expect(await cspOf(p, '/investor/onboarding/verify-identity')).toMatch(/frame-src [^;]*'self' https:\/\/inquiry\.withpersona\.com/);
  });
});

describe('Persona', () => {
  const webhook = (body: object, signature = 'good') =>
    p.app.inject({
      method: 'POST',
      url: '/api/v1/identity/persona/webhook',
      headers: { host: hostOf('demo'), 'content-type': 'application/json', 'persona-signature': signature },
      payload: JSON.stringify(body),
    });
  const event = (id: string, inquiryId: string, referenceId: string, status: string) => ({
    data: { type: 'event', id, attributes: { name: `inquiry.${status}`, inquiryId, referenceId, status } },
  });
  const providerIdOf = async (inquiry: IdentityInquiry) =>
    (await p.app.db.select().from(identityInquiries).where(eq(identityInquiries.id, inquiry._id)))[0]!.providerInquiryId!;

  it('refuses a webhook whose signature does not verify, and an unknown inquiry (404, no detail)', async () => {
    const ada = await signUp(p.app, 'acme');
    const { inquiry } = await openInquiry(p.app, ada);
    const inq = await providerIdOf(inquiry);
    const forged = await webhook(event('evt_forged', inq, ada.user._id, 'approved'), 'bad');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe('The webhook signature does not verify');
    expect(await statusOf(p, ada)).toBe('started');
    const unknown = await webhook(event('evt_unknown', 'inq_nobody', ada.user._id, 'approved'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Inquiry not found');
    const wrongUser = await webhook(event('evt_other', inq, someObjectId(), 'approved'));
    expect(wrongUser.statusCode).toBe(404);
    expect(await statusOf(p, ada)).toBe('started');
  });

  it('a signed webhook moves the status once per event, with the fields and checks Persona holds', async () => {
    const ada = await signUp(p.app, 'acme');
    const { inquiry } = await openInquiry(p.app, ada);
    const inq = await providerIdOf(inquiry);
    expect((await webhook(event('evt_1', inq, ada.user._id, 'completed'))).json().data).toEqual({ received: true, duplicate: false });
    expect(await statusOf(p, ada)).toBe('submitted');
    persona.inquiries.set(inq, {
      inquiryId: inq,
      status: 'approved',
      fields: { firstName: 'Ada', lastName: 'Lovelace', birthDate: '1980-01-02', documentNumber: 'P7654321' },
      checks: [{ name: 'document-readable', status: 'passed', detail: 'Persona read the document.' }],
    });
    expect((await webhook(event('evt_2', inq, ada.user._id, 'approved'))).json().data.duplicate).toBe(false);
    expect(await statusOf(p, ada)).toBe('approved');
    const again = await webhook(event('evt_2', inq, ada.user._id, 'approved'));
    expect(again.json().data).toEqual({ received: true, duplicate: true });
    expect(await transitions(p, ada)).toEqual([
      { old: 'not-started', new: 'started' },
      { old: 'started', new: 'submitted' },
      { old: 'submitted', new: 'approved' },
    ]);
    const review = (await sender(() => p.app)(ada, 'GET', base(ada))).json().data as IdentityVerificationReview;
    expect(review.inquiry).toMatchObject({
      outcome: 'approved',
      document: { documentNumber: 'P7654321' },
      checks: [{ name: 'document-readable' }],
    });
    const [profile] = await p.app.db.select().from(individualProfiles).where(eq(individualProfiles.userId, ada.user._id));
    expect(profile).toMatchObject({ firstname: 'Ada', birthDate: '1980-01-02' });
  });

  it('completion asks Persona: unfinished is 409, declined rejects', async () => {
    const ada = await signUp(p.app, 'acme');
    const { inquiry } = await openInquiry(p.app, ada);
    const inq = await providerIdOf(inquiry);
    const complete = () => sender(() => p.app)(ada, 'POST', `${base(ada)}/complete`, { inquiryId: inquiry._id });
    persona.inquiries.set(inq, { inquiryId: inq, status: 'pending', fields: {}, checks: [] });
    expect((await complete()).statusCode).toBe(409);
    expect(await statusOf(p, ada)).toBe('started');
    persona.inquiries.set(inq, { inquiryId: inq, status: 'declined', fields: {}, checks: [] });
    const res = await complete();
    expect(res.json().data).toMatchObject({ status: 'rejected', outcome: 'rejected' });
    expect(await statusOf(p, ada)).toBe('rejected');
    // Built-in uploads do not apply to a Persona inquiry.
    expect((await uploadPicture(p.app, ada, inquiry._id, 'front')).statusCode).toBe(409);
  });
});
