import { user, type OnboardingStatus } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { keepUser } from './save-onboarding-stage.ts';

export function updateOnboardingStatus(userId: string, onboardingStatus: OnboardingStatus) {
  return api.put(`/user/${encodeURIComponent(userId)}/onboarding`, { onboardingStatus }, user);
}

export function useUpdateOnboardingStatus(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: OnboardingStatus) => updateOnboardingStatus(userId, status),
    onSuccess: (updated) => keepUser(queryClient, updated),
  });
}
