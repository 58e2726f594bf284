import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { lastMailTo, signUp, tenantEventsOf } from '../../../test/factories.ts';
import { eq } from 'drizzle-orm';
import { workflows } from '../../db/schema/index.ts';
import { SIGNED_ANSWERS_TEXT } from './workflow-steps.service.ts';
import {
  answerMiddleSteps,
  approvedApplication,
  dataOf,
  insertAccount,
  insertLegalEntity,
  insertProfile,
  messageOf,
  workflowApi,
  workflowWorld,
  type WorkflowWorld,
} from './workflows.test-helpers.ts';

let t: TestApp;
let w: WorkflowWorld;
let api: ReturnType<typeof workflowApi>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await workflowWorld(t);
  api = workflowApi(t);
});
afterAll(async () => t.close());

/** A new investor of acme with a workflow for the offer (one per person and offer). */
async function fresh(offer = w.offerId) {
  const who = await signUp(t.app, 'acme', { firstname: 'Nia', lastname: 'New' });
  return { who, workflow: await api.create(who, offer) };
}

describe('diligence', () => {
  it("records each view and download of the offer's documents as a union, refuses others, and completes with the confirmation", async () => {
    const { who, workflow } = await fresh();
    const [a, b] = w.documents as [string, string];
    let res = await api.step(who, workflow._id, 'diligence', 'update', { viewedDocuments: [a] });
    expect(res.statusCode, res.body).toBe(200);
    res = await api.step(who, workflow._id, 'diligence', 'update', { viewedDocuments: [b, a], downloadedDocuments: [b] });
    const step = dataOf(res).steps[0]!;
    expect(step).toMatchObject({ status: 'in-progress', data: { viewedDocuments: [a, b], downloadedDocuments: [b] } });
    expect(dataOf(res).currentStepKey).toBe('diligence');

    const hidden = await api.step(who, workflow._id, 'diligence', 'update', { viewedDocuments: [w.hiddenDocument] });
    expect(hidden.statusCode).toBe(400);
    expect(messageOf(hidden)).toBe(`body.data.viewedDocuments: No such document of the offer: ${w.hiddenDocument}`);
    const unknown = await api.step(who, workflow._id, 'diligence', 'update', { colour: 'red' });
    expect(messageOf(unknown)).toBe('body.data.colour: unknown field');

    const unconfirmed = await api.step(who, workflow._id, 'diligence', 'complete', {});
    expect(unconfirmed.statusCode).toBe(400);
    expect(messageOf(unconfirmed)).toBe('body.data.diligenceConfirm: Confirm that you have reviewed the offering documents');
    const done = await api.complete(who, workflow._id, 'diligence', { diligenceConfirm: true, downloadedDocuments: [a] });
    expect(done.steps[0]).toMatchObject({
      status: 'completed',
      data: { viewedDocuments: [a, b], downloadedDocuments: [b, a], diligenceConfirm: true },
    });
    expect(done).toMatchObject({ currentStepKey: 'contribution', percentComplete: 7 });
    expect(done.steps[1]!.status).toBe('in-progress');
  });
});

describe('contribution', () => {
  it('checks the class, its minimum, maximum and price per unit, sets the units and writes the amount', async () => {
    const { who, workflow } = await fresh();
    const tryAmount = (unitClass: string, amount: number) => api.step(who, workflow._id, 'contribution', 'complete', { unitClass, amount });
    const cases: [string, number, string][] = [
      ['class-z', 20_000, 'body.data.unitClass: Choose a class of this offer'],
      ['class-a', 5_000, 'body.data.amount: Amount must be at least $10,000'],
      ['class-a', 501_000, 'body.data.amount: Amount must be at most $500,000'],
      ['class-a', 12_500, 'body.data.amount: Amount must be a multiple of the price per unit, $1,000'],
    ];
    for (const [unitClass, amount, message] of cases) {
      const res = await tryAmount(unitClass, amount);
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(message);
    }
    const missing = await api.step(who, workflow._id, 'contribution', 'complete', { unitClass: 'class-a' });
    expect(messageOf(missing)).toBe('body.data.amount: Enter an amount');

    const done = await api.complete(who, workflow._id, 'contribution', { unitClass: 'class-a', amount: 25_000, unitQuantity: 3 });
    expect(done.steps[1]).toMatchObject({ status: 'completed', data: { unitClass: 'class-a', unitQuantity: 25, amount: 25_000 } });
    expect(done.amount).toBe(25_000);
    expect(done.config.amount).toBe(25_000);
    // Diligence is not done: the next step after contribution, and progress 1 of 13.
    expect(done).toMatchObject({ currentStepKey: 'investor-type', percentComplete: 7 });
    const noUnits = await api.complete(who, workflow._id, 'contribution', { unitClass: 'class-b', amount: 25_001.5 });
    expect(noUnits.steps[1]!.data).toEqual({ unitClass: 'class-b', unitQuantity: null, amount: 25_001.5 });
    const event = (await tenantEventsOf(t.app, t.tenants.acme.id, workflow._id)).at(-1)!;
    expect(event.meta.change).toMatchObject({ amount: { old: 25_000, new: 25_001.5 } });
  });
});

