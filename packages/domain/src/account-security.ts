import { z } from 'zod';
import { timestamp } from './http.ts';
import { authResult } from './auth.ts';
import { objectId } from './ids.ts';
import { ACCOUNT_SECURITY_REFUSALS } from './account-security-refusals.ts';

/**
 * Account security (issue #21): server-side sessions, the second factor (an authenticator app or a passkey, with
 * recovery codes), the tenant's MFA policy and step-up. The routes are listed in docs/architecture.md
 * ("Account security"); the texts people read are here, so the server and the web app say the same.
 */

/** How a person proved who they are beyond the password. */
export const mfaMethod = z.enum(['totp', 'webauthn', 'recovery']).meta({
  id: 'MfaMethod',
  description: "'totp' an authenticator app's code, 'webauthn' a passkey, 'recovery' a one-time recovery code.",
});
export type MfaMethod = z.infer<typeof mfaMethod>;

/** How long a confirmed second factor (or password) lets a session change e-mail, password, MFA, API keys and bank accounts. */
export const STEP_UP_WINDOW_SECONDS = 10 * 60;
/** How long the sign-in's second step may wait. */
export const MFA_CHALLENGE_TTL_SECONDS = 5 * 60;
/** How many recovery codes are issued at a time. */
export const RECOVERY_CODE_COUNT = 10;

export { ACCOUNT_SECURITY_REFUSALS } from './account-security-refusals.ts';

export const ACCOUNT_SECURITY_TEXTS = {
  ...ACCOUNT_SECURITY_REFUSALS,
  mfaCodeInvalid: 'The code is not valid. Check your authenticator app and try again.',
  recoveryCodeInvalid: 'The recovery code is not valid or was already used.',
  mfaChallengeExpired: 'This sign-in has expired. Please sign in again.',
  passkeyFailed: 'The passkey could not be verified. Try again or use another method.',
  sessionEnded: 'This session was ended. Please sign in again.',
  currentPasswordWrong: 'The current password is not correct',
  stepUpNeedsSecondFactor: 'Confirm with your authenticator app, a passkey or a recovery code.',
  totpAlreadyEnabled: 'An authenticator app is already set up. Remove it first to set up another.',
  totpSetupNotStarted: 'Start setting up the authenticator app again.',
  noSecondFactor: 'Set up an authenticator app or a passkey first.',
  noPasskey: 'You have no passkey yet.',
  passkeyAlreadyRegistered: 'This passkey is already registered.',
  policyNeedsOwnFactor: 'Set up two-step verification for yourself before requiring it of others.',
} as const;

// ————— Sessions —————

export const sessionInfo = z
  .object({
    id: objectId,
    current: z.boolean().describe('The session this call was made with'),
    device: z
      .string()
      .describe("The browser and system, read from the User-Agent ('Chrome on macOS'); 'Unknown device' when it says nothing"),
    userAgent: z.string().nullable(),
    ip: z.string().nullable().describe('The address the session signed in from'),
    method: z.enum(['password', 'totp', 'webauthn', 'recovery']).describe('How the person signed in'),
    createdAt: timestamp,
    lastUsedAt: timestamp,
    expiresAt: timestamp,
  })
  .meta({
    id: 'SessionInfo',
    description: 'A signed-in session of the caller on this tenant.',
    examples: [
      {
        id: '6745a1c2e4b0a1b2c3d4e5f6',
        current: true,
        device: 'Chrome on macOS',
        userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
        ip: '203.0.113.7',
        method: 'totp',
        createdAt: '2026-11-27T09:30:00.000Z',
        lastUsedAt: '2026-11-27T10:02:00.000Z',
        expiresAt: '2026-11-27T21:30:00.000Z',
      },
    ],
  });
export type SessionInfo = z.infer<typeof sessionInfo>;

