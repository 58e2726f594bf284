import { identityInquiry, identityPaths } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { identityKey } from './get-identity-verification.ts';

/** How often the inquiry page asks for the verifier's verdict after submitting. */
export const VERDICT_POLL_MS = 1500;

export function getIdentityInquiry(userId: string, inquiryId: string, signal?: AbortSignal) {
  return api.get(identityPaths.inquiry(userId, inquiryId), identityInquiry, signal);
}

export const identityInquiryQueryOptions = (userId: string, inquiryId: string) =>
  queryOptions({
    queryKey: [...identityKey(userId), 'inquiry', inquiryId],
    queryFn: ({ signal }) => getIdentityInquiry(userId, inquiryId, signal),
    enabled: userId !== '' && inquiryId !== '',
    // Submitted and not yet decided: the verifier is reading the document.
    refetchInterval: (query) => (query.state.data?.status === 'submitted' && !query.state.data.outcome ? VERDICT_POLL_MS : false),
  });

export function useIdentityInquiry(userId: string, inquiryId: string) {
  return useQuery(identityInquiryQueryOptions(userId, inquiryId));
}
