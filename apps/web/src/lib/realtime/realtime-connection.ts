import { REALTIME_PATH } from '@tessera/domain';
import type { Socket } from 'socket.io-client';
import { sessionStore } from '../session/session-store.ts';

/** 000 §7 / §9: the socket's connection timeout. */
export const REALTIME_TIMEOUT_MS = 5000;

/** What a screen may know about the real-time connection (000 §8). */
export interface RealtimeState {
  connected: boolean;
  /** The last connection error (a refused handshake, a socket error); cleared once connected. */
  error: string | null;
  /** Why the socket last disconnected ('io server disconnect', 'transport close', …); cleared once connected. */
  reason: string | null;
}

/** A socket event's arguments are whatever the server sent: a listener checks them with the domain's schema. */
export type RealtimeListener = (...args: unknown[]) => void;
type Listener = RealtimeListener;
type Load = () => Promise<Pick<typeof import('socket.io-client'), 'io'>>;

const IDLE: RealtimeState = { connected: false, error: null, reason: null };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : typeof error === 'string' ? error : 'Socket error';
}

/**
 * One Socket.IO connection per signed-in browser, shared by every screen that listens (the session's end, the AI
 * advisor): opened while at least one holder needs it, for the session that asked, and closed with the last holder or
 * when the session changes. Listeners register with the connection rather than the socket, so one added before
 * Socket.IO's client has loaded hears the first event. 000 §8: a connect error is recorded and a refused handshake
 * disconnects (Socket.IO would not retry it; a refreshed token does); a socket error closes; a disconnect records
 * its reason.
 */
export function createRealtimeConnection(load: Load = () => import('socket.io-client')) {
  let state: RealtimeState = IDLE;
  const subscribers = new Set<() => void>();
  const listeners = new Map<string, Set<Listener>>();
  let socket: Socket | null = null;
  let sessionId: string | null = null;
  let holders = 0;
  /** Bumped at each open and close: a load that finishes after either is dropped. */
  let generation = 0;
  let stopTokenWatch: () => void = () => {};

  function set(next: Partial<RealtimeState>) {
    state = { ...state, ...next };
    for (const subscriber of subscribers) subscriber();
  }

  /** Passes `s`'s `event` to the listeners while `s` is the connection's socket (a closed one's last words are dropped). */
  function dispatcher(s: Socket, event: string): Listener {
    return (...args) => {
      if (s !== socket) return;
      for (const listener of listeners.get(event) ?? []) listener(...args);
    };
  }

  function attach(s: Socket) {
    const current =
      (listener: Listener): Listener =>
      (...args) => {
        if (s === socket) listener(...args);
      };
    s.on(
      'connect',
      current(() => set({ connected: true, error: null, reason: null })),
    );
    s.on(
      'connect_error',
      current((error) => {
        if (!s.active) s.disconnect();
        set({ connected: false, error: messageOf(error) });
      }),
    );
    s.on(
      'error',
      current((error) => {
        set({ connected: false, error: messageOf(error) });
        s.close();
      }),
    );
    s.on(
      'disconnect',
      current((reason) => set({ connected: false, reason: String(reason) })),
    );
    for (const event of listeners.keys()) s.on(event, dispatcher(s, event));
    // A handshake refused for an expired token is tried again with the refreshed one.
    let token = sessionStore.getState().token;
    stopTokenWatch = sessionStore.subscribe(() => {
      const next = sessionStore.getState().token;
      if (next === token) return;
      token = next;
      if (next && !s.connected && !s.active) s.connect();
    });
  }

  function open(id: string) {
    const mine = ++generation;
    sessionId = id;
    load()
      .then(({ io }) => {
        if (mine !== generation) return;
        socket = io({
          path: REALTIME_PATH,
          transports: ['websocket'],
          timeout: REALTIME_TIMEOUT_MS,
          // Read at each (re)connection: a refreshed token is the one sent.
          auth: (send) => send({ token: sessionStore.getState().token }),
        });
        attach(socket);
      })
      .catch((error: unknown) => {
        if (mine === generation) set({ error: messageOf(error) });
      });
  }

  function close() {
    generation++;
    stopTokenWatch();
    stopTokenWatch = () => {};
    const closing = socket;
    socket = null;
    closing?.close();
    sessionId = null;
    set(IDLE);
  }

  return {
    getState: () => state,
    subscribe(subscriber: () => void) {
      subscribers.add(subscriber);
      return () => void subscribers.delete(subscriber);
    },
    /** Holds the connection open for `session` until the returned release is called. */
    acquire(session: string): () => void {
      if (sessionId !== session) {
        if (sessionId !== null) close();
        open(session);
      }
      holders++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holders--;
        if (holders === 0) close();
      };
    },
    /** Hears `event` from the server (and the connection's own events) until the returned function is called. */
    on(event: string, listener: Listener): () => void {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
        if (socket) socket.on(event, dispatcher(socket, event));
      }
      set.add(listener);
      return () => void set.delete(listener);
    },
    /** Sends `event` if connected; false when it could not be sent. */
    emit(event: string, ...args: unknown[]): boolean {
      if (!socket?.connected) return false;
      socket.emit(event, ...args);
      return true;
    },
  };
}

export type RealtimeConnection = ReturnType<typeof createRealtimeConnection>;

/** The browser's one connection. */
export const realtime = createRealtimeConnection();
