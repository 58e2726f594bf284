import type { TokenPayload } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TenantRow } from '../db/schema/index.ts';
import { withTenant } from '../db/scope.ts';
import { AppError, notFound, unauthenticated } from '../lib/app-error.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { createRealtimeServer, type Realtime, type SocketIdentity } from '../lib/realtime.ts';
import { parseHost } from './tenant.ts';

/**
 * What a module does with an event a signed-in client sends on the socket: `caller` is the socket's session checked
 * again for this event (as a 'signed-in' route checks it), `tenant` the socket's tenant; it runs in that tenant's
 * database scope. The handler answers the client itself (on the user's room); its failures are logged.
 */
export type SignedInEventHandler = (caller: AuthContext, tenant: TenantRow, payload: unknown) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells browsers on the real-time socket what changed (lib/realtime.ts); services call it after their commit. */
    realtime: Realtime;
    /**
     * Lets signed-in clients send `event` on the socket. Each event re-checks the socket's session first: a socket
     * whose session ended, or whose account or membership was suspended since it connected, is disconnected and
     * its event dropped, even if the session-ended message has not reached it yet.
     */
    onClientEvent: (event: string, handler: SignedInEventHandler) => void;
  }
}

/** A socket's identity: its session's token (checked again on each event it sends) and its host's tenant. */
interface SocketWho extends SocketIdentity {
  token: TokenPayload;
  tenantSlug: string;
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
        return { sessionId: auth.session.id, userId: auth.user.id, tenantId: tenant.id, token: auth.token, tenantSlug: tenant.slug };
      },
    });
    app.decorate('realtime', server.realtime);
    /** Who may act, checked again for each event: the tenant as it is now and the socket's session, or null. */
    async function admit(who: SocketWho): Promise<{ caller: AuthContext; tenant: TenantRow } | null> {
      const tenant = await app.tenantCache.bySlug(who.tenantSlug);
      if (!tenant || tenant.id !== who.tenantId) return null;
      try {
        return { caller: await withTenant(tenant.id, () => app.recheckSignedIn(who.token, tenant)), tenant };
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        // Ended (or suspended) since the handshake.
        return null;
      }
    }
    // Each socket's events are admitted one after the other, so handlers start in the order the client sent them
    // (the checks are queries, which could finish out of order).
    const admissions = new WeakMap<SocketWho, Promise<unknown>>();
    app.decorate('onClientEvent', (event: string, handler: SignedInEventHandler) => {
      server.onClientEvent(event, async (who: SocketWho, payload, client) => {
        const admitted = (admissions.get(who) ?? Promise.resolve()).then(() => admit(who));
        admissions.set(
          who,
          admitted.catch(() => null),
        );
        const ok = await admitted;
        // No more events from this socket.
        if (!ok) return client.disconnect();
        await withTenant(ok.tenant.id, () => handler(ok.caller, ok.tenant, payload));
      });
    });
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
