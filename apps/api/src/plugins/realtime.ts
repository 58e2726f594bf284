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
import { membershipRefusal } from './auth.ts';
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

    io.use(async (socket: Socket, next) => {
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
        if (!row || row.user.tokenVersion !== parsed.data.ver || row.user.accountStatus === 'suspended') return next(new Error('unauthenticated'));
        if (membershipRefusal(row.member, row.user.role === 'admin', app.clock.now())) return next(new Error('forbidden'));
        const identity: SocketIdentity = { userId: row.user.id, tenantId: tenant.id };
        socket.data = identity;
        await socket.join([tenantRoom(tenant.id), userRoom(tenant.id, row.user.id)]);
        next();
      } catch (err) {
        app.log.warn({ err }, 'socket handshake failed');
        next(new Error('unavailable'));
      }
    });

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
