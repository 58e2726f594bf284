import {
  ACCOUNT_SECURITY_TEXTS,
  AUTH_ERRORS,
  isPendingMembership,
  objectId,
  STEP_UP_WINDOW_SECONDS,
  userDisplayName,
  type AuthResult,
  type InviteResult,
  type MfaChallenge,
  type MfaMethod,
} from '@tessera/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type {
  inviteAcceptBody,
  inviteAcceptExistingBody,
  inviteBody,
  passwordResetConfirmBody,
  passwordUpdateBody,
  signinBody,
  signupBody,
  tokenRefreshBody,
} from '@tessera/domain';
import type { Config } from '../../config/index.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { authTokens, type SessionRow, type TenantMemberRow, type TenantRow, type UserRow } from '../../db/schema/index.ts';
import { AppError, forbidden, unauthenticated } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MailMessage, Mailer } from '../../lib/mail/mailer.ts';
import { inviteMail, passwordChangedMail, passwordResetMail } from '../../lib/mail/templates.ts';
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import {
  assertPasswordAllowed,
  assertPasswordNotListed,
  assertPasswordNotPersonal,
  hashPassword,
  verifyPassword,
} from '../../lib/password.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { newId } from '../../lib/ids.ts';
import { isBlockedMembership, membershipRefusal, type AuthContext, type Caller } from '../../lib/auth-context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DEFAULT_ATTRIBUTES, findMember, insertMember, toTenantMember, toTenantMemberAdmin, updateMember } from '../tenants/index.ts';
import { actorName, recordEvent } from '../timeline/index.ts';
import {
  findUserByEmail,
  findUserById,
  findUserWithMember,
  findUserWithMemberByEmail,
  insertUser,
  toUser,
  updateUser,
} from '../users/index.ts';
import { INVITE_TTL_SECONDS, insertInviteToken, revokeInviteTokens } from './auth-tokens.repository.ts';
import { advanceRefreshGeneration, findSession, insertSession } from './sessions.repository.ts';
import { endReusedSession, endSessionsEverywhereUnscoped, type SessionsDeps } from './sessions.service.ts';

export interface AuthDeps {
  db: Db;
  tokens: TokenService;
  mailer: Mailer;
  clock: Clock;
  config: Pick<Config, 'jwtTtlSeconds' | 'sessionMaxSeconds'>;
}

/** What issuing a session needs besides. */
export interface SessionDeps extends AuthDeps {
  /**
   * Whether the tenant requires a second factor of this member and they have none yet (the MFA service answers;
   * app.ts hands it in, so the auth module does not reach into MFA's tables).
   */
  mfaSetupRequired: (tenant: TenantRow, user: UserRow, member: TenantMemberRow | null) => Promise<boolean>;
}

/** What sign-in and the reset request need besides: their brute-force limits, and sign-in's second step. */
export interface LimitedAuthDeps extends SessionDeps {
  limits: AuthLimits;
  /**
   * The second step the account's factors call for once the password is right, or null when it has none (the MFA
   * module's `startSigninChallenge`, handed in by auth.routes.ts so this module does not read MFA's tables).
   */
  secondStep: (site: CallSite, user: UserRow) => Promise<MfaChallenge | null>;
}

/**
 * Brute-force limits that no single address's limit can stand in for: sign-in attempts per e-mail (from any number of
 * addresses) and reset mails per e-mail and per address. Keyed by the e-mail as typed (lowercased), whether or not it
 * has an account, so a 429 says nothing about the account either.
 */
export interface AuthLimits {
  signinPerAccount: AttemptLimiter;
  resetPerAccount: AttemptLimiter;
  resetPerAddress: AttemptLimiter;
}

/** Where the call came from: the host's tenant, the origin links in e-mails point back to, and the caller's browser. */
export interface CallSite {
  tenant: TenantRow;
  origin: string;
  /** The User-Agent and address a new session records (the account page lists them). */
  client?: { userAgent: string | null; ip: string | null };
}

const RESET_TTL_SECONDS = 60 * 60;

