import { financialAccount, type FinancialAccount, type UpdateFinancialAccountBody } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { financialAccountsQueryOptions } from './list-financial-accounts.ts';

export function updateFinancialAccount(id: string, body: UpdateFinancialAccountBody): Promise<FinancialAccount> {
  return api.put(`/financial-account/${encodeURIComponent(id)}`, body, financialAccount);
}

export function useUpdateFinancialAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateFinancialAccountBody }) => updateFinancialAccount(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financialAccountsQueryOptions().queryKey }),
  });
}
