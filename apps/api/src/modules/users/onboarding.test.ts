import type { OnboardingStageResult, TimelineEvent, User } from '@tessera/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, createApplication, signUp, tenantEventsOf, type SignedUp } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PROFILE = { firstname: 'Ada', lastname: 'Lovelace', countryOfResidence: 'GB', isUSResident: false };
const ABOUT = { financialGoals: ['growth', 'impact'], riskTolerance: 'high', liquidityNeeds: 'low', investmentHorizon: 'long' };
const BACKGROUND = {
  experienceLevel: 'expert',
  attestAccreditation: true,
  offerInterests: ['multi-family', 'venture-capital'],
  currentlyInvesting: true,
};
const REVIEW = { rating: 4, comment: 'Clear questions.' };

const save = (who: SignedUp, stage: string, payload: object, userId = who.user._id) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/user/${userId}/onboarding/${stage}`,
    headers: { host: who.host, ...bearer(who.token) },
    payload,
  });
const setStatus = (who: SignedUp, onboardingStatus: string, userId = who.user._id) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/user/${userId}/onboarding`,
    headers: { host: who.host, ...bearer(who.token) },
    payload: { onboardingStatus },
  });
const rowOf = async (id: string) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0]!;
const ok = (res: { statusCode: number; body: string; json: () => unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: OnboardingStageResult }).data;
};

