import { evaluatorDocument, type EvaluatorDocument } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { evaluatorApplicationQueryOptions, type EvaluatorLink } from './get-evaluator-application.ts';

export function uploadEvaluatorDocument({ applicationId, token }: EvaluatorLink, file: File): Promise<EvaluatorDocument> {
  const form = new FormData();
  form.set('file', file);
  return api.upload(
    `/application/${encodeURIComponent(applicationId)}/evaluator/documents?token=${encodeURIComponent(token)}`,
    form,
    evaluatorDocument,
  );
}

/** One file of the letter; the page's list of uploads is read again afterwards. */
export function useUploadEvaluatorDocument(link: EvaluatorLink) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadEvaluatorDocument(link, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evaluatorApplicationQueryOptions(link).queryKey }),
  });
}
