import {
  LEAD_TEXTS,
  LEAD_WITHOUT_MEMBER_TEXT,
  leadAccreditation,
  NOT_CREATABLE_WORKFLOW_TEXT,
  tenantLead,
  workflow,
  type AuthResult,
  type TenantLead,
} from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accessGrants, tenantLeadDocuments, tenantLeads } from '../../db/schema/index.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import {
  bearer,
  createApplication,
  insertInstitution,
  joinInstitutionTeam,
  lastMailTo,
  PASSWORD,
  signUp,
  tenantEventsOf,
  uniqueEmail,
  type SignedUp,
} from '../../../test/factories.ts';
import { makePdf, multipart } from '../documents/documents.test-helpers.ts';
import { marketplaceFactories } from '../marketplace/marketplace.test-helpers.ts';
import { findMember } from '../tenants/index.ts';
import { workflowWorld, type WorkflowWorld } from '../workflows/workflows.test-helpers.ts';
import { leadInviteStatusOf } from './lead-invite-status.ts';
import { LEAD_ALREADY_MEMBER, LEAD_INVITE_WITHDRAWN } from './lead-relations.service.ts';
import { insertLead } from './lead-relations.test-helpers.ts';

let t: TestApp;
let w: WorkflowWorld;
/** A GP on another institution of acme, and an owner of globex. */
let otherGp: SignedUp;
let globexOwner: SignedUp;
let otherInstitution: string;
let otherOffer: string;

beforeAll(async () => {
  t = await buildTestApp();
  w = await workflowWorld(t);
  otherGp = await signUp(t.app, 'acme', { firstname: 'Oscar', lastname: 'Other', role: 'editor' });
  globexOwner = await signUp(t.app, 'globex', { role: 'owner' });
  otherInstitution = await insertInstitution(t.app, t.tenants.acme.id, 'Other Capital', { type: 'fund' });
  await joinInstitutionTeam(t.app, t.tenants.acme.id, otherGp.user._id, otherInstitution, null);
  otherOffer = await marketplaceFactories(t).createOffer({
    tenantId: t.tenants.acme.id,
    institutionId: otherInstitution,
    name: 'Elsewhere',
  });
});
afterAll(async () => t.close());

const call = (who: SignedUp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object, slug = 'acme') =>
  t.app.inject({
    method,
    url: `/api/v1/tenant/${slug}/leads/${path}`,
    headers: { host: who.host, ...bearer(who.token) },
    ...(payload ? { payload } : {}),
  });
const messageOf = (res: { json(): unknown }) => (res.json() as { error: { message: string } }).error.message;
const leadOf = (res: { json(): unknown }): TenantLead => tenantLead.parse((res.json() as { data: unknown }).data);

const newLead = (values: Partial<typeof tenantLeads.$inferInsert> = {}) =>
  insertLead(t, { tenantId: t.tenants.acme.id, institutionId: w.institutionId, ...values });
const memberIdOf = async (who: SignedUp) => (await findMember(t.app.db, t.tenants.acme.id, who.user._id))!.id;
/** A new investor of acme and a lead of the institution linked to their membership. */
async function investorLead(firstname = 'Ian') {
  const investor = await signUp(t.app, 'acme', { firstname, lastname: 'Investor' });
  const lead = await newLead({ email: investor.email, firstname, lastname: 'Investor', tenantMemberId: await memberIdOf(investor) });
  return { investor, lead };
}
const rowOf = async (id: string) =>
  (
    await t.app.db
      .select()
      .from(tenantLeads)
      .where(and(eq(tenantLeads.tenantId, t.tenants.acme.id), eq(tenantLeads.id, id)))
  )[0]!;

