import { z } from 'zod';
import { membershipStatus, tenantRole } from './enums.ts';
import { pageQuery, sortDirection, timestamp } from './http.ts';
import { timelineQuery } from './timeline.ts';
import { objectId } from './ids.ts';
import { groupThousands } from './text.ts';
import { dashboardPreset, RAISE_EXAMPLE_IDS, seriesPoint } from './institution.ts';
import { email, isValidPhone, optionalPersonName, personName } from './validation.ts';

/**
 * Leads (002 §2–§9): the people an institution's investor-relations team works with, whether typed in by hand, arrived
 * from the marketplace (a signed-in visitor who clicked an offer's call to action or started a workflow) or sent by the
 * tenant's own systems with a private API key. A lead belongs to one institution; the same e-mail may be a lead of
 * several institutions, once each.
 */

export const LEAD_EXAMPLE_IDS = {
  lead: '6745a1c2e4b0a1b2c3d4e611',
  note: '6745a1c2e4b0a1b2c3d4e612',
  member: '6745a1c2e4b0a1b2c3d4e613',
  image: '6745a1c2e4b0a1b2c3d4e614',
} as const;

/** Where a lead came from (002 §9: default manual). */
export const leadOrigin = z.enum(['manual', 'marketplace', 'api', 'import', 'referral', 'event', 'other']);
export type LeadOrigin = z.infer<typeof leadOrigin>;
export const leadOriginLabels: Record<LeadOrigin, string> = {
  manual: 'Manual',
  marketplace: 'Marketplace',
  api: 'API',
  import: 'Import',
  referral: 'Referral',
  event: 'Event',
  other: 'Other',
};

/** 002 §3 lead invite status. */
export const leadInviteStatus = z.enum(['none', 'invited', 'accepted', 'rejected', 'error']);
export type LeadInviteStatus = z.infer<typeof leadInviteStatus>;
export const leadInviteStatusLabels: Record<LeadInviteStatus, string> = {
  none: 'Not invited',
  invited: 'Invite Sent',
  accepted: 'Accepted',
  rejected: 'Invite Rejected',
  error: 'Invite failed',
};

/** A lead's account status: the membership status of their tenant member, or `none` while they have no membership. */
export const leadAccountStatus = z.enum([...membershipStatus.options, 'none']);
export type LeadAccountStatus = z.infer<typeof leadAccountStatus>;
export const leadAccountStatusLabels: Record<LeadAccountStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  'invite-rejected': 'Invite rejected',
  requested: 'Requested',
  'request-denied': 'Request denied',
  suspended: 'Suspended',
  none: 'No account',
};

export const LEAD_TEXTS = {
  /** 002 §8: lead creation reuses the offer's success text. */
  created: 'Offer - Successfully created',
  deleted: 'Lead - Successfully deleted',
  updated: 'Lead updated',
  imageUpdated: 'Lead image updated',
  noteCreated: 'Lead note - Successfully created',
  noteUpdated: 'Lead note - Successfully updated',
  noteDeleted: 'Lead note - Successfully deleted',
  inviteSent: 'Invite Sent',
  inviteRejected: 'Invite Rejected',
  resendInvite: 'Resend Invite',
  comingSoon: 'Coming Soon',
  featureComingSoon: 'feature coming soon',
  errorDeleting: 'Error deleting lead',
  errorUpdating: 'Error updating lead',
  errorUpdatingContact: 'Error updating lead contact',
  errorUpdatingImage: 'Error updating lead image',
  errorUpdatingNotes: 'Error updating lead notes',
  errorUpdatingNote: 'Error updating lead note',
  errorDeletingNote: 'Error deleting lead note',
  errorSendingInvite: 'Error sending lead invite',
  failedToUpdate: 'Failed to update lead',
  failedToCreate: 'Failed to create lead',
  failedToCreateWorkflow: 'Failed to create workflow',
  /** 409 of a second lead with the same e-mail in one institution. */
  duplicate: 'This institution already has a lead with this email',
  deleteConfirmTitle: 'Delete lead?',
  deleteConfirmText:
    "The lead, their notes and the documents shared with them are deleted. Their account and workflows stay. This can't be undone.",
} as const;

/** Limits of a lead's free text (interests and tags are short labels). */
export const LEAD_LIMITS = {
  noteMax: 10_000,
  labelMax: 60,
  labelsMax: 30,
  companyMax: 200,
  /** The lead detail carries the newest notes; the Notes tab pages through them all with GET …/notes. */
  notesInDetail: 50,
} as const;

