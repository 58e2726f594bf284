import {
  LEAD_WITHOUT_MEMBER_TEXT,
  NOT_CREATABLE_WORKFLOW_TEXT,
  RAISE_MODE_REFUSED,
  workflowTemplates,
  type TimelineEvent,
  type WorkflowSummary,
} from '@tessera/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantMembers, workflows } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signUp, tenantEventsOf } from '../../../test/factories.ts';
import { dataOf, messageOf, workflowApi, workflowWorld, type WorkflowWorld } from './workflows.test-helpers.ts';
import { INVESTING_NOT_ALLOWED } from './workflows.service.ts';

let t: TestApp;
let w: WorkflowWorld;
let api: ReturnType<typeof workflowApi>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await workflowWorld(t);
  api = workflowApi(t);
});
afterAll(async () => t.close());

const listOf = (res: { json(): unknown }) => (res.json() as { data: WorkflowSummary[] }).data;

describe('GET workflows/templates', () => {
  it('answers every template by type; investment with its thirteen steps, the others not creatable', async () => {
    const res = await api.call(w.ivy, 'GET', '/templates');
    expect(res.statusCode, res.body).toBe(200);
    const templates = workflowTemplates.parse(res.json().data);
    expect(Object.keys(templates).sort()).toEqual(['accreditation', 'identity-verification', 'investment']);
    expect(templates.investment.creatable).toBe(true);
    expect(templates.investment.steps.map((s) => s.key)).toEqual([
      'diligence',
      'contribution',
      'investor-type',
      'ownership',
      'profiles',
      'representations',
      'purpose',
      'communication',
      'qualification',
      'financial-account',
      'distribution',
      'esignature',
      'summary',
    ]);
    expect(templates.investment.steps.find((s) => s.key === 'esignature')?.type).toBe('e-signature');
    expect(templates.accreditation).toMatchObject({ creatable: false, info: NOT_CREATABLE_WORKFLOW_TEXT });
    expect(templates['identity-verification']).toMatchObject({ creatable: false, info: NOT_CREATABLE_WORKFLOW_TEXT });
  });
});

