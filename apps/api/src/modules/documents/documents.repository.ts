import {
  documentUrl,
  isPendingMembership,
  memberDisplayName,
  type AccessGrant,
  type AccessRights,
  type DocumentQuery,
  type DocumentRecord,
  type MembershipStatus,
  type PageQuery,
  type SignupStatus,
} from '@tessera/domain';
import { and, arrayContains, desc, eq, gt, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { withCrossTenant } from '../../db/scope.ts';
import type { FieldCipher } from '../../lib/crypto.ts';
import { accessGrants, documents, tenantMembers, users, type AccessGrantRow, type DocumentRow } from '../../db/schema/index.ts';
import { likePattern, offsetOf } from '../../lib/pagination.ts';

export async function insertDocument(db: DbOrTx, values: typeof documents.$inferInsert): Promise<DocumentRow> {
  const [row] = await db.insert(documents).values(values).returning();
  return row!;
}

export async function findDocument(db: DbOrTx, tenantId: string, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.tenantId, tenantId), eq(documents.id, id)))
    .limit(1);
  return row;
}

/** The tenant's documents of these ids, in one query (the documents another module lists by its own links). */
export async function findDocumentsByIds(db: DbOrTx, tenantId: string, ids: string[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(documents)
    .where(and(eq(documents.tenantId, tenantId), inArray(documents.id, ids)));
}

export async function updateDocument(
  db: DbOrTx,
  tenantId: string,
  id: string,
  values: Partial<typeof documents.$inferInsert>,
): Promise<DocumentRow> {
  const [row] = await db
    .update(documents)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(documents.tenantId, tenantId), eq(documents.id, id)))
    .returning();
  return row!;
}

export async function deleteDocumentRow(db: DbOrTx, tenantId: string, id: string): Promise<void> {
  await db
    .delete(accessGrants)
    .where(and(eq(accessGrants.tenantId, tenantId), eq(accessGrants.resourceType, 'document'), eq(accessGrants.resource, id)));
  await db.delete(documents).where(and(eq(documents.tenantId, tenantId), eq(documents.id, id)));
}

const unexpired = (now: Date) => or(isNull(accessGrants.expiresAt), gt(accessGrants.expiresAt, now))!;

/** The caller's unexpired grant on a document, if any. */
export async function findActiveGrant(
  db: DbOrTx,
  tenantId: string,
  documentId: string,
  userId: string,
  now: Date,
): Promise<AccessGrantRow | undefined> {
  return findGrantOfSubject(db, tenantId, documentId, userId, unexpired(now));
}

/**
 * Documents the user uploaded or holds an unexpired grant on, with the granted role (null for their own). `searchTerms`
 * are the search's words hashed as the parsed text's were (FieldCipher.searchTerms): a document whose text holds every
 * one matches, beside the name, file name and description matched as text.
 */
