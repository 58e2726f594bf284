import type { Server as HttpServer } from 'node:http';
import { createRequire } from 'node:module';
import { REALTIME_PATH, SESSION_ENDED_EVENT, sessionEndReason, type SessionEndedEvent, type SessionEndReason } from '@tessera/domain';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import { z } from 'zod';
import { AppError } from './app-error.ts';
import { catchDiscardedCommands, closeRedis, createRedisClient, createRedisSubscriber } from './redis.ts';

/** Sessions whose browsers are told they ended: by session, or every session of a user. */
export interface EndedSessions {
  sessionIds?: readonly string[];
  userIds?: readonly string[];
}

/**
 * What services tell the browsers on the real-time socket, once their change has committed. It never throws and
 * never waits: the socket only spares a signed-out browser its next call, since every call checks its session in the
 * database anyway (an ended session's token is refused at once, on every node).
 */
export interface Realtime {
  /** Sends SESSION_ENDED_EVENT to the sockets of these sessions, on every API node, then disconnects them. */
  sessionsEnded(ended: EndedSessions, reason: SessionEndReason): void;
  /**
   * Sends `event` to every socket of the user on that tenant (their tenant's user room), on every API node (through
   * the Redis adapter when configured): each tab of theirs there hears the answer to a question any of them asked,
   * and their sockets on other tenants hear nothing. Never throws.
   */
  toUser(who: { tenantId: string; userId: string }, event: string, payload: unknown): void;
}

/** For code that runs without a socket server (scripts, and services called outside a request). */
export const noRealtime: Realtime = { sessionsEnded: () => {}, toUser: () => {} };

/** Who a socket belongs to: its session, user and tenant (from the token, checked against the host's tenant). */
export interface SocketIdentity {
  sessionId: string;
  userId: string;
  tenantId: string;
}

/** Who a socket belongs to, from its handshake's `auth.token` and Host; refuses with an AppError the client reads. */
export type SocketAuthenticator<W extends SocketIdentity = SocketIdentity> = (token: unknown, host: string | undefined) => Promise<W>;

/**
 * What a module does with an event a client sends (`onClientEvent`): `who` is the socket's handshake identity,
 * `payload` the first argument as sent (unchecked: the handler validates it), `client.disconnect` ends the socket.
 * The handler's failures are logged, never sent to the client: it tells the client itself.
 */
export type ClientEventHandler<W extends SocketIdentity = SocketIdentity> = (
  who: W,
  payload: unknown,
  client: { disconnect(): void },
) => void | Promise<void>;

export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const userRoom = (userId: string) => `user:${userId}`;
/** A user's sockets on one tenant: what a tenant's data (an advisor answer) is sent to, never the user's other tenants. */
export const tenantUserRoom = (tenantId: string, userId: string) => `user:${userId}:${tenantId}`;

/** The message one node sends the others through Redis: rooms whose sockets are told, and why. */
const SESSIONS_ENDED = 'tessera:sessions-ended';
const crossNodeMessage = z.object({ rooms: z.array(z.string().max(64)).max(10_000), reason: sessionEndReason });
type CrossNodeMessage = z.infer<typeof crossNodeMessage>;

interface ServerToClient {
  [SESSION_ENDED_EVENT]: (event: SessionEndedEvent) => void;
}
interface ServerSide {
  [SESSIONS_ENDED]: (message: CrossNodeMessage) => void;
}
interface SocketData<W extends SocketIdentity> {
  sessionId: string;
  userId: string;
  tenantId: string;
  who: W;
}

/** The key prefix of the Socket.IO Redis adapter's channels. */
const REDIS_KEY = 'tessera-rt';
/** Clients send the handshake (the token) and short events (an advisor question): a small cap on what one message may carry. */
const MAX_MESSAGE_BYTES = 16 * 1024;
/** Client events one socket may send per window; past it they are dropped (modules rate-limit people more finely). */
export const CLIENT_EVENTS_MAX = 30;
const CLIENT_EVENTS_WINDOW_MS = 10_000;

export interface RealtimeServer<W extends SocketIdentity = SocketIdentity> {
  realtime: Realtime;
  /**
   * Lets clients send `event` (e.g. ADVISOR_EVENTS.chat): each one a socket sends goes to `handler`. One handler per
   * event; events nobody registered are ignored, as before.
   */
  onClientEvent(event: string, handler: ClientEventHandler<W>): void;
  /** Disconnects every socket of this node (before the HTTP server closes, which would otherwise wait for them). */
  disconnectAll(): void;
  close(): Promise<void>;
}

/**
 * Socket.IO on the API's HTTP server at REALTIME_PATH. Each socket authenticates with its session token and joins
 * its session's and its user's rooms. With Redis, a node tells the others through the Socket.IO Redis adapter, and
 * each node tells its own sockets and disconnects them, so the event always arrives before the disconnection;
 * without Redis (one node) it stays in this process.
 */
