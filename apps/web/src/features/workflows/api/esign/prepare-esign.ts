import { esignEnvelope, type EsignEnvelope } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { esignEnvelopeQueryOptions, esignPath } from './get-esign-envelope.ts';

/** POST tenant/{t}/workflows/{id}/esignature: fills the subscription agreement with the workflow's data. */
export function prepareEsign(tenantId: string, workflowId: string): Promise<EsignEnvelope> {
  return api.post(esignPath(tenantId, workflowId), {}, esignEnvelope);
}

export function usePrepareEsign(tenantId: string, workflowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => prepareEsign(tenantId, workflowId),
    onSuccess: (prepared) => queryClient.setQueryData(esignEnvelopeQueryOptions(tenantId, workflowId).queryKey, prepared),
  });
}
