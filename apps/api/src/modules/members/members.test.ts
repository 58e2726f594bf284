import { ACCOUNT_SECURITY_TEXTS, type Group, type TenantMemberAdmin, type TimelineEvent } from '@tessera/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenantMembers } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import {
  bearer,
  callerOf,
  lastMailTo,
  type Method,
  PASSWORD,
  type SignedUp,
  signUp,
  someObjectId,
  tenantEventsOf,
  uniqueEmail,
  useTestApp,
} from '../../../test/factories.ts';
import { updateMember } from '../tenants/index.ts';

let t: TestApp;
let owner: SignedUp;
useTestApp(async (app) => {
  t = app;
  owner = await signUp(t.app, 'acme', { role: 'owner' });
});

const api = callerOf(() => t.app);
const call = (who: SignedUp, method: Method, path: string, payload?: object, tenant = t.tenants.acme.id) =>
  api(who, method, `tenant/${tenant}/members${path}`, payload);
const own = (who: SignedUp, path: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/tenant-member/${path}`, headers: { host: who.host, ...bearer(who.token) } });
const memberRow = async (id: string) => (await t.app.db.select().from(tenantMembers).where(eq(tenantMembers.id, id)))[0];
const eventsOf = (id: string) => tenantEventsOf(t.app, t.tenants.acme.id, id);

async function invite(email = uniqueEmail('invitee'), extra: object = {}) {
  const res = await call(owner, 'POST', '', { email, firstname: 'Ada', lastname: 'Lovelace', ...extra });
  expect(res.statusCode, res.body).toBe(201);
  const member = res.json().data as TenantMemberAdmin;
  expect(res.headers.location).toBe(`/api/v1/tenant/${t.tenants.acme.id}/members/${member._id}`);
  return { email, member };
}
async function acceptInvite(email: string) {
  const { token } = await lastMailTo(t.app, email);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/invite-accept',
    headers: { host: owner.host },
    payload: { email, password: PASSWORD, firstname: 'Ada', lastname: 'Lovelace', acceptDisclosures: true, inviteToken: token },
  });
}

describe('access to tenant/{t}/members', () => {
  it('owners and platform admins may call; members and investors get 403; another tenant or a wrong {t} gets 404', async () => {
    const member = await signUp(t.app, 'acme', { role: 'member' });
    const investor = await signUp(t.app, 'acme');
    const admin = await signUp(t.app, 'acme', { admin: true });
    const stranger = await signUp(t.app, 'globex', { role: 'owner' });
    expect((await call(owner, 'GET', '')).statusCode).toBe(200);
    expect((await call(admin, 'GET', '')).statusCode).toBe(200);
    expect((await call(owner, 'GET', '', undefined, 'acme')).statusCode).toBe(200);
    expect((await call(member, 'GET', '')).statusCode).toBe(403);
    expect((await call(investor, 'GET', '')).statusCode).toBe(403);
    // An owner of globex naming acme's id from globex's address: not this tenant.
    expect((await call(stranger, 'GET', '', undefined, t.tenants.acme.id)).statusCode).toBe(404);
    // And a member id of another tenant is unknown here.
    expect((await call(owner, 'GET', `/${stranger.tenantMember!._id}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/${someObjectId()}`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/tenant/${t.tenants.acme.id}/members`, headers: { host: owner.host } })).statusCode,
    ).toBe(401);
  });
});

