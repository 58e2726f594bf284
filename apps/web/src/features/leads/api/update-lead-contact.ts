import { tenantLead, type LeadContactBody } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { leadPath } from './lead-keys.ts';
import { useLeadMutation } from './lead-mutation.ts';

/** PUT …/{id}/contact: e-mail and phone ('' for none). */
export function updateLeadContact(tenantId: string, id: string, body: LeadContactBody) {
  return api.put(`${leadPath(tenantId, id)}/contact`, body, tenantLead);
}

export function useUpdateLeadContact(tenantId: string, id: string) {
  return useLeadMutation(tenantId, id, (body: LeadContactBody) => updateLeadContact(tenantId, id, body));
}
