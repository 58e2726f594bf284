import {
  LEAD_TEXTS,
  RAISE_MODE_REFUSED,
  type InstitutionDashboard,
  type LeadNote,
  type LeadStats,
  type TenantLead,
  type TenantLeadRow,
  type TimelineEvent,
} from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyticsEvents, tenantLeadDocuments, tenantLeadNotes, tenantLeads, workflows } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import {
  bearer,
  joinInstitutionTeam,
  type SignedUp,
  signUp,
  someObjectId,
  tenantEventsOf,
  uniqueEmail,
  useTestApp,
} from '../../../test/factories.ts';
import { multipart, PNG } from '../documents/documents.test-helpers.ts';
import { LISTED, marketplaceFactories } from '../marketplace/marketplace.test-helpers.ts';
import { workflowApi, workflowWorld, type WorkflowWorld } from '../workflows/workflows.test-helpers.ts';
import { EMAIL_LOCKED } from './leads.service.ts';
import { createLead, leadApi } from './leads.test-helpers.ts';

let t: TestApp;
let w: WorkflowWorld;
/** An editor on another institution's team, and the owner of another tenant. */
let otherGp: SignedUp;
let globexOwner: SignedUp;
let otherInstitution: string;
let otherOffer: string;

const call = leadApi(() => t);
const inGlobex = leadApi(() => t, 'globex');
const acme = () => t.tenants.acme.id;
const dataOf = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
const messageOf = (res: { json(): unknown }) => (res.json() as { error: { message: string } }).error.message;
const make = (overrides: Parameters<typeof createLead>[3] = {}) => createLead(t, w.gp, w.institutionId, overrides);

useTestApp(async (built) => {
  t = built;
  w = await workflowWorld(t);
  otherGp = await signUp(t.app, 'acme', { firstname: 'Oscar', lastname: 'Other', role: 'editor' });
  globexOwner = await signUp(t.app, 'globex', { role: 'owner' });
  const f = marketplaceFactories(t);
  otherInstitution = await f.createInstitution(acme(), 'Other Capital');
  await joinInstitutionTeam(t.app, acme(), otherGp.user._id, otherInstitution, null);
  otherOffer = await f.createOffer({ tenantId: acme(), institutionId: otherInstitution, name: 'Elsewhere Tower', ...LISTED });
});

