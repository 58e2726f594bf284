import { webhookEndpoint, type WebhookEndpoint, type WebhookEndpointUpdateInput } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { endpointPath, webhooksKey, type WebhookOwner } from './webhook-owner.ts';

export function updateWebhookEndpoint(owner: WebhookOwner, endpointId: string, body: WebhookEndpointUpdateInput): Promise<WebhookEndpoint> {
  return api.put(endpointPath(owner, endpointId), body, webhookEndpoint);
}

export function useUpdateWebhookEndpoint(owner: WebhookOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, body }: { endpointId: string; body: WebhookEndpointUpdateInput }) =>
      updateWebhookEndpoint(owner, endpointId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(owner) }),
  });
}
