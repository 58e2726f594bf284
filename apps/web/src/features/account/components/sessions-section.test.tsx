import { screen, waitFor, within } from '@testing-library/react';
import type { SessionInfo } from '@tessera/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makeAuthResult, SESSION_ID } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { SessionsSection } from './sessions-section.tsx';

const NOW = new Date('2026-03-02T10:00:00.000Z');
const PHONE_ID = '65a1f0c2e4b0a1b2c3d4e5bb';
const TABLET_ID = '65a1f0c2e4b0a1b2c3d4e5cc';
const minutesAgo = (n: number) => new Date(NOW.getTime() - n * 60_000).toISOString();

function session(overrides: Partial<SessionInfo>): SessionInfo {
  return {
    id: SESSION_ID,
    current: false,
    device: 'Chrome on macOS',
    userAgent: 'Mozilla/5.0',
    ip: '203.0.113.7',
    method: 'password',
    createdAt: minutesAgo(180),
    lastUsedAt: minutesAgo(1),
    expiresAt: minutesAgo(-600),
    ...overrides,
  };
}
const THIS = session({ current: true });
const PHONE = session({
  id: PHONE_ID,
  device: 'Safari on iOS',
  ip: '198.51.100.4',
  createdAt: minutesAgo(60 * 26),
  lastUsedAt: minutesAgo(120),
});
const TABLET = session({ id: TABLET_ID, device: 'Firefox on Android', ip: null });

const page = (data: SessionInfo[]) => jsonResponse({ data, meta: { page: 1, limit: 100, total: data.length } });

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;
function setup(handlers: Record<string, Handler>) {
  const fetchMock = mockFetch((path, init) => {
    const handler = handlers[`${init?.method ?? 'GET'} ${path}`];
    if (handler) return handler(init);
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'no mock', status: 404 } }, 404);
  });
  return { ...renderRoutes([{ path: '/settings', element: <SessionsSection /> }], { initialEntries: ['/settings'] }), fetchMock };
}
const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === path,
  );
const rowOf = (name: string) => screen.getByRole('listitem', { name });

beforeEach(() => {
  // Only Date is faked: relative times read a fixed now while React and MUI keep real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  sessionStore.signIn(makeAuthResult());
});
afterEach(() => {
  sessionStore.signOut('user');
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("Where you're signed in", { timeout: 20_000 }, () => {
  it('lists each session with its device, address and times, this one marked and without a Sign out button', async () => {
    setup({ 'GET /api/v1/auth/sessions': () => page([THIS, PHONE, TABLET]) });
    expect(await screen.findByRole('list', { name: 'Sessions' })).toBeInTheDocument();
    const current = rowOf('Chrome on macOS, this device');
    expect(within(current).getByText('This device')).toBeInTheDocument();
    expect(current).toHaveTextContent('203.0.113.7');
    expect(current).toHaveTextContent('Signed in 3 hours ago · Last active a minute ago');
    expect(within(current).queryByRole('button')).not.toBeInTheDocument();
    const phone = rowOf('Safari on iOS');
    expect(phone).toHaveTextContent('198.51.100.4');
    expect(phone).toHaveTextContent('Signed in a day ago · Last active 2 hours ago');
    expect(within(phone).getByRole('button', { name: 'Sign out Safari on iOS' })).toBeInTheDocument();
    expect(rowOf('Firefox on Android')).toHaveTextContent('Unknown address');
    expect(screen.getByRole('button', { name: 'Sign out of all other sessions' })).toBeInTheDocument();
  });

  it("ends one session with its Sign out button, toasts 'Session ended' and reloads the list", async () => {
    let list = [THIS, PHONE];
    const { user, fetchMock } = setup({
      'GET /api/v1/auth/sessions': () => page(list),
      [`DELETE /api/v1/auth/sessions/${PHONE_ID}`]: () => {
        list = [THIS];
        return new Response(null, { status: 204 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS' }));
    expect(await screen.findByText('Session ended')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Safari on iOS' })).not.toBeInTheDocument());
    expect(calls(fetchMock, 'DELETE', `/api/v1/auth/sessions/${PHONE_ID}`)).toHaveLength(1);
    expect(screen.getByText('You are not signed in anywhere else.')).toBeInTheDocument();
  });

  it("toasts 'Unable to end the session' when ending it fails", async () => {
    const { user } = setup({
      'GET /api/v1/auth/sessions': () => page([THIS, PHONE]),
      [`DELETE /api/v1/auth/sessions/${PHONE_ID}`]: () =>
        jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Session not found', status: 404 } }, 404),
    });
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS' }));
    expect(await screen.findByText('Unable to end the session')).toBeInTheDocument();
  });

  it("signs out of all other sessions after a confirmation, toasting 'Other sessions ended'", async () => {
    let list = [THIS, PHONE, TABLET];
    const { user, fetchMock } = setup({
      'GET /api/v1/auth/sessions': () => page(list),
      'POST /api/v1/auth/sessions/revoke-others': () => {
        list = [THIS];
        return jsonResponse({ data: { revoked: 2 } });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sign out of all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all other sessions?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(fetchMock, 'POST', '/api/v1/auth/sessions/revoke-others')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Sign out of all other sessions' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Other sessions ended')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/v1/auth/sessions/revoke-others')).toHaveLength(1);
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out of all other sessions' })).not.toBeInTheDocument();
  });

  it('shows a labelled progress bar while loading, then the error with Try again', async () => {
    let fail = true;
    const { user } = setup({
      'GET /api/v1/auth/sessions': async () => {
        await new Promise((r) => setTimeout(r, 50));
        return fail
          ? jsonResponse({ error: { type: 'unavailable', name: 'UnavailableError', message: 'Try again later', status: 503 } }, 503)
          : page([THIS]);
      },
    });
    expect(screen.getByRole('progressbar', { name: 'Loading sessions' })).toBeInTheDocument();
    expect(await screen.findByText('Unable to load your sessions', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Try again later')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Chrome on macOS, this device' })).toBeInTheDocument();
  });

  it('says so when there are no sessions to show', async () => {
    setup({ 'GET /api/v1/auth/sessions': () => page([]) });
    expect(await screen.findByText('No active sessions.')).toBeInTheDocument();
  });
});