describe('investor type, ownership and profiles', () => {
  it('asks for the investor type first, and takes the ownership that fits it', async () => {
    const { who, workflow } = await fresh();
    const early = await api.step(who, workflow._id, 'ownership', 'complete', { individualOwnershipType: 'individual' });
    expect(early.statusCode).toBe(400);
    expect(messageOf(early)).toBe('Choose your investor type first');
    await api.complete(who, workflow._id, 'investor-type', { investorType: 'individual' });
    const wrong = await api.step(who, workflow._id, 'ownership', 'complete', { legalEntityOwnershipType: 'fiduciary' });
    expect(messageOf(wrong)).toBe('body.data.individualOwnershipType: Choose an ownership type');
    const ira = await api.step(who, workflow._id, 'ownership', 'complete', { individualOwnershipType: 'ira' });
    expect(messageOf(ira)).toBe('body.data.individualRetirementAccountType: Choose a retirement account type');
    const done = await api.complete(who, workflow._id, 'ownership', {
      individualOwnershipType: 'joint-tenants-in-common',
      individualRetirementAccountType: 'roth-ira',
      legalEntityOwnershipType: 'fiduciary',
    });
    expect(done.steps[3]!.data).toEqual({
      individualOwnershipType: 'joint-tenants-in-common',
      individualRetirementAccountType: null,
      legalEntityOwnershipType: null,
    });
  });

  it("takes as many of the caller's own, complete profiles as the ownership allows, naming what an incomplete one lacks", async () => {
    const { who, workflow } = await fresh();
    await api.complete(who, workflow._id, 'investor-type', { investorType: 'individual' });
    await api.complete(who, workflow._id, 'ownership', { individualOwnershipType: 'tenants-in-common' });
    const [one, two] = [await insertProfile(t, who), await insertProfile(t, who, { firstname: 'Ned' })];
    const incomplete = await insertProfile(t, who, { firstname: 'Gap', complete: false });
    const othersProfile = await insertProfile(t, w.otto);
    const attempt = (individualProfiles: string[]) => api.step(who, workflow._id, 'profiles', 'complete', { individualProfiles });
    expect(messageOf(await attempt([one!]))).toBe('body.data.individualProfiles: Choose 2 to 4 profiles');
    expect(messageOf(await attempt([one!, othersProfile]))).toBe(
      `body.data.individualProfiles: No such profile in your passport: ${othersProfile}`,
    );
    expect(messageOf(await attempt([one!, one!]))).toBe(`body.data.individualProfiles: The profile ${one} is listed twice`);
    expect(messageOf(await attempt([one!, incomplete]))).toBe(
      'body.data.individualProfiles: The profile Gap Investor is missing: Contact information (an e-mail and an address); A government photo ID; A financial account; Identity verification',
    );
    const done = await api.complete(who, workflow._id, 'profiles', { individualProfiles: [one, two] });
    expect(done.steps[4]!.data).toEqual({ individualProfiles: [one, two], legalEntityProfile: null });
  });

  it("takes a legal entity of the caller's with at least one signer", async () => {
    const { who, workflow } = await fresh();
    await api.complete(who, workflow._id, 'investor-type', { investorType: 'legal-entity' });
    const noEntity = await api.step(who, workflow._id, 'ownership', 'complete', { individualOwnershipType: 'individual' });
    expect(messageOf(noEntity)).toBe('body.data.legalEntityOwnershipType: Choose how the entity holds the investment');
    await api.complete(who, workflow._id, 'ownership', { legalEntityOwnershipType: 'beneficial-owner' });
    const entity = await insertLegalEntity(t, who);
    const othersEntity = await insertLegalEntity(t, w.otto);
    const signer = await insertProfile(t, who);
    const other = await api.step(who, workflow._id, 'profiles', 'complete', {
      legalEntityProfile: othersEntity,
      individualProfiles: [signer],
    });
    expect(messageOf(other)).toBe(`body.data.legalEntityProfile: No such legal entity in your passport: ${othersEntity}`);
    const noSigner = await api.step(who, workflow._id, 'profiles', 'complete', { legalEntityProfile: entity });
    expect(messageOf(noSigner)).toBe('body.data.individualProfiles: Choose at least one profile to sign for the entity');
    const done = await api.complete(who, workflow._id, 'profiles', { legalEntityProfile: entity, individualProfiles: [signer] });
    expect(done.steps[4]!.data).toEqual({ individualProfiles: [signer], legalEntityProfile: entity });
  });
});

