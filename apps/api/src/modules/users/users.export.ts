import { documentUrl, EXPORT_FORMAT, EXPORT_VERSION, imageUrl, PAGE_LIMIT_MAX, type TimelineEvent, type UserExport } from '@tessera/domain';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  accessGrants,
  applications,
  businesses,
  documents,
  financialAccounts,
  govPhotoIds,
  images,
  individualProfiles,
  legalEntityProfiles,
} from '../../db/schema/index.ts';
import { reviewerFields, reviewers, toApplication } from '../applications/index.ts';
import { listOwners, toBusiness } from '../businesses/index.ts';
import { toFinancialAccount } from '../financial-accounts/index.ts';
import { toIndividualProfile } from '../individual-profiles/index.ts';
import { listStakeholders, toLegalEntityProfile } from '../legal-entity-profiles/index.ts';
import type { TenantRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/app-error.ts';
import type { FieldCipher } from '../../lib/crypto.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { toTenantMember } from '../tenants/index.ts';
import { queryEvents } from '../timeline/index.ts';
import { toUser } from './users.repository.ts';

/** What a section reads: the user's rows of one table in one tenant. */
export interface ExportScope {
  db: Db;
  tenantId: string;
  userId: string;
  /**
   * Sections decrypt what the owner could reveal themselves (ssn, tin, ein…): the export is the owner's own copy
   * of their data, asked for by them alone, so a masked value would make it incomplete.
   */
  cipher: FieldCipher;
  /** When the export is made (whether an approval has expired). */
  now: Date;
}
export type ExportSection = (scope: ExportScope) => Promise<unknown[]>;

/** The owner's individual profiles, with ssn, tin and ein in clear (the owner could reveal them). */
async function individualProfilesSection({ db, tenantId, userId, cipher }: ExportScope) {
  const rows = await db
    .select()
    .from(individualProfiles)
    .where(and(eq(individualProfiles.tenantId, tenantId), eq(individualProfiles.userId, userId)))
    .orderBy(asc(individualProfiles.createdAt));
  return rows.map((row) => toIndividualProfile(row, cipher, true));
}

async function financialAccountsSection({ db, tenantId, userId, cipher }: ExportScope) {
  const rows = await db
    .select()
    .from(financialAccounts)
    .where(and(eq(financialAccounts.tenantId, tenantId), eq(financialAccounts.userId, userId)))
    .orderBy(asc(financialAccounts.createdAt));
  return rows.map((row) => ({ ...toFinancialAccount(row, cipher), number: cipher.decrypt(row.numberEncrypted) }));
}

async function govPhotoIdsSection({ db, tenantId, userId, cipher }: ExportScope) {
  const rows = await db
    .select()
    .from(govPhotoIds)
    .where(and(eq(govPhotoIds.tenantId, tenantId), eq(govPhotoIds.userId, userId)))
    .orderBy(asc(govPhotoIds.createdAt));
  return rows.map(({ numberEncrypted, ...row }) => ({ ...row, _id: row.id, number: cipher.decrypt(numberEncrypted) }));
}

async function legalEntityProfilesSection({ db, tenantId, userId }: ExportScope) {
  const rows = await db
    .select()
    .from(legalEntityProfiles)
    .where(and(eq(legalEntityProfiles.tenantId, tenantId), eq(legalEntityProfiles.ownerId, userId)))
    .orderBy(asc(legalEntityProfiles.createdAt));
  const stakeholders = await listStakeholders(
    db,
    tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    toLegalEntityProfile(
      row,
      stakeholders.filter((s) => s.legalEntityProfileId === row.id),
    ),
  );
}

async function businessesSection({ db, tenantId, userId, cipher }: ExportScope) {
  const rows = await db
    .select()
    .from(businesses)
    .where(and(eq(businesses.tenantId, tenantId), eq(businesses.createdBy, userId)))
    .orderBy(asc(businesses.createdAt));
  const owners = await listOwners(
    db,
    tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    ...toBusiness(
      row,
      owners.filter((o) => o.businessId === row.id),
      cipher,
    ),
    ein: cipher.decrypt(row.einEncrypted),
  }));
}

/** The user's accreditation applications, answers included. */
async function applicationsSection({ db, tenantId, userId, now }: ExportScope) {
  const rows = await db
    .select({ row: applications, reviewer: reviewerFields })
    .from(applications)
    .leftJoin(reviewers, eq(reviewers.id, applications.reviewedBy))
    .where(and(eq(applications.tenantId, tenantId), eq(applications.userId, userId)))
    .orderBy(asc(applications.createdAt));
  return rows.map((found) => toApplication(found, now));
}

