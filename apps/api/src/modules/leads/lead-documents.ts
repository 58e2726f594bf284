import {
  documentMetadata,
  isPendingMembership,
  rightsOf,
  type DocumentRecord,
  type List,
  type PageQuery,
  type TenantRole,
} from '@tessera/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tenantLeadDocuments, type TenantLeadRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { parseForm, type UploadedFile } from '../../lib/multipart.ts';
import { offsetOf, pageMeta } from '../../lib/pagination.ts';
import {
  createDocument,
  deleteDocument,
  findDocumentsByIds,
  grantDocumentsIn,
  toDocumentRecord,
  type DocumentAccessRule,
  type DocumentDeps,
} from '../documents/index.ts';
import { canUseRaiseMode, requireInstitution, type InstitutionAccess } from '../institutions/index.ts';
import { findMemberWithUser, type MemberWithUser } from '../members/index.ts';
import { actorName, recordEvent } from '../timeline/index.ts';
import { findLead, requireLead } from './lead-access.ts';

/**
 * The documents shared with a lead (002 §6) and the lead's membership they follow. Kept apart from the lead's
 * workflows (lead-relations.service.ts, which reaches the workflows module) so that the rest of the leads module —
 * deleting a lead, linking a marketplace lead to its member — can use it without an import cycle through workflows.
 */

const nameOf = (lead: TenantLeadRow) => [lead.firstname, lead.lastname].filter(Boolean).join(' ') || lead.email;

/** The lead's membership of the tenant with the account's e-mail, if they are linked to one that still exists. */
export async function memberOf(db: DbOrTx, lead: TenantLeadRow): Promise<MemberWithUser | undefined> {
  return lead.tenantMemberId ? findMemberWithUser(db, lead.tenantId, lead.tenantMemberId) : undefined;
}

/** The account of a lead's active membership: whose workflows and documents are the lead's. */
export async function activeMemberOf(db: DbOrTx, lead: TenantLeadRow): Promise<MemberWithUser | undefined> {
  const found = await memberOf(db, lead);
  return found?.member.membershipStatus === 'active' ? found : undefined;
}

/** The documents shared with a lead, oldest first: their ids. */
async function leadDocumentIds(db: DbOrTx, lead: Pick<TenantLeadRow, 'tenantId' | 'id'>): Promise<string[]> {
  const rows = await db
    .select({ id: tenantLeadDocuments.documentId })
    .from(tenantLeadDocuments)
    .where(and(eq(tenantLeadDocuments.tenantId, lead.tenantId), eq(tenantLeadDocuments.leadId, lead.id)))
    .orderBy(tenantLeadDocuments.createdAt);
  return rows.map((r) => r.id);
}

/**
 * The viewer grants of a lead's documents for the lead's account (002 §6), in the caller's transaction: given when
 * the lead is linked to a membership (the invitation, or leads.service.ts when it links one) and on each upload. The
 * grants count once the membership is active; until then the documents stay closed to the person.
 */
export async function shareLeadDocumentsWithMember(
  tx: DbOrTx,
  lead: Pick<TenantLeadRow, 'tenantId' | 'id'>,
  member: MemberWithUser,
  createdBy: string,
): Promise<void> {
  const documentIds = await leadDocumentIds(tx, lead);
  await grantDocumentsIn(tx, {
    tenantId: lead.tenantId,
    documentIds,
    user: { id: member.member.userId, email: member.user.email },
    role: 'viewer',
    createdBy,
    pending: isPendingMembership(member.member.membershipStatus),
  });
}

/** The caller's role on a lead's documents through the lead's institution: owner for its team, viewer for its viewers. */
const teamRole = (access: InstitutionAccess): TenantRole => (!access.isOwner && access.teamRole === 'viewer' ? 'viewer' : 'owner');

/**
 * 002 §6 as a document access rule: a document shared with a lead gives the team of the lead's institution (and the
 * tenant's owners) the owner role while in Raise mode (its viewers the viewer role), and the lead's active account
 * the viewer role (the grant given on upload says the same and puts it in their list; this keeps it open whatever the
 * order in which the lead got their account). Anyone else: no role from here.
 */
