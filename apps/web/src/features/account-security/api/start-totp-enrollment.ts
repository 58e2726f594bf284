import { totpEnrollment, type TotpEnrollment } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A new authenticator secret with its QR code; it works only once confirmed with a first code. */
export function startTotpEnrollment(): Promise<TotpEnrollment> {
  return api.post('/auth/mfa/totp', {}, totpEnrollment);
}

export function useStartTotpEnrollment() {
  return useMutation({ mutationFn: startTotpEnrollment });
}