describe('POST tenant/{t}/leads', () => {
  it('creates a manual lead with 201 and Location, recording the new values', async () => {
    const email = uniqueEmail('ada');
    const res = await call(w.gp, 'POST', '', {
      institution: w.institutionId,
      email: email.toUpperCase(),
      firstname: ' Ada ',
      lastname: 'Lovelace',
      phone: '+14045550123',
      company: 'Analytical Engines',
    });
    expect(res.statusCode, res.body).toBe(201);
    const lead = dataOf<TenantLead>(res);
    expect(res.headers.location).toBe(`/api/v1/tenant/acme/leads/${lead._id}`);
    expect(lead).toMatchObject({
      institution: w.institutionId,
      email,
      firstname: 'Ada',
      lastname: 'Lovelace',
      middlename: null,
      phone: '+14045550123',
      company: 'Analytical Engines',
      origin: 'manual',
      tenantMember: null,
      inviteStatus: 'none',
      accountStatus: 'none',
      notesCount: 0,
      workflowsCount: 0,
      notes: [],
    });
    const [event] = await tenantEventsOf(t.app, acme(), lead._id);
    expect(event).toMatchObject({
      type: 'create',
      entityType: 'tenant-lead',
      userId: w.gp.user._id,
      message: 'Gale Partner created the lead Ada Lovelace',
      meta: { change: { email: { old: null, new: email }, origin: { old: null, new: 'manual' } } },
    });
  });

  it('refuses a second lead with the same e-mail in the institution (409), not in another one', async () => {
    const email = uniqueEmail('twice');
    await make({ email });
    const again = await call(w.gp, 'POST', '', { institution: w.institutionId, email: email.toUpperCase(), firstname: 'A', lastname: 'B' });
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(LEAD_TEXTS.duplicate);
    expect((await createLead(t, otherGp, otherInstitution, { email })).email).toBe(email);
  });

  it('validates the body with messages a person can act on', async () => {
    const bad = await call(w.gp, 'POST', '', { institution: w.institutionId, email: 'not-an-email', firstname: 'A', lastname: 'B' });
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toMatch(/Enter a valid email address/);
    const missing = await call(w.gp, 'POST', '', { institution: w.institutionId, email: uniqueEmail(), firstname: 'A' });
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing)).toMatch(/[Ll]ast name/);
    const extra = await call(w.gp, 'POST', '', {
      institution: w.institutionId,
      email: uniqueEmail(),
      firstname: 'A',
      lastname: 'B',
      inviteStatus: 'accepted',
    });
    expect(extra.statusCode).toBe(400);
  });

  it('links the lead to the membership of the tenant whose account has the e-mail', async () => {
    const lead = await make({ email: w.ivy.email });
    expect(lead.tenantMember).toMatchObject({ _id: w.ivy.tenantMember!._id, user: w.ivy.user._id, membershipStatus: 'active' });
    expect(lead.accountStatus).toBe('active');
  });

  it("takes the tenant's private API key (origin api, the key as actor), and an institution's for its own institution", async () => {
    const key = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tenant/acme/api-key/pvt`,
      headers: { host: w.owner.host, ...bearer(w.owner.token) },
      payload: { scopes: ['leads:write'] },
    });
    expect(key.statusCode, key.body).toBe(201);
    const secret = key.json().data.key as string;
    const email = uniqueEmail('api');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tenant/acme/leads',
      headers: { host: w.owner.host, 'x-api-key': secret },
      payload: { institution: w.institutionId, email, firstname: 'Server', lastname: 'Sent', origin: 'manual' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const lead = dataOf<TenantLead>(res);
    expect(lead.origin).toBe('api');
    const [event] = await tenantEventsOf(t.app, acme(), lead._id);
    expect(event!.userId).toBeNull();
    expect(event!.meta).toMatchObject({ viaApiKey: key.json().data._id });
    expect(event!.message).toMatch(/^API key tsk_/);
    // An institution of another tenant is unknown to the key; reads are not for keys.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tenant/acme/leads',
      headers: { host: w.owner.host, 'x-api-key': secret },
      payload: { institution: someObjectId(), email: uniqueEmail(), firstname: 'S', lastname: 'S' },
    });
    expect(foreign.statusCode).toBe(404);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tenant/acme/leads/${lead._id}`,
      headers: { host: w.owner.host, 'x-api-key': secret },
    });
    expect(read.statusCode).toBe(403);

    const institutionKey = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tenant/acme/institutions/${w.institutionId}/api-key/pvt`,
      headers: { host: w.owner.host, ...bearer(w.owner.token) },
      payload: { scopes: ['leads:write'] },
    });
    expect(institutionKey.statusCode, institutionKey.body).toBe(201);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tenant/acme/leads',
      headers: { host: w.owner.host, 'x-api-key': institutionKey.json().data.key as string },
      payload: { institution: w.institutionId, email: uniqueEmail(), firstname: 'S', lastname: 'S' },
    });
    // An institution's key with leads:write adds leads to its own institution (issue #23), as the key.
    expect(refused.statusCode, refused.body).toBe(201);
    expect(dataOf<TenantLead>(refused).origin).toBe('api');
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tenant/acme/leads',
      headers: { host: w.owner.host, 'x-api-key': institutionKey.json().data.key as string },
      payload: { institution: someObjectId(), email: uniqueEmail(), firstname: 'S', lastname: 'S' },
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('who may see and change leads', () => {
  it('lets the team and the owners in; viewers only read; other GPs and tenants get 404; investors 403', async () => {
    const lead = await make();
    const note = dataOf<LeadNote>(await call(w.gp, 'POST', `/${lead._id}/notes`, { content: 'First call' }));
    const writes: ['POST' | 'PUT' | 'DELETE', string, object?][] = [
      [
        'PUT',
        `/${lead._id}/details`,
        { firstname: 'A', lastname: 'B', middlename: '', company: '', companyTitle: '', origin: 'manual', interests: [], tags: [] },
      ],
      ['PUT', `/${lead._id}/contact`, { email: uniqueEmail(), phone: '' }],
      ['PUT', `/${lead._id}/image`, { image: null }],
      ['POST', `/${lead._id}/notes`, { content: 'x' }],
      ['PUT', `/${lead._id}/notes/${note._id}`, { content: 'y' }],
      ['DELETE', `/${lead._id}/notes/${note._id}`],
      ['DELETE', `/${lead._id}`],
    ];
    const reads = [`/${lead._id}`, `/${lead._id}/notes`, `/${lead._id}/events`];
    for (const path of reads) {
      expect((await call(w.owner, 'GET', path)).statusCode, path).toBe(200);
      expect((await call(w.viewer, 'GET', path)).statusCode, path).toBe(200);
      expect((await call(otherGp, 'GET', path)).statusCode, path).toBe(404);
      expect((await call(w.stranger, 'GET', path)).statusCode, path).toBe(404);
      expect((await inGlobex(globexOwner, 'GET', path)).statusCode, path).toBe(404);
      const investor = await call(w.ivy, 'GET', path);
      expect(investor.statusCode, path).toBe(403);
      expect(messageOf(investor)).toBe(RAISE_MODE_REFUSED);
    }
    for (const [method, path, body] of writes) {
      const viewer = await call(w.viewer, method, path, body);
      expect(viewer.statusCode, `${method} ${path}`).toBe(403);
      expect((await call(otherGp, method, path, body)).statusCode, `${method} ${path}`).toBe(404);
      expect((await inGlobex(globexOwner, method, path, body)).statusCode, `${method} ${path}`).toBe(404);
      expect((await call(w.ivy, method, path, body)).statusCode, `${method} ${path}`).toBe(403);
    }
    // The list and the charts follow the institution's rules.
    const list = `?institution=${w.institutionId}`;
    expect((await call(otherGp, 'GET', list)).statusCode).toBe(404);
    expect((await call(w.viewer, 'GET', list)).statusCode).toBe(200);
    expect(
      (await call(w.viewer, 'POST', '', { institution: w.institutionId, email: uniqueEmail(), firstname: 'A', lastname: 'B' })).statusCode,
    ).toBe(403);
    expect(
      (await call(otherGp, 'POST', '', { institution: w.institutionId, email: uniqueEmail(), firstname: 'A', lastname: 'B' })).statusCode,
    ).toBe(404);
    expect((await inGlobex(globexOwner, 'GET', list)).statusCode).toBe(404);
    // Leads of institution A are not in institution B's list.
    const otherList = dataOf<TenantLeadRow[]>(await call(otherGp, 'GET', `?institution=${otherInstitution}&limit=100`));
    expect(otherList.map((l) => l._id)).not.toContain(lead._id);
    const unauthenticated = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tenant/acme/leads/${lead._id}`,
      headers: { host: w.gp.host },
    });
    expect(unauthenticated.statusCode).toBe(401);
  });
});

