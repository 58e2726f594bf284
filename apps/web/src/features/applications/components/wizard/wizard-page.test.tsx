import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/fetch-mock.ts';
import { sessionStore } from '../../../../lib/session/session-store.ts';
import { STALE_TAB_TOAST } from './wizard-context.tsx';
import { APPLICATION_ID, bodiesOf, makeApplication, renderWizard, SUPPORT_EMAIL } from './wizard.test-helpers.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut('user');
});

const next = () => screen.getByRole('button', { name: 'Next' });
const STEP = `/api/v1/application/${APPLICATION_ID}`;

describe('the accreditation wizard', () => {
  it('opens a new application on Identity, with Next disabled until a choice is made and no Back', async () => {
    const { user, fetchMock } = renderWizard({ application: makeApplication() });
    expect(await screen.findByRole('heading', { name: 'Who is applying?' })).toBeInTheDocument();
    expect(screen.getByText(/Step 1 of 4/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(next()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /An individual/ }));
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    expect(await screen.findByRole('heading', { name: 'How do you qualify?' })).toBeInTheDocument();
    expect(bodiesOf(fetchMock, STEP, 'PUT')).toEqual([{ direction: 'next', questionId: 'identity', answers: { identity: 'individual' } }]);
    // The high-minimum path is a tenant setting, off here.
    expect(screen.queryByRole('radio', { name: /High minimum investment/ })).not.toBeInTheDocument();
  });

  it('offers the high-minimum path when the tenant enables it, and Back returns to the last screen', async () => {
    const { user, fetchMock } = renderWizard({
      application: makeApplication({
        status: 'in-progress',
        currentQuestionId: 'individual-method',
        completedQuestionIds: ['identity'],
        questionData: { identity: 'individual' },
      }),
      tenant: { highMinimumPath: true },
    });
    expect(await screen.findByRole('radio', { name: /High minimum investment/ })).toBeInTheDocument();
    expect(screen.getByText(/SEC staff letter of 12 March 2025/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Who is applying?' })).toBeInTheDocument();
    expect(bodiesOf(fetchMock, STEP, 'PUT')).toEqual([{ direction: 'back', questionId: 'individual-method', answers: {} }]);
    // The answer given before is still chosen.
    expect(screen.getByRole('radio', { name: /An individual/ })).toBeChecked();
  });

  it('reads the rejection text with the support address, for a person and for a business', async () => {
    renderWizard({
      application: makeApplication({
        status: 'rejected',
        currentQuestionId: 'individual-requirements-unmet',
        completedQuestionIds: ['identity', 'individual-method'],
        questionData: { identity: 'individual', individualMethod: 'none' },
      }),
    });
    expect(
      await screen.findByText("Unfortunately, it looks like you don't meet the legal requirements for accreditation"),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
  });

  it('reads the business variant of the rejection', async () => {
    renderWizard({
      application: makeApplication({
        status: 'rejected',
        currentQuestionId: 'business-rejected',
        completedQuestionIds: ['identity', 'business-select', 'business-owners', 'business-method'],
        questionData: { identity: 'business', businessMethod: 'none' },
      }),
    });
    expect(
      await screen.findByText("Unfortunately, it looks like your business doesn't meet the legal requirements for accreditation"),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  });

  it('goes to the details, replacing history, once the application is approved', async () => {
    const { router, queryClient, current, setApplication } = renderWizard({
      application: makeApplication({
        status: 'submitted',
        currentQuestionId: 'individual-submitted',
        completedQuestionIds: ['identity', 'individual-method', 'individual-license'],
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Your application is under review' })).toBeInTheDocument();
    setApplication({ ...current(), status: 'approved', reviewedAt: '2026-02-02T00:00:00.000Z' });
    await queryClient.invalidateQueries({ queryKey: ['application', APPLICATION_ID] });
    expect(await screen.findByText('Application details')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/investor/applications/${APPLICATION_ID}/details`);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends someone else (a reviewer) to the details of an application that is not theirs', async () => {
    const { router } = renderWizard({ application: makeApplication({ user: 'e5e5e5e5e5e5e5e5e5e5e5e5', status: 'submitted' }) });
    expect(await screen.findByText('Application details')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows a refused move as an alert and a stale tab as a toast, then the application as it stands', async () => {
    let refuse: 'bad' | 'stale' | null = 'bad';
    const { user, current, setApplication } = renderWizard({
      application: makeApplication(),
      intercept: (path, init) => {
        if (path !== STEP || init?.method !== 'PUT' || !refuse) return undefined;
        if (refuse === 'bad')
          return jsonResponse(
            {
              error: {
                type: 'bad-request',
                name: 'ValidationError',
                message: 'Choose whether you apply as an individual or a business',
                status: 400,
              },
            },
            400,
          );
        return jsonResponse({ error: { type: 'conflict', name: 'Conflict', message: 'The application has moved on', status: 409 } }, 409);
      },
    });
    await user.click(await screen.findByRole('radio', { name: /A business/ }));
    await user.click(next());
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose whether you apply as an individual or a business');
    // Another tab answered the screen meanwhile.
    refuse = 'stale';
    setApplication({
      ...current(),
      status: 'in-progress',
      currentQuestionId: 'business-select',
      completedQuestionIds: ['identity'],
      questionData: { identity: 'business' },
    });
    await user.click(next());
    expect(await screen.findByText(STALE_TAB_TOAST)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Which business is applying?' })).toBeInTheDocument();
  });
});