export function createRealtimeServer<W extends SocketIdentity>(opts: {
  server: HttpServer;
  redisUrl: string | undefined;
  log: FastifyBaseLogger;
  authenticate: SocketAuthenticator<W>;
}): RealtimeServer<W> {
  // Client events are registered by modules (onClientEvent), so the client-to-server map is open.
  const io = new Server<Record<string, (payload: unknown) => void>, ServerToClient, ServerSide, SocketData<W>>(opts.server, {
    path: REALTIME_PATH,
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
  });

  let redis: { pub: ReturnType<typeof createRedisClient>; sub: ReturnType<typeof createRedisSubscriber> } | undefined;
  if (opts.redisUrl) {
    const pub = createRedisClient(opts.redisUrl, opts.log, 'the real-time socket');
    const sub = createRedisSubscriber(opts.redisUrl, opts.log, 'the real-time socket');
    // The adapter's own logging of a missing handler aside, failures are the clients' watchers' to report.
    const quiet = () => {};
    catchDiscardedCommands(pub, ['publish'], quiet);
    catchDiscardedCommands(sub, ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'], quiet);
    // Loaded only with Redis configured (issue #25, memory at rest).
    const { createAdapter } = createRequire(import.meta.url)('@socket.io/redis-adapter') as typeof import('@socket.io/redis-adapter');
    io.adapter(createAdapter(pub, sub, { key: REDIS_KEY }));
    redis = { pub, sub };
  }

  io.use((socket, next) => {
    opts.authenticate(socket.handshake.auth?.token, socket.handshake.headers.host).then(
      (who) => {
        socket.data.sessionId = who.sessionId;
        socket.data.userId = who.userId;
        socket.data.tenantId = who.tenantId;
        socket.data.who = who;
        next();
      },
      (error: unknown) => {
        if (!(error instanceof AppError) || error.status >= 500) opts.log.error({ err: error }, 'real-time handshake failed');
        const message = error instanceof AppError && error.status < 500 ? error.message : 'Unable to connect';
        next(new Error(message));
      },
    );
  });
  const handlers = new Map<string, ClientEventHandler<W>>();
  io.on('connection', (socket) => {
    void socket.join([
      sessionRoom(socket.data.sessionId),
      userRoom(socket.data.userId),
      tenantUserRoom(socket.data.tenantId, socket.data.userId),
    ]);
    // Clients send only the events a module handles (onClientEvent); anything else is ignored. A socket sending more
    // than a person could (CLIENT_EVENTS_MAX in a window) has the rest dropped before any handler (or query) runs.
    let windowStart = 0;
    let count = 0;
    socket.onAny((event: unknown, payload: unknown) => {
      const handler = typeof event === 'string' ? handlers.get(event) : undefined;
      if (!handler) return;
      const now = Date.now();
      if (now - windowStart >= CLIENT_EVENTS_WINDOW_MS) {
        windowStart = now;
        count = 0;
      }
      count += 1;
      if (count > CLIENT_EVENTS_MAX) {
        if (count === CLIENT_EVENTS_MAX + 1)
          opts.log.warn({ event, userId: socket.data.userId }, 'a real-time client sent too many events; dropping');
        return;
      }
      const client = { disconnect: () => void socket.disconnect(true) };
      try {
        Promise.resolve(handler(socket.data.who, payload, client)).catch((err: unknown) =>
          opts.log.error({ err, event }, 'a real-time client event failed'),
        );
      } catch (err) {
        opts.log.error({ err, event }, 'a real-time client event failed');
      }
    });
  });

  /** This node's sockets in `rooms` hear the event, then are disconnected (the client does not reconnect). */
  function deliver({ rooms, reason }: CrossNodeMessage): void {
    io.local.to(rooms).emit(SESSION_ENDED_EVENT, { reason });
    io.local.in(rooms).disconnectSockets(true);
  }
  io.on(SESSIONS_ENDED, (message: unknown) => {
    const parsed = crossNodeMessage.safeParse(message);
    if (parsed.success) deliver(parsed.data);
  });

  const realtime: Realtime = {
    sessionsEnded(ended, reason) {
      const rooms = [...(ended.sessionIds ?? []).map(sessionRoom), ...(ended.userIds ?? []).map(userRoom)];
      if (rooms.length === 0) return;
      try {
        deliver({ rooms, reason });
        if (redis) io.serverSideEmit(SESSIONS_ENDED, { rooms, reason });
      } catch (err) {
        opts.log.warn({ err }, 'the real-time event could not be sent');
      }
    },
    toUser({ tenantId, userId }, event, payload) {
      try {
        // Through the adapter: with Redis, every node's sockets in the room hear it (in the order sent).
        (io.to(tenantUserRoom(tenantId, userId)) as unknown as { emit(event: string, payload: unknown): void }).emit(event, payload);
      } catch (err) {
        opts.log.warn({ err, event }, 'the real-time event could not be sent');
      }
    },
  };

  return {
    realtime,
    onClientEvent(event, handler) {
      if (handlers.has(event)) throw new Error(`A handler for the real-time event ${event} is already registered`);
      handlers.set(event, handler);
    },
    disconnectAll: () => io.local.disconnectSockets(true),
    async close() {
      io.local.disconnectSockets(true);
      io.engine.close();
      // Not io.close(): that would also close the HTTP server, which belongs to Fastify.
      await io.of('/').adapter.close();
      if (redis) {
        closeRedis(redis.pub);
        closeRedis(redis.sub);
      }
    },
  };
}
