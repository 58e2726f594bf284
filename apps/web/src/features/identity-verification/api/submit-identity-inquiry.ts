import { identityInquiry, identityPaths } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { identityInquiryQueryOptions } from './get-identity-inquiry.ts';

export function submitIdentityInquiry(userId: string, inquiryId: string) {
  return api.post(identityPaths.submit(userId), { inquiryId }, identityInquiry);
}

/** Submits (202): the answer is the submitted inquiry, whose query then polls for the verdict. */
export function useSubmitIdentityInquiry(userId: string, inquiryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => submitIdentityInquiry(userId, inquiryId),
    onSuccess: (inquiry) => queryClient.setQueryData(identityInquiryQueryOptions(userId, inquiryId).queryKey, inquiry),
  });
}
