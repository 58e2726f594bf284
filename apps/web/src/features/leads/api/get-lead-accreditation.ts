import { leadAccreditation } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { leadPartKey, leadPath } from './lead-keys.ts';

/** GET …/{id}/accreditation-application: the lead's newest accreditation in summary, null without an account or one. */
export function getLeadAccreditation(tenantId: string, id: string, signal?: AbortSignal) {
  return api.get(`${leadPath(tenantId, id)}/accreditation-application`, leadAccreditation.nullable(), signal);
}

export const leadAccreditationQueryOptions = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: leadPartKey(tenantId, 'accreditation', id),
    queryFn: ({ signal }) => getLeadAccreditation(tenantId, id, signal),
    enabled: tenantId !== '' && id !== '',
  });

export function useLeadAccreditation(tenantId: string, id: string, enabled = true) {
  return useQuery({ ...leadAccreditationQueryOptions(tenantId, id), enabled: enabled && tenantId !== '' && id !== '' });
}