describe('POST workflows', () => {
  it("starts an investment with the defaults: the offer's name, the lowest class minimum, its visible documents, its template", async () => {
    const res = await api.call(w.ivy, 'POST', '', { type: 'investment', config: { offer: w.offerId } });
    expect(res.statusCode, res.body).toBe(201);
    const created = dataOf(res);
    expect(res.headers.location).toBe(`/api/v1/tenant/acme/workflows/${created._id}`);
    expect(created).toMatchObject({
      name: 'Investment - Harbor Lofts',
      type: 'investment',
      status: 'in-progress',
      owner: w.ivy.user._id,
      ownerName: 'Ivy Investor',
      ownerEmail: w.ivy.email,
      createdBy: w.ivy.user._id,
      offer: { _id: w.offerId, name: 'Harbor Lofts' },
      institution: { _id: w.institutionId, name: 'Harbor Point Credit' },
      amount: 10_000,
      percentComplete: 0,
      currentStepKey: 'diligence',
      nextStep: { key: 'diligence', name: 'Diligence' },
      config: { offer: w.offerId, institution: w.institutionId, documents: w.documents, amount: 10_000, esignTemplateId: 'tmpl-harbor' },
      refs: null,
      completedAt: null,
    });
    expect(created.steps).toHaveLength(13);
    expect(created.steps.map((s) => s.status)).toEqual(['in-progress', ...Array<string>(12).fill('pending')]);
    const events = await tenantEventsOf(t.app, t.tenants.acme.id, created._id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'create',
      entityType: 'workflow',
      message: 'Ivy Investor started the workflow Investment - Harbor Lofts',
    });
    expect(events[0]!.meta.change).toMatchObject({ amount: { old: null, new: 10_000 }, offer: { old: null, new: w.offerId } });
  });

  it('answers 409 naming the one in progress for the same offer, and takes a name, amount and template id given', async () => {
    const again = await api.call(w.ivy, 'POST', '', { type: 'investment', config: { offer: w.offerId } });
    expect(again.statusCode).toBe(409);
    const [existing] = listOf(await api.call(w.ivy, 'GET', `?offer=${w.offerId}`));
    expect(messageOf(again)).toContain(existing!._id);
    const other = await api.create(w.otto, w.offerId, {
      name: 'My IRA investment',
      description: 'Through the IRA',
      config: { offer: w.offerId, amount: 30_000, esignTemplateId: null },
    });
    expect(other).toMatchObject({ name: 'My IRA investment', description: 'Through the IRA', amount: 30_000 });
    expect(other.config.esignTemplateId).toBeNull();
  });

  it('refuses a type that cannot be created, an offer not on the marketplace, another tenant’s or an unknown one', async () => {
    for (const type of ['accreditation', 'identity-verification']) {
      const res = await api.call(w.ivy, 'POST', '', { type, config: { offer: w.offerId } });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(NOT_CREATABLE_WORKFLOW_TEXT);
    }
    const unlisted = await api.call(w.ivy, 'POST', '', { type: 'investment', config: { offer: w.unlistedOffer } });
    expect(unlisted.statusCode).toBe(400);
    expect(messageOf(unlisted)).toBe('body.config.offer: No such offer');
    const gusOwn = await workflowApi(t, 'globex').call(w.gus, 'POST', '', { type: 'investment', config: { offer: w.offerId } });
    expect(gusOwn.statusCode).toBe(400);
    const bad = await api.call(w.ivy, 'POST', '', { type: 'investment', config: { offer: w.offerId, amount: -5 } });
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('body.config.amount');
    const extra = await api.call(w.ivy, 'POST', '', { type: 'investment', status: 'completed', config: { offer: w.offerId } });
    expect(extra.statusCode).toBe(400);
  });

  it("lets the institution's team start an unlisted offer's workflow for itself, and one for an active member (a lead)", async () => {
    const own = await api.create(w.gp, w.unlistedOffer);
    expect(own).toMatchObject({ owner: w.gp.user._id, amount: 25_000 });
    const lead = await signUp(t.app, 'acme', { firstname: 'Lee', lastname: 'Lead' });
    const forLead = await api.create(w.gp, w.offerId, {
      owner: lead.user._id,
      refs: { entity: lead.user._id, entityType: 'tenant-member' },
    });
    expect(forLead).toMatchObject({ owner: lead.user._id, ownerName: 'Lee Lead', createdBy: w.gp.user._id });
    expect(forLead.refs).toEqual({ entity: lead.user._id, entityType: 'tenant-member' });
    // The lead reads it as their own.
    expect((await api.call(lead, 'GET', `/${forLead._id}`)).statusCode).toBe(200);
  });

  it('refuses a workflow for someone else without Raise mode, from a viewer, or for someone with no active membership', async () => {
    const investor = await api.call(w.ivy, 'POST', '', { type: 'investment', owner: w.otto.user._id, config: { offer: w.offerId } });
    expect(investor.statusCode).toBe(403);
    expect(messageOf(investor)).toBe(RAISE_MODE_REFUSED);
    const viewer = await api.call(w.viewer, 'POST', '', { type: 'investment', owner: w.otto.user._id, config: { offer: w.offer506c } });
    expect(viewer.statusCode).toBe(403);
    const stranger = await api.call(w.stranger, 'POST', '', { type: 'investment', owner: w.otto.user._id, config: { offer: w.offer506c } });
    expect(stranger.statusCode).toBe(400);
    expect(messageOf(stranger)).toBe('body.config.offer: No such offer');
    const suspended = await signUp(t.app, 'acme');
    await t.app.db.update(tenantMembers).set({ membershipStatus: 'suspended' }).where(eq(tenantMembers.userId, suspended.user._id));
    for (const owner of [suspended.user._id, w.gus.user._id, '0123456789abcdef01234567']) {
      const res = await api.call(w.gp, 'POST', '', { type: 'investment', owner, config: { offer: w.offer506c } });
      expect(res.statusCode, res.body).toBe(400);
      expect(messageOf(res)).toBe(LEAD_WITHOUT_MEMBER_TEXT);
    }
  });
});

describe('investment:make', () => {
  it('refuses a member whose membership does not allow investing (403), and changes nothing', async () => {
    const barred = await signUp(t.app, 'acme');
    await t.app.db
      .update(tenantMembers)
      .set({ attributes: { 'institution:manage': false, 'investment:make': false, 'marketplace:view': true } })
      .where(eq(tenantMembers.userId, barred.user._id));
    const res = await api.call(barred, 'POST', '', { type: 'investment', config: { offer: w.offerId } });
    expect(res.statusCode, res.body).toBe(403);
    expect(messageOf(res)).toBe(INVESTING_NOT_ALLOWED);
    expect((await api.call(barred, 'GET', '')).json().data).toEqual([]);
  });
});