function checkTenantId(site: CallSite, tenantId: string | undefined): void {
  if (tenantId && tenantId !== site.tenant.id)
    throw new AppError('bad-request', 'tenantId does not match the organization of this address');
}

/**
 * How a session is issued: a new one (sign-in, sign-up, reset, accepted invitation, the second factor) records a
 * server-side session; `session` re-issues the token of an existing one (a password change keeps the session).
 */
export interface SessionIssue {
  method?: SessionRow['method'];
  session?: SessionRow;
}

/**
 * A session: a new server-side session row (or `issue.session`), its bearer token naming it (`sid`) and a refresh token
 * of its current generation. The bearer token's `sat` is the session's start, so refreshing never stretches it past
 * SESSION_MAX_HOURS.
 */
export async function issueSession(
  deps: SessionDeps,
  site: CallSite,
  user: UserRow,
  member: TenantMemberRow | null,
  issue: SessionIssue = {},
): Promise<AuthResult> {
  const now = deps.clock.now();
  const session =
    issue.session ??
    (await insertSession(deps.db, {
      tenantId: site.tenant.id,
      userId: user.id,
      userAgent: site.client?.userAgent ?? null,
      ip: site.client?.ip ?? null,
      method: issue.method ?? 'password',
      verifiedAt: now,
      now,
      expiresAt: new Date(now.getTime() + deps.config.sessionMaxSeconds * 1000),
    }));
  const token = await deps.tokens.signSession(
    {
      userId: user.id,
      userEmail: user.email,
      userRole: user.role,
      userFirstname: user.firstname,
      userLastname: user.lastname,
      tenantId: site.tenant.id,
      ver: user.tokenVersion,
      sid: session.id,
      sat: Math.floor(session.createdAt.getTime() / 1000),
    },
    now,
  );
  const refreshToken = await deps.tokens.signRefresh(session.id, session.refreshGeneration, user.tokenVersion, session.expiresAt, now);
  return {
    token,
    refreshToken,
    sessionId: session.id,
    mfaSetupRequired: await deps.mfaSetupRequired(site.tenant, user, member),
    user: toUser(user),
    tenantMember: member ? toTenantMember(member, user.email) : null,
  };
}

/**
 * Signing in to a tenant makes the user a member of it. Rules: no membership → a new active investor; invited or
 * requested → active (signing in on the tenant's own address is accepting, as it is joining for anyone without an
 * invitation; a sign-in elsewhere touches only that tenant's membership); an invitation that was withdrawn, suspended,
 * request-denied or expired → refused, except a platform admin, who is let in with the membership left as it
 * is (`membershipRefusal`). Accepting an invitation puts the account's own names on the membership: until
 * then it holds the names the inviter typed.
 */
async function ensureMembership(tx: DbOrTx, tenant: TenantRow, user: UserRow, now: Date): Promise<TenantMemberRow> {
  const existing = await findMember(tx, tenant.id, user.id);
  if (!existing) {
    const member = await insertMember(tx, {
      tenantId: tenant.id,
      user,
      role: 'investor',
      attributes: DEFAULT_ATTRIBUTES.investor,
      membershipStatus: 'active',
    });
    await recordEvent(tx, {
      tenantId: tenant.id,
      type: 'create',
      entity: member.id,
      entityType: 'tenant-member',
      userId: user.id,
      message: `${userDisplayName(user)} joined ${tenant.name}`,
      refs: [{ entity: user.id, entityType: 'user' }],
    });
    return member;
  }
  if (existing.membershipStatus === 'invite-rejected' && user.role !== 'admin')
    throw new AppError('forbidden', AUTH_ERRORS.inviteWithdrawn);
  const refusal = membershipRefusal(existing, user.role === 'admin', now);
  if (refusal) throw new AppError('forbidden', refusal);
  // A platform admin's suspended membership stays suspended: signing in is not accepting anything.
  if (existing.membershipStatus === 'active' || isBlockedMembership(existing)) return existing;
  const accepting = isPendingMembership(existing.membershipStatus);
  const names = accepting ? { firstname: user.firstname, middlename: user.middlename, lastname: user.lastname } : {};
  const member = await updateMember(tx, tenant.id, existing.id, { membershipStatus: 'active', ...names });
  const nameChange: Record<string, { old: unknown; new: unknown }> = accepting
    ? {
        firstname: { old: existing.firstname, new: member.firstname },
        middlename: { old: existing.middlename, new: member.middlename },
        lastname: { old: existing.lastname, new: member.lastname },
      }
    : {};
  await recordEvent(tx, {
    tenantId: tenant.id,
    type: 'status',
    entity: member.id,
    entityType: 'tenant-member',
    userId: user.id,
    message: `${userDisplayName(user)} ${accepting ? 'accepted the invitation' : 'became an active member'}`,
    meta: { change: { membershipStatus: { old: existing.membershipStatus, new: 'active' }, ...nameChange } },
  });
  return member;
}

