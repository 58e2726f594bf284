import { describe, expect, it } from 'vitest';
import {
  AUTH_ERRORS,
  decodeTokenPayload,
  inviteAcceptBody,
  inviteBody,
  passwordResetConfirmBody,
  signinBody,
  signupBody,
  tokenPayload,
  tokenState,
} from './auth.ts';

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const jwt = (payload: unknown) => `${base64url('{"alg":"HS256","typ":"JWT"}')}.${base64url(JSON.stringify(payload))}.signature`;

const NOW = Date.UTC(2024, 4, 1, 12, 0, 0);
const nowSeconds = NOW / 1000;

describe('decodeTokenPayload', () => {
  it('reads the payload', () => {
    const payload = { userId: '65a1f0c2e4b0a1b2c3d4e5f6', userEmail: 'ana@example.com', exp: nowSeconds + 60 };
    expect(decodeTokenPayload(jwt(payload))).toEqual(payload);
  });

  it('reads unicode text', () => {
    const payload = { userFirstname: 'Zoë', userLastname: '李小龍', note: '💸 naïve' };
    expect(decodeTokenPayload(jwt(payload))).toEqual(payload);
  });

  it('reads base64url without padding, with - and _', () => {
    // '?>?' encodes to 'Pz4_' in base64url: a payload holding it exercises the _ and - mapping.
    const payload = { s: '?>?~~~>>>' };
    const token = jwt(payload);
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(decodeTokenPayload(token)).toEqual(payload);
  });

  it.each([
    ['empty text', ''],
    ['no dots', 'garbage'],
    ['an empty payload', 'a..c'],
    ['a non-base64 payload', 'a.!!!$$$.c'],
    ['a payload that is not JSON', `a.${base64url('not json')}.c`],
    ['a JSON string', `a.${base64url('"text"')}.c`],
    ['a JSON number', `a.${base64url('42')}.c`],
    ['JSON null', `a.${base64url('null')}.c`],
    ['a JSON array', `a.${base64url('[1,2]')}.c`],
    ['a truncated payload', `a.${base64url('{"exp":1}').slice(0, -3)}.c`],
  ])('returns null for %s', (_label, token) => {
    expect(decodeTokenPayload(token)).toBeNull();
  });
});

describe('tokenState (§4)', () => {
  it('is missing without a token', () => {
    expect(tokenState(null, NOW)).toBe('missing');
    expect(tokenState(undefined, NOW)).toBe('missing');
    expect(tokenState('', NOW)).toBe('missing');
  });

  it('is invalid when the token does not decode or has no numeric exp', () => {
    expect(tokenState('garbage', NOW)).toBe('invalid');
    expect(tokenState(jwt({ userId: 'x' }), NOW)).toBe('invalid');
    expect(tokenState(jwt({ exp: String(nowSeconds + 60) }), NOW)).toBe('invalid');
    expect(tokenState(jwt([{ exp: nowSeconds + 60 }]), NOW)).toBe('invalid');
  });

  it('is expired at and after exp', () => {
    expect(tokenState(jwt({ exp: nowSeconds - 1 }), NOW)).toBe('expired');
    expect(tokenState(jwt({ exp: nowSeconds }), NOW)).toBe('expired');
  });

  it('is valid before exp', () => {
    expect(tokenState(jwt({ exp: nowSeconds + 1 }), NOW)).toBe('valid');
    expect(tokenState(jwt({ exp: Math.floor(Date.now() / 1000) + 3600 }))).toBe('valid');
  });
});

describe('tokenPayload', () => {
  it('describes the §3 payload fields', () => {
    const payload = {
      userId: '65a1f0c2e4b0a1b2c3d4e5f6',
      userEmail: 'ana@example.com',
      userRole: 'user',
      userFirstname: 'Ana',
      userLastname: null,
      tenantId: '65a1f0c2e4b0a1b2c3d4e5f7',
      ver: 1,
      sid: '65a1f0c2e4b0a1b2c3d4e5f8',
      iat: nowSeconds,
      exp: nowSeconds + 60,
    };
    expect(tokenPayload.parse(payload)).toEqual(payload);
    expect(tokenPayload.safeParse({ ...payload, userRole: 'owner' }).success).toBe(false);
  });
});

