import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../plugins/route-table.ts';
import { newId } from '../lib/ids.ts';
import { findMember } from '../modules/tenants/tenant-members.repository.ts';
import { INVITE_TTL_SECONDS, insertInviteToken } from '../modules/auth/index.ts';
import { LISTED, marketplaceFactories } from '../modules/marketplace/marketplace.test-helpers.ts';
import { makePdf, metadata, multipart, PNG, uploadDocument } from '../modules/documents/documents.test-helpers.ts';
import { buildTestApp, hostOf, type TestApp } from '../../test/build-test-app.ts';
import { awaitMailTo, createApplication, lastMailTo, PASSWORD, signUp, uniqueEmail } from '../../test/factories.ts';
import { insertEvaluatorLink } from '../modules/applications/evaluators.test-helpers.ts';
import { insertLead } from '../modules/leads/lead-relations.test-helpers.ts';
import { insertOfferForSigning, insertReadyWorkflow } from '../modules/esign/esign.test-helpers.ts';
import { piiSentinels } from '../../test/pii-factories.ts';
import {
  admittedCaller,
  builtinCardToken,
  callerHeaders,
  type Caller,
  entityValues,
  isolationContext,
  keepSignedIn,
  type IsolationContext,
} from './isolation.registry.ts';
import { apiRoutes, publicTables, routeName, sampleRequest, toJsonSchema, WALK_TIMEOUT_MS } from './security.test-helpers.ts';

const SENTINEL_ID = '0000000000000000000000ff';
const SENTINEL_DATE = '2001-02-03T04:05:06.000Z';

/** Fields no caller sets through a write: who owns a row, which tenant it is in, its state, approval and role. */
const PROTECTED: Record<string, unknown> = {
  tenantId: SENTINEL_ID,
  tenant: SENTINEL_ID,
  tenant_id: SENTINEL_ID,
  owner: SENTINEL_ID,
  ownerId: SENTINEL_ID,
  userId: SENTINEL_ID,
  user: SENTINEL_ID,
  createdBy: SENTINEL_ID,
  _id: SENTINEL_ID,
  id: SENTINEL_ID,
  createdAt: SENTINEL_DATE,
  role: 'admin',
  roles: ['admin'],
  status: 'approved',
  approvalStatus: 'approved',
  published: true,
  visibilityStatus: 'public',
  isAdmin: true,
};

/** The multipart plugin's limit on text fields (app.ts). */
const MULTIPART_FIELDS = 20;

/** The stored forms of the state fields: a row taking one of these values after the call took the injected field. */
const STORED_STATE: [column: string, value: string][] = [
  ['role', 'admin'],
  ['status', 'approved'],
  ['approval_status', 'approved'],
  ['published', 'true'],
  ['visibility_status', 'public'],
  ['is_admin', 'true'],
];

/** What a route needs beyond the generated sample to succeed: other path parameters, a body, multipart fields and file. */
interface Sample {
  /** Who calls, when not the caller the route admits first (tenant A's owner): for what only a platform admin may do. */
  caller?: Caller;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: object;
  form?: { fields: Record<string, string>; file: { name: string; data: Buffer; type: string } };
}

const acme = (ctx: IsolationContext) => ctx.t.tenants.acme.id;
const person = () => ({ email: uniqueEmail('mass'), firstname: 'Mass', lastname: 'Assigned' });
/** A new user signed up at tenant A: an active member with the default role. */
const activeMember = async (ctx: IsolationContext) => {
  const user = await signUp(ctx.t.app, 'acme');
  return { user, member: (await findMember(ctx.t.app.db, acme(ctx), user.user._id))! };
};
const newProfile = async (ctx: IsolationContext) =>
  (
    await ctx.send(ctx.owner, {
      method: 'POST',
      url: '/api/v1/individual-profile',
      payload: { firstname: 'Mass', lastname: 'Moved', acceptDisclosures: true },
    })
  )._id;
const documentId = async (ctx: IsolationContext, name: string) => {
  const res = await uploadDocument(ctx.t.app, ctx.owner, { name, data: PNG, fields: { type: 'GOVERNMENT_ID' } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { _id: string } }).data._id;
};

