import { institution, type institutionContactBody } from '@tessera/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useInstitutionMutation } from './institution-mutation.ts';
import { institutionPath } from './list-institutions.ts';

type ContactBody = z.input<typeof institutionContactBody>;

/** PUT …/contact: the whole contact (addresses, e-mails, phones, faxes, links). */
export function updateInstitutionContact(tenantId: string, id: string, body: ContactBody) {
  return api.put(`${institutionPath(tenantId, id)}/contact`, body, institution);
}

export function useUpdateInstitutionContact(tenantId: string, id: string) {
  return useInstitutionMutation(tenantId, id, (body: ContactBody) => updateInstitutionContact(tenantId, id, body));
}