describe('qualification', () => {
  it('lets an investor self-certify for an offer outside Rule 506(c)', async () => {
    const { who, workflow } = await fresh();
    const unconfirmed = await api.step(who, workflow._id, 'qualification', 'complete', { basis: 'self-certified' });
    expect(messageOf(unconfirmed)).toBe('body.data.selfCertified: Confirm that you qualify to invest in this offer');
    const done = await api.complete(who, workflow._id, 'qualification', { basis: 'self-certified', selfCertified: true });
    expect(done.steps[8]!.data).toEqual({ basis: 'self-certified', accreditationApplicationId: null, selfCertified: true });
  });

  it('needs an approved, unexpired accreditation of the caller for a Rule 506(c) offer', async () => {
    const { who, workflow } = await fresh(w.offer506c);
    const attempt = (data: object) => api.step(who, workflow._id, 'qualification', 'complete', data);
    expect(messageOf(await attempt({ basis: 'self-certified', selfCertified: true }))).toBe(
      'body.data.basis: This offer is made under Rule 506(c): only a verified accreditation qualifies',
    );
    expect(messageOf(await attempt({ basis: 'verified-accreditation' }))).toBe(
      'body.data.accreditationApplicationId: Choose your approved accreditation',
    );
    const others = await approvedApplication(t, w.otto);
    expect(messageOf(await attempt({ basis: 'verified-accreditation', accreditationApplicationId: others }))).toBe(
      `body.data.accreditationApplicationId: No such accreditation application of yours: ${others}`,
    );
    const submitted = await approvedApplication(t, who, { status: 'submitted' });
    expect(messageOf(await attempt({ basis: 'verified-accreditation', accreditationApplicationId: submitted }))).toBe(
      'body.data.accreditationApplicationId: Your accreditation is not approved',
    );
    const expired = await approvedApplication(t, who, { daysAgo: 400 });
    const res = await attempt({ basis: 'verified-accreditation', accreditationApplicationId: expired });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toMatch(/^body\.data\.accreditationApplicationId: Your accreditation expired on .+: renew it$/);
    const approved = await approvedApplication(t, who);
    const done = await api.complete(who, workflow._id, 'qualification', {
      basis: 'verified-accreditation',
      accreditationApplicationId: approved,
    });
    expect(done.steps[8]).toMatchObject({
      status: 'completed',
      data: { basis: 'verified-accreditation', accreditationApplicationId: approved, selfCertified: false },
    });
  });

  it('holds a high-minimum approval only for an investment at or above its minimum', async () => {
    const { who, workflow } = await fresh(w.offer506c);
    const highMinimum = await approvedApplication(t, who, { method: 'high-minimum' });
    const qualify = () =>
      api.step(who, workflow._id, 'qualification', 'complete', {
        basis: 'verified-accreditation',
        accreditationApplicationId: highMinimum,
      });
    // The default amount is the offer's minimum, $50,000.
    const low = await qualify();
    expect(low.statusCode).toBe(400);
    expect(messageOf(low)).toBe(
      'body.data.accreditationApplicationId: Your accreditation was verified through the high-minimum-investment path, which holds only for an investment of at least $200,000',
    );
    await api.complete(who, workflow._id, 'contribution', { unitClass: 'main', amount: 200_000 });
    expect((await qualify()).statusCode).toBe(200);
    // A business's high-minimum approval needs $1,000,000.
    const business = await approvedApplication(t, who, { method: 'high-minimum', identity: 'business' });
    const res = await api.step(who, workflow._id, 'qualification', 'complete', {
      basis: 'verified-accreditation',
      accreditationApplicationId: business,
    });
    expect(messageOf(res)).toContain('at least $1,000,000');
  });
});

