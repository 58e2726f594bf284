import { eq } from 'drizzle-orm';
import { EMPTY_CONTACT, type Contact, type Workflow } from '@tessera/domain';
import { individualProfiles, offers, roleAssignments } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { bearer, createApplication, joinInstitutionTeam, signUp, type SignedUp } from '../../../test/factories.ts';
import { LISTED, marketplaceFactories, offerClass } from '../marketplace/marketplace.test-helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls tenant/{slug}/workflows… as `who`, at their host. */
export function workflowApi(t: TestApp, slug = 'acme') {
  const call = (who: SignedUp, method: Method, path = '', payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1/tenant/${slug}/workflows${path}`,
      headers: { host: who.host, ...bearer(who.token) },
      ...(payload ? { payload } : {}),
    });
  /** POST workflows for an offer; the new workflow, failing the test on anything but 201. */
  const create = async (who: SignedUp, offer: string, extra: object = {}): Promise<Workflow> => {
    const res = await call(who, 'POST', '', { type: 'investment', config: { offer }, ...extra });
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: Workflow }).data;
  };
  const step = (who: SignedUp, id: string, key: string, action: 'complete' | 'skip' | 'reset' | 'update', data?: object) =>
    call(
      who,
      'PUT',
      `/${id}/steps/${key}${action === 'update' ? '' : `/${action}`}`,
      action === 'update' || action === 'complete' ? { data: data ?? {} } : {},
    );
  /** Completes a step, failing the test on anything but 200; the workflow after it. */
  const complete = async (who: SignedUp, id: string, key: string, data: object): Promise<Workflow> => {
    const res = await step(who, id, key, 'complete', data);
    if (res.statusCode !== 200) throw new Error(`complete ${key}: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: Workflow }).data;
  };
  return { call, create, step, complete };
}

export const dataOf = (res: { json(): unknown }) => (res.json() as { data: Workflow }).data;
export const messageOf = (res: { json(): unknown }) => (res.json() as { error: { message: string } }).error.message;

/** A listed offer's classes: A from $10,000 to $500,000 in $1,000 units, B from $25,000 with no unit or maximum. */
export const CLASS_A = offerClass({
  id: 'class-a',
  name: 'Class A',
  minimumInvestment: 10_000,
  maximumInvestment: 500_000,
  pricePerUnit: 1_000,
});
export const CLASS_B = offerClass({ id: 'class-b', name: 'Class B', minimumInvestment: 25_000 });

export interface WorkflowWorld {
  /** Investors of acme, and one of globex. */
  ivy: SignedUp;
  otto: SignedUp;
  gus: SignedUp;
  /** An editor on the institution's team (a GP), a viewer on it, an editor on no team, and an owner of acme. */
  gp: SignedUp;
  viewer: SignedUp;
  stranger: SignedUp;
  owner: SignedUp;
  institutionId: string;
  /** A listed offer with two visible documents and a hidden one, and a listed Rule 506(c) offer. */
  offerId: string;
  documents: string[];
  hiddenDocument: string;
  offer506c: string;
  /** An offer of the institution that is not on the marketplace. */
  unlistedOffer: string;
}

/** The people and offers most workflow tests start from. */
export async function workflowWorld(t: TestApp): Promise<WorkflowWorld> {
  const acme = t.tenants.acme.id;
  const f = marketplaceFactories(t);
  // One after another: sign-ups at once can outrun a loaded database's connection pool.
  const ivy = await signUp(t.app, 'acme', { firstname: 'Ivy', lastname: 'Investor' });
  const otto = await signUp(t.app, 'acme', { firstname: 'Otto', lastname: 'Other' });
  const gus = await signUp(t.app, 'globex', { firstname: 'Gus', lastname: 'Globex' });
  const gp = await signUp(t.app, 'acme', { firstname: 'Gale', lastname: 'Partner', role: 'editor' });
  const viewer = await signUp(t.app, 'acme', { firstname: 'Vic', lastname: 'Viewer', role: 'editor' });
  const stranger = await signUp(t.app, 'acme', { firstname: 'Stan', lastname: 'Stranger', role: 'editor' });
  const owner = await signUp(t.app, 'acme', { firstname: 'Olga', lastname: 'Owner', role: 'owner' });
  const institutionId = await f.createInstitution(acme, 'Harbor Point Credit');
  await joinInstitutionTeam(t.app, acme, gp.user._id, institutionId, null);
  await joinInstitutionTeam(t.app, acme, viewer.user._id, institutionId, null);
  // joinInstitutionTeam makes members: the viewer's assignment is a viewer's.
  await t.app.db.update(roleAssignments).set({ role: 'viewer' }).where(eq(roleAssignments.userId, viewer.user._id));
  const documents = [await f.storeDocument(acme, 'Operating agreement', 'oa'), await f.storeDocument(acme, 'PPM', 'ppm')];
  const hiddenDocument = await f.storeDocument(acme, 'Internal memo', 'memo');
  const offerId = await f.createOffer({
    tenantId: acme,
    institutionId,
    name: 'Harbor Lofts',
    ...LISTED,
    classes: [CLASS_A, CLASS_B],
    esignTemplateId: 'tmpl-harbor',
    documents: [
      { document: documents[1]!, type: 'other', position: 1, hidden: false },
      { document: hiddenDocument, type: 'other', position: 2, hidden: true },
      { document: documents[0]!, type: 'other', position: 0, hidden: false },
    ],
  });
  const offer506c = await f.createOffer({
    tenantId: acme,
    institutionId,
    name: 'Summit Ridge',
    ...LISTED,
    fedExemptionExclusions: ['rule-506-c'],
    classes: [offerClass({ id: 'main', name: 'Main', minimumInvestment: 50_000, pricePerUnit: 1_000 })],
  });
  const unlistedOffer = await f.createOffer({ tenantId: acme, institutionId, name: 'Quiet Deal', classes: [CLASS_B] });
  return { ivy, otto, gus, gp, viewer, stranger, owner, institutionId, offerId, documents, hiddenDocument, offer506c, unlistedOffer };
}