/** The account these credentials are for, with its membership of this tenant; 401 for anything else. */
async function checkPassword(deps: LimitedAuthDeps, site: CallSite, body: z.output<typeof signinBody>) {
  checkTenantId(site, body.tenantId);
  // Counted before the password is checked, so parallel guesses cannot all slip in under the limit; a success clears it.
  await deps.limits.signinPerAccount.hit(body.email);
  // One query for the account and its membership here: sign-in is the hottest write path.
  const found = await findUserWithMemberByEmail(deps.db, body.email, site.tenant.id);
  const user = found?.user;
  const ok = await verifyPassword(user?.passwordHash, body.password);
  if (!user || !ok || user.signupStatus !== 'complete' || user.archivedAt)
    throw new AppError('unauthenticated', AUTH_ERRORS.invalidCredentials);
  await deps.limits.signinPerAccount.clear(body.email);
  return { user, member: found.member };
}

/** What refuses a sign-in once the credentials are right, whichever they were: a suspended account or membership. */
function checkMayEnter(deps: SessionDeps, user: UserRow, member: TenantMemberRow | null): void {
  if (user.accountStatus === 'suspended') throw new AppError('forbidden', AUTH_ERRORS.accountSuspended);
  const refusal = membershipRefusal(member, user.role === 'admin', deps.clock.now());
  if (refusal) throw new AppError('forbidden', refusal);
}

/**
 * Finishes a sign-in whose credentials were checked (the password, and the second factor when the account has one):
 * the same refusals and membership rules whatever the path, the timeline event and the session.
 */
async function enter(
  deps: SessionDeps,
  site: CallSite,
  user: UserRow,
  member: TenantMemberRow | null,
  method: SessionRow['method'],
): Promise<AuthResult> {
  checkMayEnter(deps, user, member);
  const signedIn = {
    tenantId: site.tenant.id,
    type: 'auth',
    entity: user.id,
    entityType: 'user',
    userId: user.id,
    message: 'Signed in',
    ...(method === 'password' ? {} : { meta: { method } }),
  } as const;
  if (member?.membershipStatus === 'active') {
    await recordEvent(deps.db, signedIn);
    return issueSession(deps, site, user, member, { method });
  }
  const joined = await deps.db.transaction(async (tx) => {
    const m = await ensureMembership(tx, site.tenant, user, deps.clock.now());
    await recordEvent(tx, signedIn);
    return m;
  });
  return issueSession(deps, site, user, joined, { method });
}

/**
 * The password is checked first; an account with a second factor then gets the challenge of the second step instead of
 * a session (MfaChallenge), which POST auth/mfa/verify or the passkey calls finish through `finishSignin`.
 */
export async function signin(deps: LimitedAuthDeps, site: CallSite, body: z.output<typeof signinBody>): Promise<AuthResult | MfaChallenge> {
  const { user, member } = await checkPassword(deps, site, body);
  checkMayEnter(deps, user, member);
  const challenge = await deps.secondStep(site, user);
  if (challenge) return challenge;
  return enter(deps, site, user, member, 'password');
}

/**
 * The second step passed (the MFA module checked the factor): the account is read again, since it may have been
 * archived, suspended or given a new password in the minutes between (`tokenVersion`, as the challenge recorded it),
 * and the sign-in finishes exactly as a password-only one does.
 */
