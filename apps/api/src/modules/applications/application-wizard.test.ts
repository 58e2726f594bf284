import type { Application, ApplicationStatus } from '@tessera/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../db/seed.ts';
import { evaluatorRequests, tenants } from '../../db/schema/index.ts';
import { marketplaceFactories, offerClass } from '../marketplace/marketplace.test-helpers.ts';
import { uploadDocument } from '../documents/documents.test-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signUp, someObjectId, tenantEventsOf, type SignedUp } from '../../../test/factories.ts';
import { wizardStatus } from './application-wizard.service.ts';
import { apiOf, createBusiness, daysAgo, insertEvaluatorRequest, placeAt } from './applications.test-helpers.ts';

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let owner: SignedUp;
/** A tenant with the high-minimum path on, and offers at the two thresholds. */
let rich: { slug: string; id: string; offer200k: string; offer1m: string; offer150k: string };

beforeAll(async () => {
  t = await buildTestApp();
  api = apiOf(t);
  owner = await signUp(t.app, 'acme', { role: 'owner' });
  const tenant = await createTenant(t.app.db, 'richfund', 'Rich Fund');
  await t.app.db.update(tenants).set({ highMinimumPath: true }).where(eq(tenants.id, tenant.id));
  const factories = marketplaceFactories(t);
  const institutionId = await factories.createInstitution(tenant.id, 'Rich Institution');
  const offer = (minimums: number[]) =>
    factories.createOffer({ tenantId: tenant.id, institutionId, classes: minimums.map((m) => offerClass({ minimumInvestment: m })) });
  rich = {
    slug: 'richfund',
    id: tenant.id,
    offer200k: await offer([200_000, 500_000]),
    offer1m: await offer([1_000_000]),
    offer150k: await offer([150_000, 1_000_000]),
  };
});
afterAll(async () => {
  await t?.close();
});

const dataOf = (res: { json(): unknown }) => (res.json() as { data: Application }).data;

/** What a step needs: the applicant and their application, to upload evidence, create a business or send a request. */
interface Walk {
  who: SignedUp;
  application: Application;
}
type Answers = Record<string, unknown> | ((w: Walk) => Promise<object> | object);
/** [screen, its answers, where Next lands, the status there]. */
type Step = [string, Answers, string, ApplicationStatus];

const ids = async (w: Walk, key: Parameters<typeof api.upload>[2], count = 1, dated = false) => {
  const out: string[] = [];
  for (let i = 0; i < count; i++)
    out.push(await api.uploaded(w.who, w.application._id, key, dated ? { documentDate: daysAgo(t, 10) } : {}));
  return out;
};
const evaluatorRequest = (question: string) => async (w: Walk) => {
  await insertEvaluatorRequest(t, { tenantId: w.application.tenant, id: w.application._id, userId: w.who.user._id }, question);
  return {};
};

const individual: Step = ['identity', { identity: 'individual' }, 'individual-method', 'in-progress'];
const business: Step[] = [
  ['identity', { identity: 'business' }, 'business-select', 'in-progress'],
  ['business-select', async (w) => ({ businessId: await createBusiness(api, w.who) }), 'business-owners', 'in-progress'],
  ['business-owners', {}, 'business-method', 'in-progress'],
];
const method = (answer: string): Step[] => [
  ...business,
  ['business-method', { businessMethod: answer }, `business-${answer}-method`, 'in-progress'],
];