/** Issue #20: an investment workflow of tenant A's owner with every step before the e-signature done. */
async function signable(ctx: IsolationContext): Promise<string> {
  const offer = await insertOfferForSigning(ctx.t, acme(ctx));
  return insertReadyWorkflow(ctx.t, { tenantId: acme(ctx), ownerId: ctx.owner.user._id, ...offer });
}

/**
 * Per route whose generated sample cannot succeed: a request that does, built (with whatever it needs created first)
 * just before the route is called, as tenant A's owner. The protected keys are then added to it as to every other.
 */
/** Issue #18: an open built-in identity inquiry of tenant A's owner, optionally with its fields and front given. */
async function ownerInquiry(ctx: IsolationContext, ready = false): Promise<string> {
  const base = `/api/v1/user/${ctx.owner.user._id}/onboarding/identity`;
  const { inquiry } = await ctx.send<{ inquiry: { _id: string } }>(ctx.owner, { method: 'POST', url: `${base}/inquiries` });
  if (!ready) return inquiry._id;
  await ctx.send(ctx.owner, { method: 'PUT', url: base, payload: { inquiryId: inquiry._id, ...IDENTITY_FIELDS } });
  const form = multipart({ inquiryId: inquiry._id, side: 'front' }, [{ name: 'front.png', data: PNG, type: 'image/png' }]);
  await ctx.send(ctx.owner, { method: 'PUT', url: `${base}/documents`, payload: form.payload, headers: form.headers });
  return inquiry._id;
}
/** Issue #19: an application of tenant A's owner on the income evaluator-request screen, with a pending link to it. */
async function evaluatorApplication(ctx: IsolationContext): Promise<{ id: string; token: string }> {
  const row = await createApplication(ctx.t.app, {
    tenantId: acme(ctx),
    userId: ctx.owner.user._id,
    status: 'in-progress',
    currentQuestionId: 'individual-income-eval-request',
    completedQuestionIds: ['identity', 'individual-method', 'individual-income-method'],
  });
  const link = await insertEvaluatorLink(ctx.t.app, { tenantId: acme(ctx), applicationId: row.id, createdBy: ctx.owner.user._id });
  return { id: row.id, token: link.token };
}
const IDENTITY_FIELDS = {
  documentType: 'passport',
  firstName: 'Mass',
  lastName: 'Assigned',
  birthDate: '1980-01-02',
  documentNumber: 'X1234567',
  expiryDate: '2031-05-01',
};