describe('GET tenant/{t}/leads', () => {
  it('filters, searches, sorts and pages one institution', async () => {
    const stamp = newId().slice(-6);
    const a = await make({ email: `zed-${stamp}@filters.example`, firstname: 'Zelda', lastname: `Fil${stamp}`, company: `Acme${stamp}` });
    const b = await make({ email: `yan-${stamp}@filters.example`, firstname: 'Yan', lastname: `Fil${stamp}` });
    const member = await make({ email: w.otto.email, firstname: 'Otto', lastname: `Fil${stamp}` });
    const list = async (query: string) => {
      const res = await call(w.gp, 'GET', `?institution=${w.institutionId}&lastname=fil${stamp}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: TenantLeadRow[]; meta: { page: number; limit: number; total: number } };
    };
    const all = await list('');
    expect(all.meta).toEqual({ page: 1, limit: 20, total: 3 });
    expect(all.data.map((l) => l._id)).toEqual([member._id, b._id, a._id]);
    expect((await list('&sort=name&direction=asc')).data.map((l) => l.firstname)).toEqual(['Otto', 'Yan', 'Zelda']);
    expect((await list(`&search=ACME${stamp}`)).data.map((l) => l._id)).toEqual([a._id]);
    expect((await list('&search=yan fil')).data.map((l) => l._id)).toEqual([b._id]);
    expect((await list('&email=YAN-')).data.map((l) => l._id)).toEqual([b._id]);
    expect((await list('&firstname=zel')).data.map((l) => l._id)).toEqual([a._id]);
    expect((await list('&status=active')).data.map((l) => l._id)).toEqual([member._id]);
    expect((await list('&role=investor')).data.map((l) => l._id)).toEqual([member._id]);
    expect((await list('&status=none')).data.map((l) => l._id)).toEqual([b._id, a._id]);
    const page2 = await list('&limit=2&page=2');
    expect(page2.meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect(page2.data.map((l) => l._id)).toEqual([a._id]);
    // A wildcard is text, not a pattern.
    expect((await list('&search=%25')).data).toEqual([]);
    expect((await call(w.gp, 'GET', `?institution=${w.institutionId}&status=nope`)).statusCode).toBe(400);
    expect((await call(w.gp, 'GET', '')).statusCode).toBe(400);
  });
});

describe('a lead', () => {
  it('reads, updates details, contact and image, recording old and new values', async () => {
    const lead = await make({ company: 'Old Co' });
    const got = await call(w.viewer, 'GET', `/${lead._id}`);
    expect(got.statusCode).toBe(200);
    expect(dataOf<TenantLead>(got)._id).toBe(lead._id);

    const details = await call(w.gp, 'PUT', `/${lead._id}/details`, {
      firstname: 'Ada',
      lastname: 'King',
      middlename: '',
      company: 'New Co',
      companyTitle: 'Partner',
      origin: 'referral',
      interests: ['Multifamily', 'Multifamily', ' Credit '],
      tags: ['Warm'],
    });
    expect(details.statusCode, details.body).toBe(200);
    expect(dataOf<TenantLead>(details)).toMatchObject({
      lastname: 'King',
      company: 'New Co',
      origin: 'referral',
      interests: ['Multifamily', 'Credit'],
    });
    const events = await tenantEventsOf(t.app, acme(), lead._id);
    expect(events.at(-1)).toMatchObject({
      type: 'update',
      message: 'Gale Partner updated the details of Ada King',
      meta: { change: { company: { old: 'Old Co', new: 'New Co' }, lastname: { old: 'Lovelace', new: 'King' } } },
    });

    const email = uniqueEmail('moved');
    const contact = await call(w.gp, 'PUT', `/${lead._id}/contact`, { email, phone: '+14045550199' });
    expect(contact.statusCode, contact.body).toBe(200);
    expect(dataOf<TenantLead>(contact)).toMatchObject({ email, phone: '+14045550199' });
    const other = await make();
    const clash = await call(w.gp, 'PUT', `/${other._id}/contact`, { email, phone: '' });
    expect(clash.statusCode).toBe(409);
    expect(messageOf(clash)).toBe(LEAD_TEXTS.duplicate);
    const badPhone = await call(w.gp, 'PUT', `/${other._id}/contact`, { email: other.email, phone: '0' });
    expect(badPhone.statusCode).toBe(400);

    const unknown = await call(w.gp, 'PUT', `/${lead._id}/image`, { image: someObjectId() });
    expect(unknown.statusCode).toBe(400);
    expect(messageOf(unknown)).toMatch(/upload it first/);
    const form = multipart({ type: 'lead', tags: 'lead,profile' }, [{ name: 'avatar.png', data: PNG }]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v1/image',
      headers: { host: w.gp.host, ...bearer(w.gp.token), ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const imageId = upload.json().data._id as string;
    const image = await call(w.gp, 'PUT', `/${lead._id}/image`, { image: imageId });
    expect(image.statusCode, image.body).toBe(200);
    const withImage = dataOf<TenantLead>(image);
    expect(withImage.image).toBe(imageId);
    expect(withImage.imageUrl).toMatch(new RegExp(`^/api/v1/tenant/${acme()}/images/${imageId}\\?exp=\\d+&sig=`));
    const cleared = await call(w.gp, 'PUT', `/${lead._id}/image`, { image: null });
    expect(dataOf<TenantLead>(cleared).imageUrl).toBeNull();
  });

  it('keeps the e-mail of a lead with a membership', async () => {
    const person = await signUp(t.app, 'acme');
    const lead = await make({ email: person.email.toUpperCase() });
    expect(lead.accountStatus).toBe('active');
    const res = await call(w.gp, 'PUT', `/${lead._id}/contact`, { email: uniqueEmail(), phone: '+14045550100' });
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe(EMAIL_LOCKED);
    const phoneOnly = await call(w.gp, 'PUT', `/${lead._id}/contact`, { email: person.email, phone: '+14045550100' });
    expect(phoneOnly.statusCode, phoneOnly.body).toBe(200);
  });

  it('deletes the lead with its notes and shared documents; the workflows stay', async () => {
    const lead = await make({ email: w.ivy.email.replace('@', '+del@') });
    await call(w.gp, 'POST', `/${lead._id}/notes`, { content: 'Bye' });
    await t.app.db.insert(tenantLeadDocuments).values({ tenantId: acme(), leadId: lead._id, documentId: w.documents[0]! });
    const res = await call(w.gp, 'DELETE', `/${lead._id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await t.app.db.select().from(tenantLeadNotes).where(eq(tenantLeadNotes.leadId, lead._id))).toEqual([]);
    expect(await t.app.db.select().from(tenantLeadDocuments).where(eq(tenantLeadDocuments.leadId, lead._id))).toEqual([]);
    expect((await call(w.gp, 'GET', `/${lead._id}`)).statusCode).toBe(404);
    expect((await call(w.gp, 'DELETE', `/${lead._id}`)).statusCode).toBe(404);
    const events = await tenantEventsOf(t.app, acme(), lead._id);
    expect(events.at(-1)).toMatchObject({ type: 'delete', meta: { delete: { notes: 1, documents: 1 } } });
  });
});

describe('notes', () => {
  it('adds, lists newest first, edits and deletes notes; content must not be only whitespace', async () => {
    const lead = await make();
    const blank = await call(w.gp, 'POST', `/${lead._id}/notes`, { content: '   \n ' });
    expect(blank.statusCode).toBe(400);
    expect(messageOf(blank)).toMatch(/Content is required/);
    expect((await call(w.gp, 'POST', `/${lead._id}/notes`, {})).statusCode).toBe(400);

    const first = await call(w.gp, 'POST', `/${lead._id}/notes`, { content: ' Met at the summit ' });
    expect(first.statusCode, first.body).toBe(201);
    const note = dataOf<LeadNote>(first);
    expect(first.headers.location).toBe(`/api/v1/tenant/acme/leads/${lead._id}/notes/${note._id}`);
    expect(note).toMatchObject({ lead: lead._id, content: 'Met at the summit', createdBy: { _id: w.gp.user._id, name: 'Gale Partner' } });
    const second = dataOf<LeadNote>(await call(w.owner, 'POST', `/${lead._id}/notes`, { content: 'Wants the deck' }));

    const listed = await call(w.viewer, 'GET', `/${lead._id}/notes`);
    expect(listed.json()).toMatchObject({ meta: { total: 2 } });
    expect(dataOf<LeadNote[]>(listed).map((n) => n._id)).toEqual([second._id, note._id]);
    const detail = dataOf<TenantLead>(await call(w.gp, 'GET', `/${lead._id}`));
    expect(detail.notesCount).toBe(2);
    expect(detail.notes.map((n) => n._id)).toEqual([second._id, note._id]);

    const edited = await call(w.gp, 'PUT', `/${lead._id}/notes/${note._id}`, { content: 'Met at the Atlanta summit' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(dataOf<LeadNote>(edited).content).toBe('Met at the Atlanta summit');
    expect((await call(w.gp, 'PUT', `/${lead._id}/notes/${note._id}`, { content: ' ' })).statusCode).toBe(400);
    // A note of another lead is not found through this one.
    const other = await make();
    expect((await call(w.gp, 'PUT', `/${other._id}/notes/${note._id}`, { content: 'x' })).statusCode).toBe(404);

    const removed = await call(w.gp, 'DELETE', `/${lead._id}/notes/${second._id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await call(w.gp, 'DELETE', `/${lead._id}/notes/${second._id}`)).statusCode).toBe(404);

    const history = (await tenantEventsOf(t.app, acme(), lead._id)).map((e) => [e.type, e.meta.change ?? e.meta.delete]);
    expect(history).toEqual([
      ['create', expect.anything()],
      ['create', { content: { old: null, new: 'Met at the summit' } }],
      ['create', { content: { old: null, new: 'Wants the deck' } }],
      ['update', { content: { old: 'Met at the summit', new: 'Met at the Atlanta summit' } }],
      ['delete', expect.objectContaining({ content: 'Wants the deck' })],
    ]);
  });
});

describe('GET tenant/{t}/leads/stats and the dashboard', () => {
  it('counts leads per bucket, in the window and per account status', async () => {
    const f = marketplaceFactories(t);
    const fund = await f.createInstitution(acme(), 'Stats Fund');
    await joinInstitutionTeam(t.app, acme(), w.gp.user._id, fund, null);
    const at = async (day: string, email = uniqueEmail('stats')) => {
      const lead = await createLead(t, w.gp, fund, { email });
      await t.app.db
        .update(tenantLeads)
        .set({ createdAt: new Date(`${day}T12:00:00.000Z`) })
        .where(eq(tenantLeads.id, lead._id));
    };
    await at('2026-03-01');
    await at('2026-03-01', w.ivy.email);
    await at('2026-03-03');
    await at('2026-02-01');
    const window = `&start=2026-03-01T00:00:00.000Z&end=2026-03-03T23:00:00.000Z&scale=day`;
    const res = await call(w.gp, 'GET', `/stats?institution=${fund}${window}`);
    expect(res.statusCode, res.body).toBe(200);
    const stats = dataOf<LeadStats>(res);
    expect(stats.series).toEqual([
      { bucket: '2026-03-01T00:00:00.000Z', count: 2 },
      { bucket: '2026-03-02T00:00:00.000Z', count: 0 },
      { bucket: '2026-03-03T00:00:00.000Z', count: 1 },
    ]);
    expect(stats.newInPeriod).toBe(3);
    expect(stats.total).toBe(4);
    expect(stats.byStatus).toEqual({
      active: 1,
      invited: 0,
      'invite-rejected': 0,
      requested: 0,
      'request-denied': 0,
      suspended: 0,
      none: 3,
    });

    const dashboard = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tenant/acme/institutions/${fund}/dashboard?${window.slice(1)}`,
      headers: { host: w.gp.host, ...bearer(w.gp.token) },
    });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dataOf<InstitutionDashboard>(dashboard).leads).toEqual({ newInPeriod: 3, series: stats.series, byStatus: stats.byStatus });

    const reversed = await call(
      w.gp,
      'GET',
      `/stats?institution=${fund}&start=2026-03-03T00:00:00.000Z&end=2026-03-01T00:00:00.000Z&scale=day`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(messageOf(reversed)).toMatch(/start must be before end/);
    const tooMany = await call(
      w.gp,
      'GET',
      `/stats?institution=${fund}&start=2020-01-01T00:00:00.000Z&end=2026-01-01T00:00:00.000Z&scale=hour`,
    );
    expect(tooMany.statusCode).toBe(400);
    expect((await call(otherGp, 'GET', `/stats?institution=${fund}${window}`)).statusCode).toBe(404);
  });
});

describe('leads from the marketplace', () => {
  // A tracking id per click: the same tid, type and offer within a second is one click (analytics dedupe, #25).
  let clicks = 0;
  const click = (who: SignedUp, offer: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics',
      headers: { host: who.host, ...bearer(who.token) },
      payload: { type: 'cta', tid: `visitor-${who.user._id.slice(-8)}-${++clicks}`, offer },
    });
  const leadOf = async (institutionId: string, email: string) =>
    (
      await t.app.db
        .select()
        .from(tenantLeads)
        .where(and(eq(tenantLeads.institutionId, institutionId), eq(tenantLeads.email, email)))
    )[0];

  it("makes a signed-in visitor who clicks an offer's call to action a lead, once", async () => {
    const visitor = await signUp(t.app, 'acme', { firstname: 'Cleo', lastname: 'Clicker' });
    expect((await click(visitor, w.offerId)).statusCode).toBe(200);
    const lead = await leadOf(w.institutionId, visitor.email);
    expect(lead).toMatchObject({
      firstname: 'Cleo',
      lastname: 'Clicker',
      origin: 'marketplace',
      tenantMemberId: visitor.tenantMember!._id,
    });
    expect((await click(visitor, w.offerId)).statusCode).toBe(200);
    const rows = await t.app.db.select().from(tenantLeads).where(eq(tenantLeads.email, visitor.email));
    expect(rows).toHaveLength(1);
    const events = await tenantEventsOf(t.app, acme(), lead!.id);
    expect(events.map((e) => [e.type, e.message])).toEqual([
      ['create', 'Cleo Clicker became a lead from the marketplace: Clicked the call to action of Harbor Lofts'],
      ['other', 'Clicked the call to action of Harbor Lofts'],
    ]);
    // An anonymous click makes no lead; an unknown offer is stored and ignored.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics',
      headers: { host: visitor.host },
      payload: { type: 'cta', tid: 'anonymous-visitor', offer: otherOffer },
    });
    expect(anonymous.statusCode).toBe(200);
    expect(await leadOf(otherInstitution, visitor.email)).toBeUndefined();
    expect((await click(visitor, someObjectId())).statusCode).toBe(200);
  });

  it('makes a person who starts their own investment workflow a lead, touching an existing one', async () => {
    const investor = await signUp(t.app, 'acme', { firstname: 'Wren', lastname: 'Workflow' });
    const existing = await make({ email: investor.email, firstname: 'Wren', lastname: 'Typed' });
    const workflow = await workflowApi(t).create(investor, w.offerId);
    const lead = await leadOf(w.institutionId, investor.email);
    expect(lead!.id).toBe(existing._id);
    expect(lead!.origin).toBe('manual');
    expect(lead!.updatedAt.getTime()).toBeGreaterThanOrEqual(new Date(existing.updatedAt).getTime());
    const events = await tenantEventsOf(t.app, acme(), existing._id);
    expect(events.at(-1)).toMatchObject({
      type: 'other',
      message: `Started the workflow ${workflow.name}`,
      userId: null,
      meta: { via: 'Marketplace', person: investor.user._id },
    });
    const detail = dataOf<TenantLead>(await call(w.gp, 'GET', `/${existing._id}`));
    expect(detail.workflowsCount).toBe(1);

    const fresh = await signUp(t.app, 'acme', { firstname: 'Nia', lastname: 'New' });
    await workflowApi(t).create(fresh, w.offerId);
    expect(await leadOf(w.institutionId, fresh.email)).toMatchObject({ origin: 'marketplace', firstname: 'Nia', lastname: 'New' });
    // The workflows stay when the lead goes.
    expect((await call(w.gp, 'DELETE', `/${existing._id}`)).statusCode).toBe(204);
    expect(await t.app.db.select().from(workflows).where(eq(workflows.id, workflow._id))).toHaveLength(1);
  });
});

