import { evaluatorApplicationView, type EvaluatorApplicationView } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** What an evaluator's link opens; the token in the query is its only key (no sign-in). */
export interface EvaluatorLink {
  applicationId: string;
  token: string;
}

export const evaluatorLinkQuery = ({ applicationId, token }: EvaluatorLink) =>
  `/application/${encodeURIComponent(applicationId)}/evaluator/view?token=${encodeURIComponent(token)}`;

export function getEvaluatorApplication(link: EvaluatorLink, signal?: AbortSignal): Promise<EvaluatorApplicationView> {
  return api.get(evaluatorLinkQuery(link), evaluatorApplicationView, signal);
}

export const evaluatorApplicationQueryOptions = (link: EvaluatorLink) =>
  queryOptions({
    queryKey: ['evaluator', link.applicationId, link.token],
    queryFn: ({ signal }) => getEvaluatorApplication(link, signal),
  });

export function useEvaluatorApplication(link: EvaluatorLink | null) {
  return useQuery({ ...evaluatorApplicationQueryOptions(link ?? { applicationId: '', token: '' }), enabled: link !== null });
}
