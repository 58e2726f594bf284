import { evaluatorRequest, type EvaluatorRequest, type EvaluatorRequestInput } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** PUT application/{id}/evaluator: e-mails the evaluator a link to upload their letter (again, when sent twice). */
export function requestEvaluator(id: string, body: EvaluatorRequestInput): Promise<EvaluatorRequest> {
  return api.put(`/application/${encodeURIComponent(id)}/evaluator`, body, evaluatorRequest);
}

export function useRequestEvaluator(id: string) {
  return useMutation({ mutationFn: (body: EvaluatorRequestInput) => requestEvaluator(id, body) });
}
