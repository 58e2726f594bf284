import { createAdapter } from '@socket.io/redis-adapter';
import { tokenPayload } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Config } from '../config/index.ts';
import { withTenant } from '../db/scope.ts';
import { closeRedis, createRedisClient, ignoreRejections } from '../lib/redis.ts';
import { findUserWithMember } from '../modules/users/users.repository.ts';
import { membershipRefusal } from '../lib/auth-context.ts';
import { parseHost } from './tenant.ts';

export interface SocketIdentity {
  userId: string;
  tenantId: string;
}

/** Real-time events to signed-in users. Clients invalidate queries on them; the data itself comes from the API. */
export interface Realtime {
  toUser(tenantId: string, userId: string, event: string, payload: unknown): void;
  toTenant(tenantId: string, event: string, payload: unknown): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

const userRoom = (tenantId: string, userId: string) => `tenant:${tenantId}:user:${userId}`;
const tenantRoom = (tenantId: string) => `tenant:${tenantId}`;

/**
 * Socket.IO at /socket.io (websocket transport). The handshake sends the session token (auth.token);
 * it must be valid for the tenant of the host, like any API call. Rooms per tenant and per user.
 * With REDIS_URL, events reach sockets on every API node.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const io = new Server(app.server, {
      path: '/socket.io',
      transports: ['websocket'],
      serveClient: false,
      cors: { origin: opts.config.corsOrigins.length > 0 ? opts.config.corsOrigins : false },
      // Cross-site WebSocket hijacking (ASVS 4.4.2): a browser always sends Origin with the upgrade; only the app's
      // own page (same host) or a listed CORS origin may open a socket. Clients without Origin (servers) still need a token.
      allowRequest: (req, callback) => callback(null, originAllowed(req.headers.origin, req.headers.host, opts.config.corsOrigins)),
    });

    const redisClients: Redis[] = [];
    if (opts.config.redisUrl) {
      const pub = createRedisClient(opts.config.redisUrl, app.log, 'real time');
      const sub = createRedisClient(opts.config.redisUrl, app.log, 'real time', { subscriber: true });
      // While Redis is down an event still reaches this process's sockets: the adapter publishes, then emits locally.
      ignoreRejections(pub, ['publish']);
      ignoreRejections(sub, ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe']);
      io.adapter(createAdapter(pub, sub));
      redisClients.push(pub, sub);
    }

    const handshake = async (socket: Socket, next: (err?: Error) => void) => {
      try {
        const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
        const outcome = await app.tokens.verify(token, 'session', app.clock.now());
        const parsed = outcome.ok ? tokenPayload.safeParse(outcome.payload) : null;
        if (!parsed?.success) return next(new Error('unauthenticated'));
        const { slug } = parseHost(socket.handshake.headers.host, opts.config.baseDomain);
        const tenant = await app.tenantCache.bySlug(slug ?? opts.config.defaultTenant);
        if (!tenant || tenant.id !== parsed.data.tenantId) return next(new Error('unauthenticated'));
        // Socket.IO answers on the bare server, outside Fastify's request hooks: the handshake enters its tenant itself.
        const row = await withTenant(tenant.id, () => findUserWithMember(app.db, parsed.data.userId, tenant.id));
        const sessionAge = Math.floor(app.clock.now().getTime() / 1000) - (parsed.data.sat ?? parsed.data.iat);
        if (!row || row.user.tokenVersion !== parsed.data.ver || row.user.archivedAt || sessionAge > opts.config.sessionMaxSeconds) return next(new Error('unauthenticated'));
        if (row.user.accountStatus === 'suspended') return next(new Error('forbidden'));
        if (membershipRefusal(row.member, row.user.role === 'admin', app.clock.now())) return next(new Error('forbidden'));
        const identity: SocketIdentity = { userId: row.user.id, tenantId: tenant.id };
        socket.data = identity;
        await socket.join([tenantRoom(tenant.id), userRoom(tenant.id, row.user.id)]);
        next();
      } catch (err) {
        app.log.warn({ err }, 'socket handshake failed');
        next(new Error('unavailable'));
      }
    };
    // Socket.IO's middleware answers through next(), not a promise; handshake catches every error into next().
    io.use((socket, next) => void handshake(socket, next));

    app.decorate('realtime', {
      toUser: (tenantId, userId, event, payload) => {
        io.to(userRoom(tenantId, userId)).emit(event, payload);
      },
      toTenant: (tenantId, event, payload) => {
        io.to(tenantRoom(tenantId)).emit(event, payload);
      },
    } satisfies Realtime);

    app.addHook('preClose', async () => {
      io.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      await io.close();
      // After the adapter has unsubscribed.
      for (const client of redisClients) closeRedis(client);
    });
  },
  { name: 'realtime', dependencies: ['auth', 'tenant', 'context'] },
);

/** A socket's Origin is acceptable when absent (not a browser), the page's own host, or one of CORS_ORIGINS. */
export function originAllowed(origin: string | undefined, host: string | undefined, corsOrigins: string[]): boolean {
  if (!origin) return true;
  if (corsOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host.toLowerCase() === (host ?? '').toLowerCase();
  } catch {
    return false;
  }
}
