import { z } from 'zod';
import { appType, permission, tenantRole, userRole } from './enums.ts';
import { objectId } from './ids.ts';
import { TENANT_MEMBER_EXAMPLE, tenantMember, USER_EXAMPLE, user } from './user.ts';
import { email, password, personName } from './validation.ts';

/** Fields every auth call may carry (§7). */
const authContext = {
  appType: appType.default('platform'),
  tenantId: objectId.optional(),
  analyticsEvent: objectId.optional(),
};

const acceptDisclosures = z.literal(true, { error: 'You must accept the terms and privacy policy' });

export const signinBody = z.object({ ...authContext, email, password: z.string().min(1, 'Password is required').max(128) }).meta({
  id: 'SigninBody',
  description: 'An e-mail and password, for the tenant of the address called.',
  examples: [{ email: 'jane.doe@example.com', password: 'correct horse battery staple' }],
});
export type SigninBody = z.input<typeof signinBody>;

export const signupBody = z
  .object({
    ...authContext,
    email,
    password,
    firstname: personName('First name'),
    lastname: personName('Last name'),
    acceptDisclosures,
  })
  .meta({
    id: 'SignupBody',
    description: 'A new account: e-mail, password, names and the acceptance of the terms and privacy policy.',
    examples: [
      {
        email: 'jane.doe@example.com',
        password: 'correct horse battery staple',
        firstname: 'Jane',
        lastname: 'Doe',
        acceptDisclosures: true,
      },
    ],
  });
export type SignupBody = z.input<typeof signupBody>;

export const passwordResetRequestBody = z.object({ ...authContext, email }).meta({
  id: 'PasswordResetRequestBody',
  description: 'The e-mail address to send a reset link to.',
  examples: [{ email: 'jane.doe@example.com' }],
});
export type PasswordResetRequestBody = z.input<typeof passwordResetRequestBody>;

/** The same answer whether or not the address has an account. */
export const passwordResetRequestResult = z.object({ sent: z.literal(true) }).meta({
  id: 'PasswordResetRequestResult',
  description: 'Always `sent: true`, whether or not the address has an account.',
  examples: [{ sent: true }],
});

export const passwordResetConfirmBody = z
  .object({ ...authContext, email: email.optional(), password, resetToken: z.string().min(1, 'Reset token not present').max(4096) })
  .meta({
    id: 'PasswordResetConfirmBody',
    description: 'The new password and the reset token from the e-mailed link.',
    examples: [{ password: 'a new long passphrase', resetToken: 'eyJhbGciOiJIUzI1NiJ9.eyJwdXJwb3NlIjoicmVzZXQifQ.c2lnbmF0dXJl' }],
  });
export type PasswordResetConfirmBody = z.input<typeof passwordResetConfirmBody>;

export const tokenRefreshBody = z.object({ ...authContext, email: email.optional() }).meta({
  id: 'TokenRefreshBody',
  description: 'Nothing is required: the session token in the Authorization header is the one refreshed.',
  examples: [{}],
});
export type TokenRefreshBody = z.input<typeof tokenRefreshBody>;

export const passwordUpdateBody = z.object({ ...authContext, email: email.optional(), newPassword: password }).meta({
  id: 'PasswordUpdateBody',
  description: "The signed-in user's new password.",
  examples: [{ newPassword: 'a new long passphrase' }],
});
export type PasswordUpdateBody = z.input<typeof passwordUpdateBody>;

export const inviteBody = z
  .object({
    email,
    firstname: personName('First name'),
    lastname: personName('Last name'),
    role: tenantRole.exclude(['owner']).default('investor'),
    attributes: z.partialRecord(permission, z.boolean()).default({}),
    expiresAt: z.iso.datetime({ error: 'Expiry must be an ISO date-time' }).nullable().default(null),
  })
  .meta({
    id: 'InviteBody',
    description: 'Who to invite, with the role (never owner), the permissions and an optional expiry of the membership.',
    examples: [
      {
        email: 'sam.lee@example.com',
        firstname: 'Sam',
        lastname: 'Lee',
        role: 'investor',
        attributes: { 'marketplace:view': true },
        expiresAt: null,
      },
    ],
  });
export type InviteBody = z.input<typeof inviteBody>;

export const inviteAcceptBody = z
  .object({
    ...authContext,
    email,
    password,
    firstname: personName('First name'),
    lastname: personName('Last name'),
    acceptDisclosures,
    inviteToken: z.string().min(1, 'Signup token not present').max(4096),
  })
  .meta({
    id: 'InviteAcceptBody',
    description: 'The invited account finished: e-mail, password, names, acceptance and the token from the e-mailed link.',
    examples: [
      {
        email: 'sam.lee@example.com',
        password: 'correct horse battery staple',
        firstname: 'Sam',
        lastname: 'Lee',
        acceptDisclosures: true,
        inviteToken: 'eyJhbGciOiJIUzI1NiJ9.eyJwdXJwb3NlIjoiaW52aXRlIn0.c2lnbmF0dXJl',
      },
    ],
  });
