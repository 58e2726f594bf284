import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
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
}

/** For code that runs without a socket server (scripts, and services called outside a request). */
export const noRealtime: Realtime = { sessionsEnded: () => {} };

/** Who a socket belongs to, from its handshake's `auth.token` and Host; refuses with an AppError the client reads. */
export type SocketAuthenticator = (token: unknown, host: string | undefined) => Promise<{ sessionId: string; userId: string }>;

export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const userRoom = (userId: string) => `user:${userId}`;

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
interface SocketData {
  sessionId: string;
  userId: string;
}

/** The key prefix of the Socket.IO Redis adapter's channels. */
const REDIS_KEY = 'tessera-rt';
/** Clients send nothing but the handshake (the token): a small cap on what one message may carry. */
const MAX_MESSAGE_BYTES = 16 * 1024;

export interface RealtimeServer {
  realtime: Realtime;
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
export function createRealtimeServer(opts: {
  server: HttpServer;
  redisUrl: string | undefined;
  log: FastifyBaseLogger;
  authenticate: SocketAuthenticator;
}): RealtimeServer {
  const io = new Server<Record<string, never>, ServerToClient, ServerSide, SocketData>(opts.server, {
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
    io.adapter(createAdapter(pub, sub, { key: REDIS_KEY }));
    redis = { pub, sub };
  }

  io.use((socket, next) => {
    opts.authenticate(socket.handshake.auth?.token, socket.handshake.headers.host).then(
      (who) => {
        socket.data.sessionId = who.sessionId;
        socket.data.userId = who.userId;
        next();
      },
      (error: unknown) => {
        if (!(error instanceof AppError) || error.status >= 500) opts.log.error({ err: error }, 'real-time handshake failed');
        const message = error instanceof AppError && error.status < 500 ? error.message : 'Unable to connect';
        next(new Error(message));
      },
    );
  });
  io.on('connection', (socket) => {
    void socket.join([sessionRoom(socket.data.sessionId), userRoom(socket.data.userId)]);
    // Clients only listen: anything they send is ignored.
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
  };

  return {
    realtime,
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