export const sessionsRevokeResult = z
  .object({ revoked: z.number().int().min(0).describe('How many sessions ended') })
  .meta({ id: 'SessionsRevokeResult', description: 'How many sessions ended.', examples: [{ revoked: 2 }] });
export type SessionsRevokeResult = z.infer<typeof sessionsRevokeResult>;

/** Why a session ended: the account page's revocations, a password change or reset, a replayed refresh token, MFA or a suspension. */
export const sessionEndReason = z
  .enum([
    'signout',
    'revoked',
    'others-revoked',
    'password-changed',
    'password-reset',
    'refresh-reuse',
    'mfa-changed',
    'account-suspended',
    'membership-suspended',
  ])
  .meta({ id: 'SessionEndReason', description: 'Why a session ended.' });
export type SessionEndReason = z.infer<typeof sessionEndReason>;

export const sessionIdParams = z.object({ sessionId: objectId.describe('The session (SessionInfo.id)') });

export const signoutResult = z.object({ signedOut: z.literal(true) }).meta({
  id: 'SignoutResult',
  description: 'The session ended: its token and refresh token no longer work.',
  examples: [{ signedOut: true }],
});

/**
 * The real-time socket (Socket.IO) of a signed-in browser: it connects with `auth: { token }` (the session token) and
 * hears SESSION_ENDED_EVENT when its session ends anywhere, after which the server disconnects it.
 */
export const REALTIME_PATH = '/api/v1/socket';
export const SESSION_ENDED_EVENT = 'session:ended';
export const sessionEndedEvent = z.object({ reason: sessionEndReason });
export type SessionEndedEvent = z.infer<typeof sessionEndedEvent>;

// ————— The sign-in's second step —————

/** Password accepted; a second factor is due before a session is issued. */
export const mfaChallenge = z
  .object({
    mfaRequired: z.literal(true),
    mfaToken: z.string().describe('Names this pending sign-in in the second step; single use, valid five minutes'),
    methods: z.array(z.enum(['totp', 'webauthn'])).describe("The person's second factors (a recovery code is always accepted)"),
  })
  .meta({
    id: 'MfaChallenge',
    description: 'The password was right and the account has a second factor: finish with POST auth/mfa/verify or the passkey calls.',
    examples: [{ mfaRequired: true, mfaToken: 'mfa_6745a1c2e4b0a1b2c3d4e5f6.Zk3…', methods: ['totp', 'webauthn'] }],
  });
export type MfaChallenge = z.infer<typeof mfaChallenge>;

export const mfaVerifyBody = z
  .object({
    mfaToken: z.string().min(1, 'mfaToken is required').max(512),
    method: z.enum(['totp', 'recovery']),
    code: z.string().trim().min(1, 'Enter the code').max(32, 'The code is too long'),
  })
  .meta({
    id: 'MfaVerifyBody',
    description: "The sign-in's second step with an authenticator code or a recovery code.",
    examples: [{ mfaToken: 'mfa_6745a1c2e4b0a1b2c3d4e5f6.Zk3…', method: 'totp', code: '492039' }],
  });
export type MfaVerifyBody = z.input<typeof mfaVerifyBody>;

