import type { WorkflowStep, WorkflowSummary } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, signUp, type SignedUp } from '../../../test/factories.ts';
import { marketplaceFactories } from '../marketplace/marketplace.test-helpers.ts';
import { insertWorkflow } from './workflows.repository.ts';

let t: TestApp;
let ivy: SignedUp;
let otto: SignedUp;
let gus: SignedUp;
let offerId: string;
let institutionId: string;
let otherInstitutionId: string;

const step = (key: string, name: string, status: WorkflowStep['status']): WorkflowStep => ({
  key,
  name,
  description: null,
  status,
  type: 'question',
  data: {},
});
const STEPS = [
  step('diligence', 'Diligence', 'completed'),
  step('contribution', 'Contribution', 'completed'),
  step('investor-type', 'Investor type', 'in-progress'),
  step('ownership', 'Ownership', 'pending'),
  step('summary', 'Summary', 'pending'),
  step('e-signature', 'E-signature', 'pending'),
];

/** A workflow written as the workflow engine writes it (config's offer and institution also in their columns); dates make the order. */
function workflow(tenantId: string, ownerId: string, createdAt: string, values: Partial<Parameters<typeof insertWorkflow>[1]> = {}) {
  const config = values.config ?? { offer: offerId, institution: institutionId, documents: [], amount: 50_000, esignTemplateId: null };
  return insertWorkflow(t.app.db, {
    offerId: config.offer,
    institutionId: config.institution,
    tenantId,
    id: newId(),
    ownerId,
    createdBy: ownerId,
    type: 'investment',
    status: 'in-progress',
    name: 'Investment - Harbor Lofts',
    currentStepKey: 'investor-type',
    steps: STEPS,
    config,
    createdAt: new Date(createdAt),
    ...values,
  });
}

const list = (who: SignedUp, query = '', slug = 'acme') =>
  t.app.inject({ method: 'GET', url: `/api/v1/tenant/${slug}/workflows${query}`, headers: { host: who.host, ...bearer(who.token) } });
const itemsOf = (res: { json(): unknown }) => (res.json() as { data: WorkflowSummary[] }).data;

let newest: string;
let middle: string;
let oldest: string;
let completed: string;
let noOffer: string;

beforeAll(async () => {
  t = await buildTestApp();
  const acme = t.tenants.acme.id;
  const f = marketplaceFactories(t);
  [ivy, otto, gus] = await Promise.all([
    signUp(t.app, 'acme', { firstname: 'Ivy', lastname: 'Investor' }),
    signUp(t.app, 'acme', { firstname: 'Otto', lastname: 'Other' }),
    signUp(t.app, 'globex', { firstname: 'Gus', lastname: 'Globex' }),
  ]);
  institutionId = await f.createInstitution(acme, 'Harbor Point Credit');
  otherInstitutionId = await f.createInstitution(acme, 'Summit Ridge Capital');
  offerId = await f.createOffer({ tenantId: acme, institutionId, name: 'Harbor Lofts' });
  oldest = (await workflow(acme, ivy.user._id, '2026-01-01T00:00:00Z')).id;
  middle = (
    await workflow(acme, ivy.user._id, '2026-02-01T00:00:00Z', {
      config: { offer: offerId, institution: otherInstitutionId, documents: [], amount: 125_000, esignTemplateId: null },
      currentStepKey: 'diligence',
    })
  ).id;
  newest = (await workflow(acme, ivy.user._id, '2026-03-01T00:00:00Z')).id;
  completed = (
    await workflow(acme, ivy.user._id, '2026-04-01T00:00:00Z', {
      status: 'completed',
      steps: STEPS.map((s) => ({ ...s, status: 'completed' as const })),
    })
  ).id;
  noOffer = (
    await workflow(acme, ivy.user._id, '2025-12-01T00:00:00Z', {
      type: 'accreditation',
      name: 'Accreditation',
      steps: [],
      currentStepKey: null,
      config: { offer: newId(), institution: null, documents: [], amount: null, esignTemplateId: null },
    })
  ).id;
  // Someone else's, in the same tenant and in another.
  await workflow(acme, otto.user._id, '2026-05-01T00:00:00Z');
  await workflow(t.tenants.globex.id, gus.user._id, '2026-05-01T00:00:00Z', {
    config: { offer: null, institution: null, documents: [], amount: 10, esignTemplateId: null },
  });
});
afterAll(async () => t.close());