describe('financial account and distribution', () => {
  it("take only the caller's own accounts; a distribution by check needs none", async () => {
    const { who, workflow } = await fresh();
    const mine = await insertAccount(t, who);
    const others = await insertAccount(t, w.otto);
    const wrong = await api.step(who, workflow._id, 'financial-account', 'complete', { financialAccountId: others });
    expect(messageOf(wrong)).toBe(`body.data.financialAccountId: No such financial account in your passport: ${others}`);
    await api.complete(who, workflow._id, 'financial-account', { financialAccountId: mine });
    const ach = await api.step(who, workflow._id, 'distribution', 'complete', { method: 'ach' });
    expect(messageOf(ach)).toBe('body.data.financialAccountId: Choose the account to receive distributions');
    const wire = await api.step(who, workflow._id, 'distribution', 'complete', { method: 'wire', financialAccountId: others });
    expect(wire.statusCode).toBe(400);
    const check = await api.complete(who, workflow._id, 'distribution', { method: 'check' });
    expect(check.steps[10]!.data).toEqual({ method: 'check', financialAccountId: null });
  });
});

describe('skip, reset and the rules of every step', () => {
  it('skips and resets steps, moves the current step and keeps progress as completed over all, rounded down', async () => {
    const { who, workflow } = await fresh();
    let moved = dataOf(await api.step(who, workflow._id, 'diligence', 'skip'));
    expect(moved.steps[0]!.status).toBe('skipped');
    expect(moved).toMatchObject({ currentStepKey: 'contribution', percentComplete: 0 });
    moved = await api.complete(who, workflow._id, 'contribution', { unitClass: 'class-a', amount: 10_000 });
    expect(moved).toMatchObject({ percentComplete: 7, currentStepKey: 'investor-type' });
    moved = await api.complete(who, workflow._id, 'investor-type', { investorType: 'individual' });
    // 2 of 13 completed: 15.38…, rounded down.
    expect(moved).toMatchObject({ percentComplete: 15, currentStepKey: 'ownership' });
    const reset = dataOf(await api.step(who, workflow._id, 'contribution', 'reset'));
    expect(reset.steps[1]).toMatchObject({ status: 'in-progress', data: {} });
    expect(reset).toMatchObject({ currentStepKey: 'contribution', percentComplete: 7 });
    for (const key of ['summary', 'esignature']) {
      const res = await api.step(who, workflow._id, key, 'skip');
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toMatch(/step cannot be skipped$/);
    }
    const events = await tenantEventsOf(t.app, t.tenants.acme.id, workflow._id);
    expect(events.map((e) => e.message).slice(1)).toEqual([
      'Nia New skipped the step Diligence of Investment - Harbor Lofts',
      'Nia New completed the step Contribution of Investment - Harbor Lofts',
      'Nia New completed the step Investor type of Investment - Harbor Lofts',
      'Nia New reset the step Contribution of Investment - Harbor Lofts',
    ]);
    expect(events.at(-1)!.meta.change).toMatchObject({
      'steps.contribution.status': { old: 'completed', new: 'in-progress' },
      'steps.contribution.data': { old: { unitClass: 'class-a', unitQuantity: 10, amount: 10_000 }, new: {} },
      currentStepKey: { old: 'ownership', new: 'contribution' },
    });
  });

  it('answers 404 for an unknown step, 400 for the e-signature and for invalid data, 403 to the team and 404 to others', async () => {
    const { who, workflow } = await fresh();
    const unknown = await api.step(who, workflow._id, 'payment', 'complete', {});
    expect(unknown.statusCode).toBe(404);
    expect(messageOf(unknown)).toBe('Step not found');
    for (const action of ['complete', 'update'] as const) {
      const esign = await api.step(who, workflow._id, 'esignature', action, { envelopeId: workflow._id });
      expect(esign.statusCode).toBe(400);
      expect(messageOf(esign)).toBe('Sign the subscription agreement to complete this step');
    }
    const invalid = await api.step(who, workflow._id, 'purpose', 'complete', { investmentGoals: [], sourceOfFunds: 'other' });
    expect(messageOf(invalid)).toBe(
      'body.data.investmentGoals: Choose at least one goal; body.data.otherSource: Say where the money comes from',
    );
    for (const action of ['complete', 'skip', 'reset', 'update'] as const) {
      const team = await api.step(w.gp, workflow._id, 'diligence', action, { diligenceConfirm: true });
      expect(team.statusCode, `${action}: ${team.body}`).toBe(403);
      expect((await api.step(w.otto, workflow._id, 'diligence', action, { diligenceConfirm: true })).statusCode).toBe(404);
      expect((await workflowApi(t, 'globex').step(w.gus, workflow._id, 'diligence', action)).statusCode).toBe(404);
    }
  });
});

