import type { LeadNote, List, PageQuery, TimelineEvent, TimelineQuery } from '@tessera/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AnyCaller } from '../../lib/auth-context.ts';
import { newId } from '../../lib/ids.ts';
import { pageMeta } from '../../lib/pagination.ts';
import { actorName, recordEvent } from '../timeline/index.ts';
import { requireLead } from './lead-access.ts';
import { leadActivity } from './lead-engagement.ts';
import { toLeadNote } from './lead-view.ts';
import {
  deleteNote as deleteNoteRow,
  findLeadView,
  findNote,
  findNoteWithAuthor,
  insertNote,
  listNotes,
  updateLead,
  updateNote,
} from './leads.repository.ts';
import { leadName, leadRefs } from './leads.service.ts';

/**
 * A lead's notes (002 §3 lead note, §5) and its activity. A note is the team's: whoever may change the lead may write,
 * edit and delete its notes (viewers only read). Each change is a timeline event of the lead with the old and new text,
 * so it shows only to those who may read the lead; the lead's `updated_at` moves with it.
 */

const noteRef = (id: string) => ({ entity: id, entityType: 'lead' as const });

async function presentNote(db: DbOrTx, tenantId: string, id: string): Promise<LeadNote> {
  const found = await findNoteWithAuthor(db, tenantId, id);
  if (!found) throw notFound('Note');
  return toLeadNote(found);
}

/** GET …/{id}/notes: newest first. */
export async function listLeadNotes(db: DbOrTx, auth: AnyCaller, leadId: string, q: PageQuery): Promise<List<LeadNote>> {
  await requireLead(db, auth, leadId);
  const { rows, total } = await listNotes(db, auth.tenantId, leadId, q);
  return { data: rows.map(toLeadNote), meta: pageMeta(q, total) };
}

/** POST …/{id}/notes. */
export async function createLeadNote(db: Db, auth: AnyCaller, leadId: string, content: string): Promise<LeadNote> {
  const id = newId();
  await db.transaction(async (tx) => {
    const { lead } = await requireLead(tx, auth, leadId, { write: true });
    const now = new Date();
    await insertNote(tx, {
      tenantId: auth.tenantId,
      id,
      leadId,
      content,
      createdBy: auth.apiKey ? null : auth.user.id,
      createdAt: now,
      updatedAt: now,
    });
    await updateLead(tx, auth.tenantId, leadId, { updatedAt: now });
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      caller: auth,
      type: 'create',
      entity: leadId,
      entityType: 'tenant-lead',
      message: `${actorName(auth)} added a note to ${leadName(lead)}`,
      meta: { note: id, change: { content: { old: null, new: content } } },
      refs: [...leadRefs(lead), noteRef(id)],
    });
  });
  return presentNote(db, auth.tenantId, id);
}

/** PUT …/{id}/notes/{noteId}. The same text again changes nothing. */
export async function updateLeadNote(db: Db, auth: AnyCaller, leadId: string, noteId: string, content: string): Promise<LeadNote> {
  await db.transaction(async (tx) => {
    const { lead } = await requireLead(tx, auth, leadId, { write: true });
    const note = await findNote(tx, auth.tenantId, leadId, noteId);
    if (!note) throw notFound('Note');
    if (note.content === content) return;
    const now = new Date();
    await updateNote(tx, auth.tenantId, noteId, content, now);
    await updateLead(tx, auth.tenantId, leadId, { updatedAt: now });
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      caller: auth,
      type: 'update',
      entity: leadId,
      entityType: 'tenant-lead',
      message: `${actorName(auth)} edited a note on ${leadName(lead)}`,
      meta: { note: noteId, change: { content: { old: note.content, new: content } } },
      refs: [...leadRefs(lead), noteRef(noteId)],
    });
  });
  return presentNote(db, auth.tenantId, noteId);
}

/** DELETE …/{id}/notes/{noteId}. */
export async function deleteLeadNote(db: Db, auth: AnyCaller, leadId: string, noteId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { lead } = await requireLead(tx, auth, leadId, { write: true });
    const note = await findNote(tx, auth.tenantId, leadId, noteId);
    if (!note) throw notFound('Note');
    await deleteNoteRow(tx, auth.tenantId, noteId);
    await updateLead(tx, auth.tenantId, leadId, {});
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      caller: auth,
      type: 'delete',
      entity: leadId,
      entityType: 'tenant-lead',
      message: `${actorName(auth)} deleted a note on ${leadName(lead)}`,
      meta: { note: noteId, delete: { content: note.content, createdAt: note.createdAt.toISOString() } },
      refs: [...leadRefs(lead), noteRef(noteId)],
    });
  });
}

/** GET …/{id}/events: the lead's history merged with their engagement, newest first. */
export async function listLeadEvents(db: DbOrTx, auth: AnyCaller, leadId: string, q: TimelineQuery): Promise<List<TimelineEvent>> {
  const { lead } = await requireLead(db, auth, leadId);
  // The engagement of the lead's account (an invited person who never signed in has none).
  const userId = (await findLeadView(db, auth.tenantId, leadId))?.member?.userId ?? null;
  const { data, total } = await leadActivity(
    db,
    { tenantId: auth.tenantId, leadId, institutionId: lead.institutionId, userId, leadName: leadName(lead) },
    q,
  );
  return { data, meta: pageMeta(q, total) };
}
