import { institution, type InstitutionDetailsUpdateBody } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { useInstitutionMutation } from './institution-mutation.ts';
import { institutionPath } from './list-institutions.ts';

/** PUT …/details: the slug may be left out (GPs do not see it). */
export function updateInstitutionDetails(tenantId: string, id: string, body: InstitutionDetailsUpdateBody) {
  return api.put(`${institutionPath(tenantId, id)}/details`, body, institution);
}

export function useUpdateInstitutionDetails(tenantId: string, id: string) {
  return useInstitutionMutation(tenantId, id, (body: InstitutionDetailsUpdateBody) => updateInstitutionDetails(tenantId, id, body));
}