export async function finishSignin(
  deps: SessionDeps,
  site: CallSite,
  userId: string,
  tokenVersion: number,
  method: MfaMethod,
): Promise<AuthResult> {
  const found = await findUserWithMember(deps.db, userId, site.tenant.id);
  if (!found || found.user.signupStatus !== 'complete' || found.user.archivedAt || found.user.tokenVersion !== tokenVersion)
    throw new AppError('unauthenticated', ACCOUNT_SECURITY_TEXTS.mfaChallengeExpired);
  return enter(deps, site, found.user, found.member, method);
}

export async function signup(deps: SessionDeps, site: CallSite, body: z.output<typeof signupBody>): Promise<AuthResult> {
  checkTenantId(site, body.tenantId);
  await assertPasswordAllowed(body.password, 'password', body);
  const existing = await findUserByEmail(deps.db, body.email);
  if (existing) {
    throw new AppError(
      'conflict',
      existing.signupStatus === 'partial'
        ? 'An invitation was already sent to this email. Use the link in that email to finish signing up.'
        : AUTH_ERRORS.emailTaken,
    );
  }
  const passwordHash = await hashPassword(body.password);
  const { user, member } = await deps.db
    .transaction(async (tx) => {
      const created = await insertUser(tx, {
        email: body.email,
        passwordHash,
        firstname: body.firstname,
        lastname: body.lastname,
        signupStatus: 'complete',
        accountStatus: 'active',
        // A self-signup is an investor, who walks the onboarding questionnaire first (001 §2); invited users do not.
        investOnboardingStage: 'profile',
      });
      await recordEvent(tx, {
        tenantId: site.tenant.id,
        type: 'create',
        entity: created.id,
        entityType: 'user',
        userId: created.id,
        message: `${userDisplayName(created)} signed up`,
        meta: {
          change: {
            email: { old: null, new: created.email },
            firstname: { old: null, new: created.firstname },
            lastname: { old: null, new: created.lastname },
          },
        },
      });
      return { user: created, member: await ensureMembership(tx, site.tenant, created, deps.clock.now()) };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('conflict', AUTH_ERRORS.emailTaken);
      throw error;
    });
  return issueSession(deps, site, user, member);
}

/**
 * Answers the same, and as fast, whether or not the address has an account: only the look-up happens before the
 * reply; storing and mailing the reset link go to `afterReply`, which runs them once the answer is out and logs
 * any failure instead of showing it to the caller.
 */
export async function requestPasswordReset(
  deps: LimitedAuthDeps,
  site: CallSite,
  address: string,
  email: string,
  tenantId: string | undefined,
  afterReply: (task: () => Promise<void>) => void,
): Promise<void> {
  checkTenantId(site, tenantId);
  await deps.limits.resetPerAddress.hit(address);
  await deps.limits.resetPerAccount.hit(email);
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.signupStatus !== 'complete' || user.accountStatus === 'suspended' || user.archivedAt) return;
  afterReply(() => sendResetLink(deps, site, user));
}

