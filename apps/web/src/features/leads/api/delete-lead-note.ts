import { dataOf, deletedResult } from '@tessera/domain';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLeadNoteMutation } from './lead-note-mutation.ts';
import { notePath } from './update-lead-note.ts';

/** A 204, or `{ data: { deleted: true, … } }`: both mean the note is gone. */
const deleteAnswer = z.union([z.null(), dataOf(deletedResult.loose())]);

/** DELETE …/{id}/notes/{noteId}. */
export async function deleteLeadNote(tenantId: string, id: string, noteId: string): Promise<void> {
  await apiRequest(notePath(tenantId, id, noteId), { method: 'DELETE', schema: deleteAnswer });
}

export function useDeleteLeadNote(tenantId: string, id: string) {
  return useLeadNoteMutation(tenantId, id, (noteId: string) => deleteLeadNote(tenantId, id, noteId));
}