export type InviteAcceptBody = z.input<typeof inviteAcceptBody>;

export const authResult = z
  .object({
    token: z.string().describe('The session token: send it as `Authorization: Bearer <token>`'),
    refreshToken: z
      .string()
      .describe(
        'Single use: POST auth/token-refresh trades it for a new session token and a new refresh token; presenting a used one ends the session',
      ),
    sessionId: objectId.describe('The server-side session (GET auth/sessions lists them)'),
    mfaSetupRequired: z
      .boolean()
      .describe(
        "The tenant requires a second factor of this member and they have none yet: only the account's security calls answer until they set one up",
      ),
    user,
    tenantMember: tenantMember.nullable(),
  })
  .meta({
    id: 'AuthResult',
    description: "A session: its token, the signed-in user and their membership of this address's tenant.",
    examples: [
      {
        token: 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOiI2NzQ1YTFjMmU0YjBhMWIyYzNkNGU1ZjYifQ.c2lnbmF0dXJl',
        refreshToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiI2NzQ1YTFjMmU0YjBhMWIyYzNkNGU1ZjcifQ.c2lnbmF0dXJl',
        sessionId: '6745a1c2e4b0a1b2c3d4e5f7',
        mfaSetupRequired: false,
        user: USER_EXAMPLE,
        tenantMember: TENANT_MEMBER_EXAMPLE,
      },
    ],
  });
export type AuthResult = z.infer<typeof authResult>;

export const inviteResult = z.object({ tenantMember, user }).meta({
  id: 'InviteResult',
  description: 'The invited membership and its account (a new account waits for the invitation to be accepted).',
  examples: [
    {
      tenantMember: { ...TENANT_MEMBER_EXAMPLE, membershipStatus: 'invited', rbac: { ...TENANT_MEMBER_EXAMPLE.rbac, role: 'investor' } },
      user: { ...USER_EXAMPLE, signupStatus: 'partial' },
    },
  ],
});

/** The session token's payload (§3). */
export const tokenPayload = z.object({
  userId: objectId,
  userEmail: z.string(),
  userRole: userRole,
  userFirstname: z.string().nullable(),
  userLastname: z.string().nullable(),
  tenantId: objectId,
  ver: z.number().int(),
  /** The server-side session (issue #21): a token whose session has ended is refused. */
  sid: objectId,
  /** When the person signed in (seconds): kept across refreshes, so a session cannot be stretched past its cap. */
  sat: z.number().int().optional(),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type TokenPayload = z.infer<typeof tokenPayload>;

/** What the invite link's token tells the client, to prefill the form. */
export const inviteTokenPayload = z.object({
  purpose: z.literal('invite'),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  tenantId: objectId,
  jti: z.string(),
  exp: z.number().int(),
});
export type InviteTokenPayload = z.infer<typeof inviteTokenPayload>;

export const resetTokenPayload = z.object({
  purpose: z.literal('reset'),
  email: z.string(),
  jti: z.string(),
  exp: z.number().int(),
});
export type ResetTokenPayload = z.infer<typeof resetTokenPayload>;

export const AUTH_ERRORS = {
  invalidCredentials: 'Invalid email or password',
  accountSuspended: 'This account is suspended. Please contact support.',
  membershipSuspended: 'Your membership of this organization is suspended. Please contact its administrator.',
  membershipExpired: 'Your membership of this organization has expired. Please contact its administrator.',
  emailTaken: 'An account with this email already exists. Sign in instead.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  signupTokenMissing: 'Signup token not present',
  signupTokenInvalid: 'Signup token is invalid',
  signupTokenExpired: 'Signup token is expired',
  resetTokenMissing: 'Reset token not present',
  resetTokenInvalid: 'Reset token is invalid',
  resetTokenExpired: 'Reset token is expired',
  inviteEmailMismatch: 'This invitation was sent to a different email address',
  passwordCommon: 'This password is too common and easy to guess. Please choose another one.',
} as const;

/**
 * The 403 refusals that end a session where it stands (the account or the membership was suspended, denied or has
 * expired since sign-in): the next call of a signed-in user that gets one signs out and shows the text on sign-in.
 */
export const SESSION_ENDING_REFUSALS: readonly string[] = [
  AUTH_ERRORS.accountSuspended,
  AUTH_ERRORS.membershipSuspended,
  AUTH_ERRORS.membershipExpired,
];

/** Reads a JWT's payload without verifying it (the server verifies). */
export function decodeTokenPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const b64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export type TokenState = 'missing' | 'invalid' | 'expired' | 'valid';
/** §4/§5: a token is used only if it decodes, has an exp and is not expired. */
export function tokenState(token: string | null | undefined, nowMs: number = Date.now()): TokenState {
  if (!token) return 'missing';
  const payload = decodeTokenPayload(token);
  if (!payload || typeof payload.exp !== 'number') return 'invalid';
  return payload.exp * 1000 <= nowMs ? 'expired' : 'valid';
}