/** Every path of 001 §4 from the first screen to an end; together they take Next from every screen. */
const PATHS: Record<string, Step[]> = {
  'income by tax documents': [
    individual,
    ['individual-method', { individualMethod: 'income' }, 'individual-income-method', 'in-progress'],
    ['individual-income-method', { individualIncomeMethod: 'doc-upload' }, 'individual-income-doc-upload', 'in-progress'],
    [
      'individual-income-doc-upload',
      async (w) => ({
        individualIncomeDocUploadPrevYearSelf: await ids(w, 'individualIncomeDocUploadPrevYearSelf', 2),
        individualIncomeDocUploadCurrYearSelf: await ids(w, 'individualIncomeDocUploadCurrYearSelf'),
        individualIncomeDocUploadPrevYearSpouse: await ids(w, 'individualIncomeDocUploadPrevYearSpouse'),
        individualIncomeDocUploadCurrYearSpouse: await ids(w, 'individualIncomeDocUploadCurrYearSpouse'),
        individualIncomeDocUploadPrevYearIncomeConfirm: true,
        individualIncomeDocUploadConfirm: true,
      }),
      'individual-submitted',
      'submitted',
    ],
  ],
  "income by an evaluator's letter": [
    individual,
    ['individual-method', { individualMethod: 'income' }, 'individual-income-method', 'in-progress'],
    ['individual-income-method', { individualIncomeMethod: 'eval-upload' }, 'individual-income-eval-upload', 'in-progress'],
    [
      'individual-income-eval-upload',
      async (w) => ({ individualIncomeEvalUpload: await ids(w, 'individualIncomeEvalUpload'), individualIncomeEvalUploadConfirm: true }),
      'individual-submitted',
      'submitted',
    ],
  ],
  'income through an evaluator request (in progress until the letter comes)': [
    individual,
    ['individual-method', { individualMethod: 'income' }, 'individual-income-method', 'in-progress'],
    ['individual-income-method', { individualIncomeMethod: 'eval-request' }, 'individual-income-eval-request', 'in-progress'],
    ['individual-income-eval-request', evaluatorRequest('individual-income-eval-request'), 'individual-submitted', 'in-progress'],
  ],
  license: [
    individual,
    ['individual-method', { individualMethod: 'license' }, 'individual-license', 'in-progress'],
    [
      'individual-license',
      { individualLicenseType: 'series-65', individualLicenseCrd: ' 7654321 ', individualLicenseConfirm: true },
      'individual-submitted',
      'submitted',
    ],
  ],
  'net worth': [
    individual,
    ['individual-method', { individualMethod: 'assets' }, 'individual-assets', 'in-progress'],
    [
      'individual-assets',
      async (w) => ({
        individualAssetsAssetStatement: await ids(w, 'individualAssetsAssetStatement', 1, true),
        individualAssetsAssetAdditional: [],
        individualAssetsLiabilityCreditReport: await ids(w, 'individualAssetsLiabilityCreditReport', 1, true),
        individualAssetsLiabilityAdditional: await ids(w, 'individualAssetsLiabilityAdditional', 1, true),
        individualAssetsConfirmCreditReportIncludesPrimaryMortgage: true,
        individualAssetsConfirmPrimaryMortgageFairMarket: true,
        individualAssetsConfirmLiabilities: true,
      }),
      'individual-submitted',
      'submitted',
    ],
  ],
  'individual none': [individual, ['individual-method', { individualMethod: 'none' }, 'individual-requirements-unmet', 'rejected']],
  'business assets by documents': [
    ...method('assets'),
    ['business-assets-method', { businessAssetsMethod: 'doc-upload' }, 'business-assets-doc-upload', 'in-progress'],
    [
      'business-assets-doc-upload',
      async (w) => ({ businessAssetsDocUpload: await ids(w, 'businessAssetsDocUpload', 1, true), businessAssetsDocUploadConfirm: true }),
      'business-submitted',
      'submitted',
    ],
  ],
  "business assets by an evaluator's letter": [
    ...method('assets'),
    ['business-assets-method', { businessAssetsMethod: 'eval-upload' }, 'business-assets-eval-upload', 'in-progress'],
    [
      'business-assets-eval-upload',
      async (w) => ({ businessAssetsEvalUpload: await ids(w, 'businessAssetsEvalUpload'), businessAssetsEvalUploadConfirm: true }),
      'business-submitted',
      'submitted',
    ],
  ],
  'business assets through an evaluator request': [
    ...method('assets'),
    ['business-assets-method', { businessAssetsMethod: 'eval-request' }, 'business-assets-eval-request', 'in-progress'],
    ['business-assets-eval-request', evaluatorRequest('business-assets-eval-request'), 'business-submitted', 'in-progress'],
  ],
  'business assets none': [
    ...method('assets'),
    ['business-assets-method', { businessAssetsMethod: 'none' }, 'business-rejected', 'rejected'],
  ],
  'business owners by documents': [
    ...method('owners'),
    ['business-owners-method', { businessOwnersMethod: 'doc-upload' }, 'business-owners-doc-upload', 'in-progress'],
    [
      'business-owners-doc-upload',
      async (w) => ({ businessOwnersDocUpload: await ids(w, 'businessOwnersDocUpload'), businessOwnersDocUploadConfirm: true }),
      'business-submitted',
      'submitted',
    ],
  ],
  "business owners by an evaluator's letter": [
    ...method('owners'),
    ['business-owners-method', { businessOwnersMethod: 'eval-upload' }, 'business-owners-eval-upload', 'in-progress'],
    [
      'business-owners-eval-upload',
      async (w) => ({ businessOwnersEvalUpload: await ids(w, 'businessOwnersEvalUpload'), businessOwnersEvalUploadConfirm: true }),
      'business-submitted',
      'submitted',
    ],
  ],
  'business owners through an evaluator request': [
    ...method('owners'),
    ['business-owners-method', { businessOwnersMethod: 'eval-request' }, 'business-owners-eval-request', 'in-progress'],
    ['business-owners-eval-request', evaluatorRequest('business-owners-eval-request'), 'business-submitted', 'in-progress'],
  ],
  'business owners none': [
    ...method('owners'),
    ['business-owners-method', { businessOwnersMethod: 'none' }, 'business-rejected', 'rejected'],
  ],
  'business none': [...business, ['business-method', { businessMethod: 'none' }, 'business-rejected', 'rejected']],
};

