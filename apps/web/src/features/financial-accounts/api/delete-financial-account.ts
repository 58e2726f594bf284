import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { financialAccountsQueryOptions } from './list-financial-accounts.ts';

export function deleteFinancialAccount(id: string): Promise<void> {
  return api.remove(`/financial-account/${encodeURIComponent(id)}`);
}

/** Deleting also unlinks the account from profiles, so cached profiles are refreshed too. */
export function useDeleteFinancialAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFinancialAccount,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: financialAccountsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['individual-profiles'] }),
      ]),
  });
}
