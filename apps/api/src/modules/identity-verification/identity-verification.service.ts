import {
  diffChanges,
  identityInquiryPagePath,
  maskDocumentNumber,
  type IdentityDocumentFields,
  type IdentityDocumentSide,
  type IdentityInquiry,
  type IdentityInquiryStatus,
  type IdentityOutcome,
  type IdentityVerificationReview,
  type IdentityVerificationStatus,
  type InquiryEmbed,
  type OpenedIdentityInquiry,
} from '@tessera/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { identityFieldsBody } from '@tessera/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { withTenant } from '../../db/scope.ts';
import type { IdentityInquiryRow, UserRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { FieldCipher } from '../../lib/crypto.ts';
import type {
  ExternalIdentityProvider,
  IdentityCheck,
  IdentityDecision,
  IdentityFields,
  IdentityWebhookEvent,
  ProviderInquiryStatus,
  VerifyIdentityDocument,
} from '../../lib/identity/identity-provider.ts';
import { newId } from '../../lib/ids.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { IMAGE_MIME_TYPES, type AllowedMimeType } from '../../lib/uploads.ts';
import { createDocument, findDocument, type DocumentDeps } from '../documents/index.ts';
import { fillProfileFromIdentity, profileForIdentityCheck } from '../individual-profiles/index.ts';
import { findMember } from '../tenants/index.ts';
import { recordEvent } from '../timeline/index.ts';
import { findUserById, updateUser } from '../users/index.ts';
import {
  findInquiry,
  findInquiryByProviderIdUnscoped,
  findLatestInquiry,
  insertInquiry,
  claimUnverifiedInquiriesUnscoped,
  renewVerificationLease,
  rememberWebhookEvent,
  updateInquiry,
} from './identity-verification.repository.ts';
import type { VerificationJobs } from './verification-jobs.ts';

export interface IdentityDeps extends DocumentDeps {
  cipher: FieldCipher;
  /** The built-in verifier (lib/identity/builtin-verifier.ts unless a test injects one). */
  verify: VerifyIdentityDocument;
  /** Persona when configured (or injected); null: the built-in verifier. */
  provider: ExternalIdentityProvider | null;
  jobs: VerificationJobs;
  log: FastifyBaseLogger;
}

type TypedFields = z.output<typeof identityFieldsBody>;
type Typed = Omit<TypedFields, 'inquiryId'>;
interface Decision {
  checks: IdentityCheck[];
  document: Partial<IdentityFields>;
}

/** The pictures a built-in inquiry takes: images, as every image upload (a GIF the verifier cannot read goes to a reviewer). */
const PICTURE_TYPES: readonly AllowedMimeType[] = IMAGE_MIME_TYPES;
const SIDE_COLUMN = { front: 'frontDocumentId', back: 'backDocumentId', selfie: 'selfieDocumentId' } as const;

// ---------------------------------------------------------------------------------------------------------------
// Reading

function readTyped(cipher: FieldCipher, row: IdentityInquiryRow): Typed | null {
  return row.typedEncrypted ? (JSON.parse(cipher.decrypt(row.typedEncrypted)) as Typed) : null;
}
function readDecision(cipher: FieldCipher, row: IdentityInquiryRow): Decision | null {
  return row.decisionEncrypted ? (JSON.parse(cipher.decrypt(row.decisionEncrypted)) as Decision) : null;
}
const masked = (fields: IdentityDocumentFields, mask: boolean): IdentityDocumentFields =>
  mask && fields.documentNumber ? { ...fields, documentNumber: maskDocumentNumber(fields.documentNumber) } : fields;

/** The API shape; `mask` hides the document numbers (anyone but the person themself). */
export function toInquiry(cipher: FieldCipher, row: IdentityInquiryRow, mask: boolean): IdentityInquiry {
  const typed = readTyped(cipher, row);
  const decision = readDecision(cipher, row);
  return {
    _id: row.id,
    user: row.userId,
    provider: row.provider,
    status: row.status,
    documentType: row.documentType,
    uploads: { front: row.frontDocumentId !== null, back: row.backDocumentId !== null, selfie: row.selfieDocumentId !== null },
    fields: typed ? masked(typed, mask) : null,
    outcome: row.outcome,
    checks: decision?.checks ?? [],
    document: decision ? masked(decision.document, mask) : null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Access

/** Only the person opens, fills, submits and completes their own inquiries; anyone else's id is not found. */
export function requireSelf(auth: AuthContext, userId: string): void {
  if (auth.user.id !== userId) throw notFound('User');
}

async function requireOwnInquiry(db: DbOrTx, auth: AuthContext, userId: string, inquiryId: string, lock = false) {
  requireSelf(auth, userId);
  const row = await findInquiry(db, auth.tenantId, userId, inquiryId, lock);
  if (!row) throw notFound('Identity inquiry');
  return row;
}

/** A built-in inquiry the person is still filling in. */
function requireOpenBuiltin(row: IdentityInquiryRow): void {
  if (row.provider !== 'builtin') throw new AppError('conflict', "This inquiry is Persona's: its pictures and fields are given there");
  if (row.status !== 'started') throw new AppError('conflict', 'This inquiry was already submitted: open a new one to change it');
}

/**
 * The reviewer's read: the person themself, the tenant's owners (an active owner membership) and platform admins, for
 * a member of this tenant. Anyone else gets 404, so an id tells nothing about whether the account exists.
 */
async function loadReviewable(db: Db, auth: AuthContext, userId: string): Promise<UserRow> {
  if (auth.user.id === userId) return auth.user;
  const reviewer = auth.isPlatformAdmin || (auth.member?.role === 'owner' && auth.member.membershipStatus === 'active');
  if (!reviewer) throw notFound('User');
  const [user, member] = await Promise.all([findUserById(db, userId), findMember(db, auth.tenantId, userId)]);
  if (!user || !member) throw notFound('User');
  return user;
}

// ---------------------------------------------------------------------------------------------------------------
// Status changes

/** Who made a change: the person, or the provider (a webhook, the verifier finishing) with no user. */
interface Actor {
  userId: string | null;
  name: string;
}
const personActor = (auth: AuthContext): Actor => ({ userId: auth.user.id, name: 'the person' });
const VERIFIER: Actor = { userId: null, name: 'the built-in verifier' };
const PERSONA: Actor = { userId: null, name: 'Persona' };

/** Sets the user's identity verification status (spec 001 §4), recording old and new on the user's timeline. */
async function setUserStatus(
  tx: DbOrTx,
  tenantId: string,
  userId: string,
  next: IdentityVerificationStatus,
  actor: Actor,
  inquiryId: string,
): Promise<void> {
  const user = await findUserById(tx, userId);
  if (!user || user.identityVerificationStatus === next) return;
  await updateUser(tx, userId, { identityVerificationStatus: next });
  await recordEvent(tx, {
    tenantId,
    type: 'status',
    entity: userId,
    entityType: 'user',
    userId: actor.userId,
    message: `Identity verification ${next} (${actor.name})`,
    meta: { change: { identityVerificationStatus: { old: user.identityVerificationStatus, new: next } } },
    refs: [{ entity: inquiryId, entityType: 'identity-inquiry' }],
  });
}

async function inquiryEvent(
  tx: DbOrTx,
  row: IdentityInquiryRow,
  actor: Actor,
  type: 'create' | 'update' | 'upload' | 'status',
  message: string,
  change: Record<string, { old: unknown; new: unknown }>,
  refs: { entity: string; entityType: 'document' | 'user' }[] = [],
): Promise<void> {
  await recordEvent(tx, {
    tenantId: row.tenantId,
    type,
    entity: row.id,
    entityType: 'identity-inquiry',
    userId: actor.userId,
    message,
    meta: { change },
    refs: [{ entity: row.userId, entityType: 'user' }, ...refs],
  });
}

const STATUS_OF_OUTCOME: Record<IdentityOutcome, IdentityInquiryStatus> = {
  approved: 'approved',
  rejected: 'rejected',
  // A reviewer decides: the inquiry and the user stay submitted.
  'manual-review': 'submitted',
};

/**
 * Stores a verdict (the built-in verifier's, or Persona's) on a submitted or started inquiry and moves the user's status
 * with it. Only the user's latest inquiry moves their status: an older inquiry's late verdict does not undo a newer one.
 * An approval fills the individual profile and the user's empty names from the document (the verified values).
 */
async function applyDecision(
  tx: DbOrTx,
  row: IdentityInquiryRow,
  outcome: IdentityOutcome,
  decision: Decision,
  deps: Pick<IdentityDeps, 'cipher'>,
  actor: Actor,
  now: Date,
): Promise<IdentityInquiryRow> {
  const status = STATUS_OF_OUTCOME[outcome];
  const updated = await updateInquiry(tx, row.tenantId, row.id, {
    outcome,
    status,
    decisionEncrypted: deps.cipher.encrypt(JSON.stringify(decision)),
    decidedAt: now,
  });
  await inquiryEvent(tx, updated, actor, 'status', `Identity inquiry ${outcome} (${actor.name})`, {
    ...diffChanges({ status: row.status, outcome: row.outcome }, { status, outcome }),
  });
  const latest = await findLatestInquiry(tx, row.tenantId, row.userId);
  if (latest?.id !== row.id) return updated;
  await setUserStatus(tx, row.tenantId, row.userId, status, actor, row.id);
  if (outcome === 'approved') await fillFromDocument(tx, updated, readTyped(deps.cipher, updated), decision, actor);
  return updated;
}

/** The verified fields (the document's, else what was typed) fill the individual profile and the user's empty names. */
async function fillFromDocument(tx: DbOrTx, row: IdentityInquiryRow, typed: Typed | null, decision: Decision, actor: Actor) {
  const doc = decision.document;
  const identity = {
    firstName: doc.firstName ?? typed?.firstName,
    lastName: doc.lastName ?? typed?.lastName,
    birthDate: doc.birthDate ?? typed?.birthDate,
    address: doc.address,
  };
  await fillProfileFromIdentity(tx, { tenantId: row.tenantId, userId: row.userId, actorUserId: actor.userId, identity });
  const user = await findUserById(tx, row.userId);
  if (!user) return;
  const names = {
    ...(!user.firstname && identity.firstName && { firstname: identity.firstName }),
    ...(!user.lastname && identity.lastName && { lastname: identity.lastName }),
  };
  const change = diffChanges(user, names);
  if (Object.keys(change).length === 0) return;
  await updateUser(tx, row.userId, names);
  await recordEvent(tx, {
    tenantId: row.tenantId,
    type: 'update',
    entity: row.userId,
    entityType: 'user',
    userId: actor.userId,
    message: 'Names filled from a verified identity document',
    meta: { change },
    refs: [{ entity: row.id, entityType: 'identity-inquiry' }],
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The person's calls

/** Opens an inquiry with the configured provider and sets the user's status to started (§2). */
export async function openInquiry(deps: IdentityDeps, auth: AuthContext, userId: string): Promise<OpenedIdentityInquiry> {
  requireSelf(auth, userId);
  if (auth.user.identityVerificationStatus === 'approved') throw new AppError('conflict', 'Your identity is already verified');
  const id = newId();
  let embed: InquiryEmbed = { kind: 'frame', url: identityInquiryPagePath(id) };
  let providerInquiryId: string | null = null;
  if (deps.provider) {
    // Outside the transaction: an outside call never holds a database connection.
    const created = await deps.provider.createInquiry({
      referenceId: userId,
      prefill: { firstName: auth.user.firstname ?? undefined, lastName: auth.user.lastname ?? undefined },
    });
    providerInquiryId = created.inquiryId;
    embed = created.embed;
  }
  const row = await deps.db.transaction(async (tx) => {
    const created = await insertInquiry(tx, {
      tenantId: auth.tenantId,
      id,
      userId,
      provider: deps.provider ? 'persona' : 'builtin',
      providerInquiryId,
      status: 'started',
    });
    await inquiryEvent(tx, created, personActor(auth), 'create', `Identity inquiry opened (${created.provider})`, {
      status: { old: null, new: 'started' },
    });
    await setUserStatus(tx, auth.tenantId, userId, 'started', personActor(auth), id);
    return created;
  });
  return { inquiry: toInquiry(deps.cipher, row, false), embed };
}

export async function getInquiry(deps: IdentityDeps, auth: AuthContext, userId: string, inquiryId: string): Promise<IdentityInquiry> {
  return toInquiry(deps.cipher, await requireOwnInquiry(deps.db, auth, userId, inquiryId), false);
}

/** PUT user/{id}/onboarding/identity: the built-in inquiry's personal fields, encrypted at rest. */
export async function saveFields(deps: IdentityDeps, auth: AuthContext, userId: string, body: TypedFields): Promise<IdentityInquiry> {
  const { inquiryId, ...typed } = body;
  const row = await deps.db.transaction(async (tx) => {
    const current = await requireOwnInquiry(tx, auth, userId, inquiryId, true);
    requireOpenBuiltin(current);
    const before = readTyped(deps.cipher, current);
    const shown = (t: Typed | null) => (t ? { ...t, documentNumber: maskDocumentNumber(t.documentNumber) } : {});
    const change = diffChanges(shown(before), shown(typed));
    if (Object.keys(change).length === 0) return current;
    const updated = await updateInquiry(tx, auth.tenantId, current.id, {
      documentType: typed.documentType,
      typedEncrypted: deps.cipher.encrypt(JSON.stringify(typed)),
    });
    await inquiryEvent(tx, updated, personActor(auth), 'update', 'Identity inquiry fields saved', change);
    return updated;
  });
  return toInquiry(deps.cipher, row, false);
}

/** PUT user/{id}/onboarding/identity/documents: one picture (front, back or selfie), stored as a document. */
export async function uploadPicture(
  deps: IdentityDeps,
  auth: AuthContext,
  userId: string,
  inquiryId: string,
  side: IdentityDocumentSide,
  file: UploadedFile,
): Promise<IdentityInquiry> {
  requireOpenBuiltin(await requireOwnInquiry(deps.db, auth, userId, inquiryId));
  const doc = await createDocument(
    deps,
    auth,
    file,
    { name: `Identity verification (${side})`, type: 'GOVERNMENT_ID', entityType: 'USER', tags: [], description: null },
    { allowed: PICTURE_TYPES },
  );
  const column = SIDE_COLUMN[side];
  const row = await deps.db.transaction(async (tx) => {
    const current = await requireOwnInquiry(tx, auth, userId, inquiryId, true);
    requireOpenBuiltin(current);
    const updated = await updateInquiry(tx, auth.tenantId, current.id, { [column]: doc._id });
    await inquiryEvent(
      tx,
      updated,
      personActor(auth),
      'upload',
      `Identity inquiry picture uploaded (${side})`,
      { [column]: { old: current[column], new: doc._id } },
      [{ entity: doc._id, entityType: 'document' }],
    );
    return updated;
  });
  return toInquiry(deps.cipher, row, false);
}

/**
 * Submits a built-in inquiry: status submitted at once, and the verifier (OCR, barcode: seconds of CPU, off the event
 * loop in its worker) runs after the answer; the page polls the inquiry for the verdict.
 */
export async function submitInquiry(deps: IdentityDeps, auth: AuthContext, userId: string, inquiryId: string): Promise<IdentityInquiry> {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const current = await requireOwnInquiry(tx, auth, userId, inquiryId, true);
    requireOpenBuiltin(current);
    const typed = readTyped(deps.cipher, current);
    const missing = [
      !typed && 'the personal fields (PUT user/{id}/onboarding/identity)',
      !current.frontDocumentId && 'the front of the document',
      typed?.documentType === 'drivers-license' && !current.backDocumentId && "the back of the driver's license",
    ].filter(Boolean);
    if (missing.length > 0) throw new AppError('bad-request', `Before submitting, give ${missing.join(', ')}`);
    // This node verifies it (scheduleVerification, below): no other node's sweep takes it while the lease holds.
    const updated = await updateInquiry(tx, auth.tenantId, current.id, {
      status: 'submitted',
      submittedAt: now,
      verificationLeaseUntil: leaseEnd(now),
    });
    await inquiryEvent(tx, updated, personActor(auth), 'status', 'Identity inquiry submitted', {
      status: { old: current.status, new: 'submitted' },
    });
    await setUserStatus(tx, auth.tenantId, userId, 'submitted', personActor(auth), current.id);
    return updated;
  });
  scheduleVerification(deps, row);
  return toInquiry(deps.cipher, row, false);
}

/**
 * The screen's word that the inquiry ended: the server asks the provider (built-in: its stored verdict; Persona:
 * getInquiry) and moves the status only by what it says. An unfinished inquiry is 409; a rejected one stays rejected.
 */
export async function completeInquiry(deps: IdentityDeps, auth: AuthContext, userId: string, inquiryId: string): Promise<IdentityInquiry> {
  const found = await requireOwnInquiry(deps.db, auth, userId, inquiryId);
  if (found.status === 'started' && found.provider === 'builtin')
    throw new AppError('conflict', 'The inquiry is not finished: submit the document first');
  const remote = found.provider === 'persona' && found.providerInquiryId ? await personaOf(deps).getInquiry(found.providerInquiryId) : null;
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const current = await requireOwnInquiry(tx, auth, userId, inquiryId, true);
    let next = current;
    if (remote) {
      const mapped = PERSONA_STATUS[remote.status];
      if (!mapped) throw new AppError('conflict', 'The inquiry is not finished: complete it first');
      next = await applyProviderVerdict(tx, deps, current, remote.status, { checks: remote.checks, document: remote.fields }, PERSONA, now);
    } else if (current.outcome) {
      // The verifier's stored verdict, applied again if the user's status drifted from it.
      const latest = await findLatestInquiry(tx, current.tenantId, current.userId);
      if (latest?.id === current.id) await setUserStatus(tx, current.tenantId, userId, current.status, VERIFIER, current.id);
    }
    if (!next.completedAt && next.outcome) next = await updateInquiry(tx, auth.tenantId, current.id, { completedAt: now });
    return next;
  });
  return toInquiry(deps.cipher, row, false);
}

/** GET user/{id}/onboarding/identity: the status and the latest inquiry, for the person and the tenant's reviewers. */
export async function getReview(deps: IdentityDeps, auth: AuthContext, userId: string): Promise<IdentityVerificationReview> {
  const user = await loadReviewable(deps.db, auth, userId);
  const latest = await findLatestInquiry(deps.db, auth.tenantId, userId);
  return {
    user: userId,
    identityVerificationStatus: user.identityVerificationStatus,
    inquiry: latest ? toInquiry(deps.cipher, latest, auth.user.id !== userId) : null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The built-in verifier, after the answer

/**
 * How long a node holds a built-in inquiry it verifies (#25, several nodes): it renews the lease every third of it
 * while the verifier runs, so a live node keeps it however long the verifier takes, and one that stopped lets it go
 * within this time. Then any node's sweep (every VERIFICATION_SWEEP_MS) takes it up again.
 */
export const VERIFICATION_LEASE_MS = 90_000;
const LEASE_RENEW_MS = VERIFICATION_LEASE_MS / 3;
/** How often each node looks for inquiries whose node stopped before it decided. */
export const VERIFICATION_SWEEP_MS = 30_000;
/** The most inquiries one sweep takes; the next sweep takes the rest. */
const SWEEP_LIMIT = 20;

const leaseEnd = (now: Date) => new Date(now.getTime() + VERIFICATION_LEASE_MS);

/** Verifies a submitted inquiry this node holds the lease of, renewing the lease until it has decided. */
function scheduleVerification(deps: IdentityDeps, row: IdentityInquiryRow): void {
  deps.jobs.run(async () => {
    const renew = setInterval(() => {
      withTenant(row.tenantId, () => renewVerificationLease(deps.db, row.tenantId, row.id, leaseEnd(deps.clock.now()))).catch(
        (err: unknown) => deps.log.warn({ err, inquiryId: row.id }, 'the identity verification lease could not be renewed'),
      );
    }, LEASE_RENEW_MS);
    renew.unref();
    try {
      await withTenant(row.tenantId, async () => verifyInquiry(deps, row.tenantId, row.userId, row.id));
    } catch (err) {
      deps.log.error({ err, inquiryId: row.id }, 'identity verification could not be stored');
    } finally {
      clearInterval(renew);
    }
  });
}

async function readPicture(deps: IdentityDeps, tenantId: string, documentId: string | null): Promise<Buffer | undefined> {
  if (!documentId) return undefined;
  const doc = await findDocument(deps.db, tenantId, documentId);
  const file = doc ? await deps.storage.get(doc.storageKey) : null;
  if (!file) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A verifier that failed (a crash, a worker gone) leaves the document to a reviewer, never to approval. */
function failedDecision(): IdentityDecision {
  return {
    outcome: 'manual-review',
    checks: [
      {
        name: 'document-readable',
        status: 'failed',
        detail: 'The document could not be checked automatically (the verifier failed); a reviewer must look at it.',
      },
    ],
    document: {},
  };
}

async function verifyInquiry(deps: IdentityDeps, tenantId: string, userId: string, inquiryId: string): Promise<void> {
  const row = await findInquiry(deps.db, tenantId, userId, inquiryId);
  const typed = row && readTyped(deps.cipher, row);
  if (!row || !typed || row.status !== 'submitted' || row.outcome) return;
  let decision: IdentityDecision;
  try {
    const [front, back, selfie, profile] = await Promise.all([
      readPicture(deps, tenantId, row.frontDocumentId),
      readPicture(deps, tenantId, row.backDocumentId),
      readPicture(deps, tenantId, row.selfieDocumentId),
      profileForIdentityCheck(deps.db, tenantId, userId),
    ]);
    if (!front) throw new Error('The front picture is missing from storage');
    decision = await deps.verify({
      documentType: typed.documentType,
      front,
      back,
      selfie,
      typed: { firstName: typed.firstName, lastName: typed.lastName, birthDate: typed.birthDate, documentNumber: typed.documentNumber },
      profile,
      today: deps.clock.now().toISOString().slice(0, 10),
    });
  } catch (err) {
    deps.log.error({ err, inquiryId }, 'identity verifier failed; the inquiry goes to manual review');
    decision = failedDecision();
  }
  // A read document with no failed check is never left to chance: only the verifier's own 'approved' approves.
  await deps.db.transaction(async (tx) => {
    const current = await findInquiry(tx, tenantId, userId, inquiryId, true);
    if (!current || current.status !== 'submitted' || current.outcome) return;
    await applyDecision(tx, current, decision.outcome, decision, deps, VERIFIER, deps.clock.now());
  });
}

/**
 * At start-up and every VERIFICATION_SWEEP_MS: built-in inquiries left submitted without a verdict by a node that
 * stopped (their lease ran out) are leased to this node and verified again. Two nodes sweeping at once never take the
 * same inquiry; one a live node is verifying is not taken. Runs the verifications in the background, each inquiry in
 * its own tenant's scope.
 */
export async function resumeUnverified(deps: IdentityDeps): Promise<void> {
  const now = deps.clock.now();
  const rows = await claimUnverifiedInquiriesUnscoped(deps.db, now, leaseEnd(now), SWEEP_LIMIT);
  for (const row of rows) scheduleVerification(deps, row);
}

// ---------------------------------------------------------------------------------------------------------------
// Persona

function personaOf(deps: IdentityDeps): ExternalIdentityProvider {
  if (!deps.provider) throw new AppError('conflict', 'Persona is not configured on this platform');
  return deps.provider;
}

/** Persona's statuses in ours: a verdict (an outcome), or null while the person is still in the flow. */
const PERSONA_STATUS: Record<ProviderInquiryStatus, IdentityOutcome | 'submitted' | null> = {
  created: null,
  pending: null,
  completed: 'submitted',
  'needs-review': 'manual-review',
  approved: 'approved',
  declined: 'rejected',
  failed: 'rejected',
  expired: 'rejected',
};

/** Applies what Persona says of an inquiry; the same for the webhook and the screen's completion. */
async function applyProviderVerdict(
  tx: DbOrTx,
  deps: Pick<IdentityDeps, 'cipher'>,
  row: IdentityInquiryRow,
  status: ProviderInquiryStatus,
  decision: Decision,
  actor: Actor,
  now: Date,
): Promise<IdentityInquiryRow> {
  const mapped = PERSONA_STATUS[status];
  if (!mapped) return row;
  // A verdict is final: a late 'completed' after 'approved' changes nothing.
  if (row.outcome === 'approved' || row.outcome === 'rejected') return row;
  if (mapped === 'submitted') {
    if (row.status === 'submitted') return row;
    const updated = await updateInquiry(tx, row.tenantId, row.id, { status: 'submitted', submittedAt: now });
    await inquiryEvent(tx, updated, actor, 'status', `Identity inquiry submitted (${actor.name})`, {
      status: { old: row.status, new: 'submitted' },
    });
    const latest = await findLatestInquiry(tx, row.tenantId, row.userId);
    if (latest?.id === row.id) await setUserStatus(tx, row.tenantId, row.userId, 'submitted', actor, row.id);
    return updated;
  }
  if (row.outcome === mapped) return row;
  return applyDecision(tx, row, mapped, decision, deps, actor, now);
}

/**
 * POST identity/persona/webhook: verifies the signature (the adapter throws 400), finds the inquiry in whichever tenant
 * (404 without detail when none), and applies the status once per event id.
 */
export async function receivePersonaWebhook(
  deps: IdentityDeps,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ received: true; duplicate: boolean }> {
  const provider = deps.provider;
  if (!provider) throw notFound('Webhook');
  let event: IdentityWebhookEvent;
  try {
    event = provider.parseWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('bad-request', 'The webhook signature does not verify', { cause: error });
  }
  const row = await findInquiryByProviderIdUnscoped(deps.db, 'persona', event.inquiryId);
  if (!row || row.userId !== event.referenceId) throw notFound('Inquiry');
  // Fields and checks come from Persona's own record of a decided inquiry, not from the event.
  const remote =
    PERSONA_STATUS[event.status] && PERSONA_STATUS[event.status] !== 'submitted' ? await provider.getInquiry(event.inquiryId) : null;
  return withTenant(row.tenantId, async () =>
    deps.db.transaction(async (tx) => {
      if (!(await rememberWebhookEvent(tx, row.tenantId, event.eventId, row.id))) return { received: true as const, duplicate: true };
      const current = await findInquiry(tx, row.tenantId, row.userId, row.id, true);
      if (current) {
        const decision = { checks: remote?.checks ?? [], document: remote?.fields ?? {} };
        await applyProviderVerdict(tx, deps, current, event.status, decision, PERSONA, deps.clock.now());
      }
      return { received: true as const, duplicate: false };
    }),
  );
}
