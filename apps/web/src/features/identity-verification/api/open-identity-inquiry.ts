import { identityPaths, openedIdentityInquiry } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { identityKey } from './get-identity-verification.ts';

export function openIdentityInquiry(userId: string) {
  return api.post(identityPaths.inquiries(userId), {}, openedIdentityInquiry);
}

/** Opens an inquiry (status started) and answers how to show it. */
export function useOpenIdentityInquiry(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => openIdentityInquiry(userId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: identityKey(userId) }),
  });
}
