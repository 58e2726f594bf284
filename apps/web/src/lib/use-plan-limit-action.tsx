import { Button } from '@mui/material';
import { TRIAL_ENDED_MESSAGE } from '@tessera/domain';
import type { SnackbarAction } from 'notistack';
import { useNavigate } from 'react-router';
import { useRaiseArea } from './use-raise-area.ts';

/** planLimitMessage's shape ('The Trial plan allows 3 offers. …'), wherever the toast puts it (after an error's name too). */
const PLAN_LIMIT = /\bThe .+ plan allows /;

export const isPlanLimitMessage = (text: string): boolean => PLAN_LIMIT.test(text) || text.includes(TRIAL_ENDED_MESSAGE);

/**
 * The way up from a plan limit (issue #23): for an error toast whose text is a plan-limit or trial-ended refusal, a
 * 'View plans' action that opens the institution's Billing tab; undefined for any other text. `institutionId` names the
 * institution the refused call was for, when the page is not already on one.
 */
export function usePlanLimitAction(): (text: string, institutionId?: string | null) => SnackbarAction | undefined {
  const navigate = useNavigate();
  const { institutionId: inView, institutionPath } = useRaiseArea();
  return (text, institutionId) => {
    if (!isPlanLimitMessage(text)) return undefined;
    const id = institutionId ?? inView;
    if (!id) return undefined;
    const path = `${institutionPath(id)}/billing`;
    // The toast renders outside the router: the action keeps this page's navigate.
    return () => (
      <Button color="inherit" size="small" onClick={() => void navigate(path)}>
        View plans
      </Button>
    );
  };
}
