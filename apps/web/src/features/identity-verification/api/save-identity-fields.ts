import { identityInquiry, identityPaths, type IdentityFieldsBody } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { identityInquiryQueryOptions } from './get-identity-inquiry.ts';

export function saveIdentityFields(userId: string, body: IdentityFieldsBody) {
  return api.put(identityPaths.root(userId), body, identityInquiry);
}

export function useSaveIdentityFields(userId: string, inquiryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IdentityFieldsBody) => saveIdentityFields(userId, body),
    onSuccess: (inquiry) => queryClient.setQueryData(identityInquiryQueryOptions(userId, inquiryId).queryKey, inquiry),
  });
}