async function sendResetLink(deps: AuthDeps, site: CallSite, user: UserRow): Promise<void> {
  const jti = newId();
  const now = deps.clock.now();
  await deps.db.insert(authTokens).values({
    id: jti,
    userId: user.id,
    tenantId: site.tenant.id,
    purpose: 'reset',
    expiresAt: new Date(now.getTime() + RESET_TTL_SECONDS * 1000),
  });
  const token = await deps.tokens.signPurpose('reset', { email: user.email, ver: user.tokenVersion }, jti, RESET_TTL_SECONDS, now);
  const url = `${site.origin}/password-reset/confirm?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({ to: user.email, tenantId: site.tenant.id, ...passwordResetMail(site.tenant.name, url, RESET_TTL_SECONDS / 60) });
}

/** Verifies an e-mailed token and claims its single use; the messages are the spec's. */
async function claimToken(deps: AuthDeps, tx: DbOrTx, token: string, purpose: 'reset' | 'invite') {
  const texts =
    purpose === 'reset'
      ? { invalid: AUTH_ERRORS.resetTokenInvalid, expired: AUTH_ERRORS.resetTokenExpired }
      : { invalid: AUTH_ERRORS.signupTokenInvalid, expired: AUTH_ERRORS.signupTokenExpired };
  const outcome = await deps.tokens.verify(token, purpose, deps.clock.now());
  if (!outcome.ok) throw new AppError('bad-request', texts[outcome.reason]);
  const jti = outcome.payload.jti;
  if (!jti) throw new AppError('bad-request', texts.invalid);
  const [claimed] = await tx
    .update(authTokens)
    .set({ usedAt: deps.clock.now() })
    .where(and(eq(authTokens.id, jti), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)))
    .returning();
  if (!claimed) throw new AppError('bad-request', texts.invalid);
  return { row: claimed, payload: outcome.payload, invalid: texts.invalid };
}

/**
 * Sets the new password and signs in; an account with a second factor gets the challenge of the second step instead of
 * a session, so the e-mailed link alone never gets past the second factor (ASVS 6.4.3).
 */
export async function confirmPasswordReset(
  deps: LimitedAuthDeps & SessionsDeps,
  site: CallSite,
  body: z.output<typeof passwordResetConfirmBody>,
): Promise<AuthResult | MfaChallenge> {
  checkTenantId(site, body.tenantId);
  await assertPasswordNotListed(body.password, 'password');
  const passwordHash = await hashPassword(body.password);
  const { user, member } = await deps.db.transaction(async (tx) => {
    const { row, payload, invalid } = await claimToken(deps, tx, body.resetToken, 'reset');
    // A link e-mailed for one tenant's address works only there (it would otherwise make the user a member elsewhere).
    if (row.tenantId !== site.tenant.id) throw new AppError('bad-request', invalid);
    const current = await findUserById(tx, row.userId);
    if (!current || payload.ver !== current.tokenVersion || (body.email && body.email !== current.email))
      throw new AppError('bad-request', invalid);
    if (current.accountStatus === 'suspended') throw new AppError('forbidden', AUTH_ERRORS.accountSuspended);
    // Whose password it is is known from the link only: refused here, the claim rolls back and the link still works.
    assertPasswordNotPersonal(body.password, 'password', current);
    const updated = await updateUser(tx, current.id, { passwordHash, tokenVersion: current.tokenVersion + 1 });
    // Any other reset link still in the mailbox stops working too.
    await tx
      .update(authTokens)
      .set({ usedAt: deps.clock.now() })
      .where(and(eq(authTokens.userId, current.id), eq(authTokens.purpose, 'reset'), isNull(authTokens.usedAt)));
    await recordEvent(tx, {
      tenantId: site.tenant.id,
      type: 'auth',
      entity: current.id,
      entityType: 'user',
      userId: current.id,
      message: 'Password reset',
    });
    return { user: updated, member: await ensureMembership(tx, site.tenant, updated, deps.clock.now()) };
  });
  // Every session from before the reset ends, on every tenant, before the new one is issued.
  await endSessionsEverywhereUnscoped(deps, user.id, 'password-reset');
  await deps.mailer.send({ to: user.email, tenantId: site.tenant.id, ...passwordChangedMail(site.tenant.name) });
  const challenge = await deps.secondStep(site, user);
  if (challenge) return challenge;
  return issueSession(deps, site, user, member);
}

const REFRESH_INVALID = 'Your session is not valid. Please sign in again.';
const refreshClaims = z.object({ sid: objectId, gen: z.number().int().min(0), ver: z.number().int() });

/**
 * Trades a refresh token for a new session token and the next refresh token of the same session. Each refresh token
 * works once: the session's generation moves on, and a token of an earlier generation presented again means two
 * holders, so the whole session ends (401). An ended or expired session, another tenant's, an account suspended or
 * archived since, or a password changed since (the token version) are refused as a signed-in call would be.
 */
export async function refreshSession(
  deps: SessionDeps & SessionsDeps,
  site: CallSite,
  body: z.output<typeof tokenRefreshBody>,
): Promise<AuthResult> {
  checkTenantId(site, body.tenantId);
  const now = deps.clock.now();
  const outcome = await deps.tokens.verify(body.refreshToken, 'refresh', now);
  if (!outcome.ok) throw unauthenticated(outcome.reason === 'expired' ? AUTH_ERRORS.sessionExpired : REFRESH_INVALID);
  const claims = refreshClaims.safeParse(outcome.payload);
  if (!claims.success) throw unauthenticated(REFRESH_INVALID);
  const { sid, gen, ver } = claims.data;
  const session = await findSession(deps.db, site.tenant.id, sid);
  if (!session) throw unauthenticated(REFRESH_INVALID);
  if (session.revokedAt) throw unauthenticated(ACCOUNT_SECURITY_TEXTS.sessionEnded);
  if (session.expiresAt.getTime() <= now.getTime()) throw unauthenticated(AUTH_ERRORS.sessionExpired);
  const found = await findUserWithMember(deps.db, session.userId, site.tenant.id);
  if (!found || found.user.archivedAt || found.user.tokenVersion !== ver) throw unauthenticated(AUTH_ERRORS.sessionExpired);
  const { user, member } = found;
  if (user.accountStatus === 'suspended') throw forbidden(AUTH_ERRORS.accountSuspended);
  const refusal = membershipRefusal(member, user.role === 'admin', now);
  if (refusal) throw forbidden(refusal);
  const advanced = await advanceRefreshGeneration(deps.db, site.tenant.id, sid, gen, now);
  if (!advanced) {
    await endReusedSession(deps, session);
    throw unauthenticated(ACCOUNT_SECURITY_TEXTS.sessionEnded);
  }
  return issueSession(deps, site, user, member, { session: advanced });
}

/**
 * Whether this session confirmed a second factor in the last STEP_UP_WINDOW_SECONDS, on an account that has one: for
 * now, a session that signed in with a second factor (its method) and confirmed it recently (its verified_at).
 */
export function hasFreshSecondFactor(auth: AuthContext, now: Date): boolean {
  const { method, verifiedAt } = auth.session;
  return method !== 'password' && verifiedAt !== null && now.getTime() - verifiedAt.getTime() <= STEP_UP_WINDOW_SECONDS * 1000;
}

/**
 * A password change proves it is the person: the current password (wrong: 400; counted against the account like a
 * sign-in, so a stolen session cannot guess it), or without one a fresh second factor (else 403 step-up).
 */
async function confirmCurrentPassword(deps: LimitedAuthDeps, auth: AuthContext, currentPassword: string | undefined): Promise<void> {
  if (currentPassword === undefined) {
    if (hasFreshSecondFactor(auth, deps.clock.now())) return;
    throw forbidden(ACCOUNT_SECURITY_TEXTS.stepUpRequired);
  }
  await deps.limits.signinPerAccount.hit(auth.user.email);
  if (!(await verifyPassword(auth.user.passwordHash, currentPassword)))
    throw new AppError('bad-request', ACCOUNT_SECURITY_TEXTS.currentPasswordWrong);
  await deps.limits.signinPerAccount.clear(auth.user.email);
}

export async function updatePassword(
  deps: LimitedAuthDeps & SessionsDeps,
  site: CallSite,
  auth: AuthContext,
  body: z.output<typeof passwordUpdateBody>,
): Promise<AuthResult> {
  checkTenantId(site, body.tenantId);
  if (body.email && body.email !== auth.user.email) throw new AppError('forbidden', 'You can only change your own password');
  await confirmCurrentPassword(deps, auth, body.currentPassword);
  await assertPasswordAllowed(body.newPassword, 'newPassword', auth.user);
  const passwordHash = await hashPassword(body.newPassword);
  const user = await deps.db.transaction(async (tx) => {
    const updated = await updateUser(tx, auth.user.id, { passwordHash, tokenVersion: auth.user.tokenVersion + 1 });
    await recordEvent(tx, {
      tenantId: site.tenant.id,
      type: 'auth',
      entity: auth.user.id,
      entityType: 'user',
      userId: auth.user.id,
      message: 'Password changed',
    });
    return updated;
  });
  // Every other session, on every tenant, ends (the new token version already refuses their tokens; this ends the
  // sessions themselves and tells their browsers). The session that changed it goes on with a new token.
  await endSessionsEverywhereUnscoped(deps, user.id, 'password-changed', { tenantId: auth.tenantId, id: auth.session.id });
  await deps.mailer.send({ to: user.email, tenantId: site.tenant.id, ...passwordChangedMail(site.tenant.name) });
  return issueSession(deps, site, user, auth.member, { session: auth.session });
}

/** Who an invitation e-mail says invited the person: the inviter's name, or the organization for an API key. */
export function inviterName(caller: Caller, tenant: TenantRow): string {
  return caller.apiKey ? tenant.name : userDisplayName(caller.user);
}

/** An invitation's rows, written in the caller's transaction, and the mail to send once that transaction commits. */
export interface WrittenInvitation {
  invitedUser: UserRow;
  member: TenantMemberRow;
  mail: MailMessage;
}

/**
 * A new single-use link to accept a pending membership of this tenant; any earlier link for it stops working.
 * `account` (in the token, which only the invited person reads) makes the page ask them to sign in and accept rather
 * than choose a password.
 */
export async function issueInviteLink(
  deps: Pick<AuthDeps, 'tokens' | 'clock'>,
  tx: DbOrTx,
  site: CallSite,
  user: Pick<UserRow, 'id' | 'email' | 'signupStatus'>,
  names: { firstname: string | null; lastname: string | null },
): Promise<{ url: string; account: boolean }> {
  const now = deps.clock.now();
  await revokeInviteTokens(tx, site.tenant.id, user.id);
  const jti = await insertInviteToken(tx, site.tenant.id, user.id, now);
  const account = user.signupStatus === 'complete';
  const claims = { email: user.email, firstname: names.firstname ?? '', lastname: names.lastname ?? '', tenantId: site.tenant.id };
  const token = await deps.tokens.signPurpose('invite', account ? { ...claims, account } : claims, jti, INVITE_TTL_SECONDS, now);
  return { url: `${site.origin}/invite-accept?token=${encodeURIComponent(token)}`, account };
}

/** The invitation mail for a link issueInviteLink made. */
export function invitationMail(site: CallSite, inviter: string, link: { url: string; account: boolean }) {
  return inviteMail(site.tenant.name, inviter, link.url, INVITE_TTL_SECONDS / 86_400, link.account);
}

/**
 * Writes an invitation inside `tx`: the account (new, partial signup) unless the e-mail has one, a membership that
 * stays invited until the person accepts, the invite token and the timeline event. It is the same whether or not the
 * address has an account elsewhere (issue #21): the membership holds the names the inviter typed, and nobody is made a
 * member without accepting. It sends nothing, so a caller that writes more in the same transaction (a document grant)
 * leaves no invited account behind when that fails; the caller sends `mail` after the commit.
 */
export async function writeInvitation(
  deps: Pick<AuthDeps, 'tokens' | 'clock'>,
  tx: DbOrTx,
  site: CallSite,
  caller: Caller,
  body: z.output<typeof inviteBody>,
): Promise<WrittenInvitation> {
  const existing = await findUserByEmail(tx, body.email);
  if (existing && (await findMember(tx, site.tenant.id, existing.id))) {
    throw new AppError('conflict', 'This person is already a member of this organization');
  }
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  const attributes = { ...DEFAULT_ATTRIBUTES[body.role], ...body.attributes };
  const invitedUser =
    existing ??
    (await insertUser(tx, {
      email: body.email,
      firstname: body.firstname,
      lastname: body.lastname,
      signupStatus: 'partial',
      accountStatus: 'pending-activation',
    }));
  const member = await insertMember(tx, {
    tenantId: site.tenant.id,
    user: { id: invitedUser.id, firstname: body.firstname, middlename: null, lastname: body.lastname },
    role: body.role,
    attributes,
    membershipStatus: 'invited',
    expiresAt,
  });
  // No reference to the account: the tenant's history must not name it before the person accepts.
  await recordEvent(tx, {
    tenantId: site.tenant.id,
    type: 'invite',
    entity: member.id,
    entityType: 'tenant-member',
    caller,
    message: `${actorName(caller)} invited ${invitedUser.email} as ${body.role}`,
    meta: {
      change: {
        role: { old: null, new: body.role },
        membershipStatus: { old: null, new: 'invited' },
        attributes: { old: null, new: attributes },
      },
    },
  });
  const link = await issueInviteLink(deps, tx, site, invitedUser, body);
  const mail = { to: invitedUser.email, tenantId: site.tenant.id, ...invitationMail(site, inviterName(caller, site.tenant), link) };
  return { invitedUser, member, mail };
}

export async function invite(deps: AuthDeps, site: CallSite, caller: Caller, body: z.output<typeof inviteBody>): Promise<InviteResult> {
  const result = await deps.db.transaction((tx) => writeInvitation(deps, tx, site, caller, body));
  await deps.mailer.send(result.mail);
  return { tenantMember: toTenantMemberAdmin(result.member, result.invitedUser) };
}

export async function acceptInvite(deps: SessionDeps, site: CallSite, body: z.output<typeof inviteAcceptBody>): Promise<AuthResult> {
  checkTenantId(site, body.tenantId);
  // The names are the ones the invitee gives here (they replace the invitation's); the e-mail must be the invited one.
  await assertPasswordAllowed(body.password, 'password', body);
  const passwordHash = await hashPassword(body.password);
  const { user, member } = await deps.db.transaction(async (tx) => {
    const { row, payload, invalid } = await claimToken(deps, tx, body.inviteToken, 'invite');
    if (payload.tenantId !== site.tenant.id || row.tenantId !== site.tenant.id) throw new AppError('bad-request', invalid);
    const current = await findUserById(tx, row.userId);
    if (!current || current.signupStatus !== 'partial') throw new AppError('bad-request', invalid);
    if (body.email !== current.email) throw new AppError('bad-request', AUTH_ERRORS.inviteEmailMismatch);
    const updated = await updateUser(tx, current.id, {
      passwordHash,
      firstname: body.firstname,
      lastname: body.lastname,
      signupStatus: 'complete',
      accountStatus: 'active',
      tokenVersion: current.tokenVersion + 1,
    });
    await recordEvent(tx, {
      tenantId: site.tenant.id,
      type: 'update',
      entity: current.id,
      entityType: 'user',
      userId: current.id,
      message: `${userDisplayName(updated)} accepted the invitation`,
      meta: { change: { signupStatus: { old: 'partial', new: 'complete' }, accountStatus: { old: current.accountStatus, new: 'active' } } },
    });
    return { user: updated, member: await ensureMembership(tx, site.tenant, updated, deps.clock.now()) };
  });
  return issueSession(deps, site, user, member);
}

/**
 * POST auth/invite-accept-existing: the account an invitation was e-mailed to, signed in on the inviting tenant's
 * address, accepts it from the link. Signing in there has already made the membership active (see ensureMembership);
 * this spends the link, makes sure of the membership and answers the session with it as it now is. A link for
 * another account or another tenant is refused, and a withdrawn invitation's link no longer works.
 */
export async function acceptExistingInvite(
  deps: SessionDeps,
  site: CallSite,
  auth: AuthContext,
  body: z.output<typeof inviteAcceptExistingBody>,
): Promise<AuthResult> {
  const member = await deps.db.transaction(async (tx) => {
    const { row, payload, invalid } = await claimToken(deps, tx, body.inviteToken, 'invite');
    if (payload.tenantId !== site.tenant.id || row.tenantId !== site.tenant.id) throw new AppError('bad-request', invalid);
    if (row.userId !== auth.user.id) throw new AppError('bad-request', AUTH_ERRORS.inviteEmailMismatch);
    const accepted = await ensureMembership(tx, site.tenant, auth.user, deps.clock.now());
    await recordEvent(tx, {
      tenantId: site.tenant.id,
      type: 'auth',
      entity: auth.user.id,
      entityType: 'user',
      userId: auth.user.id,
      message: `Accepted the invitation to ${site.tenant.name} from the e-mailed link`,
    });
    return accepted;
  });
  return issueSession(deps, site, auth.user, member, { session: auth.session });
}
