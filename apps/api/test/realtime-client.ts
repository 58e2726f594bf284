import type { AddressInfo } from 'node:net';
import { REALTIME_PATH, SESSION_ENDED_EVENT, type SessionEndedEvent } from '@tessera/domain';
import { io, type Socket } from 'socket.io-client';
import { hostOf, type TestApp } from './build-test-app.ts';

/**
 * The real-time socket serves on the app's own HTTP server, which `app.inject` never starts: a test that needs it
 * listens on a free port of the loopback address (the app's close stops it).
 */
export async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

export interface TestSocket {
  socket: Socket;
  /** The SESSION_ENDED_EVENTs heard so far. */
  ended: SessionEndedEvent[];
  /** Resolves once connected; rejects with the server's refusal (its message is the error's). */
  connected: Promise<void>;
  /** Resolves with the reason once disconnected. */
  disconnected: Promise<string>;
}

/** A Socket.IO client at a tenant's host, as the web app connects (no reconnection, so a refusal is final). */
export function openSocket(port: number, slug: string, token: string | undefined): TestSocket {
  const socket = io(`http://127.0.0.1:${port}`, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    extraHeaders: { host: hostOf(slug) },
    auth: token === undefined ? {} : { token },
    reconnection: false,
    forceNew: true,
  });
  const ended: SessionEndedEvent[] = [];
  socket.on(SESSION_ENDED_EVENT, (event: SessionEndedEvent) => ended.push(event));
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
  return { socket, ended, connected, disconnected };
}

/** Waits for `check` to hold, polling, or fails after `ms`. */
export async function waitFor(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
