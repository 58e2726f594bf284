import { esignEnvelope, type EsignEnvelope, type SignSubscriptionBody } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { workflowQueryOptions } from '../get-workflow.ts';
import { esignEnvelopeQueryOptions, esignPath } from './get-esign-envelope.ts';

/** POST tenant/{t}/workflows/{id}/esignature/sign: signs, seals and completes the e-signature step (409 if the agreement changed). */
export function signSubscription(tenantId: string, workflowId: string, body: SignSubscriptionBody): Promise<EsignEnvelope> {
  return api.post(`${esignPath(tenantId, workflowId)}/sign`, body, esignEnvelope);
}

export function useSignSubscription(tenantId: string, workflowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignSubscriptionBody) => signSubscription(tenantId, workflowId, body),
    onSuccess: (signed) => {
      queryClient.setQueryData(esignEnvelopeQueryOptions(tenantId, workflowId).queryKey, signed);
      // The server completed the step: the workflow read next carries it.
      void queryClient.invalidateQueries({ queryKey: workflowQueryOptions(tenantId, workflowId).queryKey, exact: true });
    },
  });
}
