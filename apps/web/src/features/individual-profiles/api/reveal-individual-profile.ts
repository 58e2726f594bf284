import { individualProfile, type IndividualProfile } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** ssn, tin and ein in clear, for the owner who asked: a mutation, so the values never sit in the query cache. */
export function revealIndividualProfile(id: string): Promise<IndividualProfile> {
  return api.get(`/individual-profile/${encodeURIComponent(id)}?reveal=true`, individualProfile);
}

export function useRevealIndividualProfile(id: string) {
  return useMutation({ mutationFn: () => revealIndividualProfile(id) });
}
