import {
  diffChanges,
  documentMetadata,
  isPendingMembership,
  EXPIRY_IN_PAST_ERROR,
  isPastExpiry,
  rightsOf,
  userDisplayName,
  type AccessGrant,
  type AccessRight,
  type DocumentAssociations,
  type DocumentQuery,
  type DocumentRecord,
  type DocumentUpdateBody,
  type List,
  type PageQuery,
  type TenantRole,
  type TimelineQuery,
} from '@tessera/domain';
import { and, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { accessGrantCreateBody, accessGrantUpdateBody, documentUpdateBody } from '@tessera/domain';
import { govPhotoIds, type AccessGrantRow, type DocumentRow, type TenantMemberRow, type UserRow } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { FieldCipher } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';
import { runInWorker } from '../../lib/worker-pool.ts';
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import type { MailMessage } from '../../lib/mail/mailer.ts';
import { parseForm } from '../../lib/multipart.ts';
import { pageMeta } from '../../lib/pagination.ts';
import type { FileStorage } from '../../lib/storage/storage.ts';
import { checkUpload, type AllowedMimeType } from '../../lib/uploads.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { invitationMail, issueInviteLink, writeInvitation, type AuthDeps, type CallSite } from '../auth/index.ts';
import { canUseRaiseMode, isTenantOwner } from '../institutions/index.ts';
import { documentListedOnOffer, documentRoleThroughOffer } from '../offers/index.ts';
import { findMember } from '../tenants/index.ts';
import { queryEvents, recordEvent, userEvent } from '../timeline/index.ts';
import { findUserById, findUserWithMemberByEmail } from '../users/index.ts';
import { isLockedByRules, roleThroughRules } from './document-access-rules.ts';
import { documentSharedMail } from './document-mails.ts';
import {
  deleteDocumentRow,
  deleteGrant,
  findActiveGrant,
  findDocument,
  findGrant,
  findGrantOfSubject,
  type GrantSubject,
  insertDocument,
  insertGrant,
  isPendingSubject,
  listGrants,
  listGrantsPage,
  listReadableDocuments,
  toAccessGrant,
  isParsed,
  sealParsedText,
  toDocumentRecord,
  updateDocument,
  updateGrant,
} from './documents.repository.ts';

export interface DocumentDeps extends AuthDeps {
  storage: FileStorage;
}

/** Parsing and searching also need the field cipher: parsed text is classified (lib/pii.ts), stored encrypted. */
export interface DocumentTextDeps extends DocumentDeps {
  cipher: FieldCipher;
}

const RIGHT_VERBS: Record<AccessRight, string> = { read: 'reading', update: 'changing', delete: 'deleting', share: 'sharing' };

/**
 * The caller's role on a document: owner when they uploaded it, else the role of an unexpired grant, else a role
 * through an offer or a rule another module registered (document-access-rules.ts); anything else is not found.
 * `locked` when a registered lock holds it (an application's approval letter): nobody changes or deletes it then.
 */
async function resolveAccess(
  deps: DocumentDeps,
  auth: AuthContext,
  id: string,
): Promise<{ row: DocumentRow; role: TenantRole; locked: boolean }> {
  const row = await findDocument(deps.db, auth.tenantId, id);
  if (!row) throw notFound('Document');
  const locked = await isLockedByRules(deps.db, auth.tenantId, row);
  if (row.uploadedBy === auth.user.id) return { row, role: 'owner', locked };
  // A grant counts once its holder is a member here: an invitation not yet accepted opens nothing.
  const member = auth.member;
  const grant = await findActiveGrant(deps.db, auth.tenantId, id, auth.user.id, deps.clock.now());
  if (grant && !(member && isPendingMembership(member.membershipStatus))) return { row, role: grant.role, locked };
  const throughOffer = await roleThroughOffer(deps, auth, row);
  if (throughOffer) return { row, role: throughOffer, locked };
  const throughRule = await roleThroughRules(deps.db, auth, row, deps.clock.now());
  if (throughRule) return { row, role: throughRule, locked };
  throw notFound('Document');
}

/** The rights a role gives, less changing and deleting on a locked document. */
function rightsOn(role: TenantRole, locked: boolean) {
  const rights = rightsOf(role);
  return locked ? { ...rights, update: false, delete: false } : rights;
}

/**
 * 002 §6: an uploaded offer document makes the institution its owner. Kept as a rule rather than grants (which are
 * held by users): whoever may work on an institution whose offer lists the document — its team while in Raise mode,
 * and the tenant's owners — has the owner role on it (the team's viewers the viewer role), for as long as the offer
 * lists it.
 */
async function roleThroughOffer(deps: DocumentDeps, auth: AuthContext, row: DocumentRow): Promise<TenantRole | null> {
  if (row.entityType !== 'OFFER' || !canUseRaiseMode(auth)) return null;
  return documentRoleThroughOffer(deps.db, auth.tenantId, row.id, auth.user.id, isTenantOwner(auth), deps.clock.now());
}

async function requireRight(deps: DocumentDeps, auth: AuthContext, id: string, right: AccessRight) {
  const access = await resolveAccess(deps, auth, id);
  if (!rightsOf(access.role)[right]) throw forbidden(`Your role on this document (${access.role}) does not allow ${RIGHT_VERBS[right]} it`);
  if (access.locked && (right === 'update' || right === 'delete'))
    throw new AppError('conflict', 'This is the approval letter of an accreditation application: it cannot be changed or deleted');
  return access;
}

export interface NewDocumentFile {
  data: Buffer;
  fileName: string;
}

/** Checks the bytes, stores them under a generated key and records the upload; the building block of every document upload. */
export function createDocument(
  deps: DocumentDeps,
  auth: AuthContext,
  file: NewDocumentFile,
  metadata: z.output<typeof documentMetadata>,
  options: { allowed?: readonly AllowedMimeType[] } = {},
): Promise<DocumentRecord> {
  return createDocumentAs(deps, { tenantId: auth.tenantId, uploadedBy: auth.user.id, userId: auth.user.id }, file, metadata, options);
}

/**
 * Who uploads a document that no signed-in user uploads: an evaluator through their e-mailed link has no account, so
 * `uploadedBy` names what they came through (the evaluator request's id) and the timeline names them by `via`.
 */
export interface DocumentUploader {
  tenantId: string;
  uploadedBy: string;
  /** The actor on the timeline: a user, or null for someone without an account. */
  userId: string | null;
  /** How the timeline names an actor without an account ("Carla Reyes (evaluator)"). */
  via?: string;
}

/**
 * createDocument for callers that are not a signed-in user (the evaluator's public upload). The uploader is the
 * document's owner by id only: no user has that id, so the document is read through the record that holds it.
 */
export async function createDocumentAs(
  deps: Pick<DocumentDeps, 'db' | 'storage'>,
  uploader: DocumentUploader,
  file: NewDocumentFile,
  metadata: z.output<typeof documentMetadata>,
  options: { allowed?: readonly AllowedMimeType[] } = {},
): Promise<DocumentRecord> {
  const checked = await checkUpload(file.data, file.fileName, options);
  const id = newId();
  const storageKey = `documents/${uploader.tenantId}/${id}`;
  await deps.storage.put(storageKey, file.data, checked.mimeType);
  try {
    const row = await deps.db.transaction(async (tx) => {
      const created = await insertDocument(tx, {
        tenantId: uploader.tenantId,
        id,
        ...metadata,
        mimeType: checked.mimeType,
        size: checked.size,
        storageKey,
        originalName: checked.originalName,
        uploadedBy: uploader.uploadedBy,
      });
      await recordEvent(tx, {
        tenantId: uploader.tenantId,
        entity: id,
        entityType: 'document',
        userId: uploader.userId,
        type: 'upload',
        message: `Uploaded ${created.name}`,
        meta: {
          ...(uploader.via ? { via: uploader.via } : {}),
          change: diffChanges(
            {},
            {
              name: created.name,
              type: created.type,
              entityType: created.entityType,
              tags: created.tags,
              description: created.description,
              originalName: created.originalName,
              size: created.size,
            },
          ),
        },
      });
      return created;
    });
    return toDocumentRecord(row, rightsOf('owner'));
  } catch (error) {
    await deps.storage.delete(storageKey).catch(() => {});
    throw error;
  }
}

/** POST document: the multipart text fields as metadata, checked with the schema the route publishes. */
export function metadataFromFields(fields: Record<string, string>) {
  return parseForm(documentMetadata, fields);
}

export async function listDocuments(deps: DocumentTextDeps, auth: AuthContext, q: DocumentQuery): Promise<List<DocumentRecord>> {
  const terms = q.search ? deps.cipher.searchTerms(q.search) : [];
  const { rows, total } = await listReadableDocuments(deps.db, auth.tenantId, auth.user.id, deps.clock.now(), q, terms);
  return {
    data: rows.map(({ document, role }) => toDocumentRecord(document, rightsOf(document.uploadedBy === auth.user.id ? 'owner' : role))),
    meta: pageMeta(q, total),
  };
}

export async function getDocument(deps: DocumentDeps, auth: AuthContext, id: string): Promise<DocumentRecord> {
  const { row, role, locked } = await requireRight(deps, auth, id, 'read');
  return toDocumentRecord(row, rightsOn(role, locked));
}

export async function openDownload(
  deps: DocumentDeps,
  auth: AuthContext,
  id: string,
): Promise<{ row: DocumentRow; stream: Readable; size: number }> {
  const { row } = await requireRight(deps, auth, id, 'read');
  const file = await deps.storage.get(row.storageKey);
  if (!file) throw notFound('File');
  return { row, ...file };
}

export async function updateDocumentMetadata(
  deps: DocumentDeps,
  auth: AuthContext,
  id: string,
  body: z.output<typeof documentUpdateBody>,
): Promise<DocumentRecord> {
  const { row, role } = await requireRight(deps, auth, id, 'update');
  const change = diffChanges(row as unknown as Record<string, unknown>, body as Partial<Record<string, unknown>>);
  if (Object.keys(change).length === 0) return toDocumentRecord(row, rightsOf(role));
  const updated = await deps.db.transaction(async (tx) => {
    const next = await updateDocument(tx, auth.tenantId, id, body as DocumentUpdateBody);
    await recordEvent(
      tx,
      userEvent(auth, 'document', id, {
        type: 'update',
        message: `Updated ${next.name}`,
        meta: { change },
      }),
    );
    return next;
  });
  return toDocumentRecord(updated, rightsOf(role));
}

export async function deleteDocument(deps: DocumentDeps, auth: AuthContext, id: string): Promise<void> {
  const { row } = await requireRight(deps, auth, id, 'delete');
  const [usedBy] = await deps.db
    .select({ id: govPhotoIds.id })
    .from(govPhotoIds)
    .where(and(eq(govPhotoIds.tenantId, auth.tenantId), or(eq(govPhotoIds.documentFrontId, id), eq(govPhotoIds.documentBackId, id))))
    .limit(1);
  if (usedBy) throw new AppError('conflict', 'This document is an image of a government photo ID: delete or change that ID first');
  const offerName = await documentListedOnOffer(deps.db, auth.tenantId, id);
  if (offerName)
    throw new AppError('conflict', `This document is listed on the offer ${offerName}: remove it from the offer's documents first`);
  await deps.db.transaction(async (tx) => {
    await deleteDocumentRow(tx, auth.tenantId, id);
    await recordEvent(
      tx,
      userEvent(auth, 'document', id, {
        type: 'delete',
        message: `Deleted ${row.name}`,
        meta: {
          delete: {
            name: row.name,
            type: row.type,
            entityType: row.entityType,
            tags: row.tags,
            description: row.description,
            originalName: row.originalName,
          },
        },
      }),
    );
  });
  await deps.storage.delete(row.storageKey);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

const PDF_TEXT = new URL('./pdf-text.ts', import.meta.url);

/**
 * Extracts the text of a PDF (or takes a text file as it is) so that search finds words inside it. The text can hold a
 * tax or ID number: it is stored encrypted, with keyed hashes of its words for search, and never returned.
 */
export async function parseDocument(
  deps: DocumentTextDeps,
  auth: AuthContext,
  id: string,
): Promise<{ document: DocumentRecord; characters: number }> {
  const { row, role } = await requireRight(deps, auth, id, 'update');
  if (row.mimeType !== 'application/pdf' && row.mimeType !== 'text/csv' && row.mimeType !== 'text/plain') {
    throw new AppError('bad-request', `Only PDF, CSV and text documents can be parsed; this one is ${row.mimeType}`);
  }
  const file = await deps.storage.get(row.storageKey);
  if (!file) throw notFound('File');
  const data = await readAll(file.stream);
  // Off the event loop, within the pool's time limit and the caller's and tenant's share of it (lib/worker-pool.ts).
  const text =
    row.mimeType === 'application/pdf'
      ? await runInWorker<string>(PDF_TEXT, 'extractPdfText', [data], { owner: { tenantId: auth.tenantId, userId: auth.user.id } })
      : data.toString('utf8');
  // Postgres text cannot hold NUL bytes.
  const parsedText = text.replace(/\0/g, '');
  const updated = await deps.db.transaction(async (tx) => {
    const next = await updateDocument(tx, auth.tenantId, id, sealParsedText(deps.cipher, parsedText));
    await recordEvent(
      tx,
      userEvent(auth, 'document', id, {
        type: 'update',
        message: `Parsed the text of ${row.name}`,
        meta: { change: { parsed: { old: isParsed(row), new: true } } },
      }),
    );
    return next;
  });
  return { document: toDocumentRecord(updated, rightsOf(role)), characters: parsedText.length };
}

export async function listDocumentEvents(deps: DocumentDeps, auth: AuthContext, id: string, q: TimelineQuery) {
  await requireRight(deps, auth, id, 'read');
  return queryEvents(deps.db, auth.tenantId, { kind: 'entity', entityType: 'document', entity: id }, q);
}

export async function getAssociations(deps: DocumentDeps, auth: AuthContext, id: string): Promise<DocumentAssociations> {
  const { row, role } = await requireRight(deps, auth, id, 'read');
  const now = deps.clock.now();
  // Only those who may share see who else holds access.
  const grants = rightsOf(role).share
    ? (await listGrants(deps.db, auth.tenantId, id)).map((g) => toAccessGrant(g.grant, g.subject, now))
    : [];
  const uploader = await findUserById(deps.db, row.uploadedBy);
  const ids = await deps.db
    .select({ id: govPhotoIds.id, userId: govPhotoIds.userId, type: govPhotoIds.type })
    .from(govPhotoIds)
    .where(and(eq(govPhotoIds.tenantId, auth.tenantId), or(eq(govPhotoIds.documentFrontId, id), eq(govPhotoIds.documentBackId, id))));
  return {
    grants,
    entities: [
      ...(uploader ? [{ entity: uploader.id, entityType: 'user' as const, label: userDisplayName(uploader) }] : []),
      ...ids
        .filter((g) => g.userId === auth.user.id)
        .map((g) => ({ entity: g.id, entityType: 'gov-photo-id' as const, label: `Government photo ID (${g.type})` })),
    ],
  };
}

// Access grants.

export async function listAccess(deps: DocumentDeps, auth: AuthContext, id: string, q: PageQuery): Promise<List<AccessGrant>> {
  await requireRight(deps, auth, id, 'share');
  const now = deps.clock.now();
  const { rows, total } = await listGrantsPage(deps.db, auth.tenantId, id, q);
  return { data: rows.map((g) => toAccessGrant(g.grant, g.subject, now)), meta: pageMeta(q, total) };
}

/** A grant that would be expired at once is refused, naming the field. */
function requireFutureExpiry(deps: DocumentDeps, expiresAt: string | null | undefined): void {
  if (isPastExpiry(expiresAt, deps.clock.now())) throw new AppError('validation', `body.expiresAt: ${EXPIRY_IN_PAST_ERROR}`);
}

/**
 * How often someone may be invited through sharing by e-mail (issue #21): every e-mail share and resend counts for
 * the sharer, each e-mail share for the person it names, each resend for them too. Keyed by the address as typed, so
 * a 429 says nothing about whether it has an account.
 */
export interface ShareLimits {
  /** Shares by e-mail and resends of one sharer in this tenant: 10 an hour. */
  perSharer: AttemptLimiter;
  /** Shares by e-mail naming one address in this tenant, from anyone: 3 a day. */
  perRecipient: AttemptLimiter;
  /** Resent invitations to one address in this tenant: 3 an hour. */
  resendPerRecipient: AttemptLimiter;
}
export const SHARE_LIMITS = {
  perSharer: { max: 10, windowMs: 60 * 60_000 },
  perRecipient: { max: 3, windowMs: 24 * 60 * 60_000 },
  resendPerRecipient: { max: 3, windowMs: 60 * 60_000 },
} as const;
export interface SharingDeps extends DocumentDeps {
  shareLimits: ShareLimits;
}

/**
 * Grants a role on the document. A member of this tenant is granted at once and told by e-mail. Anyone else named by
 * e-mail is invited to the tenant (investor), whether or not the address has an account elsewhere, and holds the grant
 * from then on: it counts once they accept, and until then the answer names them only by the e-mail typed (issue #21).
 * Someone still invited gets a fresh invitation link. The invitation and the grant are written in one transaction and
 * the mail goes out after it commits, so a failed grant leaves no invited account and no invitation behind.
 */
export async function grantAccess(
  deps: SharingDeps,
  site: CallSite,
  auth: AuthContext,
  id: string,
  body: z.output<typeof accessGrantCreateBody>,
): Promise<AccessGrant> {
  const { row } = await requireRight(deps, auth, id, 'share');
  requireFutureExpiry(deps, body.expiresAt);
  let target: { user: UserRow; member: TenantMemberRow } | undefined;
  if (body.subject) {
    const [user, member] = await Promise.all([findUserById(deps.db, body.subject), findMember(deps.db, auth.tenantId, body.subject)]);
    if (!user || !member) throw notFound('User');
    target = { user, member };
  } else {
    await deps.shareLimits.perSharer.hit(`${auth.tenantId}:${auth.user.id}`);
    await deps.shareLimits.perRecipient.hit(`${auth.tenantId}:${body.subjectEmail!}`);
    const found = await findUserWithMemberByEmail(deps.db, body.subjectEmail!, auth.tenantId);
    if (found?.member) target = { user: found.user, member: found.member };
  }
  if (target?.user.id === row.uploadedBy) throw new AppError('bad-request', 'subject: the uploader already owns this document');
  if (target && (await findGrantOfSubject(deps.db, auth.tenantId, id, target.user.id)))
    throw new AppError('conflict', 'This person already has access: change their role instead');

  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  const inviter = userDisplayName(auth.user);
  const { grant, subject, mail } = await deps.db.transaction(async (tx) => {
    let user: UserRow;
    let member: TenantMemberRow;
    let mail: MailMessage | null = null;
    if (target) {
      ({ user, member } = target);
      if (member.membershipStatus === 'invited') {
        const link = await issueInviteLink(deps, tx, site, user, member);
        mail = { to: user.email, tenantId: auth.tenantId, ...invitationMail(site, inviter, link) };
      }
    } else {
      const email = body.subjectEmail!;
      const invitation = await writeInvitation(deps, tx, site, auth, {
        email,
        firstname: email.split('@')[0] ?? email,
        lastname: '',
        role: 'investor',
        attributes: {},
        expiresAt: null,
      });
      ({ invitedUser: user, member, mail } = invitation);
    }
    const subject: GrantSubject = { ...member, email: user.email, signupStatus: user.signupStatus };
    const pending = isPendingSubject(subject);
    const created = await insertGrant(tx, {
      tenantId: auth.tenantId,
      id: newId(),
      resource: id,
      resourceType: 'document',
      resourceEmail: null,
      subject: user.id,
      subjectType: 'user',
      subjectEmail: user.email,
      role: body.role,
      expiresAt,
      createdBy: auth.user.id,
    });
    await recordEvent(
      tx,
      userEvent(auth, 'document', id, {
        type: 'access',
        message: `${pending ? 'Invited' : 'Shared with'} ${user.email} as ${body.role}`,
        meta: {
          change: {
            [`access.${user.email}`]: { old: null, new: { role: body.role, expiresAt: created.expiresAt?.toISOString() ?? null } },
          },
        },
        // The account stays unnamed in the tenant's history until the person accepts.
        refs: pending ? [] : [{ entity: user.id, entityType: 'user' }],
      }),
    );
    if (!pending) {
      const shared = documentSharedMail(site.tenant.name, inviter, row.name, body.role, `${site.origin}/document/${id}`);
      mail = { to: user.email, tenantId: auth.tenantId, ...shared };
    }
    return { grant: created, subject, mail };
  });
  if (mail) await deps.mailer.send(mail);
  return toAccessGrant(grant, subject, deps.clock.now());
}

/** The account a grant event refers to; none while its holder has not accepted (the tenant does not know it yet). */
const subjectRefs = (grant: AccessGrantRow, subject: GrantSubject) =>
  isPendingSubject(subject) ? [] : [{ entity: grant.subject, entityType: 'user' as const }];

async function requireGrant(deps: DocumentDeps, auth: AuthContext, id: string, grantId: string) {
  const found = await findGrant(deps.db, auth.tenantId, id, grantId);
  if (!found) throw notFound('Access grant');
  return found;
}

export async function changeAccess(
  deps: DocumentDeps,
  auth: AuthContext,
  id: string,
  grantId: string,
  body: z.output<typeof accessGrantUpdateBody>,
): Promise<AccessGrant> {
  await requireRight(deps, auth, id, 'share');
  requireFutureExpiry(deps, body.expiresAt);
  const { grant, subject } = await requireGrant(deps, auth, id, grantId);
  const next = { role: body.role, expiresAt: body.expiresAt === undefined ? undefined : body.expiresAt ? new Date(body.expiresAt) : null };
  const change = diffChanges(
    { role: grant.role, expiresAt: grant.expiresAt?.toISOString() ?? null },
    { role: next.role, expiresAt: next.expiresAt === undefined ? undefined : (next.expiresAt?.toISOString() ?? null) },
  );
  if (Object.keys(change).length === 0) return toAccessGrant(grant, subject, deps.clock.now());
  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateGrant(tx, auth.tenantId, grantId, {
      ...(next.role && { role: next.role }),
      ...(next.expiresAt !== undefined && { expiresAt: next.expiresAt }),
    });
    await recordEvent(
      tx,
      userEvent(auth, 'document', id, {
        type: 'access',
        message: `Changed the access of ${grant.subjectEmail}`,
        meta: { change },
        refs: subjectRefs(grant, subject),
      }),
    );
    return row;
  });
  return toAccessGrant(updated, subject, deps.clock.now());
}

