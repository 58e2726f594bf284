import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { withTenant } from '../db/scope.ts';
import { notFound, unauthenticated } from '../lib/app-error.ts';
import { createRealtimeServer, type Realtime } from '../lib/realtime.ts';
import { parseHost } from './tenant.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells browsers on the real-time socket what changed (lib/realtime.ts); services call it after their commit. */
    realtime: Realtime;
  }
}

/**
 * The real-time socket (Socket.IO at REALTIME_PATH) on the app's own HTTP server: it serves once the app listens, on
 * the address and port of the API (tests that need it listen on port 0). A socket is let in with a session token
 * valid at its host's tenant, checked as every signed-in call checks it.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance) => {
    const server = createRealtimeServer({
      server: app.server,
      redisUrl: app.config.redisUrl,
      log: app.log,
      authenticate: async (token, host) => {
        if (typeof token !== 'string' || token.length === 0 || token.length > 4096) throw unauthenticated();
        const { slug } = parseHost(host, app.config.baseDomain);
        const tenant = await app.tenantCache.bySlug(slug ?? app.config.defaultTenant);
        if (!tenant) throw notFound('Organization');
        const auth = await withTenant(tenant.id, () => app.authenticateSession(token, tenant));
        return { sessionId: auth.session.id, userId: auth.user.id };
      },
    });
    app.decorate('realtime', server.realtime);
    // Open sockets would hold the HTTP server's close until they time out.
    app.addHook('preClose', (done) => {
      server.disconnectAll();
      done();
    });
    app.addHook('onClose', async () => {
      await server.close();
    });
  },
  { name: 'realtime', dependencies: ['auth', 'tenant', 'context'] },
);
