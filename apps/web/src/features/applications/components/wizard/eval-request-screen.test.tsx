import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill } from '../../../../test/render.tsx';
import { sessionStore } from '../../../../lib/session/session-store.ts';
import { APPLICATION_ID, bodiesOf, makeApplication, renderWizard, writesOf } from './wizard.test-helpers.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut('user');
});

const BASE = `/api/v1/application/${APPLICATION_ID}`;

describe('the evaluator request', () => {
  it("says 'Invalid email', then e-mails the evaluator before answering the screen, and waits for the letter", async () => {
    const { user, fetchMock, current } = renderWizard({
      application: makeApplication({
        status: 'in-progress',
        currentQuestionId: 'individual-income-eval-request',
        completedQuestionIds: ['identity', 'individual-method', 'individual-income-method'],
        questionData: { identity: 'individual', individualMethod: 'income', individualIncomeMethod: 'eval-request' },
      }),
    });
    const send = await screen.findByRole('button', { name: 'Send request' });
    expect(send).toBeDisabled();
    await fill(user, screen.getByRole('textbox', { name: /first name/ }), 'Carla');
    await fill(user, screen.getByRole('textbox', { name: /last name/ }), 'Reyes');
    const email = screen.getByRole('textbox', { name: /email/ });
    await fill(user, email, 'carla@');
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(send).toBeDisabled();
    await fill(user, email, 'reyes-cpa.example');
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);

    expect(await screen.findByText("Waiting for your evaluator's letter")).toBeInTheDocument();
    expect(screen.getByText(/Carla Reyes \(carla@reyes-cpa\.example\)/)).toBeInTheDocument();
    expect(writesOf(fetchMock)).toEqual([`PUT ${BASE}/evaluator`, `PUT ${BASE}`]);
    expect(bodiesOf(fetchMock, `${BASE}/evaluator`, 'PUT')).toEqual([
      { firstname: 'Carla', lastname: 'Reyes', email: 'carla@reyes-cpa.example' },
    ]);
    expect(bodiesOf(fetchMock, BASE, 'PUT')).toEqual([
      {
        direction: 'next',
        questionId: 'individual-income-eval-request',
        answers: {
          individualIncomeEvalFirstName: 'Carla',
          individualIncomeEvalLastName: 'Reyes',
          individualIncomeEvalEmail: 'carla@reyes-cpa.example',
        },
      },
    ]);
    expect(current().status).toBe('in-progress');

    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Request sent again to carla@reyes-cpa.example')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, `${BASE}/evaluator`, 'PUT')).toHaveLength(2);
  });

  it('does not answer the screen when the e-mail to the evaluator fails', async () => {
    const { user, fetchMock } = renderWizard({
      application: makeApplication({
        status: 'in-progress',
        currentQuestionId: 'business-assets-eval-request',
        completedQuestionIds: ['identity'],
      }),
      intercept: (path) =>
        path.endsWith('/evaluator')
          ? new Response(
              JSON.stringify({
                error: { type: 'unavailable', name: 'MailError', message: 'The e-mail could not be sent. Try again.', status: 503 },
              }),
              { status: 503 },
            )
          : undefined,
    });
    await fill(user, await screen.findByRole('textbox', { name: /first name/ }), 'Carla');
    await fill(user, screen.getByRole('textbox', { name: /last name/ }), 'Reyes');
    await fill(user, screen.getByRole('textbox', { name: /email/ }), 'carla@reyes-cpa.example');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail could not be sent. Try again.');
    expect(writesOf(fetchMock)).toEqual([`PUT ${BASE}/evaluator`]);
  });
});