function upload(who: SignedUp, leadId: string, name = 'Q1 deck') {
  const body = multipart({ name, type: 'OTHER', entityType: 'USER' }, [{ name: 'deck.pdf', data: makePdf('Quarterly letter') }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/tenant/acme/leads/${leadId}/documents`,
    headers: { host: who.host, ...bearer(who.token), ...body.headers },
    payload: body.payload,
  });
}

const acceptInvite = (email: string, token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/invite-accept',
    headers: { host: hostOf('acme') },
    payload: { email, password: PASSWORD, firstname: 'Lena', lastname: 'Lead', acceptDisclosures: true, inviteToken: token },
  });

describe('leadInviteStatusOf', () => {
  it('follows the membership once there is one, and keeps a failed mail and the absence of one', () => {
    expect(leadInviteStatusOf('none', null)).toBe('none');
    expect(leadInviteStatusOf('invited', null)).toBe('none');
    expect(leadInviteStatusOf('error', null)).toBe('error');
    expect(leadInviteStatusOf('none', 'invited')).toBe('invited');
    expect(leadInviteStatusOf('error', 'invited')).toBe('error');
    expect(leadInviteStatusOf('invited', 'active')).toBe('accepted');
    expect(leadInviteStatusOf('invited', 'suspended')).toBe('accepted');
    expect(leadInviteStatusOf('invited', 'invite-rejected')).toBe('rejected');
    expect(leadInviteStatusOf('none', 'requested')).toBe('none');
  });
});

describe('POST tenant/{t}/leads/{id}/invite', () => {
  it('invites, resends, and after the person signs up from the mail links their account; documents shared before follow', async () => {
    const lead = await newLead({ firstname: 'Nina', lastname: 'New' });
    const shared = await upload(w.gp, lead.id);
    expect(shared.statusCode, shared.body).toBe(201);

    const first = await call(w.gp, 'POST', `${lead.id}/invite`);
    expect(first.statusCode, first.body).toBe(200);
    expect(leadOf(first)).toMatchObject({
      inviteStatus: 'invited',
      accountStatus: 'invited',
      tenantMember: { user: null, membershipStatus: 'invited', role: 'investor' },
    });
    const sent = await lastMailTo(t.app, lead.email);
    expect(sent.mail?.text).toMatch(/\/invite-accept\?token=/);
    expect(sent.token).toBeDefined();

    // Again while invited: a new link, and the first stops working.
    const again = await call(w.gp, 'POST', `${lead.id}/invite`);
    expect(again.statusCode, again.body).toBe(200);
    expect(leadOf(again).inviteStatus).toBe('invited');
    const resent = await lastMailTo(t.app, lead.email);
    expect(resent.token).not.toBe(sent.token);
    expect((await acceptInvite(lead.email, sent.token!)).statusCode).toBe(400);

    const accepted = await acceptInvite(lead.email, resent.token!);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = (accepted.json() as { data: AuthResult }).data;
    expect(session.tenantMember).toMatchObject({ membershipStatus: 'active' });
    expect((await rowOf(lead.id)).tenantMemberId).toBe(session.tenantMember!._id);

    // The lead now shows the account.
    const shown = await call(w.gp, 'GET', lead.id);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(leadOf(shown)).toMatchObject({
      inviteStatus: 'accepted',
      accountStatus: 'active',
      tenantMember: { user: session.user._id, membershipStatus: 'active', role: 'investor' },
    });

    // Now an account: nothing to send.
    const third = await call(w.gp, 'POST', `${lead.id}/invite`);
    expect(third.statusCode).toBe(409);
    expect(messageOf(third)).toBe(LEAD_ALREADY_MEMBER);

    // The document shared before the invitation is in the new investor's own list.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/document',
      headers: { host: hostOf('acme'), ...bearer(session.token) },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect((mine.json() as { data: { _id: string }[] }).data.map((d) => d._id)).toContain(shared.json().data._id);

    const events = await tenantEventsOf(t.app, t.tenants.acme.id, lead.id);
    expect(events.filter((e) => e.entityType === 'tenant-lead' && e.type === 'invite').map((e) => e.message)).toEqual([
      `Gale Partner invited Nina New (${lead.email})`,
      `Gale Partner resent the invitation to Nina New (${lead.email})`,
    ]);
    expect(events.find((e) => e.type === 'invite')?.meta).toMatchObject({
      change: { inviteStatus: { old: 'none', new: 'invited' }, tenantMember: { old: null } },
    });
  });

  it('answers the same whether or not the address has an account elsewhere (issue #21)', async () => {
    const elsewhere = await newLead({ email: w.gus.email, firstname: 'Gus', lastname: 'Globex' });
    const nowhere = await newLead({ email: uniqueEmail('nobody'), firstname: 'Gus', lastname: 'Globex' });
    const a = await call(w.owner, 'POST', `${elsewhere.id}/invite`);
    const b = await call(w.owner, 'POST', `${nowhere.id}/invite`);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const shape = (lead: TenantLead) => ({
      ...lead,
      _id: '',
      email: '',
      createdAt: '',
      updatedAt: '',
      tenantMember: { ...lead.tenantMember, _id: '' },
    });
    expect(shape(leadOf(a))).toEqual(shape(leadOf(b)));
  });

  it('links an existing member of the tenant instead of inviting them, and refuses a withdrawn invitation', async () => {
    const existing = await newLead({ email: w.otto.email });
    const linked = await call(w.owner, 'POST', `${existing.id}/invite`);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(leadOf(linked)).toMatchObject({ accountStatus: 'active', inviteStatus: 'accepted', tenantMember: { user: w.otto.user._id } });

    const withdrawn = await newLead({ email: uniqueEmail('withdrawn') });
    expect((await call(w.owner, 'POST', `${withdrawn.id}/invite`)).statusCode).toBe(200);
    const memberId = (await rowOf(withdrawn.id)).tenantMemberId!;
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tenant/acme/members/${memberId}/membership-status`,
      headers: { host: w.owner.host, ...bearer(w.owner.token) },
      payload: { membershipStatus: 'invite-rejected' },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    const again = await call(w.owner, 'POST', `${withdrawn.id}/invite`);
    expect(again.statusCode).toBe(400);
    expect(messageOf(again)).toBe(LEAD_INVITE_WITHDRAWN);
  });

  it('marks the lead error and answers 503 when the mail cannot be sent', async () => {
    const lead = await newLead();
    const send = vi.spyOn(t.app.mailer, 'send').mockRejectedValueOnce(new Error('SMTP down'));
    const res = await call(w.owner, 'POST', `${lead.id}/invite`);
    send.mockRestore();
    expect(res.statusCode).toBe(503);
    expect((await rowOf(lead.id)).inviteStatus).toBe('error');
    // A resend puts it right.
    const retried = await call(w.owner, 'POST', `${lead.id}/invite`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(leadOf(retried).inviteStatus).toBe('invited');
    expect(LEAD_TEXTS.errorSendingInvite).toBe('Error sending lead invite');
  });

  it('limits invitations to one address to 3 an hour', async () => {
    const lead = await newLead();
    for (let i = 0; i < 3; i++) expect((await call(w.owner, 'POST', `${lead.id}/invite`)).statusCode).toBe(200);
    expect((await call(w.owner, 'POST', `${lead.id}/invite`)).statusCode).toBe(429);
  });

  it('refuses the team viewers (403), investors (403), other teams and other tenants (404)', async () => {
    const lead = await newLead();
    expect((await call(w.viewer, 'POST', `${lead.id}/invite`)).statusCode).toBe(403);
    expect((await call(w.ivy, 'POST', `${lead.id}/invite`)).statusCode).toBe(403);
    expect((await call(otherGp, 'POST', `${lead.id}/invite`)).statusCode).toBe(404);
    expect((await call(globexOwner, 'POST', `${lead.id}/invite`, undefined, 'globex')).statusCode).toBe(404);
    expect((await rowOf(lead.id)).tenantMemberId).toBeNull();
  });
});

