import { mfaStatus, type MfaStatus } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getMfaStatus(signal?: AbortSignal): Promise<MfaStatus> {
  return api.get('/auth/mfa', mfaStatus, signal);
}

/** The signed-in person's second factors; every enrolment change invalidates it. */
export const mfaStatusQueryOptions = () =>
  queryOptions({ queryKey: ['account-security', 'mfa'], queryFn: ({ signal }) => getMfaStatus(signal) });

export function useMfaStatus() {
  return useQuery(mfaStatusQueryOptions());
}

/** Whether the person has a second factor (step-up then asks for it rather than the password). */
export function hasSecondFactor(status: MfaStatus): boolean {
  return status.totp.enabled || status.passkeys.length > 0;
}
