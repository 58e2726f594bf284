import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiDownload } from '../../../../lib/api-client.ts';
import { esignEnvelopeQueryOptions, esignPath } from './get-esign-envelope.ts';

/**
 * GET tenant/{t}/workflows/{id}/esignature/agreement: the filled, unsigned agreement, as an object URL a frame or a new
 * tab can open (the request needs the bearer token, which neither can send).
 */
export async function getEsignAgreementUrl(tenantId: string, workflowId: string): Promise<string> {
  return URL.createObjectURL(await apiDownload(`${esignPath(tenantId, workflowId)}/agreement`));
}

/** Keyed by the agreement's hash, so a changed agreement is fetched again and the one shown is the one signed. */
export const esignAgreementQueryOptions = (tenantId: string, workflowId: string, unsignedSha256: string) =>
  queryOptions({
    queryKey: [...esignEnvelopeQueryOptions(tenantId, workflowId).queryKey, 'agreement', unsignedSha256],
    queryFn: () => getEsignAgreementUrl(tenantId, workflowId),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useEsignAgreement(tenantId: string, workflowId: string, unsignedSha256: string | null) {
  return useQuery({ ...esignAgreementQueryOptions(tenantId, workflowId, unsignedSha256 ?? ''), enabled: Boolean(unsignedSha256) });
}
