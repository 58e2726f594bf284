import { leadNote, type LeadNoteBody } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { leadPath } from './lead-keys.ts';
import { useLeadNoteMutation } from './lead-note-mutation.ts';

const notePath = (tenantId: string, id: string, noteId: string) => `${leadPath(tenantId, id)}/notes/${encodeURIComponent(noteId)}`;

/** PUT …/{id}/notes/{noteId}. */
export function updateLeadNote(tenantId: string, id: string, noteId: string, body: LeadNoteBody) {
  return api.put(notePath(tenantId, id, noteId), body, leadNote);
}

export function useUpdateLeadNote(tenantId: string, id: string) {
  return useLeadNoteMutation(tenantId, id, ({ noteId, ...body }: LeadNoteBody & { noteId: string }) =>
    updateLeadNote(tenantId, id, noteId, body),
  );
}

export { notePath };
