import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { advisorMessagesKey } from './list-advisor-messages.ts';
import { advisorThreadPath, advisorThreadsQueryOptions } from './list-advisor-threads.ts';

export function deleteAdvisorThread(threadId: string) {
  return api.remove(advisorThreadPath(threadId));
}

export function useDeleteAdvisorThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdvisorThread,
    onSuccess: (_, threadId) => {
      queryClient.removeQueries({ queryKey: advisorMessagesKey(threadId) });
      return queryClient.invalidateQueries({ queryKey: advisorThreadsQueryOptions().queryKey });
    },
  });
}
