import { webhookEndpointWithSecret, type WebhookEndpointCreateInput, type WebhookEndpointWithSecret } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { webhooksKey, webhooksPath, type WebhookOwner } from './webhook-owner.ts';

/** The answer carries the whole signing secret: the only time the client sees it (asks for step-up when due). */
export function createWebhookEndpoint(owner: WebhookOwner, body: WebhookEndpointCreateInput): Promise<WebhookEndpointWithSecret> {
  return api.post(webhooksPath(owner), body, webhookEndpointWithSecret);
}

export function useCreateWebhookEndpoint(owner: WebhookOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookEndpointCreateInput) => createWebhookEndpoint(owner, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(owner) }),
  });
}
