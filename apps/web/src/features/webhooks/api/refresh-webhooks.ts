import { useQueryClient } from '@tanstack/react-query';
import { webhooksKey, type WebhookOwner } from './webhook-owner.ts';

/** Refresh: everything shown of the owner's webhooks (the deliveries open, and each endpoint's last delivery). */
export function useRefreshWebhooks(owner: WebhookOwner) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: webhooksKey(owner) });
}
