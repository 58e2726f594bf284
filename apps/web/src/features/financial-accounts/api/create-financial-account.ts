import { financialAccount, type CreateFinancialAccountBody, type FinancialAccount } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { financialAccountsQueryOptions } from './list-financial-accounts.ts';

export function createFinancialAccount(body: CreateFinancialAccountBody): Promise<FinancialAccount> {
  return api.post('/financial-account', body, financialAccount);
}

export function useCreateFinancialAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFinancialAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financialAccountsQueryOptions().queryKey }),
  });
}