const SAMPLES: Record<string, (ctx: IsolationContext) => Promise<Sample>> = {
  // Identity verification (issue #18): each call on an inquiry in the state it needs, of the current owner (the account
  // routes before may have signed a new owner in).
  'POST /api/v1/user/:id/onboarding/identity/inquiries': async (ctx) => ({ params: { id: ctx.owner.user._id } }),
  'PUT /api/v1/user/:id/onboarding/identity': async (ctx) => ({
    body: { inquiryId: await ownerInquiry(ctx), ...IDENTITY_FIELDS },
    params: { id: ctx.owner.user._id },
  }),
  'PUT /api/v1/user/:id/onboarding/identity/documents': async (ctx) => ({
    params: { id: ctx.owner.user._id },
    form: { fields: { inquiryId: await ownerInquiry(ctx), side: 'front' }, file: { name: 'front.png', data: PNG, type: 'image/png' } },
  }),
  'POST /api/v1/user/:id/onboarding/identity/submit': async (ctx) => ({
    body: { inquiryId: await ownerInquiry(ctx, true) },
    params: { id: ctx.owner.user._id },
  }),
  'POST /api/v1/user/:id/onboarding/identity/complete': async (ctx) => {
    const inquiryId = await ownerInquiry(ctx, true);
    // Submitted (202): completing it confirms whatever the verifier decides (manual review for this picture).
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/v1/user/${ctx.owner.user._id}/onboarding/identity/submit`,
      payload: { inquiryId },
      headers: callerHeaders(ctx, 'owner'),
    });
    expect(res.statusCode, res.body).toBe(202);
    return { body: { inquiryId }, params: { id: ctx.owner.user._id } };
  },
  // Formats and cross-field rules.
  'POST /api/v1/financial-account': async () => ({ body: { accountName: 'Mass', type: 'checking', number: piiSentinels().accountNumber } }),
  'POST /api/v1/business': async () => ({
    body: {
      name: 'Mass Inc',
      dba: 'Mass',
      netWorth: 1,
      revenue: 1,
      ein: piiSentinels().businessEin,
      businessType: 'c-corporation',
      line1: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    },
  }),
  'POST /api/v1/document': async () => ({
    form: { fields: metadata, file: { name: 'return.pdf', data: makePdf('Mass assignment'), type: 'application/pdf' } },
  }),
  'POST /api/v1/gov-photo-id': async (ctx) => ({
    body: {
      type: 'passport',
      number: piiSentinels().idNumber,
      expirationDate: '2031-05-01',
      issuingCountry: 'US',
      issuingState: 'NY',
      issuingDate: '2021-05-01',
      issuingAuthority: 'U.S. Department of State',
      documentFrontId: await documentId(ctx, 'front.png'),
      documentBackId: await documentId(ctx, 'back.png'),
    },
  }),
  // Another real entity of the caller's. A transfer moves a profile of its own, so the other routes keep theirs.
  'PUT /api/v1/individual-profile/:id/user': async (ctx) => ({
    params: { id: await newProfile(ctx) },
    body: { user: (await activeMember(ctx)).user.user._id },
  }),
  'PUT /api/v1/individual-profile/:id/created-by': async (ctx) => ({
    params: { id: await newProfile(ctx) },
    body: { createdBy: (await activeMember(ctx)).user.user._id },
  }),
  'POST /api/v1/legal-entity-profile/:id/stakeholders': async (ctx) => ({
    body: { individualProfile: await newProfile(ctx), stakeholderType: 'fiduciary', fiduciaryRole: 'trustee' },
  }),
  'PUT /api/v1/legal-entity-profile/:id/stakeholders/:stakeholderId': async (ctx) => ({
    body: {
      individualProfile: (await ctx.of('/api/v1/individual-profile/:id'))[0],
      stakeholderType: 'fiduciary',
      fiduciaryRole: 'trustee',
    },
  }),
  // Only a platform admin transfers a legal entity profile (the owner is refused with 403: legal-entity-profiles.test.ts
  // "lets an owner name only themself; an admin may transfer to a member"):
  // the admin moves a profile of its own, without stakeholders, to another active member.
  'PUT /api/v1/legal-entity-profile/:id/owner': async (ctx) => {
    const payload = { name: 'Mass LLC', legalEntityType: 'sole-proprietorship', acceptDisclosures: true };
    const profile = await ctx.send(ctx.owner, { method: 'POST', url: '/api/v1/legal-entity-profile', payload });
    return { caller: 'admin', params: { id: profile._id }, body: { owner: (await activeMember(ctx)).user.user._id } };
  },
  // Issue #23: a card the Luhn check passes, a token of the vault for a new card, a billing profile and card expiry
  // that validate, and a plan the shared institution is not on.
  'POST /api/v1/payments/builtin/tokens': async () => ({
    body: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123', holderName: 'Mass Assigned' },
  }),
  'POST /api/v1/tenant/:t/institutions/:id/billing/payment-methods': async (ctx) => ({ body: { token: await builtinCardToken(ctx) } }),
  'PUT /api/v1/tenant/:t/institutions/:id/billing/payment-methods/:paymentMethodId': async () => ({
    body: { holderName: 'Mass Assigned', expMonth: 11, expYear: 2036 },
  }),
  'PUT /api/v1/tenant/:t/institutions/:id/billing': async () => ({
    body: { company: 'Mass LLC', email: 'billing@mass.example', taxId: '', address: { country: 'US' } },
  }),
  'PUT /api/v1/tenant/:t/institutions/:id/billing/plan': async () => ({ body: { plan: 'pro', interval: 'year' } }),
  'POST /api/v1/tenant/:t/groups/:id/members': async (ctx) => ({ body: { memberIds: [(await activeMember(ctx)).member.id] } }),
  'POST /api/v1/tenant/:t/offers': async (ctx) => ({
    body: { name: 'Mass offer', slug: `mass-${newId().slice(-8)}`, institution: (await ctx.of('/api/v1/tenant/:t/institutions/:id'))[1] },
  }),
  'POST /api/v1/tenant/:t/leads': async (ctx) => ({
    body: {
      institution: (await ctx.of('/api/v1/tenant/:t/institutions/:id'))[1],
      email: `mass-${newId()}@example.com`,
      firstname: 'Mass',
      lastname: 'Lead',
    },
  }),
  // An institution of its own: the owner already has a role on the one the fixture created through the API.
  'POST /api/v1/admin/user/:id/rbac': async (ctx) => ({
    body: {
      entityType: 'institution',
      entity: await marketplaceFactories(ctx.t).createInstitution(acme(ctx), 'Granted Fund'),
      role: 'member',
      tenant: acme(ctx),
    },
  }),
  // An entity in the state the transition starts from, moved to a state that is not one of the injected values.
  'PUT /api/v1/tenant/:t/offers/:id/publishing': async (ctx) => {
    // Published, then sent back to pending approval (which leaves it published): not approved, so an answer showing
    // 'approved' could only come from the injected approvalStatus.
    const institutionId = (await ctx.of('/api/v1/tenant/:t/institutions/:id'))[1]!;
    const offer = await marketplaceFactories(ctx.t).createOffer({
      tenantId: acme(ctx),
      institutionId,
      published: true,
      approvalStatus: 'pending',
    });
    return { params: { id: offer }, body: { published: false } };
  },
  'PUT /api/v1/tenant/:t/offers/:id/approval': async () => ({ body: { approvalStatus: 'rejected' } }),
  // Issue #20: an investment in a listed offer of its own (one workflow in progress per person and offer), and a step
  // completed with valid data.
  'POST /api/v1/tenant/:t/workflows': async (ctx) => {
    const institutionId = (await ctx.of('/api/v1/tenant/:t/institutions/:id'))[1]!;
    const offer = await marketplaceFactories(ctx.t).createOffer({ tenantId: acme(ctx), institutionId, ...LISTED });
    return { body: { type: 'investment', config: { offer } } };
  },
  // Issue #22: a lead of the institution linked to an active member, in an offer of the lead's institution.
  'POST /api/v1/tenant/:t/leads/:id/workflows': async (ctx) => {
    const institutionId = (await ctx.of('/api/v1/tenant/:t/institutions/:id'))[1]!;
    const { user, member } = await activeMember(ctx);
    const lead = await insertLead(ctx.t, { tenantId: acme(ctx), institutionId, email: user.email, tenantMemberId: member.id });
    const offer = await marketplaceFactories(ctx.t).createOffer({ tenantId: acme(ctx), institutionId });
    return { params: { id: lead.id }, body: { type: 'investment', config: { offer } } };
  },
  'POST /api/v1/tenant/:t/leads/:id/documents': async () => ({
    form: { fields: metadata, file: { name: 'deck.pdf', data: makePdf('Quarterly letter'), type: 'application/pdf' } },
  }),
  'PUT /api/v1/tenant/:t/workflows/:workflowId/steps/:stepId/complete': async () => ({
    params: { stepId: 'investor-type' },
    body: { data: { investorType: 'individual' } },
  }),
  // The wizard's first Next on the owner's own application (the factory's): the status is the server's (in-progress).
  'PUT /api/v1/application/:id': async () => ({
    body: { direction: 'next', questionId: 'identity', answers: { identity: 'individual' } },
  }),
  'POST /api/v1/application/:id/documents': async () => ({
    form: {
      fields: { questionKey: 'individualIncomeEvalUpload' },
      file: { name: 'letter.pdf', data: makePdf('Evaluator letter'), type: 'application/pdf' },
    },
  }),
  // A rejection of a submitted application (only those can be decided): a stored 'approved' could then only come from
  // an injected field.
  'PUT /api/v1/application/:id/status': async (ctx) => ({
    params: { id: (await createApplication(ctx.t.app, { tenantId: acme(ctx), userId: ctx.owner.user._id, status: 'submitted' })).id },
    body: { status: 'rejected', note: 'Statements are too old' },
  }),
  // Issue #19: the owner's own application waiting on the evaluator-request screen, and links to it.
  'PUT /api/v1/application/:id/evaluator': async (ctx) => ({
    params: { id: (await evaluatorApplication(ctx)).id },
    body: { firstname: 'Mass', lastname: 'Assigned', email: uniqueEmail('evaluator') },
  }),
  'POST /api/v1/application/:id/evaluator/documents': async (ctx) => {
    const { id, token } = await evaluatorApplication(ctx);
    return {
      params: { id },
      query: { token },
      form: { fields: {}, file: { name: 'letter.pdf', data: makePdf('Letter'), type: 'application/pdf' } },
    };
  },
  'PUT /api/v1/application/:id/evaluator/submit': async (ctx) => {
    const { id, token } = await evaluatorApplication(ctx);
    const form = multipart({}, [{ name: 'letter.pdf', data: makePdf('Letter'), type: 'application/pdf' }]);
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/v1/application/${id}/evaluator/documents?token=${token}`,
      headers: { host: hostOf('acme'), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { params: { id }, query: { token }, body: { documents: [(res.json() as { data: { _id: string } }).data._id] } };
  },
  'PUT /api/v1/tenant/:t/members/:id/membership-status': async (ctx) => ({
    params: { id: (await activeMember(ctx)).member.id },
    body: { membershipStatus: 'suspended' },
  }),
  'POST /api/v1/tenant/:t/members/:id/resend-invite': async (ctx) => {
    const invited = await ctx.send(ctx.owner, { method: 'POST', url: `/api/v1/tenant/${acme(ctx)}/members`, payload: person() });
    return { params: { id: invited._id } };
  },
  // The owner's own membership: the account routes before it may have signed a new owner in.
  'PUT /api/v1/user/:id/tenant-member/mode': async (ctx) => ({ params: { id: ctx.owner.user._id } }),
  // The owner's own questionnaire, stage by stage in the order the routes run (a stage cannot be skipped).
  'POST /api/v1/user/:id/onboarding/profile': async (ctx) => ({
    params: { id: ctx.owner.user._id },
    body: { firstname: 'Mass', lastname: 'Assigned', countryOfResidence: 'US', isUSResident: true },
  }),
  'POST /api/v1/user/:id/onboarding/about': async (ctx) => ({
    params: { id: ctx.owner.user._id },
    body: { financialGoals: ['growth'], riskTolerance: 'low', liquidityNeeds: 'low', investmentHorizon: 'long' },
  }),
  'POST /api/v1/user/:id/onboarding/background': async (ctx) => ({
    params: { id: ctx.owner.user._id },
    body: { experienceLevel: 'beginner', attestAccreditation: false, offerInterests: ['retail'], currentlyInvesting: false },
  }),
  'POST /api/v1/user/:id/onboarding/review': async (ctx) => ({ params: { id: ctx.owner.user._id }, body: { rating: 3, comment: '' } }),
  'PUT /api/v1/user/:id/onboarding': async (ctx) => ({ params: { id: ctx.owner.user._id }, body: { onboardingStatus: 'complete' } }),
  // Real credentials, fresh addresses and mailed tokens.
  'POST /api/v1/auth/signin': async (ctx) => {
    const { user } = await activeMember(ctx);
    return { body: { email: user.email, password: user.password } };
  },
  'POST /api/v1/auth/signup': async () => ({ body: { ...person(), password: PASSWORD, acceptDisclosures: true } }),
  // A fresh member's refresh token (single use), and the owner's password confirmed and kept.
  'POST /api/v1/auth/token-refresh': async (ctx) => ({ body: { refreshToken: (await activeMember(ctx)).user.refreshToken } }),
  'POST /api/v1/auth/password-update': async (ctx) => ({ body: { currentPassword: ctx.owner.password, newPassword: ctx.owner.password } }),
  'POST /api/v1/auth/password-reset-confirm': async (ctx) => {
    const { user } = await activeMember(ctx);
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset-request',
      headers: { host: hostOf('acme') },
      payload: { email: user.email },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { token } = await awaitMailTo(ctx.t.app, user.email);
    return { body: { email: user.email, password: 'another-horse-battery', resetToken: token } };
  },
  'POST /api/v1/auth/invite-accept': async (ctx) => {
    const invitee = person();
    await ctx.send(ctx.owner, { method: 'POST', url: '/api/v1/auth/invite', payload: invitee });
    const { token } = await lastMailTo(ctx.t.app, invitee.email);
    return { body: { ...invitee, password: PASSWORD, acceptDisclosures: true, inviteToken: token } };
  },
  // The owner's own invitation link, as if e-mailed to them (an invitation of a member is refused, so it is minted here).
  'POST /api/v1/auth/invite-accept-existing': async (ctx) => {
    const now = ctx.t.clock.now();
    const jti = await insertInviteToken(ctx.t.app.db, acme(ctx), ctx.owner.user._id, now);
    const claims = { email: ctx.owner.email, firstname: '', lastname: '', tenantId: acme(ctx), account: true };
    return { body: { inviteToken: await ctx.t.app.tokens.signPurpose('invite', claims, jti, INVITE_TTL_SECONDS, now) } };
  },
  'POST /api/v1/auth/invite': async () => ({ body: person() }),
  'POST /api/v1/tenant/:t/members': async () => ({ body: person() }),
  // Issue #20: a workflow of tenant A's owner ready to sign; signing needs the prepared agreement's hash.
  'POST /api/v1/tenant/:t/workflows/:workflowId/esignature': async (ctx) => ({ params: { t: acme(ctx), workflowId: await signable(ctx) } }),
  'POST /api/v1/tenant/:t/workflows/:workflowId/esignature/sign': async (ctx) => {
    const workflowId = await signable(ctx);
    const prepared = await ctx.send<{ unsignedSha256: string }>(ctx.owner, {
      method: 'POST',
      url: `/api/v1/tenant/${acme(ctx)}/workflows/${workflowId}/esignature`,
    });
    return {
      params: { t: acme(ctx), workflowId },
      body: { signatureKind: 'typed', typedName: 'Mass Assigned', consent: true, unsignedSha256: prepared.unsignedSha256 },
    };
  },
  'POST /api/v1/tenant/:t/esignature/verify': async (ctx) => ({
    params: { t: acme(ctx) },
    form: { fields: {}, file: { name: 'signed.pdf', data: makePdf('Not on record'), type: 'application/pdf' } },
  }),
  'PUT /api/v1/user/:id/signature': async (ctx) => ({
    params: { id: ctx.owner.user._id },
    form: { fields: {}, file: { name: 'signature.png', data: PNG, type: 'image/png' } },
  }),
};

/**
 * Write routes that answer neither 2xx nor a 400 for the injected keys even with their sample, so the injection
 * cannot be observed; each with why. Checked both ways: a listed route that starts answering 2xx fails.
 */
const NO_SUCCESS: Record<string, string> = {
  'POST /api/v1/billing/stripe/webhook':
    'Stripe is not the payment provider in the suites, so its webhook is 404; modules/billing/stripe.test.ts drives it against a stand-in Stripe',
  'POST /api/v1/identity/persona/webhook':
    'Persona is not configured in the suites, so its webhook is 404; identity-verification.test.ts drives it with a stand-in provider',
  'POST /api/v1/tenant/:t/esignature/webhook':
    'No external e-signature provider is configured in the suites, so its webhook is 404; esign-external.test.ts drives it with a stand-in provider',
  // The second factor: a sampled body holds no real mfaToken, authenticator code, recovery code, password or
  // WebAuthn answer, and a sampled account has no factor; mfa.test.ts drives each with real ones.
  'POST /api/v1/auth/mfa/verify': 'a sampled mfaToken names no pending sign-in (401)',
  'POST /api/v1/auth/mfa/passkey/options': 'a sampled mfaToken names no pending sign-in (401)',
  'POST /api/v1/auth/mfa/passkey/verify': 'a sampled mfaToken names no pending sign-in (401)',
  'POST /api/v1/auth/mfa/totp/confirm': 'a sampled code is not six digits of an enrolled app (400)',
  'POST /api/v1/auth/mfa/passkeys': 'a sampled attestation is not signed by an authenticator (400)',
  'POST /api/v1/auth/mfa/recovery-codes': 'a sampled account has no second factor to make codes for (409)',
  'POST /api/v1/auth/step-up/options': 'a sampled account has no passkey (409)',
  'POST /api/v1/auth/step-up': "a sampled password is not the account's (400)",
};

/** The counting query for each app: its tables do not change while it runs. */
const sentinelQueries = new WeakMap<FastifyInstance, string>();

/**
 * Per table: how many rows hold a sentinel id or date, and how many hold each injected state value. A write that
 * took an injected field raises one of these counts.
 */
async function sentinelCounts(app: FastifyInstance): Promise<Record<string, string>> {
  let union = sentinelQueries.get(app);
  if (!union) {
    // The tables are listed once per app, as fingerprint() does: the catalog query ran twice for every route.
    union = (await publicTables(app))
      .map((name) => {
        const counts = [
          `count(*) filter (where s like '%${SENTINEL_ID}%' or s like '%${SENTINEL_DATE.slice(0, 10)}%')`,
          ...STORED_STATE.map(([column, value]) => `count(*) filter (where j->>'${column}' = '${value}')`),
        ];
        // Each row turned into JSON once: written into every count, to_jsonb(t) ran eight times a row, and these counts,
        // twice around each of ~170 requests, took most of the file's database time. `offset 0` keeps the planner
        // from folding the subqueries back into the counts (and the conversions with them).
        return `select '${name}' as name, ${counts.map((c) => `(${c})::text`).join(` || ':' || `)} as counts from (select j, j::text as s from (select to_jsonb(t) as j from "${name}" t offset 0) r offset 0) t`;
      })
      .join(' union all ');
    sentinelQueries.set(app, union);
  }
  const rows = (await app.db.execute(sql.raw(union))) as unknown as { rows: { name: string; counts: string }[] };
  return Object.fromEntries(rows.rows.map((r) => [r.name, r.counts]));
}

/** The tables where a sentinel count went up. */
function raised(before: Record<string, string>, after: Record<string, string>): string[] {
  const labels = ['sentinel id or date', ...STORED_STATE.map(([column, value]) => `${column} = ${value}`)];
  return Object.keys(after).flatMap((table) => {
    const was = (before[table] ?? '').split(':').map(Number);
    return after[table]!.split(':')
      .map(Number)
      .flatMap((count, i) => (count > (was[i] ?? 0) ? [`${table}: ${labels[i]}`] : []));
  });
}

/** Where the response echoes an injected value under its key, or the sentinel id anywhere. */
function echoes(value: unknown, injected: Record<string, unknown>, path = ''): string[] {
  if (value === SENTINEL_ID || value === SENTINEL_DATE) return [path || '(root)'];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const here = path ? `${path}.${key}` : key;
    const echoed = key in injected && JSON.stringify(child) === JSON.stringify(injected[key]) ? [here] : [];
    return [...echoed, ...echoes(child, injected, here)];
  });
}

