import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingKey } from './billing-keys.ts';

/** A billing change: once it answers, every billing query of the institution refetches (plan, usage, invoices, cards). */
export function useBillingMutation<B, R>(tenantId: string, institutionId: string, send: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKey(tenantId, institutionId) }),
  });
}