/** Metadata of the documents the user uploaded (the files themselves are downloaded from the document pages). */
async function documentsSection({ db, tenantId, userId }: ExportScope) {
  const rows = await db
    .select()
    .from(documents)
    .where(and(eq(documents.tenantId, tenantId), eq(documents.uploadedBy, userId)))
    .orderBy(asc(documents.createdAt));
  return rows.map(({ storageKey: _storageKey, ...row }) => ({ ...row, _id: row.id }));
}

/** Images the user uploaded through POST image: what they are and where they are served, not their bytes. */
async function imagesSection({ db, tenantId, userId }: ExportScope) {
  const rows = await db
    .select()
    .from(images)
    .where(and(eq(images.tenantId, tenantId), eq(images.uploadedBy, userId)))
    .orderBy(asc(images.createdAt));
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    type: row.type,
    tags: row.tags,
    mimeType: row.mimeType,
    size: row.size,
    url: imageUrl(row.id),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Access grants matching `which` (held by or given by the user), with the name and address of what they cover. */
async function grants({ db, tenantId }: ExportScope, which: SQL) {
  const rows = await db
    .select({ grant: accessGrants, documentName: documents.name })
    .from(accessGrants)
    .leftJoin(documents, and(eq(documents.tenantId, accessGrants.tenantId), eq(documents.id, accessGrants.resource)))
    .where(and(eq(accessGrants.tenantId, tenantId), which))
    .orderBy(asc(accessGrants.createdAt));
  return rows.map(({ grant, documentName }) => ({
    _id: grant.id,
    resource: grant.resource,
    resourceType: grant.resourceType,
    resourceName: documentName,
    resourceUrl: documentUrl(grant.resource),
    subject: grant.subject,
    subjectEmail: grant.subjectEmail,
    role: grant.role,
    createdBy: grant.createdBy,
    expiresAt: grant.expiresAt?.toISOString() ?? null,
    createdAt: grant.createdAt.toISOString(),
    updatedAt: grant.updatedAt.toISOString(),
  }));
}
const accessGrantsHeldSection: ExportSection = (scope) => grants(scope, eq(accessGrants.subject, scope.userId));
const accessGrantsGivenSection: ExportSection = (scope) => grants(scope, eq(accessGrants.createdBy, scope.userId));

/** The export's further sections: one small function per table holding the user's data; the name is its key in the file. */
const EXPORT_SECTIONS: Record<string, ExportSection> = {
  individualProfiles: individualProfilesSection,
  legalEntityProfiles: legalEntityProfilesSection,
  financialAccounts: financialAccountsSection,
  govPhotoIds: govPhotoIdsSection,
  businesses: businessesSection,
  applications: applicationsSection,
  documents: documentsSection,
  images: imagesSection,
  accessGrantsHeld: accessGrantsHeldSection,
  accessGrantsGiven: accessGrantsGivenSection,
};

/** Every timeline event by or about the user in this tenant, oldest first. */
async function timelineSection(db: Db, tenantId: string, userId: string): Promise<TimelineEvent[]> {
  const events: TimelineEvent[] = [];
  for (let page = 1; ; page += 1) {
    const result = await queryEvents(
      db,
      tenantId,
      { kind: 'user', userId },
      { page, limit: PAGE_LIMIT_MAX, sort: 'createdAt', direction: 'asc' },
    );
    events.push(...result.data);
    if (result.data.length < PAGE_LIMIT_MAX) return events;
  }
}

/**
 * GET user/{id}/export: the owner's data in this tenant. Only the owner may export it (platform admins included:
 * an export carries revealed secrets, which nobody else may read).
 */
export async function buildExport(
  deps: { db: Db; cipher: FieldCipher; clock: Clock },
  auth: AuthContext,
  tenant: TenantRow,
  userId: string,
): Promise<UserExport> {
  if (userId !== auth.user.id) throw notFound('User');
  const scope: ExportScope = { db: deps.db, tenantId: tenant.id, userId, cipher: deps.cipher, now: deps.clock.now() };
  const names = Object.keys(EXPORT_SECTIONS);
  const [timelineEvents, ...sections] = await Promise.all([
    timelineSection(deps.db, tenant.id, userId),
    ...names.map((name) => EXPORT_SECTIONS[name]!(scope)),
  ]);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: deps.clock.now().toISOString(),
    tenant: { _id: tenant.id, slug: tenant.slug, name: tenant.name },
    account: toUser(auth.user),
    membership: auth.member ? toTenantMember(auth.member, auth.user.email) : null,
    timelineEvents,
    ...Object.fromEntries(names.map((name, i) => [name, sections[i]!])),
  };
}
