import { identityInquiry, identityPaths } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { userQueryOptions } from '../../user/index.ts';
import { identityKey } from './get-identity-verification.ts';

export function completeIdentityInquiry(userId: string, inquiryId: string) {
  return api.post(identityPaths.complete(userId), { inquiryId }, identityInquiry);
}

/** Asks the server to confirm the inquiry with the provider; the answer's status is the server's, never the page's. */
export function useCompleteIdentityInquiry(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inquiryId: string) => completeIdentityInquiry(userId, inquiryId),
    // The user's own status changed too (the checklist, the passport): the session's user and the review.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: identityKey(userId) });
      void queryClient.invalidateQueries({ queryKey: userQueryOptions(userId).queryKey });
    },
  });
}
