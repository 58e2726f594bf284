import {
  ACCOUNT_SECURITY_TEXTS,
  MFA_CHALLENGE_TTL_SECONDS,
  userDisplayName,
  type AuthResult,
  type MfaChallenge,
  type MfaStatus,
  type PasskeyInfo,
  type PasskeyRegistered,
  type RecoveryCodes,
  type StepUpBody,
  type TenantSecurityPolicy,
  type TotpEnrollment,
} from '@tessera/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { TenantMemberRow, TenantRow, UserRow, WebauthnCredentialRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import { requireStepUp, steppedUpUntil, type AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FieldCipher } from '../../lib/crypto.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import { mfaTurnedOffMail } from '../../lib/mail/templates.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { TokenService } from '../../lib/tokens.ts';
import type { TenantCache } from '../../plugins/tenant.ts';
import { finishSignin, updateSession, type CallSite, type SessionDeps } from '../auth/index.ts';
import { isOnAnyInstitutionTeam } from '../institutions/index.ts';
import { findTenantById, updateTenant } from '../tenants/index.ts';
import { recordEvent } from '../timeline/index.ts';
import * as repo from './mfa.repository.ts';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';
import { matchTotpStep, newTotpSecret, totpEnrollmentOf } from './totp.ts';
import * as webauthn from './webauthn.ts';

export interface MfaDeps {
  db: Db;
  clock: Clock;
  cipher: FieldCipher;
  tokens: TokenService;
  mailer: Mailer;
  /** Wrong second-factor answers (and step-up passwords) per account: past its max in the window, 429. */
  attempts: AttemptLimiter;
  /** What finishing a sign-in needs (the auth module issues the session). */
  session: SessionDeps;
}

/** Wrong answers one pending sign-in takes before it is spent. */
export const MAX_CHALLENGE_ATTEMPTS = 5;

const expired = () => new AppError('unauthenticated', ACCOUNT_SECURITY_TEXTS.mfaChallengeExpired);

// ————— The policy —————

/**
 * Whether the tenant requires a second factor of this member and they have none yet: the tenant requires MFA
 * (`require_mfa`), the member is an active owner or on the team of one of its institutions, and they have neither a
 * confirmed authenticator app nor a passkey.
 */
export async function mfaSetupRequired(
  deps: { db: DbOrTx; clock: Clock },
  tenant: TenantRow,
  user: UserRow,
  member: TenantMemberRow | null,
): Promise<boolean> {
  if (!(await isMfaRequiredOf(deps, tenant, user, member))) return false;
  const factors = await repo.factorsOf(deps.db, user.id);
  return !factors.totp && factors.passkeys === 0;
}

async function isMfaRequiredOf(deps: { db: DbOrTx; clock: Clock }, tenant: TenantRow, user: UserRow, member: TenantMemberRow | null) {
  if (!tenant.requireMfa || !member || member.membershipStatus !== 'active') return false;
  if (member.role === 'owner') return true;
  return isOnAnyInstitutionTeam(deps.db, tenant.id, user.id, deps.clock.now());
}

export function securityPolicyOf(tenant: TenantRow): TenantSecurityPolicy {
  return { requireMfa: tenant.requireMfa };
}

export async function updateSecurityPolicy(
  deps: { db: Db; tenantCache: TenantCache },
  auth: AuthContext,
  tenantId: string,
  policy: TenantSecurityPolicy,
): Promise<TenantSecurityPolicy> {
  const { row, changed } = await deps.db.transaction(async (tx) => {
    const current = await findTenantById(tx, tenantId);
    if (!current) throw notFound('Organization');
    if (current.requireMfa === policy.requireMfa) return { row: current, changed: false };
    if (policy.requireMfa && !(await hasFactor(tx, auth.user.id)))
      throw new AppError('conflict', ACCOUNT_SECURITY_TEXTS.policyNeedsOwnFactor);
    const updated = await updateTenant(tx, tenantId, { requireMfa: policy.requireMfa });
    await recordEvent(tx, {
      tenantId,
      type: 'update',
      entity: tenantId,
      entityType: 'tenant',
      userId: auth.user.id,
      message: policy.requireMfa
        ? `Two-step verification is now required of ${updated.name}'s owners and institution teams`
        : `Two-step verification is no longer required at ${updated.name}`,
      meta: { change: { requireMfa: { old: current.requireMfa, new: policy.requireMfa } } },
    });
    return { row: updated, changed: true };
  });
  if (changed) deps.tenantCache.invalidate(row.slug);
  return securityPolicyOf(row);
}