describe('tenant/{t}/leads/{id}/workflows', () => {
  it('refuses a workflow without an active member, with the exact text; refuses the other types', async () => {
    const lead = await newLead();
    const none = await call(w.gp, 'POST', `${lead.id}/workflows`, { type: 'investment', config: { offer: w.offerId } });
    expect(none.statusCode).toBe(400);
    expect(messageOf(none)).toBe(LEAD_WITHOUT_MEMBER_TEXT);
    expect((await call(w.gp, 'POST', `${lead.id}/invite`)).statusCode).toBe(200);
    const invited = await call(w.gp, 'POST', `${lead.id}/workflows`, { type: 'investment', config: { offer: w.offerId } });
    expect(messageOf(invited)).toBe(LEAD_WITHOUT_MEMBER_TEXT);
    const accreditation = await call(w.gp, 'POST', `${lead.id}/workflows`, { type: 'accreditation', config: { offer: w.offerId } });
    expect(accreditation.statusCode).toBe(400);
    expect(messageOf(accreditation)).toBe(NOT_CREATABLE_WORKFLOW_TEXT);
  });

  it("starts an investment for the lead's account, which the investor then sees as their own", async () => {
    const lead = await newLead({ email: w.ivy.email, firstname: 'Ivy', lastname: 'Investor', tenantMemberId: await memberIdOf(w.ivy) });
    const res = await call(w.gp, 'POST', `${lead.id}/workflows`, { type: 'investment', config: { offer: w.offerId, amount: 50_000 } });
    expect(res.statusCode, res.body).toBe(201);
    const made = workflow.parse(res.json().data);
    expect(res.headers.location).toBe(`/api/v1/tenant/acme/workflows/${made._id}`);
    expect(made).toMatchObject({
      owner: w.ivy.user._id,
      name: 'Investment - Harbor Lofts',
      refs: { entity: lead.id, entityType: 'tenant-lead' },
    });
    expect(made.config.amount).toBe(50_000);

    const own = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tenant/acme/workflows',
      headers: { host: w.ivy.host, ...bearer(w.ivy.token) },
    });
    expect((own.json() as { data: { _id: string }[] }).data.map((x) => x._id)).toContain(made._id);

    const listed = await call(w.viewer, 'GET', `${lead.id}/workflows`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({ data: [{ _id: made._id }], meta: { page: 1, total: 1 } });

    const events = await tenantEventsOf(t.app, t.tenants.acme.id, lead.id);
    expect(events.map((e) => e.message)).toContain('Gale Partner started the workflow Investment - Harbor Lofts for Ivy Investor');
  });

  it("refuses an offer of another institution as no such offer, and the team's viewers", async () => {
    const { lead } = await investorLead();
    const elsewhere = await call(w.gp, 'POST', `${lead.id}/workflows`, { type: 'investment', config: { offer: otherOffer } });
    expect(elsewhere.statusCode).toBe(400);
    expect(messageOf(elsewhere)).toBe('body.config.offer: No such offer');
    expect((await call(w.viewer, 'POST', `${lead.id}/workflows`, { type: 'investment', config: { offer: w.offerId } })).statusCode).toBe(
      403,
    );
    expect((await call(otherGp, 'GET', `${lead.id}/workflows`)).statusCode).toBe(404);
    expect((await call(globexOwner, 'GET', `${lead.id}/workflows`, undefined, 'globex')).statusCode).toBe(404);
  });
});

