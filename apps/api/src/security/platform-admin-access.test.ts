import { AUTH_ERRORS } from '@tessera/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenantMembers } from '../db/schema/index.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { bearer, PASSWORD, signUp, useTestApp, type SignedUp } from '../../test/factories.ts';

/**
 * Issue #21, finding 6: a tenant's owner could suspend the platform admin's membership of that tenant and so lock the
 * operator out of the admin routes on its host. Platform-admin access does not depend on tenant membership: the
 * status stays as the owner set it (the members list shows it) but refuses the admin nothing, on every call and at
 * sign-in, and signing in does not quietly re-activate it.
 */
let t: TestApp;
useTestApp(async (built) => {
  t = built;
});

const setStatus = (owner: SignedUp, memberId: string, membershipStatus: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/tenant/acme/members/${memberId}/membership-status`,
    headers: { host: owner.host, ...bearer(owner.token) },
    payload: { membershipStatus },
  });
const get = (who: { host: string; token: string }, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { host: who.host, ...bearer(who.token) } });
const signin = (who: SignedUp) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signin',
    headers: { host: who.host },
    payload: { email: who.email, password: PASSWORD },
  });
const statusOf = async (memberId: string) =>
  (await t.app.db.select().from(tenantMembers).where(eq(tenantMembers.id, memberId)))[0]!.membershipStatus;

describe("a platform admin's membership of a tenant", () => {
  it("decides nothing: suspended by the tenant's owner, the admin still reaches the admin routes and signs in on that host", async () => {
    const owner = await signUp(t.app, 'acme', { role: 'owner' });
    const admin = await signUp(t.app, 'acme', { admin: true });
    const memberId = admin.tenantMember!._id;

    const suspended = await setStatus(owner, memberId, 'suspended');
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().data.membershipStatus).toBe('suspended');

    // The session the admin already had, on the tenant's host.
    for (const url of ['tenant', `admin/tenant/${t.tenants.acme.id}/members`, `user/${admin.user._id}`]) {
      const res = await get(admin, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    // A new sign-in there.
    const again = await signin(admin);
    expect(again.statusCode, again.body).toBe(200);
    const session = { host: admin.host, token: again.json().data.token as string };
    expect((await get(session, 'tenant')).statusCode).toBe(200);
    // The owner's decision stands: signing in accepted nothing.
    expect(await statusOf(memberId)).toBe('suspended');
    const listed = await get(owner, `tenant/acme/members/${memberId}`);
    expect(listed.json().data.membershipStatus).toBe('suspended');
  });

  it('still locks out any other suspended member, at once and at sign-in', async () => {
    const owner = await signUp(t.app, 'acme', { role: 'owner' });
    const member = await signUp(t.app, 'acme', { role: 'member' });
    expect((await setStatus(owner, member.tenantMember!._id, 'suspended')).statusCode).toBe(200);
    const refused = await get(member, `user/${member.user._id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(AUTH_ERRORS.membershipSuspended);
    const signinRefused = await signin(member);
    expect(signinRefused.statusCode).toBe(403);
    expect(signinRefused.json().error.message).toBe(AUTH_ERRORS.membershipSuspended);
  });
});
