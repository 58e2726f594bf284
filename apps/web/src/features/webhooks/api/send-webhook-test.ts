import { webhookDelivery, type WebhookDelivery } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { endpointPath, webhooksKey, type WebhookOwner } from './webhook-owner.ts';

/** Queues a `webhook.test` event to the endpoint (202): its delivery shows in the endpoint's deliveries. */
export function sendWebhookTest(owner: WebhookOwner, endpointId: string): Promise<WebhookDelivery> {
  return api.post(`${endpointPath(owner, endpointId)}/test`, {}, webhookDelivery);
}

export function useSendWebhookTest(owner: WebhookOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) => sendWebhookTest(owner, endpointId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(owner) }),
  });
}