let t: TestApp;
let ctx: IsolationContext;

beforeAll(async () => {
  t = await buildTestApp();
  ctx = await isolationContext(t);
});
afterAll(async () => {
  await t?.close();
});

/** The valid request with the protected keys its body schema does not declare added, or null when the body takes no keys. */
function withProtected(
  route: RouteEntry,
  valid: InjectOptions,
  form?: Sample['form'],
): { request: InjectOptions; injected: Record<string, unknown> } | null {
  const schema = toJsonSchema(route.schema.body);
  const declared = new Set(Object.keys(schema?.properties ?? {}));
  const injected = Object.fromEntries(Object.entries(PROTECTED).filter(([key]) => !declared.has(key)));
  if (route.consumes.includes('multipart/form-data')) {
    // The multipart parser takes at most MULTIPART_FIELDS text fields (more is a 413): a route with several fields of
    // its own gets as many protected keys as fit, the spelling variants (tenant_id first) left out.
    const own = form?.fields ?? { type: 'logo-light' };
    const dropped = ['tenant_id', 'tenant', 'ownerId', 'user'].slice(
      0,
      Math.max(0, Object.keys(own).length + Object.keys(injected).length - MULTIPART_FIELDS),
    );
    const fitting = Object.fromEntries(Object.entries(injected).filter(([key]) => !dropped.includes(key)));
    const fields = Object.fromEntries(Object.entries(fitting).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    const body = multipart({ ...own, ...fields }, [form?.file ?? { name: 'x.png', data: PNG, type: 'image/png' }]);
    return { request: { ...valid, payload: body.payload, headers: body.headers }, injected: fitting };
  }
  const body = valid.payload ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) return null;
  return { request: { ...valid, payload: { ...body, ...injected } }, injected };
}

