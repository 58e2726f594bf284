import {
  accessGrant,
  listOf,
  PAGE_LIMIT_MAX,
  type AccessGrant,
  type AccessGrantCreateBody,
  type AccessGrantUpdateBody,
} from '@tessera/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiRequest } from '../../../lib/api-client.ts';
import { documentQueryOptions } from './get-document.ts';

const base = (id: string) => `/document/${encodeURIComponent(id)}/access`;

/** The document's grants (a document is shared with a handful of people; the first 100 are read). */
export async function listDocumentAccess(id: string, signal?: AbortSignal): Promise<AccessGrant[]> {
  return (await apiRequest(`${base(id)}?limit=${PAGE_LIMIT_MAX}`, { schema: listOf(accessGrant), signal })).data;
}

export const documentAccessQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...documentQueryOptions(id).queryKey, 'access'], queryFn: ({ signal }) => listDocumentAccess(id, signal) });

export function useDocumentAccess(id: string, enabled = true) {
  return useQuery({ ...documentAccessQueryOptions(id), enabled });
}

function useAccessMutation<V, R>(id: string, mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: documentAccessQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: [...documentQueryOptions(id).queryKey, 'events'] });
    },
  });
}

export function useGrantDocumentAccess(id: string) {
  return useAccessMutation(id, (body: AccessGrantCreateBody) => api.post(base(id), body, accessGrant));
}

export function useUpdateDocumentAccess(id: string) {
  return useAccessMutation(id, ({ accessId, body }: { accessId: string; body: AccessGrantUpdateBody }) =>
    api.put(`${base(id)}/${encodeURIComponent(accessId)}`, body, accessGrant),
  );
}

export function useDeleteDocumentAccess(id: string) {
  return useAccessMutation(id, (accessId: string) => api.remove(`${base(id)}/${encodeURIComponent(accessId)}`));
}

export function useResendDocumentInvite(id: string) {
  return useAccessMutation(id, (accessId: string) =>
    api.post(`${base(id)}/${encodeURIComponent(accessId)}/resend-invite`, undefined, z.object({ sent: z.literal(true) })),
  );
}