// ————— The sign-in's second step —————

/** The pending sign-in for an account with a second factor, or null when it has none (auth's `secondStep`). */
export async function startSigninChallenge(deps: Pick<MfaDeps, 'db' | 'clock' | 'tokens'>, site: CallSite, user: UserRow) {
  const factors = await repo.factorsOf(deps.db, user.id);
  if (!factors.totp && factors.passkeys === 0) return null;
  const now = deps.clock.now();
  const row = await repo.insertChallenge(deps.db, {
    userId: user.id,
    kind: 'signin',
    challenge: null,
    now,
    ttlSeconds: MFA_CHALLENGE_TTL_SECONDS,
  });
  const mfaToken = await deps.tokens.signPurpose(
    'mfa',
    { tenantId: site.tenant.id, cid: row.id, ver: user.tokenVersion },
    row.id,
    MFA_CHALLENGE_TTL_SECONDS,
    now,
  );
  const methods: MfaChallenge['methods'] = [];
  if (factors.totp) methods.push('totp');
  if (factors.passkeys > 0) methods.push('webauthn');
  return { mfaRequired: true as const, mfaToken, methods };
}

/** The open pending sign-in an mfaToken names on this tenant, or 401 mfaChallengeExpired. */
async function openSignin(deps: MfaDeps, site: CallSite, mfaToken: string) {
  const now = deps.clock.now();
  const outcome = await deps.tokens.verify(mfaToken, 'mfa', now);
  if (!outcome.ok) throw expired();
  const { tenantId, cid, ver } = outcome.payload;
  if (tenantId !== site.tenant.id || typeof cid !== 'string' || typeof ver !== 'number') throw expired();
  const row = await repo.findOpenChallenge(deps.db, cid, 'signin', now, MAX_CHALLENGE_ATTEMPTS);
  if (!row) throw expired();
  return { row, tokenVersion: ver };
}

/** A wrong answer: counted against the pending sign-in, then 401 with the method's text. */
async function refuseSignin(deps: MfaDeps, challengeId: string, text: string): Promise<never> {
  await repo.countChallengeAttempt(deps.db, challengeId);
  throw new AppError('unauthenticated', text);
}

/** Spends the pending sign-in (once: a second answer racing this one gets 401) and issues the session. */
async function completeSignin(
  deps: MfaDeps,
  site: CallSite,
  opened: { row: { id: string; userId: string }; tokenVersion: number },
  method: 'totp' | 'recovery' | 'webauthn',
) {
  if (!(await repo.claimChallenge(deps.db, opened.row.id, deps.clock.now()))) throw expired();
  await deps.attempts.clear(opened.row.userId);
  return finishSignin(deps.session, site, opened.row.userId, opened.tokenVersion, method);
}

export async function verifySignin(
  deps: MfaDeps,
  site: CallSite,
  body: { mfaToken: string; method: 'totp' | 'recovery'; code: string },
): Promise<AuthResult> {
  const opened = await openSignin(deps, site, body.mfaToken);
  await deps.attempts.hit(opened.row.userId);
  const ok =
    body.method === 'totp'
      ? await acceptTotpCode(deps, opened.row.userId, body.code)
      : await acceptRecoveryCode(deps, opened.row.userId, body.code);
  if (!ok) return refuseSignin(deps, opened.row.id, textOf(body.method));
  return completeSignin(deps, site, opened, body.method);
}

