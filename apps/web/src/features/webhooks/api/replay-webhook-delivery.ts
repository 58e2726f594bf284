import { webhookDelivery, type WebhookDelivery } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { endpointPath, webhooksKey, type WebhookOwner } from './webhook-owner.ts';

/** Sends the delivery's event again as a new delivery (202, `replayOf` set, the same event id). */
export function replayWebhookDelivery(owner: WebhookOwner, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  return api.post(`${endpointPath(owner, endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/replay`, {}, webhookDelivery);
}

export function useReplayWebhookDelivery(owner: WebhookOwner, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => replayWebhookDelivery(owner, endpointId, deliveryId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(owner) }),
  });
}
