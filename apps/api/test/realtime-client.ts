import type { AddressInfo } from 'node:net';
import { ADVISOR_EVENTS, REALTIME_PATH, SESSION_ENDED_EVENT, type SessionEndedEvent } from '@tessera/domain';
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

// ── The AI advisor (issue #24) ──────────────────────────────────────────────────────────────────

/** One advisor event a socket heard, in the order heard. */
export interface HeardEvent {
  event: string;
  // Tests read the payloads loosely (the domain schemas type them where a test needs it).
  payload: Record<string, unknown> & { clientMessageId?: string | null; threadId?: string | null };
}

const ADVISOR_SERVER_EVENTS = Object.values(ADVISOR_EVENTS).filter((name) => name !== ADVISOR_EVENTS.chat);

/** Every advisor event the socket hears from now on, in order. */
export function recordAdvisor({ socket }: TestSocket): HeardEvent[] {
  const heard: HeardEvent[] = [];
  for (const event of ADVISOR_SERVER_EVENTS) socket.on(event, (payload: HeardEvent['payload']) => heard.push({ event, payload }));
  return heard;
}

let clientMessages = 0;
/** Emits a question (ADVISOR_EVENTS.chat) as the panel does; answers its clientMessageId. */
export function askAdvisor(
  { socket }: TestSocket,
  request: { message: string; threadId?: string | null; offerIds?: string[]; clientMessageId?: string },
): string {
  const clientMessageId = request.clientMessageId ?? `q-${++clientMessages}`;
  socket.emit(ADVISOR_EVENTS.chat, { threadId: null, offerIds: [], ...request, clientMessageId });
  return clientMessageId;
}

/** The events about one question (by its clientMessageId). */
export const eventsOf = (heard: HeardEvent[], clientMessageId: string) =>
  heard.filter((h) => h.payload.clientMessageId === clientMessageId);

/**
 * Waits until the question is over: loading false once it started loading, or its error when refused before that.
 * Answers its events in order.
 */
export async function advisorOutcome(heard: HeardEvent[], clientMessageId: string, ms = 5_000): Promise<HeardEvent[]> {
  const over = () => {
    const mine = eventsOf(heard, clientMessageId);
    const started = mine.some((h) => h.event === ADVISOR_EVENTS.loading && h.payload.loading === true);
    if (started) return mine.some((h) => h.event === ADVISOR_EVENTS.loading && h.payload.loading === false);
    return mine.some((h) => h.event === ADVISOR_EVENTS.error);
  };
  await waitFor(over, `the advisor's answer to ${clientMessageId}`, ms);
  return eventsOf(heard, clientMessageId);
}

/** The events' names, typing collapsed to one entry per run (how many typing events come depends on timing). */
export const eventNames = (events: HeardEvent[]) =>
  events.map((h) => h.event).filter((name, i, all) => name !== ADVISOR_EVENTS.typing || all[i - 1] !== ADVISOR_EVENTS.typing);
