import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { endpointPath, webhooksKey, type WebhookOwner } from './webhook-owner.ts';

/** DELETE answers 204 (asks for step-up when due). */
export function deleteWebhookEndpoint(owner: WebhookOwner, endpointId: string): Promise<void> {
  return api.remove(endpointPath(owner, endpointId));
}

export function useDeleteWebhookEndpoint(owner: WebhookOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) => deleteWebhookEndpoint(owner, endpointId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(owner) }),
  });
}
