import { application, type Application, type ApplicationStep } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { userQueryOptions } from '../../user/index.ts';
import { applicationQueryOptions } from './get-application.ts';
import { myApplicationsKey } from './list-applications.ts';

/** PUT application/{id}: one Next or Back of the wizard; the server answers the application where it lands. */
export function updateApplicationStep(id: string, step: ApplicationStep): Promise<Application> {
  return api.put(`/application/${encodeURIComponent(id)}`, step, application);
}

export function useUpdateApplicationStep(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: ApplicationStep) => updateApplicationStep(id, step),
    onSuccess: (moved) => {
      queryClient.setQueryData(applicationQueryOptions(id).queryKey, moved);
      void queryClient.invalidateQueries({ queryKey: myApplicationsKey });
      // The account banner and the dashboard read the status through the user.
      void queryClient.invalidateQueries({ queryKey: userQueryOptions(moved.user).queryKey });
    },
  });
}