export async function passkeySigninOptions(deps: MfaDeps, site: CallSite, mfaToken: string, rpOrigin: string) {
  const { row } = await openSignin(deps, site, mfaToken);
  const options = await webauthn.authenticationOptions(
    webauthn.relyingPartyOf(rpOrigin, site.tenant.name),
    await repo.listPasskeys(deps.db, row.userId),
  );
  await repo.setChallengeWebauthn(deps.db, row.id, options.challenge);
  return options;
}

export async function verifyPasskeySignin(
  deps: MfaDeps,
  site: CallSite,
  body: { mfaToken: string; response: Parameters<typeof webauthn.signedChallengeOf>[0] },
  rpOrigin: string,
): Promise<AuthResult> {
  const opened = await openSignin(deps, site, body.mfaToken);
  await deps.attempts.hit(opened.row.userId);
  const rp = webauthn.relyingPartyOf(rpOrigin, site.tenant.name);
  const ok = opened.row.challenge !== null && (await acceptAssertion(deps, rp, opened.row.userId, body.response, opened.row.challenge));
  if (!ok) return refuseSignin(deps, opened.row.id, ACCOUNT_SECURITY_TEXTS.passkeyFailed);
  return completeSignin(deps, site, opened, 'webauthn');
}

// ————— Checking a factor —————

const textOf = (method: 'totp' | 'recovery') =>
  method === 'totp' ? ACCOUNT_SECURITY_TEXTS.mfaCodeInvalid : ACCOUNT_SECURITY_TEXTS.recoveryCodeInvalid;

/** Whether the code is the confirmed app's, for a step no code was accepted for before (then that step is spent). */
async function acceptTotpCode(deps: MfaDeps, userId: string, code: string): Promise<boolean> {
  const totp = await repo.findTotp(deps.db, userId);
  if (!totp?.confirmedAt) return false;
  const now = deps.clock.now();
  const step = matchTotpStep(deps.cipher.decrypt(totp.secret), code, now);
  if (step === null || (totp.lastStep !== null && step <= totp.lastStep)) return false;
  return repo.claimTotpStep(deps.db, userId, step, now);
}

async function acceptRecoveryCode(deps: MfaDeps, userId: string, code: string): Promise<boolean> {
  return repo.useRecoveryCode(deps.db, userId, hashRecoveryCode(code), deps.clock.now());
}

/** Whether the assertion is by one of the user's passkeys over `challenge`; its counter moves on (never back). */
async function acceptAssertion(
  deps: MfaDeps,
  rp: webauthn.RelyingParty,
  userId: string,
  response: Parameters<typeof webauthn.signedChallengeOf>[0],
  challenge: string,
): Promise<boolean> {
  const credential = await repo.findPasskeyByCredentialId(deps.db, userId, response.id);
  if (!credential) return false;
  const verified = await webauthn.verifyAssertion(rp, response, challenge, credential);
  if (!verified) return false;
  return repo.advancePasskeyCounter(deps.db, credential.id, verified.counter, deps.clock.now());
}

// ————— The caller's factors —————

async function hasFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const factors = await repo.factorsOf(db, userId);
  return factors.totp || factors.passkeys > 0;
}

/** Adding a factor next to an existing one needs a fresh step-up, like removing one (the first needs none). */
async function requireStepUpIfFactor(deps: MfaDeps, auth: AuthContext): Promise<void> {
  if (await hasFactor(deps.db, auth.user.id)) requireStepUp(auth.session, deps.clock.now());
}

const toPasskey = (row: WebauthnCredentialRow): PasskeyInfo => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp === 1,
});

