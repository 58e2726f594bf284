import { evaluatorApplicationView, type EvaluatorApplicationView, type EvaluatorSubmit } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { evaluatorApplicationQueryOptions, type EvaluatorLink } from './get-evaluator-application.ts';

export function submitEvaluatorLetter({ applicationId, token }: EvaluatorLink, body: EvaluatorSubmit): Promise<EvaluatorApplicationView> {
  return api.put(
    `/application/${encodeURIComponent(applicationId)}/evaluator/submit?token=${encodeURIComponent(token)}`,
    body,
    evaluatorApplicationView,
  );
}

/** Sends the letter; the answer is the page as it now stands (submitted), kept as the page's data. */
export function useSubmitEvaluatorLetter(link: EvaluatorLink) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EvaluatorSubmit) => submitEvaluatorLetter(link, body),
    onSuccess: (saved) => queryClient.setQueryData(evaluatorApplicationQueryOptions(link).queryKey, saved),
  });
}
