import { webhookDelivery, type WebhookDelivery } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { endpointPath, webhooksKey, type WebhookOwner } from './webhook-owner.ts';

export function getWebhookDelivery(
  owner: WebhookOwner,
  endpointId: string,
  deliveryId: string,
  signal?: AbortSignal,
): Promise<WebhookDelivery> {
  return api.get(`${endpointPath(owner, endpointId)}/deliveries/${encodeURIComponent(deliveryId)}`, webhookDelivery, signal);
}

export const webhookDeliveryQueryOptions = (owner: WebhookOwner, endpointId: string, deliveryId: string) =>
  queryOptions({
    queryKey: [...webhooksKey(owner), 'delivery', endpointId, deliveryId],
    queryFn: ({ signal }) => getWebhookDelivery(owner, endpointId, deliveryId, signal),
  });

export function useWebhookDelivery(owner: WebhookOwner, endpointId: string, deliveryId: string) {
  return useQuery(webhookDeliveryQueryOptions(owner, endpointId, deliveryId));
}