const signup = {
  email: 'Ana@Example.com',
  password: 'correct horse',
  firstname: ' Ana ',
  lastname: 'Smith',
  acceptDisclosures: true,
};

const messages = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('signupBody (§5)', () => {
  it('accepts a complete sign-up, lowercasing the email and defaulting the app type', () => {
    expect(signupBody.parse(signup)).toEqual({ ...signup, email: 'ana@example.com', firstname: 'Ana', appType: 'platform' });
  });

  it.each([false, undefined, 'true', 1])('requires acceptDisclosures to be true, not %j', (acceptDisclosures) => {
    const result = signupBody.safeParse({ ...signup, acceptDisclosures });
    expect(result.success).toBe(false);
    expect(messages(result).acceptDisclosures).toBe('You must accept the terms and privacy policy');
  });

  it('requires names, a valid email and a long enough password', () => {
    const result = signupBody.safeParse({ ...signup, firstname: '  ', lastname: undefined, email: 'nope', password: 'short' });
    expect(messages(result)).toEqual({
      firstname: 'First name is required',
      lastname: 'Last name is required',
      email: 'Enter a valid email address',
      password: 'Password must be at least 8 characters',
    });
  });

  it('rejects a malformed tenant id', () => {
    expect(signupBody.safeParse({ ...signup, tenantId: 'acme' }).success).toBe(false);
  });
});

describe('signinBody', () => {
  it('needs an email and a password', () => {
    expect(signinBody.parse({ email: 'A@B.co', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x', appType: 'platform' });
    expect(messages(signinBody.safeParse({ email: 'a@b.co', password: '' })).password).toBe('Password is required');
    expect(signinBody.safeParse({ password: 'x' }).success).toBe(false);
  });
});

describe('passwordResetConfirmBody', () => {
  it('needs a reset token', () => {
    expect(passwordResetConfirmBody.safeParse({ password: 'long enough', resetToken: 't' }).success).toBe(true);
    expect(messages(passwordResetConfirmBody.safeParse({ password: 'long enough', resetToken: '' })).resetToken).toBe(
      AUTH_ERRORS.resetTokenMissing,
    );
  });
});

describe('inviteBody', () => {
  it('defaults to an investor without attributes or expiry, and lowercases the email', () => {
    expect(inviteBody.parse({ email: 'New@Example.com', firstname: 'New', lastname: 'Person' })).toEqual({
      email: 'new@example.com',
      firstname: 'New',
      lastname: 'Person',
      role: 'investor',
      attributes: {},
      expiresAt: null,
    });
  });

  it('cannot invite an owner and needs ISO expiry', () => {
    const invite = { email: 'a@b.co', firstname: 'A', lastname: 'B' };
    expect(inviteBody.safeParse({ ...invite, role: 'owner' }).success).toBe(false);
    expect(inviteBody.safeParse({ ...invite, expiresAt: 'tomorrow' }).success).toBe(false);
    expect(inviteBody.safeParse({ ...invite, expiresAt: '2025-01-01T00:00:00Z' }).success).toBe(true);
  });
});

describe('inviteAcceptBody (§5)', () => {
  const accept = { ...signup, inviteToken: 'token' };
  it('is the sign-up plus an invite token', () => {
    expect(inviteAcceptBody.parse(accept)).toMatchObject({ email: 'ana@example.com', inviteToken: 'token' });
  });

  it('requires the token and the disclosures', () => {
    expect(messages(inviteAcceptBody.safeParse({ ...accept, inviteToken: '' })).inviteToken).toBe(AUTH_ERRORS.signupTokenMissing);
    expect(inviteAcceptBody.safeParse({ ...accept, inviteToken: undefined }).success).toBe(false);
    expect(inviteAcceptBody.safeParse({ ...accept, acceptDisclosures: false }).success).toBe(false);
  });
});

describe('AUTH_ERRORS', () => {
  it('carries the §5 token messages', () => {
    expect(AUTH_ERRORS).toMatchObject({
      signupTokenMissing: 'Signup token not present',
      signupTokenInvalid: 'Signup token is invalid',
      signupTokenExpired: 'Signup token is expired',
      resetTokenMissing: 'Reset token not present',
      resetTokenInvalid: 'Reset token is invalid',
      resetTokenExpired: 'Reset token is expired',
    });
  });
});