export async function revokeAccess(deps: DocumentDeps, auth: AuthContext, id: string, grantId: string): Promise<void> {
  await requireRight(deps, auth, id, 'share');
  const { grant, subject } = await requireGrant(deps, auth, id, grantId);
  await deps.db.transaction(async (tx) => {
    await deleteGrant(tx, auth.tenantId, grantId);
    await recordEvent(
      tx,
      userEvent(auth, 'document', id, {
        type: 'access',
        message: `Removed the access of ${grant.subjectEmail}`,
        meta: { delete: { subjectEmail: grant.subjectEmail, role: grant.role, expiresAt: grant.expiresAt?.toISOString() ?? null } },
        refs: subjectRefs(grant, subject),
      }),
    );
  });
}

/** §4/§6: the invite is resent only while the person has not accepted it; limited like sharing by e-mail. */
export async function resendInvite(deps: SharingDeps, site: CallSite, auth: AuthContext, id: string, grantId: string): Promise<void> {
  await requireRight(deps, auth, id, 'share');
  const { grant, subject } = await requireGrant(deps, auth, id, grantId);
  if (!isPendingSubject(subject))
    throw new AppError('bad-request', 'This person has already accepted the invitation: there is no invitation to resend');
  if (subject.membershipStatus !== 'invited')
    throw new AppError('bad-request', 'Only invited people can be sent the invitation again: the invitation was withdrawn');
  await deps.shareLimits.perSharer.hit(`${auth.tenantId}:${auth.user.id}`);
  await deps.shareLimits.resendPerRecipient.hit(`${auth.tenantId}:${subject.email}`);
  // The token and its timeline event together; the mail goes once they are committed (as writeInvitation's callers do).
  const link = await deps.db.transaction(async (tx) => {
    const issued = await issueInviteLink(deps, tx, site, { id: grant.subject, ...subject }, subject);
    await recordEvent(tx, userEvent(auth, 'document', id, { type: 'invite', message: `Resent the invitation to ${grant.subjectEmail}` }));
    return issued;
  });
  await deps.mailer.send({ to: subject.email, tenantId: site.tenant.id, ...invitationMail(site, userDisplayName(auth.user), link) });
}