describe('GET tenant/{t}/leads/{id}/events', () => {
  it("merges the lead's history with their engagement on this institution's offers and documents only", async () => {
    const person = await signUp(t.app, 'acme', { firstname: 'Eve', lastname: 'Engaged' });
    const lead = await make({ email: person.email, firstname: 'Eve', lastname: 'Engaged' });
    await call(w.gp, 'POST', `/${lead._id}/notes`, { content: 'Hot' });
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    const event = (type: 'offer-view' | 'document-view' | 'document-download' | 'cta' | 'impression', values: object, minutes: number) => ({
      tenantId: acme(),
      id: newId(),
      type,
      tid: 'visitor-eve00000',
      userId: person.user._id,
      createdAt: at(minutes),
      ...values,
    });
    await t.app.db.insert(analyticsEvents).values([
      event('offer-view', { offerId: w.offerId }, 1),
      event('document-view', { documentId: w.documents[0]! }, 2),
      event('cta', { offerId: w.offerId }, 3),
      // Not shown: another institution's offer, an impression, another person's view.
      event('offer-view', { offerId: otherOffer }, 4),
      event('impression', { offerId: w.offerId }, 5),
      { ...event('offer-view', { offerId: w.offerId }, 6), userId: w.otto.user._id },
    ]);
    const res = await call(w.viewer, 'GET', `/${lead._id}/events`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: TimelineEvent[]; meta: { total: number } };
    expect(body.data.map((e) => e.message)).toEqual([
      'Clicked the call to action of Harbor Lofts',
      'Viewed the document Operating agreement',
      'Viewed the offer Harbor Lofts',
      'Gale Partner added a note to Eve Engaged',
      'Gale Partner created the lead Eve Engaged',
    ]);
    expect(body.meta.total).toBe(5);
    expect(body.data[0]).toMatchObject({
      type: 'other',
      entity: lead._id,
      entityType: 'tenant-lead',
      user: person.user._id,
      userName: 'Eve Engaged',
      meta: { engagement: 'cta' },
      refs: [{ entity: w.offerId, entityType: 'tenant-offer' }],
    });
    expect(body.data[3]).toMatchObject({ userName: 'Gale Partner', user: w.gp.user._id });
    const page2 = (await call(w.gp, 'GET', `/${lead._id}/events?limit=2&page=3`)).json() as {
      data: TimelineEvent[];
      meta: { total: number };
    };
    expect(page2.data.map((e) => e.message)).toEqual(['Gale Partner created the lead Eve Engaged']);
    expect(page2.meta.total).toBe(5);
    const beyond = (await call(w.gp, 'GET', `/${lead._id}/events?page=9`)).json() as { data: TimelineEvent[]; meta: { total: number } };
    expect(beyond).toMatchObject({ data: [], meta: { total: 5 } });
    // The timeline's search, sort and direction work on the merged feed as on any history.
    const searched = (await call(w.gp, 'GET', `/${lead._id}/events?search=harbor&direction=asc`)).json() as {
      data: TimelineEvent[];
      meta: { total: number };
    };
    expect(searched.data.map((e) => e.message)).toEqual(['Viewed the offer Harbor Lofts', 'Clicked the call to action of Harbor Lofts']);
    expect(searched.meta.total).toBe(2);
    const byType = (await call(w.gp, 'GET', `/${lead._id}/events?sort=type&direction=asc&limit=1`)).json() as { data: TimelineEvent[] };
    expect(byType.data[0]?.type).toBe('access');
    expect((await call(w.gp, 'GET', `/${lead._id}/events?sort=colour`)).statusCode).toBe(400);

    // A document shared with the lead counts too, though no offer lists it; another lead's shared document does not.
    const f = marketplaceFactories(t);
    const shared = await f.storeDocument(acme(), 'Side letter', 'side');
    const elsewhere = await f.storeDocument(acme(), 'Other letter', 'other');
    await t.app.db.insert(tenantLeadDocuments).values({ tenantId: acme(), leadId: lead._id, documentId: shared });
    await t.app.db
      .insert(analyticsEvents)
      .values([event('document-download', { documentId: shared }, 7), event('document-view', { documentId: elsewhere }, 8)]);
    const withShared = (await call(w.gp, 'GET', `/${lead._id}/events?limit=1`)).json() as {
      data: TimelineEvent[];
      meta: { total: number };
    };
    expect(withShared.data.map((e) => e.message)).toEqual(['Downloaded the document Side letter']);
    expect(withShared.meta.total).toBe(6);
  });
});
