import { esignEnvelope, type EsignEnvelope } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { workflowPath, workflowQueryOptions } from '../get-workflow.ts';

export const esignPath = (tenantId: string, workflowId: string) => `${workflowPath(tenantId, workflowId)}/esignature`;

/** GET tenant/{t}/workflows/{id}/esignature: the newest envelope; null when none was prepared yet. */
export function getEsignEnvelope(tenantId: string, workflowId: string, signal?: AbortSignal): Promise<EsignEnvelope | null> {
  return api.get(esignPath(tenantId, workflowId), esignEnvelope.nullable(), signal);
}

export const esignEnvelopeQueryOptions = (tenantId: string, workflowId: string) =>
  queryOptions({
    queryKey: [...workflowQueryOptions(tenantId, workflowId).queryKey, 'esignature'],
    queryFn: ({ signal }) => getEsignEnvelope(tenantId, workflowId, signal),
  });

export function useEsignEnvelope(tenantId: string, workflowId: string) {
  return useQuery(esignEnvelopeQueryOptions(tenantId, workflowId));
}
