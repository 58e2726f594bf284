import { screen, waitFor, within } from '@testing-library/react';
import type { MfaStatus } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { makeAuthResult } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { TwoStepSettings } from './two-step-settings.tsx';

const OFF: MfaStatus = { totp: { enabled: false, confirmedAt: null }, passkeys: [], recoveryCodesLeft: 0, required: false };
const PASSKEY = {
  id: '6745a1c2e4b0a1b2c3d4e5f6',
  name: 'Work laptop',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastUsedAt: null,
  backedUp: true,
};
const CODES = Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-${String(i).padStart(4, '0')}`);
const QR = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';

type Handler = (init: RequestInit | undefined) => Response;

function setup(handlers: Record<string, Handler>) {
  const fetchMock = mockFetch((path, init) => {
    const handler = handlers[`${init?.method ?? 'GET'} ${path}`];
    if (handler) return handler(init);
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: `no mock for ${path}`, status: 404 } }, 404);
  });
  return { ...renderRoutes([{ path: '/settings', element: <TwoStepSettings /> }], { initialEntries: ['/settings'] }), fetchMock };
}

afterEach(() => {
  sessionStore.signOut('user');
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'credentials');
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('TwoStepSettings', { timeout: 20_000 }, () => {
  it('sets up an authenticator app: QR code and key, a first code, then the recovery codes shown once', async () => {
    // The tenant required a second factor: setting one up opens the rest of the app.
    sessionStore.signIn({ ...makeAuthResult(), mfaSetupRequired: true });
    let status = OFF;
    const createObjectURL = vi.fn(() => 'blob:codes');
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true, writable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const { user, fetchMock } = setup({
      'GET /api/v1/auth/mfa': () => jsonResponse({ data: status }),
      'POST /api/v1/auth/mfa/totp': () =>
        jsonResponse({
          data: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Tessera:ada?secret=JBSWY3DPEHPK3PXP', qrCode: QR },
        }),
      'POST /api/v1/auth/mfa/totp/confirm': () => {
        status = { ...OFF, totp: { enabled: true, confirmedAt: '2026-03-01T10:00:00.000Z' }, recoveryCodesLeft: 10 };
        return jsonResponse({ data: { codes: CODES } });
      },
    });

    const app = await screen.findByRole('heading', { name: 'Authenticator app' });
    expect(app.parentElement).toHaveTextContent('Off');
    expect(screen.getByText('No passkeys yet.')).toBeInTheDocument();
    expect(screen.getByText('You get recovery codes when you turn on an authenticator app or add a passkey.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up' }));

    const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    expect(await within(dialog).findByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute('src', QR);
    expect(within(dialog).getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy the key' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('JBSWY3DPEHPK3PXP'));

    const turnOn = within(dialog).getByRole('button', { name: 'Verify and turn on' });
    expect(turnOn).toBeDisabled();
    await fill(user, within(dialog).getByLabelText('6-digit code'), '492039');
    await user.click(turnOn);

    const codesDialog = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    const list = within(codesDialog).getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(sentBodies(fetchMock, '/api/v1/auth/mfa/totp/confirm')).toEqual([{ code: '492039' }]);
    // The Account page keeps its setup view (and this dialog) until the codes are stored.
    expect(sessionStore.getState().mfaSetupRequired).toBe(true);

    await user.click(within(codesDialog).getByRole('button', { name: 'Copy' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(CODES.join('\n')));
    await user.click(within(codesDialog).getByRole('button', { name: 'Download' }));
    const [file] = createObjectURL.mock.calls[0] as unknown as [Blob];
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(file);
    });
    expect(text).toContain(CODES.join('\n'));

    const done = within(codesDialog).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(within(codesDialog).getByRole('checkbox', { name: 'I have stored my recovery codes' }));
    expect(screen.queryByText('Two-step verification turned on')).not.toBeInTheDocument();
    await user.click(done);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Told once back on the page, where a screen reader reaches the toast.
    await waitFor(async () =>
      expect((await screen.findAllByRole('alert')).some((a) => a.textContent?.includes('Two-step verification turned on'))).toBe(true),
    );
    expect(sessionStore.getState().mfaSetupRequired).toBe(false);
    expect(await screen.findByText(/^10 codes left\./)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Authenticator app' }).parentElement).toHaveTextContent('On');
  });

  it('shows a wrong first code in the dialog and keeps it open', async () => {
    sessionStore.signIn(makeAuthResult());
    const { user } = setup({
      'GET /api/v1/auth/mfa': () => jsonResponse({ data: OFF }),
      'POST /api/v1/auth/mfa/totp': () => jsonResponse({ data: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://x', qrCode: QR } }),
      'POST /api/v1/auth/mfa/totp/confirm': () =>
        jsonResponse({ error: { type: 'validation', name: 'ValidationError', message: 'The code is not valid.', status: 400 } }, 400),
    });
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    await within(dialog).findByRole('img');
    await fill(user, within(dialog).getByLabelText('6-digit code'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Verify and turn on' }));
    expect(await within(dialog).findByText('The code is not valid.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('adds a named passkey through the browser, and removes one after confirming', async () => {
    sessionStore.signIn(makeAuthResult());
    let status: MfaStatus = { ...OFF, totp: { enabled: true, confirmedAt: '2026-03-01T10:00:00.000Z' }, recoveryCodesLeft: 8 };
    const bytes = (text: string) => new TextEncoder().encode(text).buffer;
    const create = vi.fn(async () => ({
      id: 'cred-1',
      rawId: bytes('cred-1'),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: { attestationObject: bytes('att'), clientDataJSON: bytes('{}'), getTransports: () => ['internal'] },
      getClientExtensionResults: () => ({}),
    }));
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    Object.defineProperty(navigator, 'credentials', { value: { create }, configurable: true });
    const { user, fetchMock } = setup({
      'GET /api/v1/auth/mfa': () => jsonResponse({ data: status }),
      'POST /api/v1/auth/mfa/passkeys/options': () =>
        jsonResponse({
          data: {
            challenge: 'Y2hhbGxlbmdl',
            rp: { name: 'Tessera', id: 'localhost' },
            user: { id: 'dXNlcg', name: 'ada', displayName: 'Ada' },
            pubKeyCredParams: [],
          },
        }),
      'POST /api/v1/auth/mfa/passkeys': () => {
        status = { ...status, passkeys: [PASSKEY] };
        return jsonResponse({ data: PASSKEY }, 201);
      },
      [`DELETE /api/v1/auth/mfa/passkeys/${PASSKEY.id}`]: () => {
        status = { ...status, passkeys: [] };
        return new Response(null, { status: 204 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await user.click(within(dialog).getByRole('button', { name: 'Add passkey' }));
    expect(within(dialog).getByText('Name the passkey')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    await fill(user, within(dialog).getByLabelText('Passkey name'), 'Work laptop');
    await user.click(within(dialog).getByRole('button', { name: 'Add passkey' }));

    expect(await screen.findByText('Passkey added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [sent] = sentBodies(fetchMock, '/api/v1/auth/mfa/passkeys') as [{ name: string; response: { id: string } }];
    expect(sent).toMatchObject({ name: 'Work laptop', response: { id: 'cred-1', type: 'public-key' } });
    const passkeys = await screen.findByRole('list', { name: 'Passkeys' });
    expect(within(passkeys).getByText('Work laptop')).toBeInTheDocument();
    expect(within(passkeys).getByText(/^Added .* · Last used never$/)).toBeInTheDocument();

    await user.click(within(passkeys).getByRole('button', { name: 'Remove passkey Work laptop' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Passkey removed')).toBeInTheDocument();
    expect(await screen.findByText('No passkeys yet.')).toBeInTheDocument();
  });

  it('turns the app off and generates new recovery codes, each after confirming', async () => {
    sessionStore.signIn(makeAuthResult());
    let status: MfaStatus = {
      ...OFF,
      totp: { enabled: true, confirmedAt: '2026-03-01T10:00:00.000Z' },
      passkeys: [PASSKEY],
      recoveryCodesLeft: 3,
    };
    const { user } = setup({
      'GET /api/v1/auth/mfa': () => jsonResponse({ data: status }),
      'POST /api/v1/auth/mfa/recovery-codes': () => {
        status = { ...status, recoveryCodesLeft: 10 };
        return jsonResponse({ data: { codes: CODES } });
      },
      'DELETE /api/v1/auth/mfa/totp': () => {
        status = { ...status, totp: { enabled: false, confirmedAt: null } };
        return new Response(null, { status: 204 });
      },
    });
    expect(await screen.findByText(/^3 codes left\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate new codes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Generate new recovery codes?' });
    expect(confirm).toHaveTextContent('Your current recovery codes will stop working.');
    await user.click(within(confirm).getByRole('button', { name: 'Generate' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new recovery codes' });
    expect(within(shown).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(shown).getByRole('checkbox', { name: 'I have stored my recovery codes' }));
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('New recovery codes generated')).toBeInTheDocument();
    expect(await screen.findByText(/^10 codes left\./)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const off = await screen.findByRole('dialog', { name: 'Turn off the authenticator app?' });
    await user.click(within(off).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-step verification turned off')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Set up' })).toBeInTheDocument();
  });

  it('shows a failed load with Try again', async () => {
    sessionStore.signIn(makeAuthResult());
    setup({
      'GET /api/v1/auth/mfa': () =>
        jsonResponse({ error: { type: 'internal', name: 'InternalError', message: 'Internal Server Error', status: 500 } }, 500),
    });
    expect(await screen.findByText('Something went wrong', {}, { timeout: 15_000 })).toBeInTheDocument();
  });
});