describe('GET tenant/{t}/members', () => {
  it('searches name and e-mail, filters role and status, sorts and paginates', async () => {
    const tag = Date.now().toString(36);
    await invite(`zed-${tag}@example.com`, { firstname: 'Zed', lastname: `Quill${tag}`, role: 'viewer' });
    await signUp(t.app, 'acme', { firstname: 'Yara', lastname: `Quill${tag}`, role: 'member' });
    const byName = await call(owner, 'GET', `?search=quill${tag}&sort=name&direction=asc`);
    expect(byName.json().data.map((m: TenantMemberAdmin) => m.firstname)).toEqual(['Yara', 'Zed']);
    expect(byName.json().meta).toEqual({ page: 1, limit: 20, total: 2 });
    const byEmail = await call(owner, 'GET', `?search=zed-${tag}`);
    expect(byEmail.json().data).toHaveLength(1);
    expect(byEmail.json().data[0]).toMatchObject({ membershipStatus: 'invited', signupStatus: 'partial', rbac: { role: 'viewer' } });
    expect((await call(owner, 'GET', `?search=quill${tag}&role=member`)).json().data.map((m: TenantMemberAdmin) => m.firstname)).toEqual([
      'Yara',
    ]);
    expect(
      (await call(owner, 'GET', `?search=quill${tag}&membershipStatus=invited`)).json().data.map((m: TenantMemberAdmin) => m.firstname),
    ).toEqual(['Zed']);
    const page2 = await call(owner, 'GET', `?search=quill${tag}&limit=1&page=2&sort=name&direction=asc`);
    expect(page2.json().data.map((m: TenantMemberAdmin) => m.firstname)).toEqual(['Zed']);
    const bad = await call(owner, 'GET', '?membershipStatus=gone');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/membershipStatus/);
  });
});

describe('POST tenant/{t}/members (invite)', () => {
  it('invites a new address by e-mail through the outbox, as member by default, with attributes and expiry', async () => {
    const { email, member } = await invite(uniqueEmail('new'), {
      attributes: { 'institution:manage': true },
      expiresAt: '2030-01-01T00:00:00.000Z',
    });
    expect(member).toMatchObject({
      membershipStatus: 'invited',
      signupStatus: 'partial',
      email,
      rbac: { role: 'member', expiresAt: '2030-01-01T00:00:00.000Z' },
    });
    expect(member.rbac.attributes['institution:manage']).toBe(true);
    const { mail, token } = await lastMailTo(t.app, email);
    expect(mail?.subject).toContain('invited');
    expect(token).toBeTruthy();
    const accepted = await acceptInvite(email);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await call(owner, 'GET', `/${member._id}`)).json().data).toMatchObject({
      membershipStatus: 'active',
      signupStatus: 'complete',
    });
    const [event] = await eventsOf(member._id);
    expect(event).toMatchObject({ type: 'invite', entityType: 'tenant-member', meta: { change: { role: { old: null, new: 'member' } } } });
  });

  it('invites an existing account as it would a new address; they are listed by name only once they accept', async () => {
    const elsewhere = await signUp(t.app, 'globex', { firstname: 'Olga', lastname: 'Elsewhere' });
    const res = await call(owner, 'POST', '', { email: elsewhere.email, firstname: 'X', lastname: 'Y', role: 'viewer' });
    expect(res.statusCode, res.body).toBe(201);
    const member = res.json().data as TenantMemberAdmin;
    expect(member).toMatchObject({ membershipStatus: 'invited', signupStatus: 'partial', user: null, firstname: 'X', lastname: 'Y' });
    expect((await lastMailTo(t.app, elsewhere.email)).mail?.subject).toBe('You are invited to Acme Capital');
    expect((await call(owner, 'POST', '', { email: elsewhere.email, firstname: 'X', lastname: 'Y' })).statusCode).toBe(409);
    // The list, the member, its history: nothing names the account before they accept.
    const listed = await call(owner, 'GET', `?search=${encodeURIComponent(elsewhere.email)}`);
    expect(listed.json().data).toEqual([expect.objectContaining({ firstname: 'X', lastname: 'Y', user: null, signupStatus: 'partial' })]);
    const history = await call(owner, 'GET', `/${member._id}/events`);
    expect(history.body).not.toContain(elsewhere.user._id);
    expect(history.body).not.toContain('Olga');
    // Resending works while they have not accepted.
    expect((await call(owner, 'POST', `/${member._id}/resend-invite`)).statusCode).toBe(200);

    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { host: owner.host },
      payload: { email: elsewhere.email, password: PASSWORD },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const accepted = (await call(owner, 'GET', `/${member._id}`)).json().data as TenantMemberAdmin;
    expect(accepted).toMatchObject({ membershipStatus: 'active', signupStatus: 'complete', user: elsewhere.user._id, firstname: 'Olga' });
    expect((await call(owner, 'POST', `/${member._id}/resend-invite`)).json().error.message).toContain('already accepted');
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const email = uniqueEmail('bad');
    const res = await call(owner, 'POST', '', { email, firstname: 'A', lastname: 'B', role: 'owner' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/role/);
    const noEmail = await call(owner, 'POST', '', { email: 'not-an-email', firstname: 'A', lastname: 'B' });
    expect(noEmail.json().error.message).toMatch(/email/i);
    expect((await call(owner, 'GET', `?search=${email}`)).json().data).toHaveLength(0);
  });
});

