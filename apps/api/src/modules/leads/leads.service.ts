import {
  DASHBOARD_BUCKETS_MAX,
  dashboardBuckets,
  diffChanges,
  LEAD_LIMITS,
  LEAD_TEXTS,
  leadAccountStatus,
  type DashboardScale,
  type LeadStats,
  type List,
  type TenantLead,
  type TenantLeadRow,
  type leadContactBody,
  type leadCreateBody,
  type leadDetailsBody,
  type leadListQuery,
  type leadStatsQuery,
} from '@tessera/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { TenantLeadRow as LeadRecord } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AnyCaller, AuthContext } from '../../lib/auth-context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { newId } from '../../lib/ids.ts';
import { pageMeta } from '../../lib/pagination.ts';
import { requireEditor, requireInstitution } from '../institutions/index.ts';
import { actorName, recordEvent } from '../timeline/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { leadCreatedEvent } from './lead-webhooks.ts';
import type { DocumentDeps } from '../documents/index.ts';
import { LEAD_VIEWER_READ_ONLY, requireLead } from './lead-access.ts';
import { deleteLeadDocuments } from './lead-documents.ts';
import { toLead, toLeadRow } from './lead-view.ts';
import {
  countLeadsByStatus,
  countLeadsPerBucket,
  deleteLeadRows,
  emailTaken,
  findLeadView,
  imageExists,
  insertLead,
  listLeadViews,
  listNotes,
  memberOfEmail,
  updateLead,
} from './leads.repository.ts';

/** Who a lead is in messages: their first and last name. */
export const leadName = (lead: Pick<LeadRecord, 'firstname' | 'lastname'>) => `${lead.firstname} ${lead.lastname}`.trim();

export const leadRefs = (lead: Pick<LeadRecord, 'institutionId'>) => [
  { entity: lead.institutionId, entityType: 'tenant-institution' as const },
];

const duplicate = () => new AppError('conflict', LEAD_TEXTS.duplicate);
export const EMAIL_LOCKED = "The lead's e-mail cannot change once they have a membership of this organization";

/** The lead as the API shows it, read again with its member, counts and newest notes. */
export async function presentLead(db: DbOrTx, tenantId: string, id: string): Promise<TenantLead> {
  const [view, notes] = await Promise.all([
    findLeadView(db, tenantId, id),
    listNotes(db, tenantId, id, { page: 1, limit: LEAD_LIMITS.notesInDetail }),
  ]);
  if (!view) throw notFound('Lead');
  return toLead(view, notes.rows);
}

/** GET tenant/{t}/leads: one institution's leads the caller may see, filtered and paged. */
export async function listLeads(db: DbOrTx, auth: AnyCaller, q: z.output<typeof leadListQuery>): Promise<List<TenantLeadRow>> {
  await requireInstitution(db, auth, q.institution);
  const { rows, total } = await listLeadViews(db, auth.tenantId, q);
  return { data: rows.map(toLeadRow), meta: pageMeta(q, total) };
}

/**
 * An institution's leads created in a window, per UTC bucket of `scale` (empty buckets included), and all its leads per
 * account status (every status, 0 included): the lead list's charts and the institution dashboard's Leads card.
 * Two grouped queries whatever the window.
 */
export async function leadStatsFor(
  db: DbOrTx,
  tenantId: string,
  institutionId: string,
  start: Date,
  end: Date,
  scale: DashboardScale,
): Promise<LeadStats> {
  const buckets = dashboardBuckets(start, end, scale);
  const [perBucket, byStatus] = await Promise.all([
    countLeadsPerBucket(db, tenantId, institutionId, start, end, scale),
    countLeadsByStatus(db, tenantId, institutionId),
  ]);
  const series = buckets.map((bucket) => ({ bucket, count: perBucket.get(bucket) ?? 0 }));
  const statuses = Object.fromEntries(leadAccountStatus.options.map((s) => [s, byStatus.get(s) ?? 0]));
  return {
    newInPeriod: series.reduce((sum, p) => sum + p.count, 0),
    series,
    byStatus: statuses,
    total: Object.values(statuses).reduce((sum, n) => sum + n, 0),
  };
}

/** 400 when a window holds more buckets than a chart can show. */
export function requireChartableWindow(start: Date, end: Date, scale: DashboardScale): void {
  const buckets = dashboardBuckets(start, end, scale).length;
  if (buckets > DASHBOARD_BUCKETS_MAX)
    throw new AppError(
      'bad-request',
      `The window holds ${buckets} ${scale} buckets; at most ${DASHBOARD_BUCKETS_MAX}: pick a shorter window or a larger scale`,
    );
}

/** GET tenant/{t}/leads/stats. */
export async function getLeadStats(db: DbOrTx, auth: AuthContext, q: z.output<typeof leadStatsQuery>): Promise<LeadStats> {
  await requireInstitution(db, auth, q.institution);
  const start = new Date(q.start);
  const end = new Date(q.end);
  requireChartableWindow(start, end, q.scale);
  return leadStatsFor(db, auth.tenantId, q.institution, start, end, q.scale);
}

/**
 * POST tenant/{t}/leads: by the institution's team (viewers excepted) or the tenant's owners, or by the tenant's private
 * API key (origin forced to 'api', the key recorded as the actor). A second lead with the same e-mail in the institution
 * is 409. When the e-mail is the account of an active or invited member of this tenant, the lead is linked to that
 * membership (within the tenant a GP may see its members, so this tells nothing new).
 */
