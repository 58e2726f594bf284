import { institution, type InstitutionCreateBody } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { institutionsKey, institutionsPath } from './list-institutions.ts';

/** POST tenant/{t}/institutions (owners). */
export function createInstitution(tenantId: string, body: InstitutionCreateBody) {
  return api.post(institutionsPath(tenantId), body, institution);
}

export function useCreateInstitution(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InstitutionCreateBody) => createInstitution(tenantId, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: institutionsKey(tenantId) }),
  });
}