/** Back returns to the screen left, with the status 001 §4 gives it (statusAt: in-progress on every question screen). */
describe('PUT application/{id}: the flow graph', () => {
  it.each(Object.entries(PATHS))('%s: Next to the end, then Back to the start', async (_name, steps) => {
    const who = await signUp(t.app, 'acme');
    const w: Walk = { who, application: await api.start(who) };
    const trail: string[] = [];
    for (const [from, answers, to, status] of steps) {
      const res = await api.move(who, w.application._id, 'next', from, typeof answers === 'function' ? await answers(w) : answers);
      expect(res.statusCode, `${from}: ${res.body}`).toBe(200);
      trail.push(from);
      expect(dataOf(res), from).toMatchObject({ currentQuestionId: to, status, completedQuestionIds: trail });
    }
    const end = steps.at(-1)![2];
    expect((await api.move(who, w.application._id, 'next', end, {})).json().error.message).toBe(
      'This is the last question of the application: there is no Next from it',
    );
    let current = end;
    for (const [from] of [...steps].reverse()) {
      const res = await api.move(who, w.application._id, 'back', current);
      expect(res.statusCode, `back from ${current}: ${res.body}`).toBe(200);
      trail.pop();
      expect(dataOf(res), `back from ${current}`).toMatchObject({
        currentQuestionId: from,
        status: 'in-progress',
        completedQuestionIds: trail,
      });
      current = from;
    }
    const first = await api.move(who, w.application._id, 'back', 'identity');
    expect(first.statusCode).toBe(400);
    expect(first.json().error.message).toBe('This is the first question: there is nothing to go back to');
  });

  it('keeps the answers, verification method and business as it moves, and records each move with old and new values', async () => {
    const who = await signUp(t.app, 'acme');
    const application = await api.start(who);
    expect(application.currentQuestionId).toBeNull();
    await api.move(who, application._id, 'next', 'identity', { identity: 'business' });
    const businessId = await createBusiness(api, who);
    const moved = dataOf(await api.move(who, application._id, 'next', 'business-select', { businessId, ignored: 'x' }));
    expect(moved).toMatchObject({ business: businessId, questionData: { identity: 'business', businessId }, verificationMethod: null });
    await api.move(who, application._id, 'next', 'business-owners');
    const chosen = dataOf(await api.move(who, application._id, 'next', 'business-method', { businessMethod: 'owners' }));
    expect(chosen.verificationMethod).toBe('business-owners');
    // Back and a different answer replace the screen's keys.
    await api.move(who, application._id, 'back', 'business-owners-method');
    const changed = dataOf(await api.move(who, application._id, 'next', 'business-method', { businessMethod: 'assets' }));
    expect(changed).toMatchObject({ verificationMethod: 'business-assets', questionData: { businessMethod: 'assets' } });
    // An individual has no business.
    for (const q of ['business-assets-method', 'business-method', 'business-owners', 'business-select'])
      await api.move(who, application._id, 'back', q);
    const individual = dataOf(await api.move(who, application._id, 'next', 'identity', { identity: 'individual' }));
    expect(individual.business).toBeNull();

    const events = await tenantEventsOf(t.app, t.tenants.acme.id, application._id);
    const first = events.find((e) => e.message.includes('answered identity'))!;
    expect(first).toMatchObject({
      type: 'status',
      entityType: 'application',
      userId: who.user._id,
      meta: {
        change: {
          status: { old: 'not-started', new: 'in-progress' },
          currentQuestionId: { old: null, new: 'business-select' },
          'questionData.identity': { old: null, new: 'business' },
        },
      },
    });
    const back = events.find((e) => e.message.includes('went back from business-owners-method'))!;
    expect(back).toMatchObject({
      type: 'update',
      meta: { change: { currentQuestionId: { old: 'business-owners-method', new: 'business-method' } } },
    });
  });

  it('is submitted once the evaluator sent the letter: wizardStatus reads the newest request that was not revoked', async () => {
    const who = await signUp(t.app, 'acme');
    const application = await api.start(who);
    const row = { tenantId: application.tenant, id: application._id, userId: who.user._id };
    const question = 'individual-income-eval-request';
    const completed = ['identity', 'individual-method', 'individual-income-method', question];
    const status = () => wizardStatus(t.app.db, row.tenantId, row.id, 'individual-submitted', completed);
    expect(await status()).toBe('in-progress');
    const sent = await insertEvaluatorRequest(t, row, question, { submittedAt: t.clock.now() });
    expect(await status()).toBe('submitted');
    // A newer request replaces it until it is submitted in turn; a revoked one does not count.
    const newer = await insertEvaluatorRequest(t, row, question, { createdAt: new Date(sent.createdAt.getTime() + 1000) });
    expect(await status()).toBe('in-progress');
    await t.app.db.update(evaluatorRequests).set({ revokedAt: t.clock.now() }).where(eq(evaluatorRequests.id, newer.id));
    expect(await status()).toBe('submitted');
    // Only submitted screens are refined, and only after an evaluator request.
    expect(await wizardStatus(t.app.db, row.tenantId, row.id, 'individual-income-eval-request', completed.slice(0, -1))).toBe(
      'in-progress',
    );
    expect(await wizardStatus(t.app.db, row.tenantId, row.id, 'individual-submitted', ['identity', 'individual-license'])).toBe(
      'submitted',
    );

    // Through the API: Next from the request screen lands submitted, with the request's names as the answers.
    await placeAt(t, application, {
      currentQuestionId: question,
      completedQuestionIds: completed.slice(0, -1),
      questionData: { identity: 'individual', individualMethod: 'income', individualIncomeMethod: 'eval-request' },
    });
    const res = await api.move(who, application._id, 'next', question, { individualIncomeEvalEmail: 'someone-else@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toMatchObject({
      status: 'submitted',
      currentQuestionId: 'individual-submitted',
      questionData: {
        individualIncomeEvalFirstName: 'Carla',
        individualIncomeEvalLastName: 'Reyes',
        individualIncomeEvalEmail: 'carla.reyes@reyes-cpa.example',
      },
    });
  });
});