export async function listReadableDocuments(
  db: DbOrTx,
  tenantId: string,
  userId: string,
  now: Date,
  q: DocumentQuery,
  searchTerms: string[] = [],
) {
  const grant = db
    .select({ resource: accessGrants.resource, role: accessGrants.role })
    .from(accessGrants)
    .where(
      and(eq(accessGrants.tenantId, tenantId), eq(accessGrants.resourceType, 'document'), eq(accessGrants.subject, userId), unexpired(now)),
    )
    .as('grant');
  const conditions: SQL[] = [eq(documents.tenantId, tenantId), or(eq(documents.uploadedBy, userId), sql`${grant.resource} is not null`)!];
  if (q.type) conditions.push(eq(documents.type, q.type));
  if (q.entityType) conditions.push(eq(documents.entityType, q.entityType));
  if (q.tags?.length) conditions.push(arrayContains(documents.tags, q.tags));
  if (q.search) {
    const pattern = likePattern(q.search);
    conditions.push(
      or(
        ilike(documents.name, pattern),
        ilike(documents.originalName, pattern),
        ilike(documents.description, pattern),
        ...(searchTerms.length ? [arrayContains(documents.parsedTerms, searchTerms)] : []),
      )!,
    );
  }
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select({ document: documents, role: grant.role })
      .from(documents)
      .leftJoin(grant, eq(grant.resource, documents.id))
      .where(where)
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    db.select({ total: sql<number>`count(*)::int` }).from(documents).leftJoin(grant, eq(grant.resource, documents.id)).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Whether the document's text was parsed (encrypted, or still plain from before issue #21 until start-up seals it). */
export const isParsed = (row: Pick<DocumentRow, 'parsedTextEncrypted' | 'legacyParsedText'>) =>
  row.parsedTextEncrypted !== null || row.legacyParsedText !== null;

/** Parsed text as it is stored: encrypted, with its search terms; a plain text from before is cleared. */
export function sealParsedText(cipher: FieldCipher, text: string) {
  return { parsedTextEncrypted: cipher.encrypt(text), parsedTerms: cipher.searchTerms(text), legacyParsedText: null };
}

/**
 * Start-up: encrypts the text parsed before issue #21, kept plain in `parsed_text`, in batches, every tenant (system
 * work: the key is the app's, so no SQL migration can do it). Rows are locked and skipped when locked, so two nodes
 * starting together share the work. Returns how many it sealed.
 */
export async function sealLegacyParsedTextUnscoped(db: Db, cipher: FieldCipher, batchSize = 200): Promise<number> {
  let sealed = 0;
  for (;;) {
    const done = await withCrossTenant('start-up encrypts document text parsed before it was classified, in every tenant', () =>
      db.transaction(async (tx) => {
        const rows = await tx
          .select({ tenantId: documents.tenantId, id: documents.id, text: documents.legacyParsedText })
          .from(documents)
          .where(isNotNull(documents.legacyParsedText))
          .limit(batchSize)
          .for('update', { skipLocked: true });
        for (const row of rows) {
          await tx
            .update(documents)
            .set(sealParsedText(cipher, row.text!))
            .where(and(eq(documents.tenantId, row.tenantId), eq(documents.id, row.id)));
        }
        return rows.length;
      }),
    );
    sealed += done;
    if (done < batchSize) return sealed;
  }
}

export function toDocumentRecord(row: DocumentRow, rights: AccessRights): DocumentRecord {
  return {
    _id: row.id,
    name: row.name,
    type: row.type,
    entityType: row.entityType,
    tags: row.tags,
    description: row.description,
    mimeType: row.mimeType,
    size: row.size,
    url: documentUrl(row.id),
    uploadedBy: row.uploadedBy,
    originalName: row.originalName,
    parsed: isParsed(row),
    rights,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// Access grants on documents.

const grantsOf = (tenantId: string, documentId: string) =>
  and(eq(accessGrants.tenantId, tenantId), eq(accessGrants.resourceType, 'document'), eq(accessGrants.resource, documentId));

/**
 * Who holds a grant, as this tenant knows them: the e-mail, whether the account is set up, and their membership here
 * (its status and the names the tenant keeps), read in the same query as the grant.
 */
const subjectFields = {
  email: users.email,
  signupStatus: users.signupStatus,
  membershipStatus: tenantMembers.membershipStatus,
  firstname: tenantMembers.firstname,
  lastname: tenantMembers.lastname,
};
export interface GrantSubject {
  email: string;
  signupStatus: SignupStatus;
  membershipStatus: MembershipStatus | null;
  firstname: string | null;
  lastname: string | null;
}

function selectGrants(db: DbOrTx) {
  return db
    .select({ grant: accessGrants, subject: subjectFields })
    .from(accessGrants)
    .innerJoin(users, eq(users.id, accessGrants.subject))
    .leftJoin(tenantMembers, and(eq(tenantMembers.tenantId, accessGrants.tenantId), eq(tenantMembers.userId, accessGrants.subject)));
}

export async function listGrants(db: DbOrTx, tenantId: string, documentId: string) {
  return selectGrants(db).where(grantsOf(tenantId, documentId)).orderBy(accessGrants.createdAt, accessGrants.id);
}

/** A page of a document's grants, oldest first, with the total. */
export async function listGrantsPage(db: DbOrTx, tenantId: string, documentId: string, q: PageQuery) {
  const where = grantsOf(tenantId, documentId);
  const [rows, [count]] = await Promise.all([
    selectGrants(db).where(where).orderBy(accessGrants.createdAt, accessGrants.id).limit(q.limit).offset(offsetOf(q)),
    db.select({ total: sql<number>`count(*)::int` }).from(accessGrants).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findGrant(db: DbOrTx, tenantId: string, documentId: string, grantId: string) {
  const [row] = await selectGrants(db)
    .where(and(eq(accessGrants.tenantId, tenantId), eq(accessGrants.resource, documentId), eq(accessGrants.id, grantId)))
    .limit(1);
  return row;
}

/** A subject's grant on a document, if any (and if it meets the `more` conditions). */
export async function findGrantOfSubject(
  db: DbOrTx,
  tenantId: string,
  documentId: string,
  subject: string,
  ...more: SQL[]
): Promise<AccessGrantRow | undefined> {
  const [row] = await db
    .select()
    .from(accessGrants)
    .where(
      and(
        eq(accessGrants.tenantId, tenantId),
        eq(accessGrants.resourceType, 'document'),
        eq(accessGrants.resource, documentId),
        eq(accessGrants.subject, subject),
        ...more,
      ),
    )
    .limit(1);
  return row;
}

export async function insertGrant(db: DbOrTx, values: typeof accessGrants.$inferInsert): Promise<AccessGrantRow> {
  const [row] = await db.insert(accessGrants).values(values).returning();
  return row!;
}

export async function updateGrant(
  db: DbOrTx,
  tenantId: string,
  id: string,
  values: Partial<typeof accessGrants.$inferInsert>,
): Promise<AccessGrantRow> {
  const [row] = await db
    .update(accessGrants)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(accessGrants.tenantId, tenantId), eq(accessGrants.id, id)))
    .returning();
  return row!;
}

export async function deleteGrant(db: DbOrTx, tenantId: string, id: string): Promise<void> {
  await db.delete(accessGrants).where(and(eq(accessGrants.tenantId, tenantId), eq(accessGrants.id, id)));
}

/** Whether the grant's holder has not accepted the invitation to this tenant yet (the grant counts once they do). */
export function isPendingSubject(subject: Pick<GrantSubject, 'signupStatus' | 'membershipStatus'>): boolean {
  return subject.signupStatus === 'partial' || (subject.membershipStatus !== null && isPendingMembership(subject.membershipStatus));
}

/**
 * A grant as the sharer sees it. Until its holder accepts the invitation the answer holds only what the sharer typed
 * (the e-mail) and reads partial, whether or not the address has an account elsewhere (issue #21); after, the member's
 * name as this tenant keeps it.
 */
export function toAccessGrant(row: AccessGrantRow, subject: GrantSubject, now: Date): AccessGrant {
  const pending = isPendingSubject(subject);
  return {
    _id: row.id,
    subject: pending ? null : row.subject,
    subjectType: row.subjectType,
    subjectEmail: row.subjectEmail,
    subjectName: pending ? row.subjectEmail : memberDisplayName({ ...subject, email: row.subjectEmail }),
    subjectSignupStatus: pending ? 'partial' : 'complete',
    resource: row.resource,
    resourceType: row.resourceType,
    resourceEmail: row.resourceEmail,
    role: row.role,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expired: row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Whom the user already shares documents with, in both directions: the holders of grants they made or that are on
 * their documents, and whoever granted them access and the uploaders of the documents they were granted. Ids only;
 * the caller decides which of them are members to suggest (GET user/{id}/share-entity-options).
 */
export async function listSharingPartnerIds(db: DbOrTx, tenantId: string, userId: string): Promise<string[]> {
  const inTenant = and(eq(accessGrants.tenantId, tenantId), eq(accessGrants.resourceType, 'document'));
  const [holders, granters, uploaders] = await Promise.all([
    db
      .selectDistinct({ id: accessGrants.subject })
      .from(accessGrants)
      .innerJoin(documents, and(eq(documents.tenantId, accessGrants.tenantId), eq(documents.id, accessGrants.resource)))
      .where(and(inTenant, or(eq(accessGrants.createdBy, userId), eq(documents.uploadedBy, userId)))),
    db
      .selectDistinct({ id: accessGrants.createdBy })
      .from(accessGrants)
      .where(and(inTenant, eq(accessGrants.subject, userId))),
    db
      .selectDistinct({ id: documents.uploadedBy })
      .from(accessGrants)
      .innerJoin(documents, and(eq(documents.tenantId, accessGrants.tenantId), eq(documents.id, accessGrants.resource)))
      .where(and(inTenant, eq(accessGrants.subject, userId))),
  ]);
  return [...new Set([...holders, ...granters, ...uploaders].map((r) => r.id).filter((id): id is string => Boolean(id)))];
}

/** Part of removing a whole tenant (platform admin): grants and documents; returns the storage keys to delete after the commit. */
export async function deleteTenantDocumentsUnscoped(db: DbOrTx, tenantId: string): Promise<string[]> {
  const rows = await db.select({ key: documents.storageKey }).from(documents).where(eq(documents.tenantId, tenantId));
  await db.delete(accessGrants).where(eq(accessGrants.tenantId, tenantId));
  await db.delete(documents).where(eq(documents.tenantId, tenantId));
  return rows.map((r) => r.key);
}