describe('POST user/{id}/onboarding/{stage}', () => {
  it('starts a self-signup at Profile and walks Profile → About → Background → Review → Complete', async () => {
    const me = await signUp(t.app, 'acme', { firstname: 'Test', lastname: 'User' });
    expect(me.user).toMatchObject({ investOnboardingStage: 'profile', investOnboarding: null, onboardingStatus: 'overview' });

    const profile = ok(await save(me, 'profile', PROFILE));
    expect(profile.nextStage).toBe('about');
    expect(profile.user).toMatchObject({ investOnboardingStage: 'about', firstname: 'Ada', lastname: 'Lovelace' });
    expect(profile.user.investOnboarding).toEqual({ profile: PROFILE });

    expect(ok(await save(me, 'about', ABOUT)).nextStage).toBe('background');
    expect(ok(await save(me, 'background', BACKGROUND)).nextStage).toBe('review');
    const done = ok(await save(me, 'review', REVIEW));
    expect(done.nextStage).toBe('complete');
    expect(done.user).toMatchObject({ investOnboardingStage: 'complete', onboardingStatus: 'checklist' });
    expect(done.user.investOnboarding).toEqual({ profile: PROFILE, about: ABOUT, background: BACKGROUND, review: REVIEW });
    expect((await rowOf(me.user._id)).investOnboardingStage).toBe('complete');
  });

  it('refuses a later stage with 400 naming the stage to complete first, and lets earlier stages be saved again', async () => {
    const me = await signUp(t.app, 'acme');
    const skip = await save(me, 'about', ABOUT);
    expect(skip.statusCode).toBe(400);
    expect(skip.json().error.message).toBe('Complete the Profile stage before About');
    expect((await save(me, 'review', REVIEW)).json().error.message).toBe('Complete the Profile stage before Review');

    ok(await save(me, 'profile', PROFILE));
    ok(await save(me, 'about', ABOUT));
    expect((await save(me, 'review', REVIEW)).json().error.message).toBe('Complete the Background stage before Review');
    // Going back to Profile and saving it again changes the answers, not the stage.
    const again = ok(await save(me, 'profile', { ...PROFILE, firstname: 'Augusta' }));
    expect(again.nextStage).toBe('background');
    expect(again.user).toMatchObject({ firstname: 'Augusta', investOnboardingStage: 'background' });
    expect((await rowOf(me.user._id)).investOnboarding).toEqual({ profile: { ...PROFILE, firstname: 'Augusta' }, about: ABOUT });
  });

  it('records each save on the user timeline with old and new values', async () => {
    const me = await signUp(t.app, 'acme', { firstname: 'Test', lastname: 'User' });
    ok(await save(me, 'profile', PROFILE));
    const events = (await tenantEventsOf(t.app, t.tenants.acme.id, me.user._id)) as unknown as TimelineEvent[];
    const saved = events.find((e) => e.message.includes('onboarding Profile'));
    expect(saved).toMatchObject({ type: 'update', entityType: 'user' });
    expect(saved!.meta.change).toEqual({
      profile: { old: null, new: PROFILE },
      firstname: { old: 'Test', new: 'Ada' },
      lastname: { old: 'User', new: 'Lovelace' },
      investOnboardingStage: { old: 'profile', new: 'about' },
    });
  });

  describe('refuses each rule of spec 001 §5 with 400, changing nothing', () => {
    const cases: [string, string, object, string][] = [
      ['profile', 'without a first name', { ...PROFILE, firstname: '' }, 'Enter your first name'],
      ['profile', 'with a blank last name', { ...PROFILE, lastname: '   ' }, 'Enter your last name'],
      ['profile', 'without the US-resident answer', { ...PROFILE, isUSResident: undefined }, 'Tell us whether you are a US resident'],
      ['profile', 'with an unknown country', { ...PROFILE, countryOfResidence: 'XX' }, 'Choose a country from the list'],
      ['about', 'without a financial goal', { ...ABOUT, financialGoals: [] }, 'Choose at least one financial goal'],
      ['about', 'without a risk tolerance', { ...ABOUT, riskTolerance: undefined }, 'Choose your risk tolerance'],
      ['about', 'without liquidity needs', { ...ABOUT, liquidityNeeds: undefined }, 'Choose your liquidity needs'],
      ['about', 'without an investment horizon', { ...ABOUT, investmentHorizon: undefined }, 'Choose your investment horizon'],
      ['about', 'with a made-up horizon', { ...ABOUT, investmentHorizon: 'forever' }, 'Choose your investment horizon: one of short'],
      ['background', 'without an experience level', { ...BACKGROUND, experienceLevel: undefined }, 'Choose your experience level'],
      ['background', 'without an offer interest', { ...BACKGROUND, offerInterests: [] }, 'Choose at least one kind of offer'],
      [
        'background',
        'without the accreditation answer',
        { ...BACKGROUND, attestAccreditation: undefined },
        'Tell us whether you are an accredited investor',
      ],
      ['background', 'without the investing answer', { ...BACKGROUND, currentlyInvesting: null }, 'Tell us whether you are investing'],
      ['review', 'with six stars', { ...REVIEW, rating: 6 }, 'Rate from 1 to 5 stars'],
    ];
    let me: SignedUp;
    beforeAll(async () => {
      me = await signUp(t.app, 'acme');
      for (const [stage, body] of [
        ['profile', PROFILE],
        ['about', ABOUT],
        ['background', BACKGROUND],
      ] as const)
        ok(await save(me, stage, body));
    });
    it.each(cases)('%s %s', async (stage, _what, body, message) => {
      const before = await rowOf(me.user._id);
      const res = await save(me, stage, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toContain(message);
      expect(await rowOf(me.user._id)).toEqual(before);
    });
  });

  it("is the user's own: another user's or another tenant's token gets 404; a platform admin may save for a member", async () => {
    const me = await signUp(t.app, 'acme');
    const other = await signUp(t.app, 'acme');
    const elsewhere = await signUp(t.app, 'globex');
    expect((await save(other, 'profile', PROFILE, me.user._id)).statusCode).toBe(404);
    expect((await save(elsewhere, 'profile', PROFILE, me.user._id)).statusCode).toBe(404);
    expect((await setStatus(other, 'complete', me.user._id)).statusCode).toBe(404);
    expect((await rowOf(me.user._id)).investOnboarding).toBeNull();
    const admin = await signUp(t.app, 'acme', { admin: true });
    expect(ok(await save(admin, 'profile', PROFILE, me.user._id)).nextStage).toBe('about');
  });
});

describe('PUT user/{id}/onboarding', () => {
  async function atChecklist() {
    const me = await signUp(t.app, 'acme');
    for (const [stage, body] of [
      ['profile', PROFILE],
      ['about', ABOUT],
      ['background', BACKGROUND],
      ['review', REVIEW],
    ] as const)
      ok(await save(me, stage, body));
    return me;
  }
  const user = (res: { json: () => unknown }) => (res.json() as { data: User }).data;

  it('goes to demo only from the checklist once identity and accreditation are approved', async () => {
    const me = await signUp(t.app, 'acme');
    const early = await setStatus(me, 'demo');
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe('Demo onboarding starts from the checklist: finish the questionnaire first');

    const ready = await atChecklist();
    const neither = await setStatus(ready, 'demo');
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error.message).toBe('Verify your identity and get your accreditation approved before continuing');

    await t.app.db.update(users).set({ identityVerificationStatus: 'approved' }).where(eq(users.id, ready.user._id));
    expect((await setStatus(ready, 'demo')).json().error.message).toBe('Get your accreditation approved before continuing');

    const application = await createApplication(t.app, { tenantId: t.tenants.acme.id, userId: ready.user._id, status: 'approved' });
    await t.app.db.update(users).set({ accreditationApplicationId: application.id }).where(eq(users.id, ready.user._id));
    const demo = await setStatus(ready, 'demo');
    expect(demo.statusCode, demo.body).toBe(200);
    expect(user(demo).onboardingStatus).toBe('demo');
    const events = await tenantEventsOf(t.app, t.tenants.acme.id, ready.user._id);
    expect(events.at(-1)).toMatchObject({ type: 'status', meta: { change: { onboardingStatus: { old: 'checklist', new: 'demo' } } } });
  });

  it("does not count another tenant's approved application", async () => {
    const ready = await atChecklist();
    await t.app.db.update(users).set({ identityVerificationStatus: 'approved' }).where(eq(users.id, ready.user._id));
    const elsewhere = await createApplication(t.app, { tenantId: t.tenants.globex.id, userId: ready.user._id, status: 'approved' });
    await t.app.db.update(users).set({ accreditationApplicationId: elsewhere.id }).where(eq(users.id, ready.user._id));
    expect((await setStatus(ready, 'demo')).statusCode).toBe(400);
  });

  it('goes to checklist or complete at any time, never back to overview; an unknown status is 400', async () => {
    const me = await signUp(t.app, 'acme');
    expect(user(await setStatus(me, 'checklist')).onboardingStatus).toBe('checklist');
    expect(user(await setStatus(me, 'complete')).onboardingStatus).toBe('complete');
    const back = await setStatus(me, 'overview');
    expect(back.statusCode).toBe(400);
    expect(back.json().error.message).toBe('Onboarding cannot go back to the overview');
    const unknown = await setStatus(me, 'finished');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('onboardingStatus');
  });
});
