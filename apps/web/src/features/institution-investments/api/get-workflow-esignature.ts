import { esignEnvelope, type EsignEnvelope } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workflowPath, workflowQueryOptions } from '../../workflows/index.ts';

/** GET tenant/{t}/workflows/{id}/esignature: the newest signing of the workflow's agreement; 404 when there is none yet. */
export function getWorkflowEsignature(tenantId: string, id: string, signal?: AbortSignal): Promise<EsignEnvelope> {
  return api.get(`${workflowPath(tenantId, id)}/esignature`, esignEnvelope, signal);
}

export const workflowEsignatureQueryOptions = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: [...workflowQueryOptions(tenantId, id).queryKey, 'esignature'],
    queryFn: ({ signal }) => getWorkflowEsignature(tenantId, id, signal),
    enabled: tenantId !== '' && id !== '',
  });

export function useWorkflowEsignature(tenantId: string, id: string) {
  return useQuery(workflowEsignatureQueryOptions(tenantId, id));
}
