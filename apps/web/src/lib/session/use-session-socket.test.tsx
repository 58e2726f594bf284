import { waitFor } from '@testing-library/react';
import { ACCOUNT_SECURITY_TEXTS, AUTH_ERRORS, REALTIME_PATH, SESSION_ENDED_EVENT } from '@tessera/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeAuthResult, SESSION_ID } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { openedSockets, type FakeSocket } from '../../test/socket-mock.ts';
import { sessionStore } from './session-store.ts';
import { useSessionSocket } from './use-session-socket.ts';

function Probe() {
  useSessionSocket();
  return null;
}
const render = () => renderRoutes([{ path: '/', element: <Probe /> }]);

/** The socket the hook opened (Socket.IO's client is imported on demand). */
async function opened(): Promise<FakeSocket> {
  await waitFor(() => expect(openedSockets).toHaveLength(1));
  return openedSockets[0]!;
}

beforeEach(() => {
  openedSockets.length = 0;
});
afterEach(() => {
  sessionStore.signOut('user');
});

describe('useSessionSocket', () => {
  it('connects while signed in, at the API socket path with the current token', async () => {
    sessionStore.signIn(makeAuthResult());
    render();
    const socket = await opened();
    expect(socket.options.path).toBe(REALTIME_PATH);
    const auth = socket.options.auth as (send: (data: object) => void) => void;
    let sent: object | undefined;
    auth((data) => {
      sent = data;
    });
    expect(sent).toEqual({ token: sessionStore.getState().token });
  });

  it('does not connect while signed out', async () => {
    render();
    await new Promise((r) => setTimeout(r, 50));
    expect(openedSockets).toEqual([]);
  });

  it('signs out with the session-ended text when the server says the session ended, and closes the socket', async () => {
    sessionStore.signIn(makeAuthResult());
    render();
    const socket = await opened();
    socket.receive(SESSION_ENDED_EVENT, { reason: 'revoked' });
    expect(sessionStore.getState()).toMatchObject({
      authenticated: false,
      autoSignout: true,
      signoutMessage: ACCOUNT_SECURITY_TEXTS.sessionEnded,
    });
    await waitFor(() => expect(socket.closed).toBe(true));
  });

  it('says why when the session ended with a suspension', async () => {
    sessionStore.signIn(makeAuthResult());
    render();
    const socket = await opened();
    socket.receive(SESSION_ENDED_EVENT, { reason: 'membership-suspended' });
    expect(sessionStore.getState()).toMatchObject({ authenticated: false, signoutMessage: AUTH_ERRORS.membershipSuspended });
  });

  it('signs out when the handshake says the session ended meanwhile, and not for other refusals', async () => {
    sessionStore.signIn(makeAuthResult());
    render();
    const socket = await opened();
    socket.receive('connect_error', new Error('Unable to connect'));
    expect(sessionStore.getState().authenticated).toBe(true);
    socket.receive('connect_error', new Error(ACCOUNT_SECURITY_TEXTS.sessionEnded));
    expect(sessionStore.getState()).toMatchObject({ authenticated: false, signoutMessage: ACCOUNT_SECURITY_TEXTS.sessionEnded });
  });

  it('ignores the end of a session this browser no longer holds', async () => {
    sessionStore.signIn(makeAuthResult());
    render();
    const socket = await opened();
    // Signed in again meanwhile (another session): the old socket's news is not about it.
    sessionStore.signIn({ ...makeAuthResult(), sessionId: SESSION_ID.replace(/.$/, 'b') });
    socket.receive(SESSION_ENDED_EVENT, { reason: 'signout' });
    expect(sessionStore.getState().authenticated).toBe(true);
    await waitFor(() => expect(socket.closed).toBe(true));
  });
});
