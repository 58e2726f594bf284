import { webhookEndpoint, type WebhookEndpoint } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { webhooksKey, webhooksPath, type WebhookOwner } from './webhook-owner.ts';

/** An owner has at most WEBHOOK_LIMITS.endpointsPerOwner endpoints: one call lists them all. */
export function listWebhookEndpoints(owner: WebhookOwner, signal?: AbortSignal): Promise<WebhookEndpoint[]> {
  return api.get(webhooksPath(owner), z.array(webhookEndpoint), signal);
}

export const webhookEndpointsQueryOptions = (owner: WebhookOwner) =>
  queryOptions({ queryKey: [...webhooksKey(owner), 'endpoints'], queryFn: ({ signal }) => listWebhookEndpoints(owner, signal) });

export function useWebhookEndpoints(owner: WebhookOwner) {
  return useQuery(webhookEndpointsQueryOptions(owner));
}