const leadPhone = z
  .string()
  .trim()
  .max(32, 'Phone must be at most 32 characters')
  .refine((v) => v === '' || isValidPhone(v), 'Enter a valid phone number (an optional +, then 1 to 15 digits, the first not 0)')
  .transform((v) => v || null);
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => v || null);
const labels = (label: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .min(1, `${label} cannot be empty`)
        .max(LEAD_LIMITS.labelMax, `Each of ${label} must be at most ${LEAD_LIMITS.labelMax} characters`),
    )
    .max(LEAD_LIMITS.labelsMax, `At most ${LEAD_LIMITS.labelsMax} ${label}`)
    .transform((v) => [...new Set(v)]);

// ── The lead ─────────────────────────────────────────────────────────────────────────────

/** The lead's tenant member, when the person has (or was invited to) a membership of the tenant. */
export const leadTenantMember = z
  .object({
    _id: objectId,
    user: objectId.nullable().describe('The account, once the person has accepted; null while the invitation is pending'),
    membershipStatus,
    role: tenantRole,
  })
  .meta({
    id: 'LeadTenantMember',
    description: "The lead's membership of the tenant: its id, the account once accepted, its status and role.",
  });
export type LeadTenantMember = z.infer<typeof leadTenantMember>;

export const leadNote = z
  .object({
    _id: objectId,
    lead: objectId,
    content: z.string(),
    createdBy: z.object({ _id: objectId.nullable(), name: z.string().nullable() }).describe('Who wrote it'),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'LeadNote',
    description: "A note of the institution's team about a lead (002 §3): its text, who wrote it and when.",
    examples: [
      {
        _id: LEAD_EXAMPLE_IDS.note,
        lead: LEAD_EXAMPLE_IDS.lead,
        content: 'Met at the Atlanta multifamily summit; wants the Q1 deck.',
        createdBy: { _id: RAISE_EXAMPLE_IDS.user, name: 'Grace Hopper' },
        createdAt: '2026-11-26T10:00:00.000Z',
        updatedAt: '2026-11-26T10:00:00.000Z',
      },
    ],
  });
export type LeadNote = z.infer<typeof leadNote>;

const leadFields = {
  _id: objectId,
  institution: objectId,
  firstname: z.string(),
  lastname: z.string(),
  middlename: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  companyTitle: z.string().nullable(),
  origin: leadOrigin,
  interests: z.array(z.string()),
  tags: z.array(z.string()),
  image: objectId.nullable().describe('The avatar image id (POST image with type lead)'),
  imageUrl: z.string().nullable(),
  tenantMember: leadTenantMember.nullable(),
  inviteStatus: leadInviteStatus,
  accountStatus: leadAccountStatus,
  notesCount: z.number().int(),
  workflowsCount: z.number().int(),
  createdAt: timestamp,
  updatedAt: timestamp,
};

const leadExample = {
  _id: LEAD_EXAMPLE_IDS.lead,
  institution: RAISE_EXAMPLE_IDS.institution,
  firstname: 'Ada',
  lastname: 'Lovelace',
  middlename: null,
  email: 'ada@lovelace.example',
  phone: '+14045550123',
  company: 'Analytical Engines LLC',
  companyTitle: 'Managing Partner',
  origin: 'manual',
  interests: ['Multifamily', 'Southeast'],
  tags: ['Warm'],
  image: null,
  imageUrl: null,
  tenantMember: null,
  inviteStatus: 'none',
  accountStatus: 'none',
  notesCount: 1,
  workflowsCount: 0,
  createdAt: '2026-11-25T09:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
} as const;

/** A row of the lead list. */
export const tenantLeadRow = z.object(leadFields).meta({
  id: 'TenantLeadRow',
  description: 'A lead as the list shows it: names, e-mail, where they came from, their tenant membership and invitation, and counts.',
  examples: [leadExample],
});
export type TenantLeadRow = z.infer<typeof tenantLeadRow>;

/** A lead with its newest notes (at most LEAD_LIMITS.notesInDetail; notesCount says how many in all). */
export const tenantLead = z.object({ ...leadFields, notes: z.array(leadNote) }).meta({
  id: 'TenantLead',
  description: 'A lead of an institution (002 §3 TenantLead) with its newest notes.',
  examples: [
    {
      ...leadExample,
      notes: [
        {
          _id: LEAD_EXAMPLE_IDS.note,
          lead: LEAD_EXAMPLE_IDS.lead,
          content: 'Met at the Atlanta multifamily summit; wants the Q1 deck.',
          createdBy: { _id: RAISE_EXAMPLE_IDS.user, name: 'Grace Hopper' },
          createdAt: '2026-11-26T10:00:00.000Z',
          updatedAt: '2026-11-26T10:00:00.000Z',
        },
      ],
    },
  ],
});
export type TenantLead = z.infer<typeof tenantLead>;

