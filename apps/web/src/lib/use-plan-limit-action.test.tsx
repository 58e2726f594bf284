import { screen } from '@testing-library/react';
import { planLimitMessage, TRIAL_ENDED_MESSAGE } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { useSnackbar } from './toast.tsx';
import { isPlanLimitMessage, usePlanLimitAction } from './use-plan-limit-action.tsx';

describe('plan-limit toasts', () => {
  it('knows the plan-limit and trial-ended refusals, also after an error name', () => {
    expect(isPlanLimitMessage(planLimitMessage('Trial', 'offers', 3))).toBe(true);
    expect(isPlanLimitMessage(`ForbiddenError: ${planLimitMessage('Core', 'seats', 1)}`)).toBe(true);
    expect(isPlanLimitMessage(TRIAL_ENDED_MESSAGE)).toBe(true);
    expect(isPlanLimitMessage('Error creating offer')).toBe(false);
  });

  it("adds 'View plans', which opens the institution's Billing tab", async () => {
    function Refused() {
      const { enqueueSnackbar } = useSnackbar();
      const action = usePlanLimitAction();
      const text = planLimitMessage('Trial', 'offers', 3);
      return (
        <button type="button" onClick={() => enqueueSnackbar(text, { variant: 'error', action: action(text) })}>
          Create
        </button>
      );
    }
    const { user, router } = renderRoutes(
      [
        { path: '/tenant/marketplace/institutions/:tenantInstitutionId/offers', element: <Refused /> },
        { path: '/tenant/marketplace/institutions/:tenantInstitutionId/billing', element: <p>Billing tab</p> },
      ],
      { initialEntries: ['/tenant/marketplace/institutions/c1c1c1c1c1c1c1c1c1c1c1c1/offers'] },
    );
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findByText(planLimitMessage('Trial', 'offers', 3))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View plans' }));
    expect(await screen.findByText('Billing tab')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tenant/marketplace/institutions/c1c1c1c1c1c1c1c1c1c1c1c1/billing');
  });
});
