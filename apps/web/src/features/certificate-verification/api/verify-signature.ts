import { esignVerification, type EsignVerification } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST tenant/{t}/esignature/verify (public, rate-limited): a signed file's seal and hash, checked against the tenant's records. */
export function verifySignedFile(tenantId: string, file: File): Promise<EsignVerification> {
  const form = new FormData();
  form.set('file', file);
  return api.upload(`/tenant/${encodeURIComponent(tenantId)}/esignature/verify`, form, esignVerification);
}

export function useVerifySignedFile(tenantId: string) {
  return useMutation({ mutationFn: (file: File) => verifySignedFile(tenantId, file) });
}