/** A WebAuthn JSON (PublicKeyCredential.toJSON()): checked by @simplewebauthn/server, so only its shape is held here. */
export const webauthnResponse = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
  })
  .loose()
  .meta({
    id: 'WebauthnResponse',
    description: "The authenticator's answer, as the browser's PublicKeyCredential.toJSON() gives it.",
    examples: [
      {
        id: 'q8Zl0wG3bQ',
        rawId: 'q8Zl0wG3bQ',
        type: 'public-key',
        response: {
          clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0Iiwi…',
          authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4…',
          signature: 'MEUCIQ…',
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      },
    ],
  });

export const webauthnOptions = z.record(z.string(), z.unknown()).meta({
  id: 'WebauthnOptions',
  description: 'Options for navigator.credentials.create/get, as @simplewebauthn/browser takes them (optionsJSON).',
  examples: [
    {
      challenge: 'mW6u0XyZ0m1v9mWcbvG3o0rJ6w9m4p2g3s4d5f6g7h8',
      rpId: 'demo.example.com',
      allowCredentials: [{ id: 'q8Zl0wG3bQ', type: 'public-key', transports: ['internal'] }],
      timeout: 60000,
      userVerification: 'preferred',
    },
  ],
});

export const passkeySigninOptionsBody = z
  .object({ mfaToken: z.string().min(1, 'mfaToken is required').max(512) })
  .meta({ id: 'PasskeySigninOptionsBody', description: 'The pending sign-in the passkey finishes.', examples: [{ mfaToken: 'mfa_…' }] });

export const passkeySigninBody = z
  .object({ mfaToken: z.string().min(1, 'mfaToken is required').max(512), response: webauthnResponse })
  .meta({
    id: 'PasskeySigninBody',
    description: "The pending sign-in and the passkey's assertion.",
    examples: [
      {
        mfaToken: 'mfa_6745a1c2e4b0a1b2c3d4e5f6.Zk3…',
        response: {
          id: 'q8Zl0wG3bQ',
          rawId: 'q8Zl0wG3bQ',
          type: 'public-key',
          response: {
            clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0Iiwi…',
            authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4…',
            signature: 'MEUCIQ…',
          },
          clientExtensionResults: {},
        },
      },
    ],
  });

// ————— Enrolment —————

/** One of the person's passkeys, as the account page lists it. */
export const passkeyInfo = z
  .object({
    id: objectId,
    name: z.string().describe('The name the person gave it'),
    createdAt: timestamp,
    lastUsedAt: timestamp.nullable(),
    backedUp: z.boolean().describe("Synced to the person's other devices (a multi-device passkey)"),
  })
  .meta({
    id: 'Passkey',
    description: 'A passkey of the caller.',
    examples: [
      { id: '6745a1c2e4b0a1b2c3d4e5f6', name: 'MacBook Touch ID', createdAt: '2026-11-27T09:30:00.000Z', lastUsedAt: null, backedUp: true },
    ],
  });
export type PasskeyInfo = z.infer<typeof passkeyInfo>;

/** A passkey just registered; the recovery codes come along when it is the person's first second factor (shown once). */
export const passkeyRegistered = passkeyInfo
  .extend({
    recoveryCodes: z
      .array(z.string())
      .optional()
      .describe('Only when this is the first second factor: shown once, store them somewhere safe'),
  })
  .meta({
    id: 'PasskeyRegistered',
    description: 'The new passkey, and the recovery codes when it is the first second factor.',
    examples: [
      {
        id: '6745a1c2e4b0a1b2c3d4e5f6',
        name: 'MacBook Touch ID',
        createdAt: '2026-11-27T09:30:00.000Z',
        lastUsedAt: null,
        backedUp: true,
        recoveryCodes: ['7KQ4-M2XD-9PLA'],
      },
    ],
  });
export type PasskeyRegistered = z.infer<typeof passkeyRegistered>;

export const mfaStatus = z
  .object({
    totp: z.object({ enabled: z.boolean(), confirmedAt: timestamp.nullable() }),
    passkeys: z.array(passkeyInfo),
    recoveryCodesLeft: z.number().int().min(0),
    /** The tenant requires a second factor of this member (owner or institution team member). */
    required: z.boolean(),
  })
  .meta({
    id: 'MfaStatus',
    description: "The caller's second factors.",
    examples: [
      {
        totp: { enabled: true, confirmedAt: '2026-11-27T09:30:00.000Z' },
        passkeys: [
          {
            id: '6745a1c2e4b0a1b2c3d4e5f6',
            name: 'MacBook Touch ID',
            createdAt: '2026-11-27T09:30:00.000Z',
            lastUsedAt: null,
            backedUp: true,
          },
        ],
        recoveryCodesLeft: 10,
        required: false,
      },
    ],
  });
export type MfaStatus = z.infer<typeof mfaStatus>;

export const totpEnrollment = z
  .object({
    secret: z.string().describe('The base32 secret, for typing into an app that cannot scan'),
    otpauthUrl: z.string().describe('otpauth://totp/… (RFC 6238 key URI)'),
    qrCode: z.string().describe('The key URI as a QR code, an SVG data URL'),
  })
  .meta({
    id: 'TotpEnrollment',
    description: 'A new authenticator secret, not active until POST auth/mfa/totp/confirm checks a first code.',
    examples: [
      {
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/Demo:jane%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Demo',
        qrCode: 'data:image/svg+xml;base64,…',
      },
    ],
  });
export type TotpEnrollment = z.infer<typeof totpEnrollment>;

export const totpConfirmBody = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code from your app'),
  })
  .meta({ id: 'TotpConfirmBody', description: 'A first code from the app, proving it holds the secret.', examples: [{ code: '492039' }] });

