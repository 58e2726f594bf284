import { listOf, toSearch, webhookDelivery, type WebhookDeliveryListQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { endpointPath, webhooksKey, type WebhookOwner } from './webhook-owner.ts';

export function listWebhookDeliveries(owner: WebhookOwner, endpointId: string, q: WebhookDeliveryListQuery, signal?: AbortSignal) {
  return apiRequest(`${endpointPath(owner, endpointId)}/deliveries${toSearch(q)}`, { schema: listOf(webhookDelivery), signal });
}

export const webhookDeliveriesQueryOptions = (owner: WebhookOwner, endpointId: string, q: WebhookDeliveryListQuery) =>
  queryOptions({
    queryKey: [...webhooksKey(owner), 'deliveries', endpointId, q],
    queryFn: ({ signal }) => listWebhookDeliveries(owner, endpointId, q, signal),
    placeholderData: keepPreviousData,
  });

/** One page of an endpoint's deliveries, newest first. */
export function useWebhookDeliveries(owner: WebhookOwner, endpointId: string, q: WebhookDeliveryListQuery) {
  return useQuery(webhookDeliveriesQueryOptions(owner, endpointId, q));
}
