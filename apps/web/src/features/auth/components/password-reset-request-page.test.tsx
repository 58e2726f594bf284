import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { PasswordResetRequestPage } from './password-reset-request-page.tsx';

const routes = [
  { path: '/password-reset/request', element: <PasswordResetRequestPage /> },
  { path: '/signin', element: <p>Sign in page</p> },
];

async function requestReset(response: Response) {
  const fetchMock = mockFetch((path) => (path === '/api/v1/auth/password-reset-request' ? response : jsonResponse({}, 404)));
  const { user } = renderRoutes(routes, { initialEntries: ['/password-reset/request'] });
  const submit = await screen.findByRole('button', { name: 'Send reset link' });
  expect(submit).toBeDisabled();
  await fill(user, screen.getByLabelText('Recovery email'), 'ada@example.com');
  await user.click(submit);
  return { fetchMock, user };
}

afterEach(() => vi.unstubAllGlobals());

describe('PasswordResetRequestPage', () => {
  it("shows 'Check your email' and a way back to sign in once the email is sent", async () => {
    const { fetchMock, user } = await requestReset(jsonResponse({ data: { sent: true } }));
    expect(await screen.findByText('Check your email')).toBeInTheDocument();
    expect(screen.getByText('Password reset email sent')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/v1/auth/password-reset-request')).toEqual([
      expect.objectContaining({ email: 'ada@example.com', appType: 'platform', tenantId: TENANT_ID }),
    ]);

    await user.click(screen.getByRole('link', { name: 'Go to Sign In' }));
    expect(await screen.findByText('Sign in page')).toBeInTheDocument();
  });

  it("toasts 'Password reset request failed to send' and still shows the sent screen when the call fails", async () => {
    await requestReset(
      jsonResponse({ error: { type: 'internal', name: 'InternalServerError', message: 'Internal Server Error', status: 500 } }, 500),
    );
    expect(await screen.findByText('Password reset request failed to send')).toBeInTheDocument();
    expect(screen.getByText('Check your email')).toBeInTheDocument();
    expect(screen.getByText('Password reset email sent')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toBeInTheDocument();
  });
});
