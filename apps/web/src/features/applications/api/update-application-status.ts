import { application, type ApplicationStatusChange } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applicationQueryOptions } from './get-application.ts';
import { myApplicationsKey } from './list-applications.ts';
import { tenantApplicationsKey } from './list-tenant-applications.ts';

/** A reviewer's decision (409 when the application is not submitted). */
export function updateApplicationStatus(id: string, body: ApplicationStatusChange) {
  return api.put(`/application/${encodeURIComponent(id)}/status`, body, application);
}

export function useUpdateApplicationStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplicationStatusChange) => updateApplicationStatus(id, body),
    onSuccess: (reviewed) => {
      const { queryKey } = applicationQueryOptions(id);
      queryClient.setQueryData(queryKey, reviewed);
      // The application's documents, events and evaluator requests sit under its key: a review adds an event and a letter.
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: tenantApplicationsKey });
      void queryClient.invalidateQueries({ queryKey: myApplicationsKey });
    },
  });
}
