import { identityPaths, identityVerificationReview } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every identity query of a user starts with this key; a change invalidates them all. */
export const identityKey = (userId: string) => ['identity-verification', userId] as const;

export function getIdentityVerification(userId: string, signal?: AbortSignal) {
  return api.get(identityPaths.root(userId), identityVerificationReview, signal);
}

export const identityVerificationQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...identityKey(userId), 'review'],
    queryFn: ({ signal }) => getIdentityVerification(userId, signal),
    enabled: userId !== '',
  });

/** The user's status and latest inquiry (the person, the tenant's owners, platform admins). */
export function useIdentityVerification(userId: string) {
  return useQuery(identityVerificationQueryOptions(userId));
}
