import { useMutation } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_SECURITY_TEXTS, type MfaStatus } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, errorMessage } from '../lib/api-client.ts';
import { sessionStore } from '../lib/session/session-store.ts';
import { jsonResponse, mockFetch, sentBodies } from '../test/fetch-mock.ts';
import { makeAuthResult } from '../test/fixtures.ts';
import { fill, renderRoutes } from '../test/render.tsx';
import { StepUpHost } from './step-up-host.tsx';

const NO_FACTOR: MfaStatus = { totp: { enabled: false, confirmedAt: null }, passkeys: [], recoveryCodesLeft: 0, required: false };
const WITH_APP: MfaStatus = { ...NO_FACTOR, totp: { enabled: true, confirmedAt: '2026-03-01T10:00:00.000Z' }, recoveryCodesLeft: 10 };
const refusal = () =>
  jsonResponse({ error: { type: 'forbidden', name: 'ForbiddenError', message: ACCOUNT_SECURITY_TEXTS.stepUpRequired, status: 403 } }, 403);

/** A feature's form that knows nothing of step-up: it saves, and shows what happened. */
function SaveKeyPage() {
  const save = useMutation({ mutationFn: () => api.post('/tenant/t/api-keys', { name: 'CI' }, z.object({ name: z.string() })) });
  return (
    <>
      <button type="button" onClick={() => save.mutate()}>
        Generate key
      </button>
      {save.isSuccess && <p>Key {save.data.name} generated</p>}
      {save.isError && <p role="alert">{errorMessage(save.error)}</p>}
      <StepUpHost />
    </>
  );
}

/** The refused call is refused until the session stepped up. */
function setup(status: MfaStatus) {
  let steppedUp = false;
  const fetchMock = mockFetch((path) => {
    if (path === '/api/v1/auth/mfa') return jsonResponse({ data: status });
    if (path === '/api/v1/auth/step-up') {
      steppedUp = true;
      return jsonResponse({ data: { verifiedUntil: '2026-03-01T10:10:00.000Z' } });
    }
    if (path === '/api/v1/tenant/t/api-keys') return steppedUp ? jsonResponse({ data: { name: 'CI' } }, 201) : refusal();
    return jsonResponse({}, 404);
  });
  sessionStore.signIn(makeAuthResult());
  return { ...renderRoutes([{ path: '/', element: <SaveKeyPage /> }]), fetchMock };
}

afterEach(() => {
  sessionStore.signOut('user');
  vi.unstubAllGlobals();
});

describe('step-up', { timeout: 20_000 }, () => {
  it('asks for the password when the person has no second factor, then the refused call goes through', async () => {
    const { user, fetchMock } = setup(NO_FACTOR);
    await user.click(screen.getByRole('button', { name: 'Generate key' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(await within(dialog).findByText('Enter your password to continue.')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Password'), 'correct-horse');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Key CI generated')).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/v1/auth/step-up')).toEqual([{ method: 'password', password: 'correct-horse' }]);
    expect(sentBodies(fetchMock, '/api/v1/tenant/t/api-keys')).toEqual([{ name: 'CI' }, { name: 'CI' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("asks for the authenticator's code (sent on the sixth digit) when the person has one, or a recovery code", async () => {
    const { user, fetchMock } = setup(WITH_APP);
    await user.click(screen.getByRole('button', { name: 'Generate key' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(await within(dialog).findByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code' }));
    expect(within(dialog).getByLabelText('Recovery code')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Use your authenticator app' }));
    await fill(user, within(dialog).getByLabelText('Code'), '492039');

    expect(await screen.findByText('Key CI generated')).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/v1/auth/step-up')).toEqual([{ method: 'totp', code: '492039' }]);
  });

  it('cancelling fails the call with the refusal, which the form shows', async () => {
    const { user, fetchMock } = setup(NO_FACTOR);
    await user.click(screen.getByRole('button', { name: 'Generate key' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_SECURITY_TEXTS.stepUpRequired);
    expect(sentBodies(fetchMock, '/api/v1/tenant/t/api-keys')).toHaveLength(1);
    expect(sentBodies(fetchMock, '/api/v1/auth/step-up')).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