export async function status(deps: MfaDeps, auth: AuthContext, tenant: TenantRow): Promise<MfaStatus> {
  const [totp, passkeys, recoveryCodesLeft, required] = await Promise.all([
    repo.findTotp(deps.db, auth.user.id),
    repo.listPasskeys(deps.db, auth.user.id),
    repo.countUnusedRecoveryCodes(deps.db, auth.user.id),
    isMfaRequiredOf(deps, tenant, auth.user, auth.member),
  ]);
  return {
    totp: { enabled: Boolean(totp?.confirmedAt), confirmedAt: totp?.confirmedAt?.toISOString() ?? null },
    passkeys: passkeys.map(toPasskey),
    recoveryCodesLeft,
    required,
  };
}

/** A timeline event on the person, in the tenant they did it from; never a secret in it. */
function securityEvent(auth: AuthContext, message: string, change?: Record<string, { old: unknown; new: unknown }>) {
  return {
    tenantId: auth.tenantId,
    type: 'auth' as const,
    entity: auth.user.id,
    entityType: 'user' as const,
    userId: auth.user.id,
    message,
    ...(change ? { meta: { change } } : {}),
  };
}

/** New recovery codes when `first` (the account's first factor was just confirmed), else none. */
async function issueRecoveryCodesIf(deps: MfaDeps, db: DbOrTx, userId: string, first: boolean): Promise<string[]> {
  if (!first) return [];
  const { codes, hashes } = newRecoveryCodes();
  await repo.replaceRecoveryCodes(db, userId, hashes, deps.clock.now());
  return codes;
}

export async function startTotp(deps: MfaDeps, auth: AuthContext, tenant: TenantRow): Promise<TotpEnrollment> {
  await requireStepUpIfFactor(deps, auth);
  const secret = newTotpSecret();
  const stored = await repo.putPendingTotp(deps.db, auth.user.id, deps.cipher.encrypt(secret), deps.clock.now());
  if (!stored) throw new AppError('conflict', ACCOUNT_SECURITY_TEXTS.totpAlreadyEnabled);
  return totpEnrollmentOf(secret, tenant.name, auth.user.email);
}

export async function confirmTotp(deps: MfaDeps, auth: AuthContext, code: string): Promise<RecoveryCodes> {
  const userId = auth.user.id;
  const totp = await repo.findTotp(deps.db, userId);
  if (!totp) throw new AppError('conflict', ACCOUNT_SECURITY_TEXTS.totpSetupNotStarted);
  if (totp.confirmedAt) throw new AppError('conflict', ACCOUNT_SECURITY_TEXTS.totpAlreadyEnabled);
  await deps.attempts.hit(userId);
  const now = deps.clock.now();
  const step = matchTotpStep(deps.cipher.decrypt(totp.secret), code, now);
  if (step === null) throw new AppError('bad-request', ACCOUNT_SECURITY_TEXTS.mfaCodeInvalid);
  const codes = await deps.db.transaction(async (tx) => {
    const first = !(await hasFactor(tx, userId));
    if (!(await repo.claimTotpStep(tx, userId, step, now, true))) throw new AppError('bad-request', ACCOUNT_SECURITY_TEXTS.mfaCodeInvalid);
    await recordEvent(tx, securityEvent(auth, 'Authenticator app added for two-step verification', { totp: { old: false, new: true } }));
    return issueRecoveryCodesIf(deps, tx, userId, first);
  });
  await deps.attempts.clear(userId);
  return { codes };
}

/** After a factor is removed: with none left the recovery codes go too, and the person is told by e-mail. */
async function afterRemoval(deps: MfaDeps, tx: DbOrTx, auth: AuthContext): Promise<boolean> {
  if (await hasFactor(tx, auth.user.id)) return false;
  await repo.replaceRecoveryCodes(tx, auth.user.id, [], deps.clock.now());
  return true;
}

async function mailTurnedOff(deps: MfaDeps, auth: AuthContext, tenant: TenantRow): Promise<void> {
  await deps.mailer.send({ to: auth.user.email, tenantId: tenant.id, ...mfaTurnedOffMail(tenant.name) });
}