export async function createLead(db: Db, caller: AnyCaller, body: z.output<typeof leadCreateBody>): Promise<TenantLead> {
  // A key acts on the institutions it reaches (a tenant's key all of them, an institution's its own) as an editor.
  requireEditor(await requireInstitution(db, caller, body.institution), LEAD_VIEWER_READ_ONLY);
  const origin = caller.apiKey ? 'api' : body.origin;
  const id = newId();
  try {
    await db.transaction(async (tx) => {
      if (await emailTaken(tx, caller.tenantId, body.institution, body.email)) throw duplicate();
      const member = await memberOfEmail(tx, caller.tenantId, body.email);
      const row = await insertLead(tx, {
        tenantId: caller.tenantId,
        id,
        institutionId: body.institution,
        email: body.email,
        firstname: body.firstname,
        lastname: body.lastname,
        middlename: body.middlename,
        phone: body.phone,
        company: body.company,
        companyTitle: body.companyTitle,
        origin,
        tenantMemberId: member?.id ?? null,
        createdBy: caller.apiKey ? null : caller.user.id,
      });
      await recordEvent(tx, {
        tenantId: caller.tenantId,
        caller,
        type: 'create',
        entity: id,
        entityType: 'tenant-lead',
        message: `${actorName(caller)} created the lead ${leadName(row)}`,
        meta: {
          change: diffChanges(
            {},
            {
              email: row.email,
              firstname: row.firstname,
              lastname: row.lastname,
              middlename: row.middlename,
              phone: row.phone,
              company: row.company,
              companyTitle: row.companyTitle,
              origin: row.origin,
              tenantMember: row.tenantMemberId,
            },
          ),
        },
        refs: leadRefs(row),
      });
      await emitWebhookEvent(tx, leadCreatedEvent(row));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
  return presentLead(db, caller.tenantId, id);
}

/** GET tenant/{t}/leads/{id}. */
export async function getLead(db: DbOrTx, auth: AnyCaller, id: string): Promise<TenantLead> {
  await requireLead(db, auth, id);
  return presentLead(db, auth.tenantId, id);
}

/**
 * DELETE tenant/{t}/leads/{id}: the lead, its notes and the documents shared with it go (the documents first, through
 * the documents module, while the lead still gives the caller the owner role on them); the person's account,
 * membership and workflows stay.
 */
export async function deleteLead(deps: DocumentDeps, auth: AuthContext, id: string): Promise<void> {
  const { db } = deps;
  const { lead: found } = await requireLead(db, auth, id, { write: true });
  const sharedDocuments = await deleteLeadDocuments(deps, auth, found);
  await db.transaction(async (tx) => {
    const { lead } = await requireLead(tx, auth, id, { write: true });
    const removed = await deleteLeadRows(tx, auth.tenantId, id);
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      caller: auth,
      type: 'delete',
      entity: id,
      entityType: 'tenant-lead',
      message: `${actorName(auth)} deleted the lead ${leadName(lead)}`,
      meta: {
        delete: {
          email: lead.email,
          firstname: lead.firstname,
          lastname: lead.lastname,
          origin: lead.origin,
          notes: removed.notes,
          documents: sharedDocuments + removed.documents,
        },
      },
      refs: leadRefs(lead),
    });
  });
}

/**
 * Applies a change to a lead the caller may edit and records it with old and new values, in one transaction; a change
 * that changes nothing writes nothing.
 */
async function change(
  db: Db,
  auth: AnyCaller,
  id: string,
  build: (lead: LeadRecord, tx: DbOrTx) => Promise<Partial<LeadRecord>> | Partial<LeadRecord>,
  what: string,
): Promise<TenantLead> {
  await db.transaction(async (tx) => {
    const { lead } = await requireLead(tx, auth, id, { write: true });
    const values = await build(lead, tx);
    const diff = diffChanges(lead as unknown as Record<string, unknown>, values as Record<string, unknown>);
    if (Object.keys(diff).length === 0) return;
    await updateLead(tx, auth.tenantId, id, values);
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      caller: auth,
      type: 'update',
      entity: id,
      entityType: 'tenant-lead',
      message: `${actorName(auth)} updated the ${what} of ${leadName({ ...lead, ...values })}`,
      meta: { change: diff },
      refs: leadRefs(lead),
    });
  });
  return presentLead(db, auth.tenantId, id);
}

/** PUT …/{id}/details: names, company, title, origin, interests and tags, written whole. */
export function updateDetails(db: Db, auth: AnyCaller, id: string, body: z.output<typeof leadDetailsBody>): Promise<TenantLead> {
  return change(
    db,
    auth,
    id,
    () => ({
      firstname: body.firstname,
      lastname: body.lastname,
      middlename: body.middlename,
      company: body.company,
      companyTitle: body.companyTitle,
      origin: body.origin,
      interests: body.interests,
      tags: body.tags,
    }),
    'details',
  );
}

/** PUT …/{id}/contact: e-mail and phone; the e-mail stays once the lead has a membership, and stays unique in the institution. */
export async function updateContact(db: Db, auth: AnyCaller, id: string, body: z.output<typeof leadContactBody>): Promise<TenantLead> {
  try {
    return await change(
      db,
      auth,
      id,
      async (lead, tx) => {
        if (body.email !== lead.email) {
          if (lead.tenantMemberId) throw new AppError('conflict', EMAIL_LOCKED);
          if (await emailTaken(tx, auth.tenantId, lead.institutionId, body.email, id)) throw duplicate();
        }
        return { email: body.email, phone: body.phone };
      },
      'contact',
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** PUT …/{id}/image: an image uploaded to this tenant (POST image, type lead), or null to remove the avatar. */
export function updateImage(db: Db, auth: AuthContext, id: string, image: string | null): Promise<TenantLead> {
  return change(
    db,
    auth,
    id,
    async (_lead, tx) => {
      if (image && !(await imageExists(tx, auth.tenantId, image)))
        throw new AppError('bad-request', 'image: no such image in this organization; upload it first');
      return { imageId: image };
    },
    'image',
  );
}
