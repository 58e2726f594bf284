import { evaluatorRequest, type EvaluatorRequest } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { applicationQueryOptions } from './get-application.ts';

// `{ data: [...] }`, with or without a page's meta: the object schema keeps only the rows.
const evaluatorRequests = z.object({ data: z.array(evaluatorRequest) });

/** Who the applicant asked for a letter, and where each request stands. */
export async function listEvaluatorRequests(id: string, signal?: AbortSignal): Promise<EvaluatorRequest[]> {
  const body = await apiRequest(`/application/${encodeURIComponent(id)}/evaluator`, { schema: evaluatorRequests, signal });
  return body.data;
}

export const evaluatorRequestsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...applicationQueryOptions(id).queryKey, 'evaluator'],
    queryFn: ({ signal }) => listEvaluatorRequests(id, signal),
  });

export function useEvaluatorRequests(id: string, enabled = true) {
  return useQuery({ ...evaluatorRequestsQueryOptions(id), enabled });
}