export async function removeTotp(deps: MfaDeps, auth: AuthContext, tenant: TenantRow): Promise<void> {
  const lastGone = await deps.db.transaction(async (tx) => {
    const existing = await repo.findTotp(tx, auth.user.id);
    if (!existing) throw notFound('Authenticator app');
    await repo.deleteTotp(tx, auth.user.id);
    // An app never confirmed was no factor: nothing to record.
    if (!existing.confirmedAt) return false;
    await recordEvent(tx, securityEvent(auth, 'Authenticator app removed from two-step verification', { totp: { old: true, new: false } }));
    return afterRemoval(deps, tx, auth);
  });
  if (lastGone) await mailTurnedOff(deps, auth, tenant);
}

export async function passkeyRegistrationOptions(deps: MfaDeps, auth: AuthContext, rp: webauthn.RelyingParty) {
  await requireStepUpIfFactor(deps, auth);
  const existing = await repo.listPasskeys(deps.db, auth.user.id);
  const options = await webauthn.registrationOptions(
    rp,
    { id: auth.user.id, email: auth.user.email, displayName: userDisplayName(auth.user) },
    existing,
  );
  await repo.insertChallenge(deps.db, {
    userId: auth.user.id,
    kind: 'webauthn-register',
    challenge: options.challenge,
    now: deps.clock.now(),
    ttlSeconds: MFA_CHALLENGE_TTL_SECONDS,
  });
  return options;
}

export async function registerPasskey(
  deps: MfaDeps,
  auth: AuthContext,
  rp: webauthn.RelyingParty,
  body: { name: string; response: Parameters<typeof webauthn.signedChallengeOf>[0] },
): Promise<PasskeyRegistered> {
  const userId = auth.user.id;
  await requireStepUpIfFactor(deps, auth);
  await deps.attempts.hit(userId);
  const now = deps.clock.now();
  const signed = webauthn.signedChallengeOf(body.response);
  // Claimed before it is checked: a challenge answers once, right or wrong.
  const challenge = signed ? await repo.claimWebauthnChallenge(deps.db, userId, 'webauthn-register', signed, now) : undefined;
  const credential = challenge?.challenge ? await webauthn.verifyRegistration(rp, body.response, challenge.challenge) : null;
  if (!credential) throw new AppError('bad-request', ACCOUNT_SECURITY_TEXTS.passkeyFailed);
  if (await repo.credentialIdTaken(deps.db, credential.credentialId))
    throw new AppError('conflict', ACCOUNT_SECURITY_TEXTS.passkeyAlreadyRegistered);
  const { row, codes } = await deps.db
    .transaction(async (tx) => {
      const first = !(await hasFactor(tx, userId));
      const inserted = await repo.insertPasskey(tx, {
        userId,
        credentialId: credential.credentialId,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports,
        deviceType: credential.deviceType,
        backedUp: credential.backedUp ? 1 : 0,
        name: body.name,
        createdAt: now,
      });
      await recordEvent(
        tx,
        securityEvent(auth, `Passkey "${body.name}" added for two-step verification`, { passkey: { old: null, new: body.name } }),
      );
      return { row: inserted, codes: await issueRecoveryCodesIf(deps, tx, userId, first) };
    })
    .catch((error: unknown) => {
      // The same authenticator registered twice at once: one wins.
      if (isUniqueViolation(error)) throw new AppError('conflict', ACCOUNT_SECURITY_TEXTS.passkeyAlreadyRegistered);
      throw error;
    });
  await deps.attempts.clear(userId);
  return { ...toPasskey(row), ...(codes.length > 0 ? { recoveryCodes: codes } : {}) };
}

