import {
  ACCOUNT_SECURITY_TEXTS,
  authResult,
  dataOf,
  mfaStatus,
  mfaVerifyBody,
  objectId,
  passkeyRegisterBody,
  passkeyRegistered,
  passkeySigninBody,
  passkeySigninOptionsBody,
  recoveryCodes,
  stepUpBody,
  stepUpResult,
  tenantSecurityPolicy,
  totpConfirmBody,
  totpEnrollment,
  webauthnOptions,
} from '@tessera/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import { created, errorResponses, noContent, tenantParams } from '../../lib/route-schema.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import type { CallSite } from '../auth/index.ts';
import * as mfa from './mfa.service.ts';
import { relyingPartyOf } from './webauthn.ts';

const tags = ['Account security'];
/** Wrong second-factor answers per account in MFA_ATTEMPTS_WINDOW_MINUTES, from any address, before 429. */
export const MFA_ATTEMPTS_MAX = 5;
export const MFA_ATTEMPTS_WINDOW_MINUTES = 15;

const authData = dataOf(authResult).describe('The session: its token, the user and their membership');
const optionsData = dataOf(webauthnOptions).describe('Options for @simplewebauthn/browser (optionsJSON)');
const signedIn: Access = 'signed-in';
const owners: Access = { roles: ['owner'] };
const stepUpNote = `If the account already has a second factor, the session must have confirmed one in the last ten minutes (POST auth/step-up), else 403 '${ACCOUNT_SECURITY_TEXTS.stepUpRequired}'.`;
const limitNote = `Past ${MFA_ATTEMPTS_MAX} wrong answers for one account in ${MFA_ATTEMPTS_WINDOW_MINUTES} minutes it answers 429 with Retry-After.`;

