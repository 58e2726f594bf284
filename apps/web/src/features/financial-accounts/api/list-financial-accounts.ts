import { financialAccount, listOf, PAGE_LIMIT_MAX, type FinancialAccount } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The user's accounts (a passport holds a handful; the first 100 are read). */
export async function listFinancialAccounts(signal?: AbortSignal): Promise<FinancialAccount[]> {
  const body = await apiRequest(`/financial-account?limit=${PAGE_LIMIT_MAX}`, { schema: listOf(financialAccount), signal });
  return body.data;
}

export const financialAccountsQueryOptions = () =>
  queryOptions({ queryKey: ['financial-accounts'], queryFn: ({ signal }) => listFinancialAccounts(signal) });

export function useFinancialAccounts() {
  return useQuery(financialAccountsQueryOptions());
}