/** POST to a passport route as `who`; the new entity's id. */
async function created(t: TestApp, who: SignedUp, url: string, payload: object): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: { host: who.host, ...bearer(who.token) }, payload });
  if (res.statusCode !== 201) throw new Error(`POST ${url}: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { _id: string } }).data._id;
}

/** A financial account in the person's passport. */
export const insertAccount = (t: TestApp, who: SignedUp) =>
  created(t, who, 'financial-account', { accountName: 'Checking', type: 'checking', number: '000123456789' });

/** An individual profile of the person's, straight in the database: complete enough to invest unless `complete` is false. */
export async function insertProfile(t: TestApp, who: SignedUp, options: { firstname?: string; complete?: boolean } = {}): Promise<string> {
  const id = newId();
  const complete = options.complete ?? true;
  const contact = (
    complete ? { ...EMPTY_CONTACT, emails: [{ email: 'p@example.com' }], addresses: [{ address: {} }] } : EMPTY_CONTACT
  ) as Contact;
  await t.app.db.insert(individualProfiles).values({
    tenantId: t.tenants.acme.id,
    id,
    userId: who.user._id,
    firstname: options.firstname ?? 'Ivy',
    lastname: 'Investor',
    contact,
    govPhotoIds: complete ? [newId()] : [],
    financialAccountIds: complete ? [newId()] : [],
    verificationStatus: complete ? 'approved' : 'not-started',
  });
  return id;
}

/** A legal entity in the person's passport. */
export const insertLegalEntity = (t: TestApp, who: SignedUp) =>
  created(t, who, 'legal-entity-profile', { name: 'Ivy Holdings LLC', legalEntityType: 'sole-proprietorship', acceptDisclosures: true });

/** An approved accreditation of the person's, reviewed `daysAgo` days before the test clock. */
export async function approvedApplication(
  t: TestApp,
  who: SignedUp,
  options: {
    daysAgo?: number;
    method?: 'income' | 'high-minimum';
    identity?: 'individual' | 'business';
    status?: 'approved' | 'submitted';
  } = {},
): Promise<string> {
  const row = await createApplication(t.app, {
    tenantId: t.tenants.acme.id,
    userId: who.user._id,
    status: options.status ?? 'approved',
    reviewedAt: new Date(t.clock.now().getTime() - (options.daysAgo ?? 10) * 86_400_000),
    verificationMethod: options.method ?? 'income',
    questionData: { identity: options.identity ?? 'individual' },
  });
  return row.id;
}

/** Marks an offer's classes as given, for tests that need other terms. */
export async function setClasses(t: TestApp, offerId: string, classes: (typeof offers.$inferInsert)['classes']) {
  await t.app.db.update(offers).set({ classes }).where(eq(offers.id, offerId));
}

/** The answers that take an individual investor from investor type to distribution (all but diligence and contribution). */
export async function answerMiddleSteps(t: TestApp, who: SignedUp, id: string, options: { qualification?: object } = {}) {
  const api = workflowApi(t);
  const profile = await insertProfile(t, who);
  const account = await insertAccount(t, who);
  await api.complete(who, id, 'investor-type', { investorType: 'individual' });
  await api.complete(who, id, 'ownership', { individualOwnershipType: 'individual' });
  await api.complete(who, id, 'profiles', { individualProfiles: [profile] });
  await api.complete(who, id, 'representations', {
    riskOfLoss: true,
    illiquidity: true,
    noAdvice: true,
    ownAccount: true,
    accurateInformation: true,
  });
  await api.complete(who, id, 'purpose', { investmentGoals: ['growth'], sourceOfFunds: 'savings' });
  await api.complete(who, id, 'communication', { statementDelivery: 'electronic' });
  await api.complete(who, id, 'qualification', options.qualification ?? { basis: 'self-certified', selfCertified: true });
  await api.complete(who, id, 'financial-account', { financialAccountId: account });
  return api.complete(who, id, 'distribution', { method: 'ach', financialAccountId: account });
}
