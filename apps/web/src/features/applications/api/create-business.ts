import { business, type Business, type BusinessCreateInput } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { businessQueryOptions } from './get-business.ts';
import { businessesKey } from './list-businesses.ts';

/** POST business: a new business of the caller's (001 §5 create business). */
export function createBusiness(body: BusinessCreateInput): Promise<Business> {
  return api.post('/business', body, business);
}

export function useCreateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBusiness,
    onSuccess: (created) => {
      queryClient.setQueryData(businessQueryOptions(created._id).queryKey, created);
      void queryClient.invalidateQueries({ queryKey: businessesKey });
    },
  });
}
