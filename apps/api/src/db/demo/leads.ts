import type { LeadOrigin } from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import { newId } from '../../lib/ids.ts';
import type { DbOrTx } from '../client.ts';
import { institutions, tenantLeadNotes, tenantLeads, tenantMembers, timelineEvents, users } from '../schema/index.ts';

/**
 * The demo institution's CRM (issue #22): a handful of leads of varied origins and ages, a few with notes, and the demo
 * investor as a lead linked to their membership, so the lead list's charts and the detail panels have something to show.
 */
interface DemoLead {
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  company: string | null;
  companyTitle: string | null;
  origin: LeadOrigin;
  interests: string[];
  tags: string[];
  /** Days ago the lead arrived. */
  age: number;
  notes: string[];
}

export const DEMO_LEADS_INSTITUTION = 'summit-ridge-capital';

const DEMO_LEADS: DemoLead[] = [
  {
    firstname: 'Amara',
    lastname: 'Okafor',
    email: 'amara.okafor@example.com',
    phone: '+14045550142',
    company: 'Okafor Family Office',
    companyTitle: 'Principal',
    origin: 'referral',
    interests: ['Multifamily', 'Southeast'],
    tags: ['Warm'],
    age: 2,
    notes: ['Referred by Daniel at the Atlanta summit; wants the Q1 deck.', 'Call booked for Thursday 10am.'],
  },
  {
    firstname: 'Lucas',
    lastname: 'Brennan',
    email: 'lucas.brennan@example.com',
    phone: null,
    company: 'Brennan Dental Group',
    companyTitle: 'Owner',
    origin: 'event',
    interests: ['Industrial'],
    tags: ['Follow up'],
    age: 6,
    notes: ['Met at the CRE investor dinner. Prefers quarterly distributions.'],
  },
  {
    firstname: 'Mei',
    lastname: 'Tanaka',
    email: 'mei.tanaka@example.com',
    phone: '+12065550187',
    company: null,
    companyTitle: null,
    origin: 'api',
    interests: [],
    tags: [],
    age: 12,
    notes: [],
  },
  {
    firstname: 'Rafael',
    lastname: 'Duarte',
    email: 'rafael.duarte@example.com',
    phone: '+13055550111',
    company: 'Duarte Holdings',
    companyTitle: 'CFO',
    origin: 'manual',
    interests: ['Hospitality'],
    tags: ['Accredited'],
    age: 25,
    notes: [],
  },
  {
    firstname: 'Hannah',
    lastname: 'Weiss',
    email: 'hannah.weiss@example.com',
    phone: null,
    company: null,
    companyTitle: null,
    origin: 'import',
    interests: [],
    tags: ['Cold'],
    age: 140,
    notes: [],
  },
];

const DAY_MS = 86_400_000;

/** Seeds the leads once: nothing when the institution is missing or already has leads. */
export async function seedDemoLeads(db: DbOrTx, tenantId: string, investorEmail: string, ownerId: string): Promise<void> {
  const [institution] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(and(eq(institutions.tenantId, tenantId), eq(institutions.slug, DEMO_LEADS_INSTITUTION)))
    .limit(1);
  if (!institution) return;
  const [existing] = await db
    .select({ id: tenantLeads.id })
    .from(tenantLeads)
    .where(eq(tenantLeads.institutionId, institution.id))
    .limit(1);
  if (existing) return;
  const [investor] = await db
    .select({ memberId: tenantMembers.id, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .innerJoin(tenantMembers, and(eq(tenantMembers.userId, users.id), eq(tenantMembers.tenantId, tenantId)))
    .where(eq(users.email, investorEmail))
    .limit(1);
  const now = Date.now();
  const leads: (DemoLead & { memberId: string | null })[] = DEMO_LEADS.map((l) => ({ ...l, memberId: null }));
  if (investor)
    leads.push({
      firstname: investor.firstname ?? 'Ivan',
      lastname: investor.lastname ?? 'Investor',
      email: investorEmail,
      phone: null,
      company: null,
      companyTitle: null,
      origin: 'marketplace',
      interests: ['Multifamily'],
      tags: ['Investor'],
      age: 1,
      notes: ['Started an investment from the marketplace; check the contribution step.'],
      memberId: investor.memberId,
    });
  for (const lead of leads) {
    const id = newId();
    const at = new Date(now - lead.age * DAY_MS);
    await db.insert(tenantLeads).values({
      tenantId,
      id,
      institutionId: institution.id,
      firstname: lead.firstname,
      lastname: lead.lastname,
      email: lead.email,
      phone: lead.phone,
      company: lead.company,
      companyTitle: lead.companyTitle,
      origin: lead.origin,
      interests: lead.interests,
      tags: lead.tags,
      tenantMemberId: lead.memberId,
      createdBy: ownerId,
      createdAt: at,
      updatedAt: at,
    });
    if (lead.notes.length)
      await db.insert(tenantLeadNotes).values(
        lead.notes.map((content, i) => {
          const written = new Date(at.getTime() + (i + 1) * 3_600_000);
          return { tenantId, id: newId(), leadId: id, content, createdBy: ownerId, createdAt: written, updatedAt: written };
        }),
      );
    await db.insert(timelineEvents).values({
      tenantId,
      id: newId(),
      type: 'create',
      entity: id,
      entityType: 'tenant-lead',
      message: `Demo data: the lead ${lead.firstname} ${lead.lastname} created`,
      userId: null,
      meta: {},
      refs: [{ entity: institution.id, entityType: 'tenant-institution' }],
      createdAt: at,
    });
  }
}
