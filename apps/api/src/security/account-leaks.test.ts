import type { AccessGrant, DocumentRecord, ShareEntityOption, TenantMemberAdmin } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.ts';
import { callerOf, lastMailTo, type SignedUp, signUp, uniqueEmail, useTestApp } from '../../test/factories.ts';
import { uploadDocument } from '../modules/documents/documents.test-helpers.ts';
import { findMember } from '../modules/tenants/tenant-members.repository.ts';

/**
 * Issue #21's findings 1–3, each as an outsider found it: what sharing and inviting told about accounts elsewhere on
 * the platform, and the member directory every investor could read. Each test failed on the code before the fix.
 */
let t: TestApp;
useTestApp(async (app) => {
  t = app;
});
const call = callerOf(() => t.app);

/** Another tenant's owner: the account whose existence the answers must not give away. */
const outsider = () => signUp(t.app, 'globex', { firstname: 'Gloria', lastname: 'Globex', role: 'owner' });
const acmeMembership = async (who: SignedUp) => (await findMember(t.app.db, t.tenants.acme.id, who.user._id))?.membershipStatus ?? null;

/** An answer with what differs by nature (ids, times, the typed address) replaced by placeholders. */
function normalised(value: unknown, typedEmail: string): unknown {
  return JSON.parse(
    JSON.stringify(value)
      .replaceAll(typedEmail, '<typed e-mail>')
      .replace(/"[0-9a-f]{24}"/g, '"<id>"')
      .replace(/"\d{4}-\d\d-\d\dT[\d:.]+Z"/g, '"<time>"'),
  );
}

describe('finding 1: sharing a document by e-mail', () => {
  it("answers for another tenant's account exactly as for an unknown address, enrols nobody, and limits resends", async () => {
    const sharer = await signUp(t.app, 'acme');
    const gloria = await outsider();
    const doc = (await uploadDocument(t.app, sharer)).json().data as DocumentRecord;
    const nobody = uniqueEmail('nobody');
    const known = await call(sharer, 'POST', `document/${doc._id}/access`, { subjectEmail: gloria.email, role: 'viewer' });
    const unknown = await call(sharer, 'POST', `document/${doc._id}/access`, { subjectEmail: nobody, role: 'viewer' });
    expect(known.statusCode, known.body).toBe(201);
    expect(unknown.statusCode, unknown.body).toBe(201);
    expect(known.body).not.toContain('Gloria');
    expect(normalised(known.json(), gloria.email)).toEqual(normalised(unknown.json(), nobody));
    expect(known.json().data).toMatchObject({ subjectEmail: gloria.email, subjectName: gloria.email, subjectSignupStatus: 'partial' });

    // She is invited, not made a member: she joins only by accepting the e-mailed invitation.
    expect(await acmeMembership(gloria)).toBe('invited');
    expect((await lastMailTo(t.app, gloria.email)).mail?.text).toContain('/invite-accept?token=');

    // Resending is limited: three an hour for one person.
    const grant = known.json().data as AccessGrant;
    const resends = [];
    for (let i = 0; i < 4; i++)
      resends.push((await call(sharer, 'POST', `document/${doc._id}/access/${grant._id}/resend-invite`)).statusCode);
    expect(resends).toEqual([200, 200, 200, 429]);
  });
});

describe('finding 2: GET user/{id}/share-entity-options', () => {
  it('suggests only the people the caller shares or works with; owners may search every member', async () => {
    const investor = await signUp(t.app, 'acme');
    const colleague = await signUp(t.app, 'acme', { firstname: 'Colin', lastname: 'League' });
    const boss = await signUp(t.app, 'acme', { firstname: 'Bea', lastname: 'Boss', role: 'owner' });
    const doc = (await uploadDocument(t.app, investor)).json().data as DocumentRecord;
    expect((await call(investor, 'POST', `document/${doc._id}/access`, { subject: colleague.user._id, role: 'viewer' })).statusCode).toBe(
      201,
    );

    const options = async (who: SignedUp, query = '') =>
      ((await call(who, 'GET', `user/${who.user._id}/share-entity-options?limit=100${query}`)).json().data as ShareEntityOption[]).map(
        (o) => o.email,
      );
    const offered = await options(investor);
    expect(offered).toContain(colleague.email);
    expect(offered).not.toContain(boss.email);
    expect(await options(investor, `&search=${encodeURIComponent(boss.email)}`)).toEqual([]);
    expect(await options(boss, `&search=${encodeURIComponent(colleague.email)}`)).toEqual([colleague.email]);
  });
});

describe('finding 3: POST tenant/{t}/members', () => {
  it("answers for another tenant's account as for a new address and adds them only once they accept", async () => {
    const owner = await signUp(t.app, 'acme', { role: 'owner' });
    const gloria = await outsider();
    const invite = (email: string) =>
      call(owner, 'POST', `tenant/${t.tenants.acme.id}/members`, { email, firstname: 'Typed', lastname: 'Name', role: 'member' });
    const nobody = uniqueEmail('nobody');
    const known = await invite(gloria.email);
    const unknown = await invite(nobody);
    expect(known.statusCode, known.body).toBe(201);
    expect(known.body).not.toContain('Gloria');
    expect(normalised(known.json(), gloria.email)).toEqual(normalised(unknown.json(), nobody));
    const member = known.json().data as TenantMemberAdmin;
    expect(member).toMatchObject({ firstname: 'Typed', lastname: 'Name', membershipStatus: 'invited', signupStatus: 'partial' });
    expect(await acmeMembership(gloria)).toBe('invited');
    const listed = await call(owner, 'GET', `tenant/${t.tenants.acme.id}/members/${member._id}`);
    expect(listed.body).not.toContain('Gloria');

    // She accepts from the e-mailed link: signed in on acme's address, she presses "Accept invitation".
    const { token } = await lastMailTo(t.app, gloria.email);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { host: owner.host },
      payload: { email: gloria.email, password: gloria.password },
    });
    const session = { ...gloria, host: owner.host, token: signedIn.json().data.token as string };
    const accepted = await call(session, 'POST', 'auth/invite-accept-existing', { inviteToken: token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = (await call(owner, 'GET', `tenant/${t.tenants.acme.id}/members/${member._id}`)).json().data as TenantMemberAdmin;
    expect(after).toMatchObject({ firstname: 'Gloria', lastname: 'Globex', membershipStatus: 'active', signupStatus: 'complete' });
  });
});