// ── Queries ──────────────────────────────────────────────────────────────────────────────

export const leadSort = z.enum(['createdAt', 'updatedAt', 'name', 'email']);
/** GET tenant/{t}/leads (002 §2): one institution's leads, filtered, server-side paged (20 from page 1). */
export const leadListQuery = pageQuery.extend({
  institution: objectId.describe('The institution whose leads to list (the caller must be on its team)'),
  role: tenantRole.optional().describe('Only leads whose tenant membership has this role'),
  status: leadAccountStatus.optional().describe("Only leads with this account status ('none': no membership)"),
  email: z.string().trim().max(254).optional().describe('Only leads whose e-mail contains this, ignoring case'),
  firstname: z.string().trim().max(100).optional().describe('Only leads whose first name contains this, ignoring case'),
  lastname: z.string().trim().max(100).optional().describe('Only leads whose last name contains this, ignoring case'),
  search: z.string().trim().max(200).optional().describe('Text searched in names, e-mail and company, ignoring case'),
  sort: leadSort.default('createdAt').describe('The field to sort by'),
  direction: sortDirection.default('desc').describe('The sort direction'),
});
export type LeadListQuery = z.input<typeof leadListQuery>;

/** The lead list page's URL state (002 §2): the list query plus the chart window and the open dialog. */
export const leadListSearch = z.object({
  role: tenantRole.optional().catch(undefined),
  status: leadAccountStatus.optional().catch(undefined),
  email: z.string().optional().catch(undefined),
  firstname: z.string().optional().catch(undefined),
  lastname: z.string().optional().catch(undefined),
  search: z.string().optional().catch(undefined),
  scale: dashboardPreset.default('1month').catch('1month'),
  page: z.coerce.number().int().min(1).default(1).catch(1),
  limit: z.coerce.number().int().min(1).max(100).default(20).catch(20),
  modal: z.enum(['create']).optional().catch(undefined),
});
export type LeadListSearch = z.infer<typeof leadListSearch>;

/** GET tenant/{t}/leads/stats: the charts of the lead list and the dashboard's Leads card, for a window. */
export const leadStatsQuery = z
  .object({
    institution: objectId.describe('The institution'),
    start: z.iso.datetime({ offset: true, error: 'start must be an ISO date-time' }).describe('The start of the window (ISO date-time)'),
    end: z.iso.datetime({ offset: true, error: 'end must be an ISO date-time' }).describe('The end of the window, after start'),
    scale: z.enum(['hour', 'day', 'month']).describe('The bucket size, in UTC'),
  })
  .refine((q) => new Date(q.start) < new Date(q.end), { message: 'start must be before end', path: ['start'] });
export type LeadStatsQuery = z.infer<typeof leadStatsQuery>;

export const leadStats = z
  .object({
    newInPeriod: z.number().int().describe('Leads created in the window'),
    series: z.array(seriesPoint).describe('Leads created per bucket, empty buckets included'),
    byStatus: z.record(z.string(), z.number().int()).describe('All leads of the institution per account status (every status, 0 included)'),
    total: z.number().int().describe('All leads of the institution'),
  })
  .meta({
    id: 'LeadStats',
    description: "An institution's inbound leads per bucket of a window, and all its leads per account status.",
    examples: [
      {
        newInPeriod: 3,
        series: [
          { bucket: '2026-11-26T00:00:00.000Z', count: 1 },
          { bucket: '2026-11-27T00:00:00.000Z', count: 2 },
        ],
        byStatus: { active: 4, invited: 2, 'invite-rejected': 0, requested: 0, 'request-denied': 0, suspended: 0, none: 11 },
        total: 17,
      },
    ],
  });
export type LeadStats = z.infer<typeof leadStats>;

// ── Bodies ───────────────────────────────────────────────────────────────────────────────

