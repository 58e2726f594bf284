import { AUTH_ERRORS, type AuthResult } from '@tessera/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.ts';
import { hostOf, type TestApp } from '../../test/build-test-app.ts';
import { awaitMailTo, bearer, lastMailTo, PASSWORD, signUp, uniqueEmail, useTestApp } from '../../test/factories.ts';
import { breachedPasswords, containsPersonalWord } from '../lib/password.ts';

/**
 * Passwords beyond their length (issue #21): not on the breached-passwords list (the SecLists top million, far past the
 * common list auth-hardening.test.ts covers), and not containing the person's own name or e-mail, on every path that
 * sets one: sign-up, reset, invite-accept and password-update. A refused password changes nothing.
 */
let t: TestApp;
useTestApp(async (app) => {
  t = app;
});

// On the breached list, not on zxcvbn-ts's common list: ranks ~70,000 and ~500,000 of the million.
const BREACHED = ['qwerty1992', 'Lowrider97218'];

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, headers: { host: hostOf('acme'), ...headers }, payload });
const refused = (res: LightMyRequestResponse, field: string, message: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().error).toEqual({ type: 'validation', name: 'ValidationError', message: `body.${field}: ${message}`, status: 400 });
};
const signup = (email: string, password: string, names = { firstname: 'Marguerite', lastname: 'Okonkwo' }) =>
  post('signup', { email, password, ...names, acceptDisclosures: true });

describe('the breached-passwords list', () => {
  it('is the SecLists top million of 8+ characters, loaded once and kept', async () => {
    const list = await breachedPasswords();
    expect(list.size).toBe(474_743);
    expect(await breachedPasswords()).toBe(list);
    for (const password of BREACHED) expect(list.has(password.toLowerCase()), password).toBe(true);
    expect(list.has(PASSWORD)).toBe(false);
    // Shorter entries are left out: the length rule refuses them first.
    expect(list.has('123456')).toBe(false);
  });

  it('sign-up refuses a breached password (in any case) and creates nothing', async () => {
    for (const password of [...BREACHED, BREACHED[0]!.toUpperCase()]) {
      const email = uniqueEmail('breached');
      refused(await signup(email, password), 'password', AUTH_ERRORS.passwordBreached);
      expect(await t.app.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    }
  });

  it('reset refuses a breached password and leaves the link unused', async () => {
    const user = await signUp(t.app, 'acme');
    await post('password-reset-request', { email: user.email });
    const { token } = await awaitMailTo(t.app, user.email);
    refused(await post('password-reset-confirm', { resetToken: token, password: BREACHED[1] }), 'password', AUTH_ERRORS.passwordBreached);
    expect((await post('password-reset-confirm', { resetToken: token, password: 'unbreached-reset-phrase' })).statusCode).toBe(200);
  });

  it('password-update refuses a breached password and keeps the old one', async () => {
    const user = await signUp(t.app, 'acme');
    const res = await post('password-update', { currentPassword: PASSWORD, newPassword: BREACHED[0] }, bearer(user.token));
    refused(res, 'newPassword', AUTH_ERRORS.passwordBreached);
    expect((await post('signin', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
  });
});

describe("the person's own name and e-mail", () => {
  it('are found in any case, for names and e-mail local parts of 3 characters or more', () => {
    const owner = { firstname: 'Marguerite', lastname: 'Okonkwo', email: 'mokon@example.com' };
    for (const password of ['i-am-marguerite-77', 'OKONKWO-family-tree', 'mokon-was-here-1', 'Marguerite'])
      expect(containsPersonalWord(password, owner), password).toBe(true);
    expect(containsPersonalWord('lantern-orchard-41', owner)).toBe(false);
    // Two letters are too short to mean anything: 'Al' would refuse every password with 'al' in it.
    expect(containsPersonalWord('always-alright-9', { firstname: 'Al', lastname: 'Ng', email: 'al@example.com' })).toBe(false);
    expect(containsPersonalWord('ＭＡＲＧＵＥＲＩＴＥ-2', owner)).toBe(true);
  });

  it('sign-up refuses a password holding the first name, the last name or the e-mail, and creates nothing', async () => {
    const email = uniqueEmail('zanzibar');
    const local = email.split('@')[0]!;
    for (const password of ['dear-marguerite-2', 'okonkwo-orchard-9', `${local.toUpperCase()}!x`]) {
      refused(await signup(email, password), 'password', AUTH_ERRORS.passwordPersonal);
    }
    expect(await t.app.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect((await signup(email, 'lantern-orchard-41')).statusCode).toBe(200);
  });

  it('reset refuses the name of the account the link is for, and leaves the link unused', async () => {
    const user = await signUp(t.app, 'acme', { firstname: 'Wilhelmina', lastname: 'Zapata' });
    await post('password-reset-request', { email: user.email });
    const { token } = await awaitMailTo(t.app, user.email);
    refused(
      await post('password-reset-confirm', { resetToken: token, password: 'wilhelmina-resets-1' }),
      'password',
      AUTH_ERRORS.passwordPersonal,
    );
    refused(
      await post('password-reset-confirm', { resetToken: token, password: 'my-zapata-key-22' }),
      'password',
      AUTH_ERRORS.passwordPersonal,
    );
    const done = await post('password-reset-confirm', { resetToken: token, password: 'lantern-orchard-41' });
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as { data: AuthResult }).data.user.email).toBe(user.email);
  });

  it('password-update refuses the signed-in person’s own name and keeps the old password', async () => {
    const user = await signUp(t.app, 'acme', { firstname: 'Ottoline', lastname: 'Brandauer' });
    const res = await post('password-update', { currentPassword: PASSWORD, newPassword: 'ottoline-2026-river' }, bearer(user.token));
    refused(res, 'newPassword', AUTH_ERRORS.passwordPersonal);
    expect((await post('signin', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('invite-accept refuses the names the invitee gives, and leaves the invitation open', async () => {
    const owner = await signUp(t.app, 'acme', { role: 'owner' });
    const email = uniqueEmail('invitee');
    const invited = await post('invite', { email, firstname: 'Ina', lastname: 'Vited' }, bearer(owner.token));
    expect(invited.statusCode, invited.body).toBeLessThan(300);
    const { token } = await lastMailTo(t.app, email);
    const body = { email, firstname: 'Philippa', lastname: 'Quarrington', acceptDisclosures: true, inviteToken: token };
    refused(await post('invite-accept', { ...body, password: 'quarrington-ok-5' }), 'password', AUTH_ERRORS.passwordPersonal);
    refused(await post('invite-accept', { ...body, password: BREACHED[0] }), 'password', AUTH_ERRORS.passwordBreached);
    expect((await post('invite-accept', { ...body, password: 'lantern-orchard-41' })).statusCode).toBe(200);
  });
});