describe('GET tenant/{t}/workflows', () => {
  it("lists the caller's in-progress investments newest first, with the card fields of one query", async () => {
    const res = await list(ivy, '?status=in-progress&type=investment');
    expect(res.statusCode, res.body).toBe(200);
    const items = itemsOf(res);
    expect(items.map((w) => w._id)).toEqual([newest, middle, oldest]);
    expect(res.json().meta).toEqual({ page: 1, limit: 20, total: 3 });
    expect(items[0]).toMatchObject({
      name: 'Investment - Harbor Lofts',
      type: 'investment',
      status: 'in-progress',
      owner: ivy.user._id,
      offer: { _id: offerId, name: 'Harbor Lofts' },
      institution: { _id: institutionId, name: 'Harbor Point Credit' },
      amount: 50_000,
      // 2 of 6 steps completed: 33.3…, rounded down.
      percentComplete: 33,
      currentStepKey: 'investor-type',
      nextStep: { key: 'investor-type', name: 'Investor type' },
    });
    // The institution is the workflow's own; a current step already done gives way to the first one not done.
    expect(items[1]).toMatchObject({
      institution: { _id: otherInstitutionId, name: 'Summit Ridge Capital' },
      amount: 125_000,
      nextStep: { key: 'investor-type', name: 'Investor type' },
    });
  });

  it('lists every status and type without filters, and says so when the offer is gone or progress is none', async () => {
    const items = itemsOf(await list(ivy));
    expect(items.map((w) => w._id)).toEqual([completed, newest, middle, oldest, noOffer]);
    expect(items[0]).toMatchObject({ status: 'completed', percentComplete: 100, nextStep: null });
    expect(items[4]).toMatchObject({
      type: 'accreditation',
      offer: null,
      institution: null,
      amount: null,
      percentComplete: 0,
      nextStep: null,
    });
  });

  it('pages', async () => {
    const res = await list(ivy, '?status=in-progress&type=investment&limit=2&page=2');
    expect(res.statusCode).toBe(200);
    expect(itemsOf(res).map((w) => w._id)).toEqual([oldest]);
    expect(res.json().meta).toEqual({ page: 2, limit: 2, total: 3 });
  });

  it("never lists another person's workflows", async () => {
    const res = await list(otto, '?type=investment');
    expect(res.statusCode).toBe(200);
    expect(itemsOf(res).map((w) => w.owner)).toEqual([otto.user._id]);
    const fresh = await signUp(t.app, 'acme');
    expect((await list(fresh)).json()).toEqual({ data: [], meta: { page: 1, limit: 20, total: 0 } });
  });

  it("answers 404 for another tenant's path, and keeps each tenant's workflows to it", async () => {
    const res = await list(gus, '', 'acme');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Organization not found');
    expect((await list(ivy, '', 'globex')).statusCode).toBe(404);
    const own = itemsOf(await list(gus, '', 'globex'));
    expect(own.map((w) => w.amount)).toEqual([10]);
  });

  it('refuses an unknown query parameter, a bad filter or an owner outside the institution view with 400, and a visitor with 401', async () => {
    const unknown = await list(ivy, '?holder=someone');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('query.holder: unknown parameter');
    const owner = await list(ivy, `?owner=${otto.user._id}`);
    expect(owner.statusCode).toBe(400);
    expect(owner.json().error.message).toContain('query.owner: only with `institution`');
    const status = await list(ivy, '?status=paused');
    expect(status.statusCode).toBe(400);
    expect(status.json().error.message).toContain('query.status');
    expect((await list(ivy, '?limit=101')).statusCode).toBe(400);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/v1/tenant/acme/workflows', headers: { host: hostOf('acme') } });
    expect(visitor.statusCode).toBe(401);
  });
});
