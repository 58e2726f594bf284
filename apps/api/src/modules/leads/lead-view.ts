import { imageUrl, type LeadNote, type TenantLead, type TenantLeadRow } from '@tessera/domain';
import { leadInviteStatusOf } from './lead-invite-status.ts';
import type { NoteWithAuthor, LeadViewRow } from './leads.repository.ts';

/** A lead row with its member and counts, as the API shows it (a list row). */
export function toLeadRow({ lead, member, notesCount, workflowsCount }: LeadViewRow): TenantLeadRow {
  return {
    _id: lead.id,
    institution: lead.institutionId,
    firstname: lead.firstname,
    lastname: lead.lastname,
    middlename: lead.middlename,
    email: lead.email,
    phone: lead.phone,
    company: lead.company,
    companyTitle: lead.companyTitle,
    origin: lead.origin,
    interests: lead.interests,
    tags: lead.tags,
    image: lead.imageId,
    imageUrl: lead.imageId ? imageUrl(lead.imageId) : null,
    tenantMember: member
      ? {
          _id: member.id,
          // The account only once the invitation is accepted.
          user: member.membershipStatus === 'invited' ? null : member.userId,
          membershipStatus: member.membershipStatus,
          role: member.role,
        }
      : null,
    inviteStatus: leadInviteStatusOf(lead.inviteStatus, member?.membershipStatus),
    accountStatus: member?.membershipStatus ?? 'none',
    notesCount,
    workflowsCount,
    createdAt: lead.createdAt.toISOString(),
    updatedAt: lead.updatedAt.toISOString(),
  };
}

export function toLeadNote({ note, authorName }: NoteWithAuthor): LeadNote {
  return {
    _id: note.id,
    lead: note.leadId,
    content: note.content,
    createdBy: { _id: note.createdBy, name: authorName },
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
  };
}

export const toLead = (row: LeadViewRow, notes: NoteWithAuthor[]): TenantLead => ({ ...toLeadRow(row), notes: notes.map(toLeadNote) });