describe('PUT application/{id}: validation', () => {
  /** [screen, completed before it, answers so far, the answers sent, what the 400 says]. */
  const CASES: [string, string[], Record<string, unknown>, object, string[]][] = [
    ['identity', [], {}, {}, ['body.answers.identity: Choose whether you apply as an individual or a business']],
    ['identity', [], {}, { identity: 'trust' }, ['Choose whether you apply as an individual or a business']],
    [
      'individual-method',
      ['identity'],
      { identity: 'individual' },
      { individualMethod: 'luck' },
      ['body.answers.individualMethod: Choose how you qualify'],
    ],
    [
      'individual-income-doc-upload',
      ['identity', 'individual-method', 'individual-income-method'],
      {},
      { individualIncomeDocUploadPrevYearSelf: [], individualIncomeDocUploadCurrYearSelf: [someObjectId()] },
      [
        'body.answers.individualIncomeDocUploadPrevYearSelf: Upload your tax documents for the earlier year',
        'body.answers.individualIncomeDocUploadPrevYearIncomeConfirm: Confirm your income in both years',
        'body.answers.individualIncomeDocUploadConfirm: Confirm that the documents are true and complete',
      ],
    ],
    [
      'individual-income-doc-upload',
      ['identity', 'individual-method', 'individual-income-method'],
      {},
      {
        individualIncomeDocUploadPrevYearSelf: [someObjectId()],
        individualIncomeDocUploadCurrYearSelf: [someObjectId()],
        individualIncomeDocUploadCurrYearSpouse: [someObjectId()],
        individualIncomeDocUploadPrevYearIncomeConfirm: true,
        individualIncomeDocUploadConfirm: true,
      },
      ["body.answers.individualIncomeDocUploadPrevYearSpouse: Upload your spouse's tax documents for the earlier year too"],
    ],
    [
      'individual-license',
      ['identity', 'individual-method'],
      {},
      { individualLicenseType: 'series-99', individualLicenseCrd: '123456789', individualLicenseConfirm: false },
      [
        'body.answers.individualLicenseType: Choose your license',
        'body.answers.individualLicenseCrd: A CRD number is 1 to 8 digits',
        'body.answers.individualLicenseConfirm: Confirm that your license is in good standing',
      ],
    ],
    [
      'individual-license',
      ['identity', 'individual-method'],
      {},
      { individualLicenseType: 'series-7', individualLicenseCrd: '12a4', individualLicenseConfirm: true },
      ['body.answers.individualLicenseCrd: A CRD number is 1 to 8 digits'],
    ],
    [
      'individual-assets',
      ['identity', 'individual-method'],
      {},
      { individualAssetsAssetStatement: [someObjectId()], individualAssetsLiabilityCreditReport: [] },
      [
        'body.answers.individualAssetsLiabilityCreditReport: Upload a credit report',
        'Confirm what the credit report includes',
        'Confirm the mortgage on your primary residence',
        'Confirm that you have disclosed all your liabilities',
      ],
    ],
    [
      'individual-income-eval-upload',
      ['identity', 'individual-method', 'individual-income-method'],
      {},
      { individualIncomeEvalUpload: [someObjectId()] },
      ['body.answers.individualIncomeEvalUploadConfirm: Certify that the letter is genuine'],
    ],
    [
      'business-assets-doc-upload',
      ['identity', 'business-select', 'business-owners', 'business-method', 'business-assets-method'],
      {},
      { businessAssetsDocUpload: [someObjectId()] },
      ['body.answers.businessAssetsDocUploadConfirm: Confirm that the documents are true and complete'],
    ],
    [
      'business-owners-doc-upload',
      ['identity', 'business-select', 'business-owners', 'business-method', 'business-owners-method'],
      {},
      { businessOwnersDocUpload: [], businessOwnersDocUploadConfirm: true },
      ["body.answers.businessOwnersDocUpload: Upload the owners' accreditation documents"],
    ],
    ['business-select', ['identity'], { identity: 'business' }, {}, ['body.answers.businessId']],
    [
      'business-select',
      ['identity'],
      { identity: 'business' },
      { businessId: someObjectId() },
      ['body.answers.businessId: Choose one of your own businesses'],
    ],
    [
      'individual-income-eval-request',
      ['identity', 'individual-method', 'individual-income-method'],
      {},
      {},
      ['Send the request to your evaluator first'],
    ],
    ['business-owners-eval-request', ['identity'], {}, {}, ['Send the request to your evaluator first']],
    [
      'individual-method',
      ['identity'],
      { identity: 'individual' },
      { individualMethod: 'high-minimum' },
      ['does not offer the high-minimum'],
    ],
    ['business-method', ['identity'], { identity: 'business' }, { businessMethod: 'high-minimum' }, ['does not offer the high-minimum']],
    ['individual-submitted', ['identity', 'individual-method', 'individual-license'], {}, {}, ['there is no Next from it']],
  ];

  it.each(CASES)('refuses Next on %s with 400 naming the fields, writing nothing', async (screen, completed, data, answers, messages) => {
    const who = await signUp(t.app, 'acme');
    const application = await api.start(who);
    await placeAt(t, application, {
      currentQuestionId: screen,
      completedQuestionIds: completed,
      questionData: data,
      status: 'in-progress',
    });
    const res = await api.move(who, application._id, 'next', screen, answers);
    expect(res.statusCode, res.body).toBe(400);
    for (const message of messages) expect(res.json().error.message).toContain(message);
    const after = dataOf(await api.call(who, 'GET', `application/${application._id}`));
    expect(after).toMatchObject({ currentQuestionId: screen, completedQuestionIds: completed, questionData: data });
  });

  it('refuses leaving the owners screen of a business without owners', async () => {
    const who = await signUp(t.app, 'acme');
    const application = await api.start(who);
    const businessId = await createBusiness(api, who, false);
    await api.move(who, application._id, 'next', 'identity', { identity: 'business' });
    expect((await api.move(who, application._id, 'next', 'business-select', { businessId })).statusCode).toBe(200);
    const res = await api.move(who, application._id, 'next', 'business-owners');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Add the business owners first');
  });

  it("refuses documents that are not the applicant's uploads to this application for this answer", async () => {
    const who = await signUp(t.app, 'acme');
    const other = await signUp(t.app, 'acme');
    const application = await api.start(who);
    const others = await api.start(other);
    const theirs = await api.uploaded(other, others._id, 'individualIncomeEvalUpload');
    const plain = (await uploadDocument(t.app, who)).json().data._id as string;
    const forAnother = await api.uploaded(who, application._id, 'individualIncomeDocUploadPrevYearSelf');
    const mine = await api.uploaded(who, application._id, 'individualIncomeEvalUpload');
    await placeAt(t, application, {
      currentQuestionId: 'individual-income-eval-upload',
      completedQuestionIds: ['identity', 'individual-method', 'individual-income-method'],
      questionData: { identity: 'individual', individualMethod: 'income', individualIncomeMethod: 'eval-upload' },
    });
    const next = (documents: string[]) =>
      api.move(who, application._id, 'next', 'individual-income-eval-upload', {
        individualIncomeEvalUpload: documents,
        individualIncomeEvalUploadConfirm: true,
      });
    for (const [documents, message] of [
      [[theirs], `Document ${theirs} is not one you uploaded to this application`],
      [[mine, plain], `Document ${plain} is not one you uploaded to this application`],
      [[forAnother], `Document ${forAnother} was uploaded for another question`],
      [[mine, mine], 'A document is listed twice'],
      [[someObjectId()], 'is not one you uploaded to this application'],
    ] as const) {
      const res = await next([...documents]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toContain(`body.answers.individualIncomeEvalUpload: `);
      expect(res.json().error.message).toContain(message);
    }
    expect((await next([mine])).statusCode).toBe(200);
  });
});

describe('PUT application/{id}: the high-minimum path (2025 no-action letter)', () => {
  it('takes an offer whose minimum is at least $200,000 for an individual and $1,000,000 for a business, on a tenant that turned it on', async () => {
    const who = await signUp(t.app, rich.slug);
    const application = await api.start(who);
    await api.move(who, application._id, 'next', 'identity', { identity: 'individual' });
    expect(dataOf(await api.move(who, application._id, 'next', 'individual-method', { individualMethod: 'high-minimum' }))).toMatchObject({
      currentQuestionId: 'individual-high-minimum',
      verificationMethod: 'high-minimum',
    });
    const statements = { highMinimumAccreditedStatement: true, highMinimumNoFinancingStatement: true };
    const low = await api.move(who, application._id, 'next', 'individual-high-minimum', {
      highMinimumOfferId: rich.offer150k,
      ...statements,
    });
    expect(low.statusCode).toBe(400);
    expect(low.json().error.message).toContain('($150,000) is below $200,000, the least for an individual on this path');
    const unknown = await api.move(who, application._id, 'next', 'individual-high-minimum', {
      highMinimumOfferId: someObjectId(),
      ...statements,
    });
    expect(unknown.json().error.message).toBe('body.answers.highMinimumOfferId: Choose an offer of this marketplace');
    const unconfirmed = await api.move(who, application._id, 'next', 'individual-high-minimum', { highMinimumOfferId: rich.offer200k });
    expect(unconfirmed.json().error.message).toContain('Confirm that you are an accredited investor');
    const ok = await api.move(who, application._id, 'next', 'individual-high-minimum', {
      highMinimumOfferId: rich.offer200k,
      ...statements,
    });
    expect(dataOf(ok)).toMatchObject({
      currentQuestionId: 'individual-submitted',
      status: 'submitted',
      verificationMethod: 'high-minimum',
    });

    const company = await signUp(t.app, rich.slug);
    const second = await api.start(company);
    await api.move(company, second._id, 'next', 'identity', { identity: 'business' });
    await api.move(company, second._id, 'next', 'business-select', { businessId: await createBusiness(api, company) });
    await api.move(company, second._id, 'next', 'business-owners');
    await api.move(company, second._id, 'next', 'business-method', { businessMethod: 'high-minimum' });
    const entityLow = await api.move(company, second._id, 'next', 'business-high-minimum', {
      highMinimumOfferId: rich.offer200k,
      ...statements,
    });
    expect(entityLow.json().error.message).toContain('is below $1,000,000, the least for a business');
    const entityOk = await api.move(company, second._id, 'next', 'business-high-minimum', {
      highMinimumOfferId: rich.offer1m,
      ...statements,
    });
    expect(dataOf(entityOk)).toMatchObject({ currentQuestionId: 'business-submitted', status: 'submitted' });
  });

  it('refuses an offer of another tenant', async () => {
    const who = await signUp(t.app, rich.slug);
    const application = await api.start(who);
    const acmeInstitution = await marketplaceFactories(t).createInstitution(t.tenants.acme.id, 'Acme Fund');
    const acmeOffer = await marketplaceFactories(t).createOffer({
      tenantId: t.tenants.acme.id,
      institutionId: acmeInstitution,
      classes: [offerClass({ minimumInvestment: 5_000_000 })],
    });
    await placeAt(t, application, {
      currentQuestionId: 'individual-high-minimum',
      completedQuestionIds: ['identity', 'individual-method'],
    });
    const res = await api.move(who, application._id, 'next', 'individual-high-minimum', {
      highMinimumOfferId: acmeOffer,
      highMinimumAccreditedStatement: true,
      highMinimumNoFinancingStatement: true,
    });
    expect(res.json().error.message).toBe('body.answers.highMinimumOfferId: Choose an offer of this marketplace');
  });
});

describe('PUT application/{id}: who and when', () => {
  it('is 409 for a stale question (another tab moved on) and once a reviewer decided', async () => {
    const who = await signUp(t.app, 'acme');
    const application = await api.start(who);
    expect((await api.move(who, application._id, 'next', 'individual-method', { individualMethod: 'license' })).statusCode).toBe(409);
    await api.move(who, application._id, 'next', 'identity', { identity: 'individual' });
    const stale = await api.move(who, application._id, 'next', 'identity', { identity: 'business' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(
      'This application has moved on since this page was opened (in another tab?): reload it to continue',
    );
    expect((await api.move(who, application._id, 'back', 'identity')).statusCode).toBe(409);
    await api.move(who, application._id, 'next', 'individual-method', { individualMethod: 'license' });
    const license = { individualLicenseType: 'series-7', individualLicenseCrd: '1234', individualLicenseConfirm: true };
    expect(dataOf(await api.move(who, application._id, 'next', 'individual-license', license)).status).toBe('submitted');
    expect(
      (await api.call(owner, 'PUT', `application/${application._id}/status`, { status: 'rejected', note: 'License lapsed' })).statusCode,
    ).toBe(200);
    const decided = await api.move(who, application._id, 'back', 'individual-submitted');
    expect(decided.statusCode).toBe(409);
    expect(decided.json().error.message).toContain('has been reviewed');
  });

  it("is the applicant's alone: 404 for another member, the tenant's owner and another tenant's token; 401 without a session", async () => {
    const who = await signUp(t.app, 'acme');
    const application = await api.start(who);
    const body = { direction: 'next', questionId: 'identity', answers: { identity: 'individual' } };
    for (const other of [await signUp(t.app, 'acme'), owner, await signUp(t.app, 'globex', { role: 'owner' })]) {
      const res = await api.call(other, 'PUT', `application/${application._id}`, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Application not found');
    }
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/application/${application._id}`,
      headers: { host: who.host },
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await api.call(who, 'GET', `application/${application._id}`)).json().data.status).toBe('not-started');
  });

  it('refuses a bad body with 400 naming the field', async () => {
    const who = await signUp(t.app, 'acme');
    const application = await api.start(who);
    for (const [body, field] of [
      [{ direction: 'up', questionId: 'identity' }, 'direction'],
      [{ direction: 'next', questionId: 'nowhere' }, 'questionId'],
      [{ direction: 'next', questionId: 'identity', answers: [] }, 'answers'],
    ] as const) {
      const res = await api.call(who, 'PUT', `application/${application._id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toContain(field);
    }
  });

  it('leaves status changes to reviewers: the applicant gets 403 from PUT application/{id}/status', async () => {
    const who = await signUp(t.app, 'acme');
    const application = await api.start(who);
    const res = await api.call(who, 'PUT', `application/${application._id}/status`, { status: 'approved', note: 'Me' });
    expect(res.statusCode).toBe(403);
    expect((await api.call(who, 'GET', `application/${application._id}`)).json().data.status).toBe('not-started');
  });
});