describe('tenant/{t}/leads/{id}/documents', () => {
  it("shares with the team (owner), its viewers (viewer) and the lead's account (viewer); no one else", async () => {
    const { investor: otto, lead } = await investorLead('Otis');
    const res = await upload(w.gp, lead.id, 'Side letter');
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { data: { _id: string } }).data._id;
    expect(res.headers.location).toBe(`/api/v1/document/${id}`);

    const teamList = await call(w.owner, 'GET', `${lead.id}/documents`);
    expect(teamList.statusCode, teamList.body).toBe(200);
    expect(teamList.json()).toMatchObject({ data: [{ _id: id, name: 'Side letter', rights: { delete: true } }], meta: { total: 1 } });
    const viewerList = await call(w.viewer, 'GET', `${lead.id}/documents`);
    expect(viewerList.json()).toMatchObject({ data: [{ _id: id, rights: { read: true, delete: false } }] });

    const get = (who: SignedUp) =>
      t.app.inject({ method: 'GET', url: `/api/v1/document/${id}`, headers: { host: who.host, ...bearer(who.token) } });
    expect((await get(w.owner)).statusCode).toBe(200);
    const seen = await get(otto);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data.rights).toMatchObject({ read: true, update: false, delete: false });
    const ottoList = await t.app.inject({ method: 'GET', url: '/api/v1/document', headers: { host: otto.host, ...bearer(otto.token) } });
    expect((ottoList.json() as { data: { _id: string }[] }).data.map((d) => d._id)).toContain(id);
    expect((await get(w.ivy)).statusCode).toBe(404);
    expect((await get(otherGp)).statusCode).toBe(404);

    const grants = await t.app.db.select().from(accessGrants).where(eq(accessGrants.resource, id));
    expect(grants).toMatchObject([{ subject: otto.user._id, role: 'viewer' }]);
    const events = await tenantEventsOf(t.app, t.tenants.acme.id, lead.id);
    expect(events.map((e) => e.message)).toContain('Gale Partner shared Side letter with Otis Investor');
  });

  it('deletes the shared documents with the lead: gone for the team and for the investor', async () => {
    const { investor, lead } = await investorLead('Dora');
    const res = await upload(w.gp, lead.id, 'Term sheet');
    const id = (res.json() as { data: { _id: string } }).data._id;
    const before = t.storage.keys().length;
    const deleted = await call(w.gp, 'DELETE', lead.id);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const get = (who: SignedUp) =>
      t.app.inject({ method: 'GET', url: `/api/v1/document/${id}`, headers: { host: who.host, ...bearer(who.token) } });
    expect((await get(w.gp)).statusCode).toBe(404);
    expect((await get(investor)).statusCode).toBe(404);
    expect(t.storage.keys().length).toBe(before - 1);
    expect(await t.app.db.select().from(accessGrants).where(eq(accessGrants.resource, id))).toEqual([]);
    const events = await tenantEventsOf(t.app, t.tenants.acme.id, lead.id);
    expect(events.at(-1)?.meta).toMatchObject({ delete: { documents: 1 } });
  });

  it('refuses uploads of viewers (403) and reads of other teams and tenants (404)', async () => {
    const lead = await newLead();
    expect((await upload(w.viewer, lead.id)).statusCode).toBe(403);
    expect((await call(otherGp, 'GET', `${lead.id}/documents`)).statusCode).toBe(404);
    expect((await call(globexOwner, 'GET', `${lead.id}/documents`, undefined, 'globex')).statusCode).toBe(404);
    expect((await call(w.ivy, 'GET', `${lead.id}/documents`)).statusCode).toBe(403);
    const links = await t.app.db.select().from(tenantLeadDocuments).where(eq(tenantLeadDocuments.leadId, lead.id));
    expect(links).toEqual([]);
  });
});

