import { leadNote, type LeadNoteBody } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { leadPath } from './lead-keys.ts';
import { useLeadNoteMutation } from './lead-note-mutation.ts';

/** POST …/{id}/notes. */
export function createLeadNote(tenantId: string, id: string, body: LeadNoteBody) {
  return api.post(`${leadPath(tenantId, id)}/notes`, body, leadNote);
}

export function useCreateLeadNote(tenantId: string, id: string) {
  return useLeadNoteMutation(tenantId, id, (body: LeadNoteBody) => createLeadNote(tenantId, id, body));
}