describe('every write route, sent a valid body plus fields no caller may set', () => {
  it(
    'refuses them with 400, or succeeds without storing or echoing them',
    async () => {
      // Writes to the callers themselves (their account, membership, role, session) last: they may lock the callers
      // out of the entities the other routes are called on.
      const late = (r: RouteEntry) => Number(/^\/api\/v1\/(user|auth|admin\/user|tenant\/:t\/members)\b/.test(r.url));
      const routes = apiRoutes(t.app)
        .filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method))
        .sort((a, b) => late(a) - late(b));
      const givens = await entityValues(ctx, routes);
      const failures: string[] = [];
      const noSuccess: Record<string, string> = {};
      const counts = { routes: 0, refused: 0, accepted: 0 };
      // The status each route with a sample answered with the protected keys in: the sample exists to make it succeed.
      const sampled: Record<string, number> = {};
      for (const route of routes) {
        const sample = (await SAMPLES[routeName(route)]?.(ctx)) ?? {};
        const given =
          sample.body || sample.query
            ? { ...(sample.body && { body: sample.body }), ...(sample.query && { query: sample.query }) }
            : undefined;
        let valid = sampleRequest(route, { ...givens.get(route), ...sample.params }, given);
        if (sample.form) {
          const form = multipart(sample.form.fields, [sample.form.file]);
          valid = { ...valid, payload: form.payload, headers: form.headers };
        }
        const injection = withProtected(route, valid, sample.form);
        if (!injection) {
          noSuccess[routeName(route)] = 'the body is not an object';
          continue;
        }
        counts.routes++;
        const { request, injected } = injection;
        const before = await sentinelCounts(t.app);
        const caller = sample.caller ?? admittedCaller(route);
        const send = (r: InjectOptions) => t.app.inject({ ...r, headers: { ...r.headers, ...callerHeaders(ctx, caller) } });
        const res = await send(request);
        if (SAMPLES[routeName(route)]) sampled[routeName(route)] = res.statusCode;
        const shown = `${routeName(route)} ${request.method} ${request.url} ${JSON.stringify(request.payload).slice(0, 300)}`;
        const stored = raised(before, await sentinelCounts(t.app));
        if (stored.length) failures.push(`${shown}: ${res.statusCode}, stored ${stored.join(', ')}`);
        if (res.statusCode < 300) {
          counts.accepted++;
          const echoed = String(res.headers['content-type']).startsWith('application/json') ? echoes(res.json(), injected) : [];
          if (echoed.length)
            failures.push(`${shown}: ${res.statusCode}, echoes the injected ${echoed.join(', ')}: ${res.body.slice(0, 300)}`);
          await keepSignedIn(ctx, caller, res);
        } else if (res.statusCode === 400) {
          // Refused: by the schema for the unknown keys only if the same body without them is accepted.
          const plain = await send(valid);
          if (plain.statusCode >= 300)
            noSuccess[routeName(route)] = `400 with the keys, ${plain.statusCode} without: ${plain.body.slice(0, 160)}`;
          else {
            counts.refused++;
            // A strict body refuses the keys: its sample did its job when the same request without them succeeds.
            if (SAMPLES[routeName(route)]) sampled[routeName(route)] = plain.statusCode;
          }
          await keepSignedIn(ctx, caller, plain);
        } else {
          noSuccess[routeName(route)] = `${res.statusCode}: ${res.body.slice(0, 160)}`;
        }
      }
      expect(failures).toEqual([]);
      expect(Object.keys(sampled).sort(), 'every sample names a write route').toEqual(Object.keys(SAMPLES).sort());
      expect(
        Object.entries(sampled).filter(([, status]) => status >= 300),
        'a sampled route answered the injected keys with a non-2xx',
      ).toEqual([]);
      expect(Object.keys(noSuccess).sort(), JSON.stringify(noSuccess, null, 1)).toEqual(Object.keys(NO_SUCCESS).sort());
      expect(counts.routes).toBeGreaterThan(80);
      expect(counts.accepted + counts.refused).toBeGreaterThan(70);
    },
    WALK_TIMEOUT_MS,
  );
});
