import { certificateVerification, type CertificateVerification } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';

/** GET certificate/{code}: the public check of an accreditation letter's verification code. */
export function verifyCertificate(code: string, signal?: AbortSignal): Promise<CertificateVerification> {
  return api.get(`/certificate/${encodeURIComponent(code)}`, certificateVerification, signal);
}

export const certificateVerificationQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['certificate-verification', code],
    queryFn: ({ signal }) => verifyCertificate(code, signal),
    // An unknown or malformed code stays unknown: asking again only spends the rate limit.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });

export function useCertificateVerification(code: string | undefined) {
  return useQuery({ ...certificateVerificationQueryOptions(code ?? ''), enabled: Boolean(code) });
}
