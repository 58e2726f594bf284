import { application, type ApplicationCreate } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { userQueryOptions } from '../../user/index.ts';
import { applicationQueryOptions } from './get-application.ts';
import { myApplicationsKey } from './list-applications.ts';

/**
 * Starts the caller's accreditation application; the server answers the open one instead when there is one.
 * `{ renewFrom: id }` renews an approved application: the new one starts prefilled with its answers.
 */
export function createApplication(body: Partial<ApplicationCreate> = {}) {
  return api.post('/application', body, application);
}

export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body?: Partial<ApplicationCreate>) => createApplication(body),
    onSuccess: (created) => {
      queryClient.setQueryData(applicationQueryOptions(created._id).queryKey, created);
      void queryClient.invalidateQueries({ queryKey: myApplicationsKey });
      // The user's accreditation now points at it.
      void queryClient.invalidateQueries({ queryKey: userQueryOptions(created.user).queryKey });
    },
  });
}