describe('GET tenant/{t}/leads/{id}/accreditation-application', () => {
  it("is null without an account or an application, else the newest application's status and expiry", async () => {
    const lead = await newLead();
    const none = await call(w.gp, 'GET', `${lead.id}/accreditation-application`);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toEqual({ data: null });

    const investor = await signUp(t.app, 'acme', { firstname: 'Ana', lastname: 'Accredited' });
    const linked = await newLead({ email: investor.email, tenantMemberId: await memberIdOf(investor) });
    expect((await call(w.gp, 'GET', `${linked.id}/accreditation-application`)).json()).toEqual({ data: null });
    const reviewedAt = t.clock.now();
    await createApplication(t.app, {
      tenantId: t.tenants.acme.id,
      userId: investor.user._id,
      type: 'accreditation',
      status: 'approved',
      reviewedAt,
      verificationMethod: 'income',
    });
    const res = await call(w.viewer, 'GET', `${linked.id}/accreditation-application`);
    expect(res.statusCode, res.body).toBe(200);
    const summary = leadAccreditation.parse(res.json().data);
    expect(summary).toMatchObject({ status: 'approved', verificationMethod: 'income', expired: false });
    expect(summary.expiresAt).not.toBeNull();
    expect(Object.keys(res.json().data).sort()).toEqual([
      '_id',
      'expired',
      'expiresAt',
      'reviewedAt',
      'status',
      'updatedAt',
      'verificationMethod',
    ]);
    expect((await call(otherGp, 'GET', `${linked.id}/accreditation-application`)).statusCode).toBe(404);
  });
});
