import type { TimelineEvent, TimelineEventType, TimelineMeta, TimelineQuery, TimelineSort } from '@tessera/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { analyticsEvents, documents, offers, tenantLeadDocuments, timelineEvents, users } from '../../db/schema/index.ts';
import { likePattern, offsetOf } from '../../lib/pagination.ts';

/**
 * A lead's activity (002 §2 Activity tab): the lead's own timeline events merged with the engagement of the lead's
 * person read from analytics_events — offer views, document views and downloads, CTA clicks — on this institution's
 * offers and documents only (an offer of the institution named by the event, a document one of its offers lists, or a
 * document shared with the lead). Engagement is not stored twice: each analytics event becomes a TimelineEvent-shaped
 * item of type 'access' (views, downloads) or 'other' (clicks) with a sentence built from the offer's or document's name.
 * One query for the page, one for the total.
 */

export const ENGAGEMENT_TYPES = ['offer-view', 'document-view', 'document-download', 'cta'] as const;

interface Subject {
  tenantId: string;
  leadId: string;
  institutionId: string;
  /** The lead's account, when they have one: no account, no engagement. */
  userId: string | null;
  /** How the lead is named on their engagement. */
  leadName: string;
}

const userName = sql`coalesce(nullif(trim(${users.displayname}), ''), nullif(trim(concat_ws(' ', ${users.firstname}, ${users.lastname})), ''), ${users.email}, ${timelineEvents.meta}->>'via')`;

function timelinePart(s: Subject): SQL {
  return sql`select ${timelineEvents.id} as id, ${timelineEvents.type} as type, ${timelineEvents.message} as message,
      ${timelineEvents.userId} as user_id, ${userName} as user_name, ${timelineEvents.meta} as meta, ${timelineEvents.refs} as refs,
      null::text as offer_id, null::text as document_id, ${timelineEvents.createdAt} as created_at
    from ${timelineEvents} left join ${users} on ${users.id} = ${timelineEvents.userId}
    where ${timelineEvents.tenantId} = ${s.tenantId} and ${timelineEvents.entityType} = 'tenant-lead' and ${timelineEvents.entity} = ${s.leadId}`;
}

function engagementPart(s: Subject, userId: string): SQL {
  const offerName = sql`coalesce(${offers.name}, 'an offer')`;
  const documentName = sql`coalesce(${documents.name}, 'a document')`;
  const ofOffer = sql`coalesce(' of the offer ' || ${offers.name}, '')`;
  const message = sql`case ${analyticsEvents.type}
      when 'offer-view' then 'Viewed the offer ' || ${offerName}
      when 'cta' then 'Clicked the call to action of ' || ${offerName}
      when 'document-view' then 'Viewed the document ' || ${documentName} || ${ofOffer}
      else 'Downloaded the document ' || ${documentName} || ${ofOffer} end`;
  const listedByInstitutionOffer = sql`exists (select 1 from ${offers} as listing where listing.tenant_id = ${s.tenantId}
      and listing.institution_id = ${s.institutionId}
      and listing.documents @> jsonb_build_array(jsonb_build_object('document', ${analyticsEvents.documentId})))`;
  const sharedWithLead = sql`exists (select 1 from ${tenantLeadDocuments} where ${tenantLeadDocuments.tenantId} = ${s.tenantId}
      and ${tenantLeadDocuments.leadId} = ${s.leadId} and ${tenantLeadDocuments.documentId} = ${analyticsEvents.documentId})`;
  return sql`select ${analyticsEvents.id} as id, case when ${analyticsEvents.type} = 'cta' then 'other' else 'access' end as type,
      ${message} as message, ${analyticsEvents.userId} as user_id, ${s.leadName}::text as user_name,
      jsonb_build_object('engagement', ${analyticsEvents.type}) as meta, '[]'::jsonb as refs,
      ${analyticsEvents.offerId}::text as offer_id, ${analyticsEvents.documentId}::text as document_id, ${analyticsEvents.createdAt} as created_at
    from ${analyticsEvents}
      left join ${offers} on ${offers.tenantId} = ${analyticsEvents.tenantId} and ${offers.id} = ${analyticsEvents.offerId}
      left join ${documents} on ${documents.tenantId} = ${analyticsEvents.tenantId} and ${documents.id} = ${analyticsEvents.documentId}
    where ${analyticsEvents.tenantId} = ${s.tenantId} and ${analyticsEvents.userId} = ${userId}
      and ${analyticsEvents.type} in (${sql.join(
        ENGAGEMENT_TYPES.map((t) => sql`${t}`),
        sql`, `,
      )})
      and (${offers.institutionId} = ${s.institutionId}
        or (${analyticsEvents.documentId} is not null and (${listedByInstitutionOffer} or ${sharedWithLead})))`;
}

interface Row {
  id: string;
  type: TimelineEventType;
  message: string;
  user_id: string | null;
  user_name: string | null;
  meta: TimelineMeta;
  refs: TimelineEvent['refs'];
  offer_id: string | null;
  document_id: string | null;
  created_at: Date | string;
  total: number;
}

/** What each sort of the shared timeline query orders the merged feed by (every item is the lead's: entityType is one). */
const ORDER: Record<TimelineSort, SQL> = {
  createdAt: sql`merged.created_at`,
  type: sql`merged.type`,
  entityType: sql`merged.created_at`,
  user: sql`merged.user_name`,
};

export async function leadActivity(db: DbOrTx, s: Subject, q: TimelineQuery): Promise<{ data: TimelineEvent[]; total: number }> {
  const merged = s.userId ? sql`${timelinePart(s)} union all ${engagementPart(s, s.userId)}` : timelinePart(s);
  // The timeline's search: the sentence or the item's id contains the text, ignoring case.
  const parts = q.search
    ? sql`select * from (${merged}) as searched where searched.message ilike ${likePattern(q.search)} or searched.id ilike ${likePattern(q.search)}`
    : merged;
  const direction = q.direction === 'asc' ? sql`asc` : sql`desc`;
  // The total rides along on every row (a window count), so a page is one round trip; an empty page asks once more.
  const result = (await db.execute(
    sql`select merged.*, count(*) over ()::int as total from (${parts}) as merged
      order by ${ORDER[q.sort]} ${direction}, merged.created_at ${direction}, merged.id ${direction} limit ${q.limit} offset ${offsetOf(q)}`,
  )) as unknown as { rows: Row[] };
  let total = result.rows[0]?.total;
  if (total === undefined) {
    const counted = (await db.execute(sql`select count(*)::int as total from (${parts}) as merged`)) as unknown as {
      rows: { total: number }[];
    };
    total = counted.rows[0]?.total ?? 0;
  }
  return {
    total,
    data: result.rows.map((r) => ({
      _id: r.id.trim(),
      type: r.type,
      entity: s.leadId,
      entityType: 'tenant-lead',
      message: r.message,
      user: r.user_id?.trim() ?? null,
      userName: r.user_name,
      meta: r.meta,
      refs: [
        ...r.refs,
        ...(r.offer_id ? [{ entity: r.offer_id.trim(), entityType: 'tenant-offer' as const }] : []),
        ...(r.document_id ? [{ entity: r.document_id.trim(), entityType: 'document' as const }] : []),
      ],
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}
