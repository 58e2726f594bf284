import { REALTIME_PATH } from '@tessera/domain';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeAuthResult } from '../../test/fixtures.ts';
import { openedSockets, type FakeSocket } from '../../test/socket-mock.ts';
import { sessionStore } from '../session/session-store.ts';
import { createRealtimeConnection, REALTIME_TIMEOUT_MS, type RealtimeConnection } from './realtime-connection.ts';

let connection: RealtimeConnection;
async function opened(count = 1): Promise<FakeSocket> {
  await waitFor(() => expect(openedSockets).toHaveLength(count));
  return openedSockets[count - 1]!;
}

beforeEach(() => {
  openedSockets.length = 0;
  sessionStore.signIn(makeAuthResult());
  connection = createRealtimeConnection();
});
afterEach(() => {
  sessionStore.signOut('user');
});

describe('the shared real-time connection', () => {
  it('opens one websocket for every holder, with the token and the 5000 ms timeout, and closes with the last', async () => {
    const releaseA = connection.acquire('s1');
    const releaseB = connection.acquire('s1');
    const socket = await opened();
    expect(socket.options).toMatchObject({ path: REALTIME_PATH, transports: ['websocket'], timeout: REALTIME_TIMEOUT_MS });
    releaseA();
    releaseA();
    expect(socket.closed).toBe(false);
    releaseB();
    expect(socket.closed).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(openedSockets).toHaveLength(1);
  });

  it('records connect, connect errors and disconnect reasons for its subscribers (000 §8)', async () => {
    const release = connection.acquire('s1');
    const socket = await opened();
    const seen: unknown[] = [];
    connection.subscribe(() => seen.push(connection.getState()));
    socket.connect();
    expect(connection.getState()).toEqual({ connected: true, error: null, reason: null });
    socket.receive('disconnect', 'transport close');
    expect(connection.getState()).toEqual({ connected: false, error: null, reason: 'transport close' });
    // A transient failure: Socket.IO keeps trying, the error is recorded.
    socket.receive('connect_error', new Error('timeout'));
    expect(connection.getState()).toMatchObject({ connected: false, error: 'timeout' });
    expect(socket.active).toBe(true);
    // A refused handshake: disconnected for good (until the token changes).
    socket.active = false;
    socket.receive('connect_error', new Error('Invalid token'));
    expect(connection.getState()).toMatchObject({ connected: false, error: 'Invalid token' });
    expect(seen.length).toBeGreaterThanOrEqual(4);
    release();
  });

  it('closes on a socket error', async () => {
    const release = connection.acquire('s1');
    const socket = await opened();
    socket.connect();
    socket.receive('error', new Error('boom'));
    expect(socket.closed).toBe(true);
    expect(connection.getState()).toMatchObject({ connected: false, error: 'boom' });
    release();
  });

  it('tries a refused handshake again once the token is refreshed', async () => {
    const release = connection.acquire('s1');
    const socket = await opened();
    socket.active = false;
    socket.receive('connect_error', new Error('Token expired'));
    sessionStore.signIn({ ...makeAuthResult(), token: `${makeAuthResult().token}x` });
    expect(socket.connected).toBe(true);
    expect(connection.getState().connected).toBe(true);
    release();
  });

  it('passes server events to listeners registered before the socket loaded, and emits only while connected', async () => {
    const heard: unknown[] = [];
    const stop = connection.on('news', (value) => heard.push(value));
    const release = connection.acquire('s1');
    const socket = await opened();
    socket.receive('news', 1);
    expect(connection.emit('ask', { q: 1 })).toBe(false);
    socket.connect();
    expect(connection.emit('ask', { q: 2 })).toBe(true);
    expect(socket.sent('ask')).toEqual([{ q: 2 }]);
    stop();
    socket.receive('news', 2);
    expect(heard).toEqual([1]);
    release();
  });

  it('opens a new socket for a new session and drops what the old one still says', async () => {
    const heard: unknown[] = [];
    connection.on('news', (value) => heard.push(value));
    const releaseOld = connection.acquire('s1');
    const old = await opened();
    releaseOld();
    const release = connection.acquire('s2');
    const next = await opened(2);
    expect(old.closed).toBe(true);
    old.receive('news', 'old');
    old.receive('connect');
    next.receive('news', 'new');
    expect(heard).toEqual(['new']);
    expect(connection.getState().connected).toBe(false);
    release();
  });
});