describe('PUT details, image, role, access', () => {
  it('updates details with old and new in the timeline; bad input 400 with nothing written', async () => {
    const target = await signUp(t.app, 'acme', { firstname: 'Old' });
    const id = target.tenantMember!._id;
    const res = await call(owner, 'PUT', `/${id}/details`, { firstname: 'New', middlename: '', tags: ['vip'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ firstname: 'New', middlename: null, tags: ['vip'] });
    const events = await eventsOf(id);
    expect(events.at(-1)).toMatchObject({
      type: 'update',
      meta: { change: { firstname: { old: 'Old', new: 'New' }, tags: { old: [], new: ['vip'] } } },
    });
    const bad = await call(owner, 'PUT', `/${id}/details`, { firstname: 'x'.repeat(101) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/First name/);
    expect((await memberRow(id))!.firstname).toBe('New');
  });

  it('sets the image only to an image of this tenant', async () => {
    const target = await signUp(t.app, 'acme');
    const res = await call(owner, 'PUT', `/${target.tenantMember!._id}/image`, { image: someObjectId() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/image/);
    const cleared = await call(owner, 'PUT', `/${target.tenantMember!._id}/image`, { image: null });
    expect(cleared.statusCode).toBe(200);
  });

  it('changes role, but never demotes the last active owner', async () => {
    const target = await signUp(t.app, 'acme');
    const id = target.tenantMember!._id;
    const res = await call(owner, 'PUT', `/${id}/role`, { role: 'editor' });
    expect(res.json().data.rbac.role).toBe('editor');
    expect((await eventsOf(id)).at(-1)).toMatchObject({ type: 'access', meta: { change: { role: { old: 'investor', new: 'editor' } } } });
    expect((await call(owner, 'PUT', `/${id}/role`, { role: 'boss' })).statusCode).toBe(400);
  });

  it('changes attribute flags and expiry', async () => {
    const target = await signUp(t.app, 'acme');
    const id = target.tenantMember!._id;
    const res = await call(owner, 'PUT', `/${id}/access`, {
      attributes: { 'marketplace:view': false },
      expiresAt: '2031-05-01T00:00:00.000Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rbac).toMatchObject({
      attributes: { 'marketplace:view': false, 'investment:make': true },
      expiresAt: '2031-05-01T00:00:00.000Z',
    });
    expect((await eventsOf(id)).at(-1)!.meta.change).toHaveProperty('expiresAt');
    expect((await call(owner, 'PUT', `/${id}/access`, { attributes: { 'fly:plane': true } })).statusCode).toBe(400);
    expect((await call(owner, 'PUT', `/${id}/access`, { expiresAt: 'soon' })).json().error.message).toMatch(/Expiry/);
  });
});

describe('PUT membership-status', () => {
  it('suspends an active member, who loses access and their sessions at once, and reactivates them', async () => {
    const target = await signUp(t.app, 'acme');
    const id = target.tenantMember!._id;
    const me = () =>
      t.app.inject({ method: 'GET', url: `/api/v1/user/${target.user._id}`, headers: { host: target.host, ...bearer(target.token) } });
    expect((await me()).statusCode).toBe(200);
    const res = await call(owner, 'PUT', `/${id}/membership-status`, { membershipStatus: 'suspended' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me()).statusCode).toBe(403);
    expect((await eventsOf(id)).at(-1)).toMatchObject({
      type: 'status',
      meta: { change: { membershipStatus: { old: 'active', new: 'suspended' } } },
    });
    expect((await call(owner, 'PUT', `/${id}/membership-status`, { membershipStatus: 'active' })).statusCode).toBe(200);
    // The suspension ended the session: reactivated, the member signs in again.
    const ended = await me();
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.sessionEnded);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { host: target.host },
      payload: { email: target.email, password: target.password },
    });
    expect(signin.statusCode).toBe(200);
  });

  it('refuses changes outside the table with a clear message', async () => {
    const { member } = await invite();
    const toActive = await call(owner, 'PUT', `/${member._id}/membership-status`, { membershipStatus: 'active' });
    expect(toActive.statusCode).toBe(400);
    expect(toActive.json().error.message).toBe('An invited member becomes active only by accepting the invitation');
    const toSuspended = await call(owner, 'PUT', `/${member._id}/membership-status`, { membershipStatus: 'suspended' });
    expect(toSuspended.json().error.message).toMatch(/can only be made invite rejected/);
    expect((await memberRow(member._id))!.membershipStatus).toBe('invited');
    expect((await call(owner, 'PUT', `/${member._id}/membership-status`, { membershipStatus: 'gone' })).statusCode).toBe(400);
  });

  it('revoking an invitation makes its link stop working; reopening and resending gives a new one', async () => {
    const { email, member } = await invite();
    expect((await call(owner, 'PUT', `/${member._id}/membership-status`, { membershipStatus: 'invite-rejected' })).statusCode).toBe(200);
    expect((await acceptInvite(email)).statusCode).toBe(400);
    expect((await call(owner, 'POST', `/${member._id}/resend-invite`)).statusCode).toBe(400);
    expect((await call(owner, 'PUT', `/${member._id}/membership-status`, { membershipStatus: 'invited' })).statusCode).toBe(200);
    expect((await call(owner, 'POST', `/${member._id}/resend-invite`)).statusCode).toBe(200);
    expect((await acceptInvite(email)).statusCode).toBe(200);
  });

  it('approves or denies requests; a denied member is refused', async () => {
    const a = await signUp(t.app, 'acme');
    const b = await signUp(t.app, 'acme');
    await updateMember(t.app.db, t.tenants.acme.id, a.tenantMember!._id, { membershipStatus: 'requested' });
    await updateMember(t.app.db, t.tenants.acme.id, b.tenantMember!._id, { membershipStatus: 'requested' });
    expect(
      (await call(owner, 'PUT', `/${a.tenantMember!._id}/membership-status`, { membershipStatus: 'active' })).json().data.membershipStatus,
    ).toBe('active');
    expect((await call(owner, 'PUT', `/${b.tenantMember!._id}/membership-status`, { membershipStatus: 'request-denied' })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/user/${b.user._id}`, headers: { host: b.host, ...bearer(b.token) } })).statusCode,
    ).toBe(403);
  });

  it('you cannot change your own status', async () => {
    const res = await call(owner, 'PUT', `/${owner.tenantMember!._id}/membership-status`, { membershipStatus: 'suspended' });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST resend-invite', () => {
  it('sends a new single-use link; the old one stops working', async () => {
    const { email, member } = await invite();
    const first = await lastMailTo(t.app, email);
    const res = await call(owner, 'POST', `/${member._id}/resend-invite`);
    expect(res.statusCode, res.body).toBe(200);
    const second = await lastMailTo(t.app, email);
    expect(second.token).not.toBe(first.token);
    const accept = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/invite-accept',
        headers: { host: owner.host },
        payload: { email, password: PASSWORD, firstname: 'Ada', lastname: 'Lovelace', acceptDisclosures: true, inviteToken: token },
      });
    expect((await accept(first.token!)).statusCode).toBe(400);
    expect((await accept(second.token!)).statusCode).toBe(200);
    // Signed up now: nothing to resend.
    const again = await call(owner, 'POST', `/${member._id}/resend-invite`);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toMatch(/already accepted/);
  });
});

describe('DELETE tenant/{t}/members/{id}', () => {
  it('removes a member with a delete event; not yourself, not the last owner', async () => {
    const target = await signUp(t.app, 'acme');
    const id = target.tenantMember!._id;
    const res = await call(owner, 'DELETE', `/${id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(await memberRow(id)).toBeUndefined();
    expect((await eventsOf(id)).at(-1)).toMatchObject({ type: 'delete', meta: { delete: { email: target.email } } });
    expect((await call(owner, 'DELETE', `/${id}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/${owner.tenantMember!._id}`)).json().error.message).toMatch(/yourself/);
  });
});

describe('the last active owner', () => {
  it('cannot be demoted, suspended or removed, even by a platform admin', async () => {
    // The demo tenant of this file has exactly one owner.
    const solo = await signUp(t.app, 'demo', { role: 'owner' });
    const admin = await signUp(t.app, 'demo', { admin: true });
    const id = solo.tenantMember!._id;
    const as = (who: SignedUp, method: Method, path: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/v1/tenant/demo/members/${id}${path}`,
        headers: { host: who.host, ...bearer(who.token) },
        ...(payload ? { payload } : {}),
      });
    const demote = await as(solo, 'PUT', '/role', { role: 'member' });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().error.message).toMatch(/last owner/);
    expect((await as(admin, 'PUT', '/membership-status', { membershipStatus: 'suspended' })).json().error.message).toMatch(/last owner/);
    expect((await as(admin, 'DELETE', '')).json().error.message).toMatch(/last owner/);
    expect(await memberRow(id)).toMatchObject({ role: 'owner', membershipStatus: 'active' });
    // With a second owner the first may step down.
    const second = await signUp(t.app, 'demo');
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/tenant/demo/members/${second.tenantMember!._id}/role`,
          headers: { host: solo.host, ...bearer(solo.token) },
          payload: { role: 'owner' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await as(solo, 'PUT', '/role', { role: 'member' })).statusCode).toBe(200);
  });
});

describe('events and groups of a member', () => {
  it('lists the history and the groups', async () => {
    const target = await signUp(t.app, 'acme');
    const id = target.tenantMember!._id;
    await call(owner, 'PUT', `/${id}/details`, { tags: ['a'] });
    const events = await call(owner, 'GET', `/${id}/events`);
    expect(events.json().data.map((e: TimelineEvent) => e.entity)).toContain(id);
    const group = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tenant/acme/groups',
      headers: { host: owner.host, ...bearer(owner.token) },
      payload: { name: `G ${id}` },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/tenant/acme/groups/${group.json().data._id}/members`,
      headers: { host: owner.host, ...bearer(owner.token) },
      payload: { memberIds: [id] },
    });
    const groups = await call(owner, 'GET', `/${id}/groups`);
    expect(groups.json().data.map((g: Group) => [g.name, g.totalMembers])).toEqual([[`G ${id}`, 1]]);
    expect(groups.json().meta).toEqual({ page: 1, limit: 20, total: 1 });
    expect((await call(owner, 'GET', `/${id}/groups?page=2&limit=1`)).json()).toEqual({ data: [], meta: { page: 2, limit: 1, total: 1 } });
    expect((await call(owner, 'GET', `/${id}/groups?limit=101`)).statusCode).toBe(400);
    expect((await call(owner, 'GET', `/${id}`)).json().data.groups).toEqual([group.json().data._id]);

    // The member's own view.
    const mine = await own(target, id);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ _id: id, email: target.email });
    expect((await own(target, `${id}/groups`)).json()).toMatchObject({ data: [{ name: `G ${id}` }], meta: { total: 1 } });
    expect((await own(target, `${id}/events`)).json().meta.total).toBeGreaterThan(0);
    // Someone else's membership id: 404.
    expect((await own(target, owner.tenantMember!._id)).statusCode).toBe(404);
    expect((await own(target, `${owner.tenantMember!._id}/groups`)).statusCode).toBe(404);
  });
});