describe('summary', () => {
  it('needs every other step done and the agreement signed, then completes the workflow and mails the team', async () => {
    const { who, workflow } = await fresh();
    const early = await api.step(who, workflow._id, 'summary', 'complete', { submitted: true });
    expect(early.statusCode).toBe(400);
    expect(messageOf(early)).toBe(
      'Complete these steps first: Diligence, Contribution, Investor type, Ownership, Profiles, Representations, Purpose, Communication, Qualification, Financial account, Distribution, E-signature',
    );
    await api.complete(who, workflow._id, 'diligence', { diligenceConfirm: true });
    await api.complete(who, workflow._id, 'contribution', { unitClass: 'class-a', amount: 40_000 });
    await answerMiddleSteps(t, who, workflow._id);
    const unsigned = await api.step(who, workflow._id, 'summary', 'complete', { submitted: true });
    expect(messageOf(unsigned)).toBe('Complete these steps first: E-signature');
    // The e-signature module signs through saveStepMove; here the step is marked as it would leave it.
    const [row] = await t.app.db.select().from(workflows).where(eq(workflows.id, workflow._id));
    await t.app.db
      .update(workflows)
      .set({ steps: row!.steps.map((s) => (s.key === 'esignature' ? { ...s, status: 'completed' as const } : s)) })
      .where(eq(workflows.id, workflow._id));
    // Signed: the answers the agreement holds can no longer change, only the summary is left.
    for (const action of ['complete', 'reset', 'skip'] as const) {
      const res = await api.step(who, workflow._id, 'contribution', action, { unitClass: 'class-a', amount: 50_000 });
      expect(res.statusCode).toBe(409);
      expect(messageOf(res)).toBe(SIGNED_ANSWERS_TEXT);
    }
    const notSubmitted = await api.step(who, workflow._id, 'summary', 'complete', {});
    expect(messageOf(notSubmitted)).toBe('body.data.submitted: Submit your subscription');

    const done = await api.complete(who, workflow._id, 'summary', { submitted: true });
    expect(done).toMatchObject({ status: 'completed', percentComplete: 100, currentStepKey: null, nextStep: null });
    expect(done.completedAt).not.toBeNull();
    const { mail } = await lastMailTo(t.app, w.gp.email);
    expect(mail?.subject).toBe('New subscription: Harbor Lofts');
    expect(mail?.text).toContain('Nia New submitted a subscription to Harbor Lofts for $40,000.');
    expect(mail?.text).toContain(`/institution/investments/${workflow._id}`);
    expect((await lastMailTo(t.app, w.viewer.email)).mail?.subject).toBe('New subscription: Harbor Lofts');

    for (const action of ['complete', 'reset', 'skip'] as const) {
      const res = await api.step(who, workflow._id, 'purpose', action, { investmentGoals: ['growth'], sourceOfFunds: 'savings' });
      expect(res.statusCode).toBe(409);
    }
    const event = (await tenantEventsOf(t.app, t.tenants.acme.id, workflow._id)).at(-1)!;
    expect(event).toMatchObject({ type: 'status' });
    expect(event.meta.change).toMatchObject({ status: { old: 'in-progress', new: 'completed' } });
  });
});
