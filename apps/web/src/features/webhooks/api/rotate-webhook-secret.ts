import { webhookEndpointWithSecret, type WebhookEndpointWithSecret } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { endpointPath, webhooksKey, type WebhookOwner } from './webhook-owner.ts';

/** A new signing secret, sent this once; the old one stops signing at once (asks for step-up when due). */
export function rotateWebhookSecret(owner: WebhookOwner, endpointId: string): Promise<WebhookEndpointWithSecret> {
  return api.post(`${endpointPath(owner, endpointId)}/rotate-secret`, {}, webhookEndpointWithSecret);
}

export function useRotateWebhookSecret(owner: WebhookOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) => rotateWebhookSecret(owner, endpointId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(owner) }),
  });
}
