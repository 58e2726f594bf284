import {
  isPendingMembership,
  LEAD_TEXTS,
  LEAD_WITHOUT_MEMBER_TEXT,
  NOT_CREATABLE_WORKFLOW_TEXT,
  WORKFLOW_TEMPLATES,
  type LeadAccreditation,
  type LeadInviteStatus,
  type List,
  type PageQuery,
  type TenantLead,
  type Workflow,
} from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { leadWorkflowCreateBody } from '@tessera/domain';
import type { DbOrTx } from '../../db/client.ts';
import { tenantLeads, type TenantLeadRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { MailMessage } from '../../lib/mail/mailer.ts';
import { pageMeta } from '../../lib/pagination.ts';
import { findLatestApplicationStatus } from '../applications/index.ts';
import { invitationMail, inviterName, issueInviteLink, writeInvitation, type CallSite } from '../auth/index.ts';
import type { DocumentDeps } from '../documents/index.ts';
import { findOffer } from '../offers/index.ts';
import { actorName, recordEvent } from '../timeline/index.ts';
import { findUserWithMemberByEmail } from '../users/index.ts';
import { createWorkflow, listPersonWorkflowsAtInstitution } from '../workflows/index.ts';
import { requireLead } from './lead-access.ts';
import { activeMemberOf, memberOf, shareLeadDocumentsWithMember } from './lead-documents.ts';
import { leadInviteStatusOf } from './lead-invite-status.ts';
import { presentLead } from './leads.service.ts';

/**
 * What a lead is to the rest of the tenant (002 §4–§7): their invitation to become the tenant's investor, the
 * workflows the team starts for them and their accreditation; the documents shared with them are lead-documents.ts's.
 * The lead itself (its row, notes, list and history) is leads.service.ts's.
 */

/** How often a lead may be invited (issue #21, as sharing by e-mail): per inviter in a tenant, and per address. */
export interface LeadInviteLimits {
  /** Invitations and resends by one person in a tenant: 10 an hour. */
  perInviter: AttemptLimiter;
  /** Invitations and resends to one address in a tenant: 3 an hour. */
  perRecipient: AttemptLimiter;
}
export const LEAD_INVITE_LIMITS = {
  perInviter: { max: 10, windowMs: 60 * 60_000 },
  perRecipient: { max: 3, windowMs: 60 * 60_000 },
} as const;

export interface LeadRelationsDeps extends DocumentDeps {
  inviteLimits: LeadInviteLimits;
}

export const LEAD_ALREADY_MEMBER = 'This lead already has an account in this organization: there is no invitation to send';
export const LEAD_INVITE_WITHDRAWN =
  'Only invited people can be sent the invitation again: their membership of the organization is no longer invited';

const name = (lead: TenantLeadRow) => [lead.firstname, lead.lastname].filter(Boolean).join(' ') || lead.email;
const leadRef = (lead: TenantLeadRow) => ({ entity: lead.id, entityType: 'tenant-lead' as const });

async function updateLeadRow(db: DbOrTx, lead: TenantLeadRow, values: Partial<TenantLeadRow>): Promise<TenantLeadRow> {
  const [row] = await db
    .update(tenantLeads)
    .set(values)
    .where(and(eq(tenantLeads.tenantId, lead.tenantId), eq(tenantLeads.id, lead.id)))
    .returning();
  return row!;
}

// ── Invitation ────────────────────────────────────────────────────────────────────────────

/**
 * POST …/leads/{id}/invite (002 §4): invites the lead's e-mail to the tenant as an investor, with the lead's names,
 * and links the membership to the lead; a second call while the membership is still invited sends a new link (any
 * earlier one stops working). The answer is the same whether or not the address has an account elsewhere (issue #21):
 * the membership stays invited until the person accepts from the mail, and the lead shows no account until then.
 *
 * - a lead already linked to an active (or suspended) membership: 409, nothing to send;
 * - linked to a withdrawn invitation (invite-rejected) or a request: 400, as members' resend refuses it;
 * - not linked, but the e-mail already has a membership of this tenant: linked to it; invited → the link is resent,
 *   active → linked and nothing sent (the tenant already knows its members);
 * - else: a new invitation (writeInvitation), linked.
 *
 * The mail goes once the transaction commits; when it fails the lead shows 'error' and the call answers 503, so the
 * web says 'Error sending lead invite' and the team may resend.
 */
export async function inviteLead(deps: LeadRelationsDeps, site: CallSite, auth: AuthContext, leadId: string): Promise<TenantLead> {
  const { lead: found } = await requireLead(deps.db, auth, leadId, { write: true });
  await deps.inviteLimits.perInviter.hit(`${auth.tenantId}:${auth.user.id}`);
  await deps.inviteLimits.perRecipient.hit(`${auth.tenantId}:${found.email}`);
  const inviter = inviterName(auth, site.tenant);

  const { lead, mail } = await deps.db.transaction(async (tx) => {
    const { lead: current } = await requireLead(tx, auth, leadId, { write: true });
    const before = await memberOf(tx, current);
    let linked = before;
    if (!linked) {
      const existing = await findUserWithMemberByEmail(tx, current.email, auth.tenantId);
      if (existing?.member) linked = { member: existing.member, user: existing.user };
    }
    let mail: MailMessage | null = null;
    let resent = false;
    if (linked) {
      const status = linked.member.membershipStatus;
      const alreadyLinked = linked.member.id === current.tenantMemberId;
      if ((status === 'active' || status === 'suspended') && alreadyLinked) throw new AppError('conflict', LEAD_ALREADY_MEMBER);
      if (status === 'invited') {
        const link = await issueInviteLink(deps, tx, site, { id: linked.member.userId, ...linked.user }, linked.member);
        mail = { to: linked.user.email, tenantId: auth.tenantId, ...invitationMail(site, inviter, link) };
        resent = alreadyLinked;
      } else if (status !== 'active' && status !== 'suspended') {
        throw new AppError('bad-request', LEAD_INVITE_WITHDRAWN);
      }
    } else {
      const invitation = await writeInvitation(deps, tx, site, auth, {
        email: current.email,
        firstname: current.firstname,
        lastname: current.lastname,
        role: 'investor',
        attributes: {},
        expiresAt: null,
      });
      linked = { member: invitation.member, user: invitation.invitedUser };
      mail = invitation.mail;
    }
    const inviteStatus: LeadInviteStatus = mail ? 'invited' : current.inviteStatus;
    const updated = await updateLeadRow(tx, current, {
      tenantMemberId: linked.member.id,
      inviteStatus,
      updatedAt: deps.clock.now(),
    });
    if (current.tenantMemberId !== linked.member.id) await shareLeadDocumentsWithMember(tx, current, linked, auth.user.id);
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'invite',
      entity: current.id,
      entityType: 'tenant-lead',
      userId: auth.user.id,
      message: mail
        ? `${actorName(auth)} ${resent ? 'resent the invitation to' : 'invited'} ${name(current)} (${current.email})`
        : `${actorName(auth)} linked ${name(current)} to their account in the organization`,
      meta: {
        change: {
          inviteStatus: {
            old: leadInviteStatusOf(current.inviteStatus, before?.member.membershipStatus),
            new: leadInviteStatusOf(inviteStatus, linked.member.membershipStatus),
          },
          ...(current.tenantMemberId !== linked.member.id && { tenantMember: { old: current.tenantMemberId, new: linked.member.id } }),
        },
      },
    });
    return { lead: updated, mail };
  });

  if (mail) {
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      await deps.db.transaction(async (tx) => {
        await updateLeadRow(tx, lead, { inviteStatus: 'error', updatedAt: deps.clock.now() });
        await recordEvent(tx, {
          tenantId: auth.tenantId,
          type: 'invite',
          entity: lead.id,
          entityType: 'tenant-lead',
          userId: auth.user.id,
          message: `The invitation mail to ${lead.email} could not be sent`,
          meta: { change: { inviteStatus: { old: 'invited', new: 'error' } } },
        });
      });
      throw new AppError('unavailable', LEAD_TEXTS.errorSendingInvite, { cause: error });
    }
  }
  return presentLead(deps.db, auth.tenantId, lead.id);
}

