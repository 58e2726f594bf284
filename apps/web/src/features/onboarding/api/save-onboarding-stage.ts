import { onboardingStageResult, type InvestOnboarding, type OnboardingFormStage, type User } from '@tessera/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { userQueryOptions } from '../../user/index.ts';

export type StageAnswers<S extends OnboardingFormStage> = NonNullable<InvestOnboarding[S]>;

export function saveOnboardingStage<S extends OnboardingFormStage>(userId: string, stage: S, answers: StageAnswers<S>) {
  return api.post(`/user/${encodeURIComponent(userId)}/onboarding/${stage}`, answers, onboardingStageResult);
}

/** The user the server answered becomes the cached user and the session's, so guards and the stepper follow at once. */
export function keepUser(queryClient: QueryClient, user: User) {
  queryClient.setQueryData(userQueryOptions(user._id).queryKey, user);
  sessionStore.updateUser(user);
}

/** One stage and its answers. */
export type StageSave = { [S in OnboardingFormStage]: { stage: S; answers: StageAnswers<S> } }[OnboardingFormStage];

export function useSaveOnboardingStage(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stage, answers }: StageSave) => saveOnboardingStage(userId, stage, answers),
    onSuccess: (result) => keepUser(queryClient, result.user),
  });
}
