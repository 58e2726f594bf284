import { tenantLead, type LeadDetailsBody } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { leadPath } from './lead-keys.ts';
import { useLeadMutation } from './lead-mutation.ts';

/** PUT …/{id}/details: names, company and title, origin, interests and tags, written whole. */
export function updateLeadDetails(tenantId: string, id: string, body: LeadDetailsBody) {
  return api.put(`${leadPath(tenantId, id)}/details`, body, tenantLead);
}

export function useUpdateLeadDetails(tenantId: string, id: string) {
  return useLeadMutation(tenantId, id, (body: LeadDetailsBody) => updateLeadDetails(tenantId, id, body));
}
