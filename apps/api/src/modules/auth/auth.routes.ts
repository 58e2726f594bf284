import {
  authResult,
  dataOf,
  inviteAcceptBody,
  inviteAcceptExistingBody,
  inviteBody,
  inviteResult,
  passwordResetConfirmBody,
  passwordResetRequestBody,
  passwordResetRequestResult,
  passwordUpdateBody,
  signinBody,
  signinResult,
  signupBody,
  tokenRefreshBody,
} from '@tessera/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from '../../lib/access.ts';
import { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import { errorResponses } from '../../lib/route-schema.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import { mfaSetupRequired, startSigninChallenge } from '../mfa/index.ts';
import * as auth from './auth.service.ts';
import type { SessionsDeps } from './sessions.service.ts';

const tags = ['Auth'];
const authData = dataOf(authResult).describe('The session: its token, the user and their membership');

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { accountSigninMax, accountResetMax } = app.config.rateLimit;
  const limiter = (name: string, max: number, windowMinutes: number) =>
    new AttemptLimiter(name, max, windowMinutes * 60_000, app.attemptStore, app.clock);
  const limits: auth.AuthLimits = {
    signinPerAccount: limiter('signin-account', accountSigninMax, 15),
    resetPerAccount: limiter('reset-account', accountResetMax, 60),
    resetPerAddress: limiter('reset-address', accountResetMax * 10, 60),
  };
  const deps: auth.LimitedAuthDeps & SessionsDeps = {
    realtime: app.realtime,
    db: app.db,
    tokens: app.tokens,
    mailer: app.mailer,
    clock: app.clock,
    config: app.config,
    limits,
    mfaSetupRequired: (tenant, user, member) => mfaSetupRequired({ db: app.db, clock: app.clock }, tenant, user, member),
    secondStep: (site, user) => startSigninChallenge({ db: app.db, clock: app.clock, tokens: app.tokens }, site, user),
  };
  const site = (request: FastifyRequest): auth.CallSite => ({
    tenant: requireTenant(request),
    origin: request.linkOrigin,
    client: { userAgent: request.headers['user-agent'] ?? null, ip: request.ip },
  });
  const limited = { max: app.config.rateLimit.authMax, timeWindow: '1 minute' };
  const open: Access = 'public';
  const signedIn: Access = 'signed-in';
  const inviters: Access = { roles: ['owner', 'editor'] };

  // Work that must not hold up an answer (plugins/context.ts).
  const afterReply = (request: FastifyRequest) => (task: () => Promise<void>) => app.afterReply(request, task);

  r.post(
    '/auth/signin',
    {
      schema: {
        tags,
        operationId: 'signIn',
        summary: 'Sign in',
        description:
          'Signs in with e-mail and password. The user becomes a member of the tenant of this address if not one already. When the account has a second factor (an authenticator app or a passkey) the answer is MfaChallenge instead of a session: finish with POST auth/mfa/verify or auth/mfa/passkey/verify within five minutes. Past AUTH_ACCOUNT_LIMIT_MAX attempts for one e-mail in 15 minutes, from any address, it answers 429 with Retry-After until the window ends; a success clears the count.',
        body: signinBody,
        response: {
          200: dataOf(signinResult).describe('The session, or the challenge of the second step'),
          ...errorResponses(400, 401, 403, 429),
        },
      },
      config: { access: open, rateLimit: limited },
    },
    async (request) => ({ data: await auth.signin(deps, site(request), request.body) }),
  );

  r.post(
    '/auth/signup',
    {
      schema: {
        tags,
        operationId: 'signUp',
        summary: 'Sign up',
        description: 'Creates an account and signs it in.',
        body: signupBody,
        response: { 200: authData, ...errorResponses(400, 409, 429) },
      },
      config: { access: open, rateLimit: limited },
    },
    async (request) => ({ data: await auth.signup(deps, site(request), request.body) }),
  );

  r.post(
    '/auth/password-reset-request',
    {
      schema: {
        tags,
        operationId: 'requestPasswordReset',
        summary: 'Request a password reset',
        description:
          "E-mails a single-use reset link, valid for one hour on this tenant's address, when the address has an account. The answer is the same either way, and so is the 429 past AUTH_RESET_LIMIT_MAX requests for one e-mail (or ten times that from one caller address) in an hour.",
        body: passwordResetRequestBody,
        response: { 200: dataOf(passwordResetRequestResult).describe('Sent, if the address has an account'), ...errorResponses(400, 429) },
      },
      config: { access: open, rateLimit: limited },
    },
    async (request) => {
      await auth.requestPasswordReset(deps, site(request), request.ip, request.body.email, request.body.tenantId, afterReply(request));
      return { data: { sent: true as const } };
    },
  );

  r.post(
    '/auth/password-reset-confirm',
    {
      schema: {
        tags,
        operationId: 'resetPassword',
        summary: 'Reset the password',
        description:
          'Sets a new password with the e-mailed reset token and signs in. Earlier sessions end. When the account has a second factor the answer is MfaChallenge instead of a session, as for POST auth/signin: the link alone never gets past the second factor.',
        body: passwordResetConfirmBody,
        response: {
          200: dataOf(signinResult).describe('The session, or the challenge of the second step'),
          ...errorResponses(400, 403, 429),
        },
      },
      config: { access: open, rateLimit: limited },
    },
    async (request) => ({ data: await auth.confirmPasswordReset(deps, site(request), request.body) }),
  );

  r.post(
    '/auth/token-refresh',
    {
      schema: {
        tags,
        operationId: 'refreshSession',
        summary: 'Refresh the session',
        description:
          "Trades the session's refresh token for a new session token and the next refresh token, until SESSION_MAX_HOURS after sign-in. Each refresh token works once: presenting one again ends the whole session (401), as a stolen copy would be. An ended session, an account suspended or a password changed since are refused.",
        body: tokenRefreshBody,
        response: { 200: authData, ...errorResponses(400, 401, 403, 429) },
      },
      config: { access: open, rateLimit: limited },
    },
    async (request) => ({ data: await auth.refreshSession(deps, site(request), request.body) }),
  );

  r.post(
    '/auth/password-update',
    {
      schema: {
        tags,
        operationId: 'updatePassword',
        summary: 'Change the password',
        description:
          "Changes the signed-in user's password with the current one (wrong: 400), or without it when this session confirmed a second factor in the last ten minutes (else 403 asking for it). Every other session, on every organization, ends; this one goes on with the new token.",
        body: passwordUpdateBody,
        response: { 200: authData, ...errorResponses(400, 401, 403, 429) },
      },
      config: { access: signedIn, rateLimit: limited },
    },
    async (request) => ({ data: await auth.updatePassword(deps, site(request), requireAuth(request), request.body) }),
  );

  r.post(
    '/auth/invite',
    {
      schema: {
        tags,
        operationId: 'inviteUser',
        summary: 'Invite someone to the tenant',
        description:
          "E-mails an invitation link with the given role and attributes. The membership stays invited until the person accepts (an address with an account accepts by signing in on this tenant's address); the answer is the same whether or not the address has an account anywhere on the platform, with the names as typed here.",
        body: inviteBody,
        response: {
          200: dataOf(inviteResult).describe('The invited membership, pending until the person accepts'),
          ...errorResponses(400, 401, 403, 409, 429),
        },
      },
      // An owner's call like any other: not one a member who must first set up a second factor may make.
      config: { access: inviters, rateLimit: limited, mfaSetup: false },
    },
    async (request) => ({ data: await auth.invite(deps, site(request), requireAuth(request), request.body) }),
  );

  r.post(
    '/auth/invite-accept',
    {
      schema: {
        tags,
        operationId: 'acceptInvite',
        summary: 'Accept an invitation',
        description: 'Finishes an invited account with the e-mailed invite token and signs in.',
        body: inviteAcceptBody,
        response: { 200: authData, ...errorResponses(400, 403, 429) },
      },
      config: { access: open, rateLimit: limited },
    },
    async (request) => ({ data: await auth.acceptInvite(deps, site(request), request.body) }),
  );

  r.post(
    '/auth/invite-accept-existing',
    {
      schema: {
        tags,
        operationId: 'acceptInviteExisting',
        summary: 'Accept an invitation with an existing account',
        description:
          "For an address that already has an account: the person, signed in on the inviting tenant's address, accepts the e-mailed invitation (its token). Signing in there has made them an active member already; this spends the link and answers the session with the membership. A link sent to another account or for another tenant is refused.",
        body: inviteAcceptExistingBody,
        response: { 200: authData, ...errorResponses(400, 401, 403, 429) },
      },
      config: { access: signedIn, rateLimit: limited },
    },
    async (request) => ({ data: await auth.acceptExistingInvite(deps, site(request), requireAuth(request), request.body) }),
  );
}