export const leadCreateBody = z
  .object({
    institution: objectId.describe('The institution the lead is for'),
    email,
    firstname: personName('First name'),
    lastname: personName('Last name'),
    middlename: optionalPersonName('Middle name')
      .optional()
      .transform((v) => v || null),
    phone: leadPhone.optional().transform((v) => v ?? null),
    company: optionalText('Company', LEAD_LIMITS.companyMax)
      .optional()
      .transform((v) => v ?? null),
    companyTitle: optionalText('Title', LEAD_LIMITS.companyMax)
      .optional()
      .transform((v) => v ?? null),
    origin: leadOrigin.default('manual'),
  })
  .strict()
  .meta({
    id: 'TenantLeadCreate',
    description:
      'A new lead of an institution: e-mail, first and last name required; middle name, phone, company and title optional; origin defaults to manual (a private API key always creates origin api).',
    examples: [
      {
        institution: RAISE_EXAMPLE_IDS.institution,
        email: 'ada@lovelace.example',
        firstname: 'Ada',
        lastname: 'Lovelace',
        phone: '+14045550123',
      },
    ],
  });
export type LeadCreateBody = z.input<typeof leadCreateBody>;
/** The create dialog's form (phone through the shared mask; institution comes from the page). */
export const leadCreateForm = leadCreateBody.omit({ institution: true, company: true, companyTitle: true, origin: true });
export type LeadCreateFormValues = z.input<typeof leadCreateForm>;

export const leadDetailsBody = z
  .object({
    firstname: personName('First name'),
    lastname: personName('Last name'),
    middlename: optionalPersonName('Middle name').transform((v) => v || null),
    company: optionalText('Company', LEAD_LIMITS.companyMax),
    companyTitle: optionalText('Title', LEAD_LIMITS.companyMax),
    origin: leadOrigin,
    interests: labels('interests'),
    tags: labels('tags'),
  })
  .strict()
  .meta({
    id: 'TenantLeadDetails',
    description: "A lead's details, written whole: names, company and title, origin, interests and tags.",
    examples: [
      {
        firstname: 'Ada',
        lastname: 'Lovelace',
        middlename: '',
        company: 'Analytical Engines LLC',
        companyTitle: 'Managing Partner',
        origin: 'manual',
        interests: ['Multifamily'],
        tags: ['Warm'],
      },
    ],
  });
export type LeadDetailsBody = z.input<typeof leadDetailsBody>;

export const leadContactBody = z
  .object({ email, phone: leadPhone })
  .strict()
  .meta({
    id: 'TenantLeadContact',
    description: "A lead's e-mail and phone ('' for none). The e-mail cannot change once the lead has a tenant membership (409).",
    examples: [{ email: 'ada@lovelace.example', phone: '+14045550123' }],
  });
export type LeadContactBody = z.input<typeof leadContactBody>;

export const leadImageBody = z
  .object({ image: objectId.nullable().describe('An image uploaded with POST image (type lead); null removes the avatar') })
  .strict()
  .meta({ id: 'TenantLeadImage', description: "A lead's avatar.", examples: [{ image: LEAD_EXAMPLE_IDS.image }] });
export type LeadImageBody = z.input<typeof leadImageBody>;

/** 002 §5: a note's content is required and not only whitespace. */
export const leadNoteBody = z
  .object({
    content: z
      .string({ error: 'Content is required' })
      .trim()
      .min(1, 'Content is required')
      .max(LEAD_LIMITS.noteMax, `A note must be at most ${groupThousands(LEAD_LIMITS.noteMax)} characters`),
  })
  .strict()
  .meta({ id: 'LeadNoteContent', description: 'The text of a note.', examples: [{ content: 'Wants the Q1 deck.' }] });
export type LeadNoteBody = z.input<typeof leadNoteBody>;

/** POST …/leads/{id}/workflows: a workflow for the lead (their tenant member must be active). */
export const leadWorkflowCreateBody = z
  .object({
    type: z.enum(['investment', 'accreditation', 'identity-verification']),
    name: z.string().trim().min(1).max(200).optional().describe("Defaults to 'Investment - ' plus the offer name"),
    description: z.string().trim().max(2000).nullable().optional(),
    config: z
      .object({
        offer: objectId,
        amount: z.number().positive().max(1e13).optional().describe("Defaults to the lowest minimum investment across the offer's classes"),
      })
      .strict(),
  })
  .strict()
  .meta({
    id: 'TenantLeadWorkflowCreate',
    description:
      "An investment workflow for the lead, in an offer of the lead's institution. The lead must have an active tenant membership, else 400 'Lead must have a tenant member'.",
    examples: [{ type: 'investment', config: { offer: RAISE_EXAMPLE_IDS.offer, amount: 50000 } }],
  });
export type LeadWorkflowCreateBody = z.input<typeof leadWorkflowCreateBody>;

export const leadNotesQuery = pageQuery;
/** The Activity tab pages, searches and sorts the merged feed as every timeline does. */
export const leadEventsQuery = timelineQuery;