export const leadDocumentAccess: DocumentAccessRule = async (db, auth, row) => {
  const links = await db
    .select({ leadId: tenantLeadDocuments.leadId })
    .from(tenantLeadDocuments)
    .where(and(eq(tenantLeadDocuments.tenantId, auth.tenantId), eq(tenantLeadDocuments.documentId, row.id)));
  let best: TenantRole | null = null;
  for (const { leadId } of links) {
    const lead = await findLead(db, auth.tenantId, leadId);
    if (!lead) continue;
    if (canUseRaiseMode(auth)) {
      try {
        const role = teamRole(await requireInstitution(db, auth, lead.institutionId));
        if (role === 'owner') return role;
        best = role;
        continue;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    const member = await activeMemberOf(db, lead);
    if (member?.member.userId === auth.user.id) best = 'viewer';
  }
  return best;
};

/** GET …/leads/{id}/documents: the documents shared with the lead, newest first, with the caller's rights on them. */
export async function listLeadDocuments(
  deps: DocumentDeps,
  auth: AuthContext,
  leadId: string,
  q: PageQuery,
): Promise<List<DocumentRecord>> {
  const { lead, access } = await requireLead(deps.db, auth, leadId);
  const where = and(eq(tenantLeadDocuments.tenantId, auth.tenantId), eq(tenantLeadDocuments.leadId, lead.id));
  const [links, [total]] = await Promise.all([
    deps.db
      .select({ id: tenantLeadDocuments.documentId })
      .from(tenantLeadDocuments)
      .where(where)
      .orderBy(desc(tenantLeadDocuments.createdAt), desc(tenantLeadDocuments.documentId))
      .limit(q.limit)
      .offset(offsetOf(q)),
    deps.db.select({ n: count() }).from(tenantLeadDocuments).where(where),
  ]);
  const rows = new Map(
    (
      await findDocumentsByIds(
        deps.db,
        auth.tenantId,
        links.map((l) => l.id),
      )
    ).map((r) => [r.id, r]),
  );
  const role = teamRole(access);
  const data = links.flatMap(({ id }) => {
    const row = rows.get(id);
    return row ? [toDocumentRecord(row, rightsOf(row.uploadedBy === auth.user.id ? 'owner' : role))] : [];
  });
  return { data, meta: pageMeta(q, total?.n ?? 0) };
}

/**
 * POST …/leads/{id}/documents: uploads a document (checked as POST document checks it) and shares it with the lead:
 * the institution's team holds it through the lead, the lead's account gets a viewer grant (counting once they have
 * accepted). The upload is the documents module's transaction; if sharing it fails, the upload is deleted again.
 */
export async function uploadLeadDocument(
  deps: DocumentDeps,
  auth: AuthContext,
  leadId: string,
  file: UploadedFile,
  fields: Record<string, string>,
): Promise<DocumentRecord> {
  const { lead } = await requireLead(deps.db, auth, leadId, { write: true });
  const metadata = parseForm(documentMetadata, fields);
  const document = await createDocument(deps, auth, file, metadata);
  try {
    await deps.db.transaction(async (tx) => {
      await tx
        .insert(tenantLeadDocuments)
        .values({ tenantId: auth.tenantId, leadId: lead.id, documentId: document._id, createdBy: auth.user.id });
      const member = await memberOf(tx, lead);
      if (member) {
        await grantDocumentsIn(tx, {
          tenantId: auth.tenantId,
          documentIds: [document._id],
          user: { id: member.member.userId, email: member.user.email },
          role: 'viewer',
          createdBy: auth.user.id,
          pending: isPendingMembership(member.member.membershipStatus),
        });
      }
      await recordEvent(tx, {
        tenantId: auth.tenantId,
        type: 'upload',
        entity: lead.id,
        entityType: 'tenant-lead',
        userId: auth.user.id,
        message: `${actorName(auth)} shared ${document.name} with ${nameOf(lead)}`,
        meta: { change: { documents: { old: null, new: { _id: document._id, name: document.name, type: document.type } } } },
        refs: [{ entity: document._id, entityType: 'document' }],
      });
    });
  } catch (error) {
    await deleteDocument(deps, auth, document._id).catch(() => {});
    throw error;
  }
  return document;
}

/**
 * What deleting a lead does to the documents shared with it (LEAD_TEXTS.deleteConfirmText: they are deleted with the
 * lead): each is deleted as its owner would (grants and stored file too), then the links go; how many links there
 * were. Called before the lead's row is deleted, while the links still give the caller the owner role. A document the
 * documents module refuses to delete (listed on an offer meanwhile) stays; only its link to the lead goes.
 */
export async function deleteLeadDocuments(
  deps: DocumentDeps,
  auth: AuthContext,
  lead: Pick<TenantLeadRow, 'tenantId' | 'id'>,
): Promise<number> {
  const ids = await leadDocumentIds(deps.db, lead);
  for (const id of ids) {
    try {
      await deleteDocument(deps, auth, id);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'conflict') throw error;
    }
  }
  await deps.db
    .delete(tenantLeadDocuments)
    .where(and(eq(tenantLeadDocuments.tenantId, lead.tenantId), eq(tenantLeadDocuments.leadId, lead.id)));
  return ids.length;
}