// ── Workflows ─────────────────────────────────────────────────────────────────────────────

/** GET …/leads/{id}/workflows: the workflows of the lead's account for this institution's offers, newest first. */
export async function listLeadWorkflows(deps: LeadRelationsDeps, auth: AuthContext, leadId: string, q: PageQuery): Promise<List<Workflow>> {
  const { lead } = await requireLead(deps.db, auth, leadId);
  const found = await memberOf(deps.db, lead);
  if (!found || isPendingMembership(found.member.membershipStatus)) return { data: [], meta: pageMeta(q, 0) };
  return listPersonWorkflowsAtInstitution(deps.db, auth.tenantId, { ownerId: found.member.userId, institutionId: lead.institutionId }, q);
}

const noSuchOffer = () => new AppError('validation', 'body.config.offer: No such offer');

/**
 * POST …/leads/{id}/workflows (002 §5): an investment for the lead's account in an offer of the lead's institution,
 * through the workflows module (which checks the offer, the member and one investment in progress per offer). The
 * lead must have an active membership: else 400 'Lead must have a tenant member'. The workflow refers to the lead, and
 * the lead's history records it too (after the workflow's own transaction: the workflows module owns that one).
 */
export async function createLeadWorkflow(
  deps: LeadRelationsDeps,
  auth: AuthContext,
  leadId: string,
  body: z.output<typeof leadWorkflowCreateBody>,
): Promise<Workflow> {
  const { lead } = await requireLead(deps.db, auth, leadId, { write: true });
  if (!WORKFLOW_TEMPLATES[body.type].creatable) throw new AppError('bad-request', NOT_CREATABLE_WORKFLOW_TEXT);
  const member = await activeMemberOf(deps.db, lead);
  if (!member) throw new AppError('bad-request', LEAD_WITHOUT_MEMBER_TEXT);
  const offer = await findOffer(deps.db, auth.tenantId, body.config.offer);
  if (offer?.institutionId !== lead.institutionId) throw noSuchOffer();
  const workflow = await createWorkflow(deps, auth, {
    type: body.type,
    ...(body.name !== undefined && { name: body.name }),
    ...(body.description !== undefined && { description: body.description }),
    owner: member.member.userId,
    config: { offer: offer.id, ...(body.config.amount !== undefined && { amount: body.config.amount }) },
    refs: leadRef(lead),
  });
  await recordEvent(deps.db, {
    tenantId: auth.tenantId,
    type: 'create',
    entity: lead.id,
    entityType: 'tenant-lead',
    userId: auth.user.id,
    message: `${actorName(auth)} started the workflow ${workflow.name} for ${name(lead)}`,
    meta: {
      change: { workflow: { old: null, new: { _id: workflow._id, name: workflow.name, offer: offer.id, amount: workflow.config.amount } } },
    },
    refs: [{ entity: workflow._id, entityType: 'workflow' }],
  });
  return workflow;
}

// ── Accreditation ─────────────────────────────────────────────────────────────────────────

/**
 * GET …/leads/{id}/accreditation-application: the status of the lead's newest accreditation application in this
 * tenant, how it was verified and when an approval expires; null while the lead has no active account or no
 * application. Nothing of the answers or evidence.
 */
export async function getLeadAccreditation(deps: LeadRelationsDeps, auth: AuthContext, leadId: string): Promise<LeadAccreditation | null> {
  const { lead } = await requireLead(deps.db, auth, leadId);
  const member = await activeMemberOf(deps.db, lead);
  if (!member) return null;
  const found = await findLatestApplicationStatus(deps.db, auth.tenantId, member.member.userId, 'accreditation', deps.clock.now());
  if (!found) return null;
  return {
    _id: found.id,
    status: found.status,
    verificationMethod: found.verificationMethod,
    reviewedAt: found.reviewedAt?.toISOString() ?? null,
    expiresAt: found.expiresAt?.toISOString() ?? null,
    expired: found.expired,
    updatedAt: found.updatedAt.toISOString(),
  };
}
