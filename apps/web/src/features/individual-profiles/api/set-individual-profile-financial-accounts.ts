import { individualProfile, type IndividualProfile } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { useProfileMutation } from './update-individual-profile.ts';

export function setIndividualProfileFinancialAccounts(id: string, financialAccounts: string[]): Promise<IndividualProfile> {
  return api.put(`/individual-profile/${encodeURIComponent(id)}/financial-accounts`, { financialAccounts }, individualProfile);
}

export function useSetIndividualProfileFinancialAccounts(id: string) {
  return useProfileMutation(id, (ids: string[]) => setIndividualProfileFinancialAccounts(id, ids));
}