describe('one workflow: read, rename, delete, history', () => {
  it("is read by its owner and the institution's team and owners; another investor, a GP off the team and another tenant get 404", async () => {
    const mine = await api.create(w.ivy, w.offer506c);
    for (const who of [w.ivy, w.gp, w.viewer, w.owner]) {
      const res = await api.call(who, 'GET', `/${mine._id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(dataOf(res)._id).toBe(mine._id);
    }
    for (const who of [w.otto, w.stranger]) expect((await api.call(who, 'GET', `/${mine._id}`)).statusCode).toBe(404);
    expect((await workflowApi(t, 'globex').call(w.gus, 'GET', `/${mine._id}`)).statusCode).toBe(404);
    expect((await workflowApi(t, 'acme').call(w.gus, 'GET', `/${mine._id}`)).statusCode).toBe(404);
  });

  it('is renamed and described by its owner only, recording old and new values', async () => {
    const [mine] = listOf(await api.call(w.ivy, 'GET', `?offer=${w.offer506c}`));
    const res = await api.call(w.ivy, 'PUT', `/${mine!._id}`, { name: 'Summit (IRA)', description: 'For the IRA' });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toMatchObject({ name: 'Summit (IRA)', description: 'For the IRA' });
    const events = await tenantEventsOf(t.app, t.tenants.acme.id, mine!._id);
    expect(events.at(-1)!.meta.change).toEqual({
      name: { old: 'Investment - Summit Ridge', new: 'Summit (IRA)' },
      description: { old: null, new: 'For the IRA' },
    });
    expect((await api.call(w.gp, 'PUT', `/${mine!._id}`, { name: 'Team rename' })).statusCode).toBe(403);
    expect((await api.call(w.otto, 'PUT', `/${mine!._id}`, { name: 'Other' })).statusCode).toBe(404);
    expect((await api.call(w.ivy, 'PUT', `/${mine!._id}`, { owner: w.otto.user._id })).statusCode).toBe(400);
  });

  it('shows its history to its readers only', async () => {
    const [mine] = listOf(await api.call(w.ivy, 'GET', `?offer=${w.offer506c}`));
    for (const who of [w.ivy, w.gp]) {
      const res = await api.call(who, 'GET', `/${mine!._id}/events?direction=asc&sort=createdAt`);
      expect(res.statusCode, res.body).toBe(200);
      const events = (res.json() as { data: TimelineEvent[] }).data;
      expect(events.map((e) => e.type)).toEqual(['create', 'update']);
      expect(events.every((e) => e.entityType === 'workflow' && e.entity === mine!._id)).toBe(true);
    }
    expect((await api.call(w.otto, 'GET', `/${mine!._id}/events`)).statusCode).toBe(404);
  });

  it('is deleted by its owner while unsigned, by the team but not its viewers; a signed one not by the investor (409)', async () => {
    const gone = await api.create(w.otto, w.offer506c);
    expect((await api.call(w.viewer, 'DELETE', `/${gone._id}`)).statusCode).toBe(403);
    expect((await api.call(w.ivy, 'DELETE', `/${gone._id}`)).statusCode).toBe(404);
    const res = await api.call(w.otto, 'DELETE', `/${gone._id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await api.call(w.otto, 'GET', `/${gone._id}`)).statusCode).toBe(404);
    const [deleted] = (await tenantEventsOf(t.app, t.tenants.acme.id, gone._id)).filter((e) => e.type === 'delete');
    expect(deleted!.meta.delete).toMatchObject({ name: 'Investment - Summit Ridge', owner: w.otto.user._id, offer: w.offer506c });

    const signed = await api.create(w.otto, w.offer506c);
    await t.app.db
      .update(workflows)
      .set({ steps: signed.steps.map((s) => (s.key === 'esignature' ? { ...s, status: 'completed' as const } : s)) })
      .where(eq(workflows.id, signed._id));
    const refused = await api.call(w.otto, 'DELETE', `/${signed._id}`);
    expect(refused.statusCode).toBe(409);
    expect((await api.call(w.gp, 'DELETE', `/${signed._id}`)).statusCode).toBe(204);
  });
});

describe("GET workflows?institution: the institution's view", () => {
  it("lists every workflow for the institution's offers to its team and the tenant's owners, by owner and offer", async () => {
    for (const who of [w.gp, w.viewer, w.owner]) {
      const res = await api.call(who, 'GET', `?institution=${w.institutionId}&limit=100`);
      expect(res.statusCode, res.body).toBe(200);
      const owners = new Set(listOf(res).map((x) => x.owner));
      expect(owners.has(w.ivy.user._id) && owners.has(w.otto.user._id)).toBe(true);
      expect(listOf(res).every((x) => x.institution?._id === w.institutionId)).toBe(true);
    }
    const ivys = listOf(await api.call(w.gp, 'GET', `?institution=${w.institutionId}&owner=${w.ivy.user._id}`));
    expect(ivys.length).toBeGreaterThan(0);
    expect(ivys.every((x) => x.owner === w.ivy.user._id)).toBe(true);
    const byOffer = listOf(await api.call(w.gp, 'GET', `?institution=${w.institutionId}&offer=${w.offerId}&status=in-progress`));
    expect(byOffer.every((x) => x.offer?._id === w.offerId && x.status === 'in-progress')).toBe(true);
  });

  it('refuses an investor with 403, a GP off the team with 404; the own list keeps to the caller', async () => {
    const investor = await api.call(w.ivy, 'GET', `?institution=${w.institutionId}`);
    expect(investor.statusCode).toBe(403);
    expect(messageOf(investor)).toBe(RAISE_MODE_REFUSED);
    expect((await api.call(w.stranger, 'GET', `?institution=${w.institutionId}`)).statusCode).toBe(404);
    expect(listOf(await api.call(w.gp, 'GET', '')).every((x) => x.owner === w.gp.user._id)).toBe(true);
  });
});