/**
 * Gives a person a role on documents by another module's rule (002 §6: the lead's member views the documents shared
 * with the lead), inside the caller's transaction: grants like those shared by hand, so the documents are in the
 * person's own list and count once they are a member here. Someone who uploaded a document or already holds a grant
 * on it keeps what they have. One access event per new grant; the account is named only once the person has accepted.
 */
export async function grantDocumentsIn(
  tx: DbOrTx,
  grant: {
    tenantId: string;
    documentIds: string[];
    user: Pick<UserRow, 'id' | 'email'>;
    role: TenantRole;
    createdBy: string;
    /** Whether the person has yet to accept their invitation (the tenant's history must not name the account). */
    pending: boolean;
  },
): Promise<number> {
  let granted = 0;
  for (const documentId of grant.documentIds) {
    const row = await findDocument(tx, grant.tenantId, documentId);
    if (!row || row.uploadedBy === grant.user.id) continue;
    if (await findGrantOfSubject(tx, grant.tenantId, documentId, grant.user.id)) continue;
    await insertGrant(tx, {
      tenantId: grant.tenantId,
      id: newId(),
      resource: documentId,
      resourceType: 'document',
      resourceEmail: null,
      subject: grant.user.id,
      subjectType: 'user',
      subjectEmail: grant.user.email,
      role: grant.role,
      expiresAt: null,
      createdBy: grant.createdBy,
    });
    await recordEvent(tx, {
      tenantId: grant.tenantId,
      type: 'access',
      entity: documentId,
      entityType: 'document',
      userId: grant.createdBy,
      message: `Shared with ${grant.user.email} as ${grant.role}`,
      meta: { change: { [`access.${grant.user.email}`]: { old: null, new: { role: grant.role, expiresAt: null } } } },
      refs: grant.pending ? [] : [{ entity: grant.user.id, entityType: 'user' }],
    });
    granted += 1;
  }
  return granted;
}
