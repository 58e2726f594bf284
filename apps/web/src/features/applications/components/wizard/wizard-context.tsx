import type { AccreditationQuestionId, Application } from '@tessera/domain';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { ApiError, errorMessage } from '../../../../lib/api-client.ts';
import { useSnackbar } from '../../../../lib/toast.tsx';
import { applicationQueryOptions } from '../../api/get-application.ts';
import { useUpdateApplicationStep } from '../../api/update-application-step.ts';

/** The toast when another tab (or device) moved the application on first (409): the screen reloads where it stands. */
export const STALE_TAB_TOAST = 'This application changed in another window. We have loaded where it stands now.';

interface Wizard {
  application: Application;
  /** The screen the applicant is on: the application's current question (identity before the first Next). */
  questionId: AccreditationQuestionId;
  /** Answers this screen and moves on; resolves true once the server has moved the application. */
  next: (answers: Record<string, unknown>) => Promise<boolean>;
  back: () => void;
  /** A Next or Back is under way. */
  pending: boolean;
  /** Which one, for the button that shows it loading. */
  moving: 'next' | 'back' | null;
  /** Why the last move was refused (the error envelope's message), until the next move. */
  error: string | null;
}

const WizardContext = createContext<Wizard | null>(null);

export function useWizard(): Wizard {
  const wizard = useContext(WizardContext);
  if (!wizard) throw new Error('useWizard outside WizardProvider');
  return wizard;
}

interface WizardProviderProps {
  application: Application;
  questionId: AccreditationQuestionId;
  children: ReactNode;
}

/** Every move goes through the server (PUT application/{id}), which checks the answers and computes the next screen and status. */
export function WizardProvider({ application, questionId, children }: WizardProviderProps) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const step = useUpdateApplicationStep(application._id);
  const [error, setError] = useState<string | null>(null);

  const move = useCallback(
    async (direction: 'next' | 'back', answers: Record<string, unknown>) => {
      setError(null);
      try {
        await step.mutateAsync({ direction, questionId, answers });
        return true;
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 409) {
          enqueueSnackbar(STALE_TAB_TOAST, { variant: 'warning' });
          void queryClient.invalidateQueries({ queryKey: applicationQueryOptions(application._id).queryKey });
        } else {
          setError(errorMessage(failure));
        }
        return false;
      }
    },
    [step, questionId, enqueueSnackbar, queryClient, application._id],
  );

  const wizard = useMemo<Wizard>(
    () => ({
      application,
      questionId,
      next: (answers) => move('next', answers),
      back: () => void move('back', {}),
      pending: step.isPending,
      moving: step.isPending ? (step.variables?.direction ?? null) : null,
      error,
    }),
    [application, questionId, move, step.isPending, step.variables?.direction, error],
  );
  return <WizardContext value={wizard}>{children}</WizardContext>;
}