export const recoveryCodes = z.object({ codes: z.array(z.string()).describe('Shown once: store them somewhere safe') }).meta({
  id: 'RecoveryCodes',
  description: 'New one-time recovery codes; earlier ones stop working.',
  examples: [{ codes: ['7KQ4-M2XD-9PLA'] }],
});
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

export const passkeyRegisterBody = z
  .object({ name: z.string().trim().min(1, 'Name the passkey').max(64, 'At most 64 characters'), response: webauthnResponse })
  .meta({
    id: 'PasskeyRegisterBody',
    description: "A new passkey's attestation and the name the person gives it.",
    examples: [
      {
        name: 'MacBook Touch ID',
        response: {
          id: 'q8Zl0wG3bQ',
          rawId: 'q8Zl0wG3bQ',
          type: 'public-key',
          response: {
            clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwi…',
            attestationObject: 'o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YVi…',
            transports: ['internal'],
          },
          clientExtensionResults: {},
        },
      },
    ],
  });

// ————— Step-up —————

/** Confirming it is you: a second factor when the account has one, else the password. */
export const stepUpBody = z
  .discriminatedUnion('method', [
    z.object({ method: z.literal('password'), password: z.string().min(1, 'Password is required').max(128) }),
    z.object({ method: z.literal('totp'), code: z.string().trim().min(1, 'Enter the code').max(32) }),
    z.object({ method: z.literal('recovery'), code: z.string().trim().min(1, 'Enter the code').max(32) }),
    z.object({ method: z.literal('webauthn'), response: webauthnResponse }),
  ])
  .meta({ id: 'StepUpBody', description: 'A fresh proof of who you are.', examples: [{ method: 'totp', code: '492039' }] });
export type StepUpBody = z.input<typeof stepUpBody>;

export const stepUpResult = z.object({ verifiedUntil: timestamp.describe('Until when this session may make the protected changes') }).meta({
  id: 'StepUpResult',
  description: 'The session may change e-mail, password, MFA, API keys and bank accounts until then.',
  examples: [{ verifiedUntil: '2026-11-27T09:40:00.000Z' }],
});

export const tenantSecurityPolicy = z
  .object({ requireMfa: z.boolean().describe('Owners and institution team members must use a second factor') })
  .meta({ id: 'TenantSecurityPolicy', description: "The tenant's sign-in policy.", examples: [{ requireMfa: true }] });
export type TenantSecurityPolicy = z.infer<typeof tenantSecurityPolicy>;

/** What POST auth/signin answers: a session, or (the account has a second factor) the challenge for the second step. */
export const signinResult = z.union([authResult, mfaChallenge]).meta({
  id: 'SigninResult',
  description: 'A session (AuthResult), or MfaChallenge when the account has a second factor: `mfaRequired` tells them apart.',
});
export type SigninResult = z.infer<typeof signinResult>;