export async function removePasskey(deps: MfaDeps, auth: AuthContext, tenant: TenantRow, passkeyId: string): Promise<void> {
  const lastGone = await deps.db.transaction(async (tx) => {
    const removed = await repo.deletePasskey(tx, auth.user.id, passkeyId);
    if (!removed) throw notFound('Passkey');
    await recordEvent(
      tx,
      securityEvent(auth, `Passkey "${removed.name}" removed from two-step verification`, { passkey: { old: removed.name, new: null } }),
    );
    return afterRemoval(deps, tx, auth);
  });
  if (lastGone) await mailTurnedOff(deps, auth, tenant);
}

export async function regenerateRecoveryCodes(deps: MfaDeps, auth: AuthContext): Promise<RecoveryCodes> {
  return deps.db.transaction(async (tx) => {
    if (!(await hasFactor(tx, auth.user.id))) throw new AppError('conflict', ACCOUNT_SECURITY_TEXTS.noSecondFactor);
    const { codes, hashes } = newRecoveryCodes();
    await repo.replaceRecoveryCodes(tx, auth.user.id, hashes, deps.clock.now());
    await recordEvent(tx, securityEvent(auth, 'New recovery codes made; the earlier ones no longer work'));
    return { codes };
  });
}

// ————— Step-up —————

export async function stepUpOptions(deps: MfaDeps, auth: AuthContext, rp: webauthn.RelyingParty) {
  const passkeys = await repo.listPasskeys(deps.db, auth.user.id);
  if (passkeys.length === 0) throw new AppError('conflict', ACCOUNT_SECURITY_TEXTS.noPasskey);
  const options = await webauthn.authenticationOptions(rp, passkeys);
  await repo.insertChallenge(deps.db, {
    userId: auth.user.id,
    kind: 'webauthn-step-up',
    challenge: options.challenge,
    now: deps.clock.now(),
    ttlSeconds: MFA_CHALLENGE_TTL_SECONDS,
  });
  return options;
}

/**
 * Confirms it is the person: a second factor when the account has one (the password alone then is not enough), else
 * the password. The session may then make the step-up changes for STEP_UP_WINDOW_SECONDS.
 */
export async function stepUp(deps: MfaDeps, auth: AuthContext, rp: webauthn.RelyingParty, body: StepUpBody) {
  const userId = auth.user.id;
  const withFactor = await hasFactor(deps.db, userId);
  if (body.method === 'password' && withFactor) throw new AppError('bad-request', ACCOUNT_SECURITY_TEXTS.stepUpNeedsSecondFactor);
  await deps.attempts.hit(userId);
  let refusal: string | null = null;
  switch (body.method) {
    case 'password':
      if (!(await verifyPassword(auth.user.passwordHash, body.password))) refusal = ACCOUNT_SECURITY_TEXTS.currentPasswordWrong;
      break;
    case 'totp':
    case 'recovery':
      if (!(body.method === 'totp' ? await acceptTotpCode(deps, userId, body.code) : await acceptRecoveryCode(deps, userId, body.code)))
        refusal = textOf(body.method);
      break;
    case 'webauthn': {
      const signed = webauthn.signedChallengeOf(body.response);
      const challenge = signed
        ? await repo.claimWebauthnChallenge(deps.db, userId, 'webauthn-step-up', signed, deps.clock.now())
        : undefined;
      if (!challenge?.challenge || !(await acceptAssertion(deps, rp, userId, body.response, challenge.challenge)))
        refusal = ACCOUNT_SECURITY_TEXTS.passkeyFailed;
      break;
    }
  }
  // 400, not 401: the session itself is fine, and the web app signs out on a 401.
  if (refusal) throw new AppError('bad-request', refusal);
  await deps.attempts.clear(userId);
  const now = deps.clock.now();
  await updateSession(deps.db, auth.tenantId, auth.session.id, { verifiedAt: now });
  await recordEvent(deps.db, { ...securityEvent(auth, 'Confirmed it was them'), meta: { method: body.method } });
  return { verifiedUntil: steppedUpUntil({ verifiedAt: now }, now)!.toISOString() };
}
