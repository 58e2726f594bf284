import { screen, waitFor } from '@testing-library/react';
import { ACCOUNT_SECURITY_TEXTS, type MfaChallenge } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { makeAuthResult } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { SigninPage } from './signin-page.tsx';

const routes = [
  { path: '/signin', element: <SigninPage /> },
  { path: '/', element: <p>Home page</p> },
  { path: '/portfolio', element: <p>Portfolio page</p> },
];

const challenge = (methods: MfaChallenge['methods'] = ['totp']): MfaChallenge => ({ mfaRequired: true, mfaToken: 'mfa_token', methods });
const refusal = (message: string, status = 401) =>
  jsonResponse({ error: { type: 'unauthenticated', name: 'AuthenticationError', message, status } }, status);

afterEach(() => {
  sessionStore.signOut('user');
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'credentials');
});

async function passwordStep(handler: Parameters<typeof mockFetch>[0], from = '/portfolio') {
  const fetchMock = mockFetch(handler);
  const rendered = renderRoutes(routes, { initialEntries: [{ pathname: '/signin', state: { from: { pathname: from } } }] });
  await fill(rendered.user, await screen.findByLabelText('Email'), 'ada@example.com');
  await fill(rendered.user, screen.getByLabelText('Password'), 'correct-horse');
  await rendered.user.click(screen.getByRole('button', { name: 'Sign In' }));
  return { ...rendered, fetchMock };
}

/** A stand-in for the browser's WebAuthn: one passkey that signs whatever it is asked. */
function stubPasskey() {
  const bytes = (text: string) => new TextEncoder().encode(text).buffer;
  const get = vi.fn(async () => ({
    id: 'cred-1',
    rawId: bytes('cred-1'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: { clientDataJSON: bytes('{}'), authenticatorData: bytes('auth'), signature: bytes('sig'), userHandle: null },
    getClientExtensionResults: () => ({}),
  }));
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true });
  return get;
}

// The sign-in page and its lazy second step render in jsdom on a shared two-core machine.
describe('sign-in second step', { timeout: 20_000 }, () => {
  it('asks for the code, sends it by itself on the sixth digit and signs in to where the person came from', async () => {
    const result = makeAuthResult();
    const { user, fetchMock } = await passwordStep((path) => {
      if (path === '/api/v1/auth/signin') return jsonResponse({ data: challenge() });
      if (path === '/api/v1/auth/mfa/verify') return jsonResponse({ data: result });
      return jsonResponse({}, 404);
    });

    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(sessionStore.getState().authenticated).toBe(false);
    const code = await screen.findByLabelText('Code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveFocus();
    // Without WebAuthn in the browser, no passkey is offered.
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();

    await fill(user, code, '123 456');
    expect(await screen.findByText('Portfolio page')).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/v1/auth/mfa/verify')).toEqual([{ mfaToken: 'mfa_token', method: 'totp', code: '123456' }]);
    expect(sessionStore.getState()).toMatchObject({ authenticated: true, token: result.token });
  });

  it('shows a wrong code inline, takes a recovery code instead, and goes back to the password', async () => {
    const { user, fetchMock } = await passwordStep((path, init) => {
      if (path === '/api/v1/auth/signin') return jsonResponse({ data: challenge() });
      const { method } = JSON.parse(String(init?.body)) as { method: string };
      if (method === 'totp') return refusal(ACCOUNT_SECURITY_TEXTS.mfaCodeInvalid);
      return refusal(ACCOUNT_SECURITY_TEXTS.recoveryCodeInvalid);
    });
    await fill(user, await screen.findByLabelText('Code'), '000000');
    expect(await screen.findByText(ACCOUNT_SECURITY_TEXTS.mfaCodeInvalid)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.queryByText(ACCOUNT_SECURITY_TEXTS.mfaCodeInvalid)).not.toBeInTheDocument();
    expect(screen.getByText('Enter one of the recovery codes you saved when you turned on two-step verification.')).toBeInTheDocument();
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await fill(user, screen.getByLabelText('Recovery code'), 'ABCD-EFGH-JKLM');
    await user.click(verify);
    expect(await screen.findByText(ACCOUNT_SECURITY_TEXTS.recoveryCodeInvalid)).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/v1/auth/mfa/verify').at(-1)).toEqual({
      mfaToken: 'mfa_token',
      method: 'recovery',
      code: 'ABCD-EFGH-JKLM',
    });

    await user.click(screen.getByRole('button', { name: 'Use your authenticator app' }));
    expect(screen.getByLabelText('Code')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('sends an expired sign-in back to the password step with the text', async () => {
    const { user } = await passwordStep((path) => {
      if (path === '/api/v1/auth/signin') return jsonResponse({ data: challenge() });
      return refusal(ACCOUNT_SECURITY_TEXTS.mfaChallengeExpired);
    });
    await fill(user, await screen.findByLabelText('Code'), '123456');
    expect(await screen.findByText(ACCOUNT_SECURITY_TEXTS.mfaChallengeExpired)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
  });

  it('signs in with a passkey: the server options go to the browser and its answer back', async () => {
    const get = stubPasskey();
    const result = makeAuthResult();
    const { user, fetchMock } = await passwordStep((path) => {
      if (path === '/api/v1/auth/signin') return jsonResponse({ data: challenge(['webauthn']) });
      if (path === '/api/v1/auth/mfa/passkey/options')
        return jsonResponse({
          data: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [], userVerification: 'preferred' },
        });
      if (path === '/api/v1/auth/mfa/passkey/verify') return jsonResponse({ data: result });
      return jsonResponse({}, 404);
    });
    expect(await screen.findByText('Use your passkey to finish signing in.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();

    expect(await screen.findByText('Portfolio page')).toBeInTheDocument();
    expect(get).toHaveBeenCalledOnce();
    expect(sentBodies(fetchMock, '/api/v1/auth/mfa/passkey/options')).toEqual([{ mfaToken: 'mfa_token' }]);
    const [sent] = sentBodies(fetchMock, '/api/v1/auth/mfa/passkey/verify') as [
      { mfaToken: string; response: { id: string; type: string } },
    ];
    expect(sent).toMatchObject({ mfaToken: 'mfa_token', response: { id: 'cred-1', type: 'public-key' } });
    await waitFor(() => expect(sessionStore.getState().token).toBe(result.token));
  });

  it('says the passkey failed when the browser gives none', async () => {
    const get = stubPasskey();
    get.mockRejectedValueOnce(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
    const { user } = await passwordStep((path) => {
      if (path === '/api/v1/auth/signin') return jsonResponse({ data: challenge(['totp', 'webauthn']) });
      if (path === '/api/v1/auth/mfa/passkey/options') return jsonResponse({ data: { challenge: 'Y2hhbGxlbmdl' } });
      return jsonResponse({}, 404);
    });
    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText(ACCOUNT_SECURITY_TEXTS.passkeyFailed)).toBeInTheDocument();
    expect(sessionStore.getState().authenticated).toBe(false);
  });
});