export async function mfaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: mfa.MfaDeps = {
    db: app.db,
    clock: app.clock,
    cipher: app.cipher,
    tokens: app.tokens,
    mailer: app.mailer,
    attempts: new AttemptLimiter('mfa-account', MFA_ATTEMPTS_MAX, MFA_ATTEMPTS_WINDOW_MINUTES * 60_000, app.attemptStore, app.clock),
    session: {
      db: app.db,
      tokens: app.tokens,
      mailer: app.mailer,
      clock: app.clock,
      config: app.config,
      mfaSetupRequired: (tenant, user, member) => mfa.mfaSetupRequired({ db: app.db, clock: app.clock }, tenant, user, member),
    },
  };
  const site = (request: FastifyRequest): CallSite => ({
    tenant: requireTenant(request),
    origin: request.linkOrigin,
    client: { userAgent: request.headers['user-agent'] ?? null, ip: request.ip },
  });
  const rp = (request: FastifyRequest) => relyingPartyOf(request.linkOrigin, requireTenant(request).name);
  const limited = { max: app.config.rateLimit.authMax, timeWindow: '1 minute' };

  // ————— The sign-in's second step (public: the mfaToken from POST auth/signin names the pending sign-in) —————

  r.post(
    '/auth/mfa/verify',
    {
      schema: {
        tags,
        operationId: 'verifyMfaSignin',
        summary: 'Finish signing in with an authenticator code or a recovery code',
        description: `The second step of a sign-in that answered MfaChallenge. A code works once (the same authenticator code, or an older one, is refused after); a recovery code is spent when used. A wrong code answers 401 '${ACCOUNT_SECURITY_TEXTS.mfaCodeInvalid}' or '${ACCOUNT_SECURITY_TEXTS.recoveryCodeInvalid}'; past five wrong codes, after five minutes, or once used the mfaToken answers 401 '${ACCOUNT_SECURITY_TEXTS.mfaChallengeExpired}'. ${limitNote}`,
        body: mfaVerifyBody,
        response: { 200: authData, ...errorResponses(400, 401, 403, 429) },
      },
      config: { access: 'public', rateLimit: limited },
    },
    async (request) => ({ data: await mfa.verifySignin(deps, site(request), request.body) }),
  );

  r.post(
    '/auth/mfa/passkey/options',
    {
      schema: {
        tags,
        operationId: 'passkeySigninOptions',
        summary: 'Options to finish signing in with a passkey',
        description: `The WebAuthn request options for the pending sign-in (its account's passkeys, a new challenge). The mfaToken answers 401 '${ACCOUNT_SECURITY_TEXTS.mfaChallengeExpired}' once expired or used.`,
        body: passkeySigninOptionsBody,
        response: { 200: optionsData, ...errorResponses(400, 401, 429) },
      },
      config: { access: 'public', rateLimit: limited },
    },
    async (request) => ({ data: await mfa.passkeySigninOptions(deps, site(request), request.body.mfaToken, request.linkOrigin) }),
  );

  r.post(
    '/auth/mfa/passkey/verify',
    {
      schema: {
        tags,
        operationId: 'verifyPasskeySignin',
        summary: 'Finish signing in with a passkey',
        description: `The passkey's assertion over the challenge of POST auth/mfa/passkey/options, checked against this address's origin and the passkey's public key; its signature counter must move on. A failure answers 401 '${ACCOUNT_SECURITY_TEXTS.passkeyFailed}'. ${limitNote}`,
        body: passkeySigninBody,
        response: { 200: authData, ...errorResponses(400, 401, 403, 429) },
      },
      config: { access: 'public', rateLimit: limited },
    },
    async (request) => ({ data: await mfa.verifyPasskeySignin(deps, site(request), request.body, request.linkOrigin) }),
  );

  // ————— The caller's factors —————

  r.get(
    '/auth/mfa',
    {
      schema: {
        tags,
        operationId: 'getMfaStatus',
        summary: "The caller's second factors",
        description:
          'Whether an authenticator app is set up, the passkeys, how many recovery codes are left, and whether the tenant requires a second factor of the caller.',
        response: { 200: dataOf(mfaStatus).describe("The caller's second factors"), ...errorResponses(401, 403) },
      },
      config: { access: signedIn },
    },
    async (request) => ({ data: await mfa.status(deps, requireAuth(request), requireTenant(request)) }),
  );

  r.post(
    '/auth/mfa/totp',
    {
      schema: {
        tags,
        operationId: 'startTotpEnrollment',
        summary: 'Set up an authenticator app',
        description: `A new secret and its QR code (issuer: the tenant's name, label: the e-mail), not active until POST auth/mfa/totp/confirm checks a first code; asking again replaces a secret not yet confirmed. 409 when an app is already set up. ${stepUpNote}`,
        response: { 200: dataOf(totpEnrollment).describe('The secret, its key URI and QR code'), ...errorResponses(401, 403, 409) },
      },
      config: { access: signedIn },
    },
    async (request) => ({ data: await mfa.startTotp(deps, requireAuth(request), requireTenant(request)) }),
  );

  r.post(
    '/auth/mfa/totp/confirm',
    {
      schema: {
        tags,
        operationId: 'confirmTotpEnrollment',
        summary: 'Confirm the authenticator app',
        description: `A first code from the app turns it on. When it is the account's first second factor the answer holds new recovery codes, shown this once; else \`codes\` is empty. A wrong code answers 400 '${ACCOUNT_SECURITY_TEXTS.mfaCodeInvalid}'. ${limitNote}`,
        body: totpConfirmBody,
        response: {
          200: dataOf(recoveryCodes).describe('The recovery codes (only on the first factor)'),
          ...errorResponses(400, 401, 403, 409, 429),
        },
      },
      config: { access: signedIn },
    },
    async (request) => ({ data: await mfa.confirmTotp(deps, requireAuth(request), request.body.code) }),
  );

  r.delete(
    '/auth/mfa/totp',
    {
      schema: {
        tags,
        operationId: 'removeTotp',
        summary: 'Remove the authenticator app',
        description:
          'Sign-in stops asking for its codes. When it was the last second factor the recovery codes go too and the person is e-mailed.',
        response: { ...noContent, ...errorResponses(401, 403, 404) },
      },
      config: { access: signedIn, stepUp: true },
    },
    async (request, reply) => {
      await mfa.removeTotp(deps, requireAuth(request), requireTenant(request));
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/auth/mfa/passkeys/options',
    {
      schema: {
        tags,
        operationId: 'passkeyRegistrationOptions',
        summary: 'Options to register a passkey',
        description: `WebAuthn creation options for this address (RP ID: its host name, RP name: the tenant's), the caller's passkeys excluded; the challenge works once, for five minutes. ${stepUpNote}`,
        response: { 200: optionsData, ...errorResponses(401, 403) },
      },
      config: { access: signedIn },
    },
    async (request) => ({ data: await mfa.passkeyRegistrationOptions(deps, requireAuth(request), rp(request)) }),
  );

  r.post(
    '/auth/mfa/passkeys',
    {
      schema: {
        tags,
        operationId: 'registerPasskey',
        summary: 'Register a passkey',
        description: `The authenticator's attestation over the challenge of POST auth/mfa/passkeys/options, checked against this address's origin. When it is the account's first second factor the answer also holds new recovery codes, shown this once. A failure answers 400 '${ACCOUNT_SECURITY_TEXTS.passkeyFailed}'. ${stepUpNote}`,
        body: passkeyRegisterBody,
        response: { 201: dataOf(passkeyRegistered).describe('The new passkey'), ...errorResponses(400, 401, 403, 409, 429) },
      },
      config: { access: signedIn },
    },
    async (request, reply) => {
      const passkey = await mfa.registerPasskey(deps, requireAuth(request), rp(request), request.body);
      return created(reply, '/auth/mfa', passkey);
    },
  );

  r.delete(
    '/auth/mfa/passkeys/:passkeyId',
    {
      schema: {
        tags,
        operationId: 'removePasskey',
        summary: 'Remove a passkey',
        description:
          "One of the caller's passkeys (anyone else's is 404). When it was the last second factor the recovery codes go too and the person is e-mailed.",
        params: z.object({ passkeyId: objectId.describe("The passkey's id (24 hexadecimal characters)") }),
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, stepUp: true },
    },
    async (request, reply) => {
      await mfa.removePasskey(deps, requireAuth(request), requireTenant(request), request.params.passkeyId);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/auth/mfa/recovery-codes',
    {
      schema: {
        tags,
        operationId: 'regenerateRecoveryCodes',
        summary: 'New recovery codes',
        description: 'New one-time recovery codes, shown this once; the earlier ones stop working. 409 without a second factor.',
        response: { 200: dataOf(recoveryCodes).describe('The new recovery codes'), ...errorResponses(401, 403, 409) },
      },
      config: { access: signedIn, stepUp: true },
    },
    async (request) => ({ data: await mfa.regenerateRecoveryCodes(deps, requireAuth(request)) }),
  );

  // ————— Step-up —————

  r.post(
    '/auth/step-up/options',
    {
      schema: {
        tags,
        operationId: 'stepUpOptions',
        summary: 'Options to confirm it is you with a passkey',
        description:
          "WebAuthn request options over the caller's passkeys, for POST auth/step-up with method 'webauthn'; 409 without a passkey.",
        response: { 200: optionsData, ...errorResponses(401, 403, 409) },
      },
      config: { access: signedIn },
    },
    async (request) => ({ data: await mfa.stepUpOptions(deps, requireAuth(request), rp(request)) }),
  );

  r.post(
    '/auth/step-up',
    {
      schema: {
        tags,
        operationId: 'stepUp',
        summary: 'Confirm it is you',
        description: `A fresh proof for this session: a second factor (authenticator code, recovery code or passkey) when the account has one, else the password (refused with 400 '${ACCOUNT_SECURITY_TEXTS.stepUpNeedsSecondFactor}' when it has one). For ten minutes the session may then change e-mail, password, second factors, API keys and bank accounts. A wrong answer is 400 with its text. ${limitNote}`,
        body: stepUpBody,
        response: {
          200: dataOf(stepUpResult).describe('Until when the session counts as confirmed'),
          ...errorResponses(400, 401, 403, 429),
        },
      },
      config: { access: signedIn, rateLimit: limited },
    },
    async (request) => ({ data: await mfa.stepUp(deps, requireAuth(request), rp(request), request.body) }),
  );

  // ————— The tenant's policy —————

  const policyData = dataOf(tenantSecurityPolicy).describe("The tenant's sign-in policy");
  r.get(
    '/tenant/:t/security-policy',
    {
      schema: {
        tags: ['Tenant'],
        operationId: 'getTenantSecurityPolicy',
        summary: "The tenant's sign-in policy",
        description: 'Whether owners and institution team members must use a second factor.',
        params: tenantParams,
        response: { 200: policyData, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: owners, tenantParam: 't' },
    },
    async (request) => ({ data: mfa.securityPolicyOf(requireTenant(request)) }),
  );

  r.put(
    '/tenant/:t/security-policy',
    {
      schema: {
        tags: ['Tenant'],
        operationId: 'updateTenantSecurityPolicy',
        summary: "Change the tenant's sign-in policy",
        description: `With requireMfa on, owners and institution team members without a second factor can only set one up (every other call answers 403 '${ACCOUNT_SECURITY_TEXTS.mfaSetupRequired}'). Turning it on needs a second factor of the caller's own (409 '${ACCOUNT_SECURITY_TEXTS.policyNeedsOwnFactor}'). Records a tenant timeline event with the old and new value.`,
        params: tenantParams,
        body: tenantSecurityPolicy,
        response: { 200: policyData, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: owners, tenantParam: 't', stepUp: true },
    },
    async (request) => ({
      data: await mfa.updateSecurityPolicy(
        { db: app.db, tenantCache: app.tenantCache },
        requireAuth(request),
        requireTenant(request).id,
        request.body,
      ),
    }),
  );
}
