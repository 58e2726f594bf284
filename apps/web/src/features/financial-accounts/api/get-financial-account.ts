import { financialAccount, type FinancialAccount } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** One of the caller's accounts (404 for another user's or a missing one). */
export function getFinancialAccount(id: string, signal?: AbortSignal): Promise<FinancialAccount> {
  return api.get(`/financial-account/${encodeURIComponent(id)}`, financialAccount, signal);
}

export const financialAccountQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['financial-accounts', id], queryFn: ({ signal }) => getFinancialAccount(id, signal) });

export function useFinancialAccount(id: string | undefined) {
  return useQuery({ ...financialAccountQueryOptions(id ?? ''), enabled: Boolean(id) });
}
