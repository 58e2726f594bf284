import { ACCOUNT_SECURITY_TEXTS, API_KEY_HEADER, apiKeyKindOf, AUTH_ERRORS, tokenPayload } from '@tessera/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import type { SessionRow, TenantMemberRow, TenantRow, UserRow } from '../db/schema/index.ts';
import { withCrossTenant } from '../db/scope.ts';
import type { Access } from '../lib/access.ts';
import { forbidden, unauthenticated } from '../lib/app-error.ts';
import {
  INSTITUTION_KEY_REFUSED,
  membershipRefusal,
  NEEDS_USER,
  requireStepUp,
  type ApiKeyAuthContext,
  type AuthContext,
} from '../lib/auth-context.ts';
import type { Clock } from '../lib/clock.ts';
import type { TokenService } from '../lib/tokens.ts';
import { requireTenant } from './tenant.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /**
     * Checks a session token presented at `tenant`'s host as every signed-in call does (the session has not ended,
     * the account and membership are not suspended); run it in that tenant's database scope.
     */
    authenticateSession: (raw: string, tenant: TenantRow) => Promise<AuthContext>;
  }
}

/** What the plugin needs from the modules that own API keys and users, handed in by app.ts. */
export interface AuthPluginOptions {
  tokens: TokenService;
  /** The API key with this raw value of this tenant, or an AppError (api-keys.service `verifyApiKey`). */
  verifyApiKey: (
    deps: { db: Db; clock: Clock },
    tenantId: string,
    raw: string,
  ) => Promise<{ id: string; prefix: string; institutionId: string | null }>;
  /** The session the token names, its account and their membership of this tenant, if any (auth `findSessionContext`). */
  findSessionContext: (
    db: Db,
    tenantId: string,
    sessionId: string,
    userId: string,
  ) => Promise<{ session: SessionRow; user: UserRow; member: TenantMemberRow | null } | undefined>;
  /** Records that the session was used (at most once a minute; auth `touchSession`). */
  touchSession: (db: Db, session: SessionRow, now: Date) => Promise<void>;
  /**
   * Whether the tenant (which requires MFA) requires a second factor of this member and they have none yet (mfa
   * `mfaSetupRequired`); asked only when the tenant's `requireMfa` is on.
   */
  mfaSetupRequired: (db: Db, tenant: TenantRow, user: UserRow, member: TenantMemberRow | null) => Promise<boolean>;
}

/** The API key a request presents, from `Authorization: Bearer tsk_…` or the X-API-Key header. */
function presentedApiKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const value = header.slice(7).trim();
    return apiKeyKindOf(value) ? value : null;
  }
  const value = request.headers[API_KEY_HEADER];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: AuthPluginOptions) => {
    app.decorate('tokens', opts.tokens);
    // The real-time socket's handshake checks its token the same way (plugins/realtime.ts).
    app.decorate('authenticateSession', (raw: string, tenant: TenantRow) => authenticateSession(raw, tenant));
    app.decorateRequest('auth', null);
    app.decorateRequest('apiKeyAuth', null);

    async function authenticateApiKey(request: FastifyRequest, raw: string): Promise<ApiKeyAuthContext> {
      const tenant = requireTenant(request);
      if (apiKeyKindOf(raw) === 'public') throw unauthenticated('A public API key only identifies the organization; use a private key');
      const key = await opts.verifyApiKey({ db: app.db, clock: app.clock }, tenant.id, raw);
      const principal = {
        apiKey: { id: key.id, prefix: key.prefix },
        tenantId: tenant.id,
        user: null,
        member: null,
        isPlatformAdmin: false,
      } as const;
      return key.institutionId
        ? { ...principal, institutionId: key.institutionId, role: null }
        : { ...principal, institutionId: null, role: 'owner' };
    }

    // A tenant's private key passes only routes open to tenant owners; anything that needs a person or a platform admin
    // refuses it. An institution's key passes only the routes that declare they serve it.
    function authorizeApiKey(key: ApiKeyAuthContext, request: FastifyRequest, access: Exclude<Access, 'public'>): void {
      if (key.institutionId) {
        if (request.routeOptions.config.institutionKeys === true) return;
        throw forbidden(INSTITUTION_KEY_REFUSED);
      }
      // The routes that serve a tenant's private key say so (`config.apiKeys`), and the OpenAPI document declares the
      // apiKey scheme on exactly those: what is documented is what is let through. The key acts as an owner, so it
      // passes where owners do: routes open to every signed-in member (their services check further) or listing owner.
      const ownersPass = access === 'signed-in' || (typeof access === 'object' && 'roles' in access && access.roles.includes('owner'));
      if (request.routeOptions.config.apiKeys === true && ownersPass) return;
      throw forbidden(NEEDS_USER);
    }

    async function authenticate(request: FastifyRequest): Promise<AuthContext> {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) throw unauthenticated();
      return authenticateSession(header.slice(7).trim(), requireTenant(request));
    }

    /** A session token presented to `tenant` (the host's), checked against its session, account and membership. */
    async function authenticateSession(raw: string, tenant: TenantRow): Promise<AuthContext> {
      const outcome = await app.tokens.verify(raw, 'session', app.clock.now());
      if (!outcome.ok)
        throw unauthenticated(
          outcome.reason === 'expired' ? AUTH_ERRORS.sessionExpired : 'Your session is not valid. Please sign in again.',
        );
      const parsed = tokenPayload.safeParse(outcome.payload);
      if (!parsed.success) throw unauthenticated('Your session is not valid. Please sign in again.');
      const token = parsed.data;
      // Refreshing keeps the sign-in time, so no session outlives SESSION_MAX_HOURS (ASVS 7.3.2).
      if (Math.floor(app.clock.now().getTime() / 1000) - (token.sat ?? token.iat) > app.config.sessionMaxSeconds)
        throw unauthenticated(AUTH_ERRORS.sessionExpired);
      if (token.tenantId !== tenant.id) throw unauthenticated('Your session belongs to another organization. Please sign in here.');
      const now = app.clock.now();
      const row = await opts.findSessionContext(app.db, tenant.id, token.sid, token.userId);
      if (!row || row.user.tokenVersion !== token.ver || row.user.archivedAt) throw unauthenticated(AUTH_ERRORS.sessionExpired);
      // A suspension ends the sessions too: its own text says why, before the ended session's.
      if (row.user.accountStatus === 'suspended') throw forbidden(AUTH_ERRORS.accountSuspended);
      const isPlatformAdmin = row.user.role === 'admin';
      const refusal = membershipRefusal(row.member, isPlatformAdmin, app.clock.now());
      if (refusal) throw forbidden(refusal);
      // Signed out, ended from another browser, ended by a password change: refused at once, on every node.
      if (row.session.revokedAt) throw unauthenticated(ACCOUNT_SECURITY_TEXTS.sessionEnded);
      if (row.session.expiresAt.getTime() <= now.getTime()) throw unauthenticated(AUTH_ERRORS.sessionExpired);
      await opts.touchSession(app.db, row.session, now);
      return { token, session: row.session, user: row.user, member: row.member, tenantId: tenant.id, isPlatformAdmin };
    }

    /**
     * Routes that change e-mail, password, second factors, API keys or bank accounts declare `config.stepUp`: the
     * session must have confirmed a second factor (or, without one, the password) in the last STEP_UP_WINDOW_SECONDS
     * (POST auth/step-up), else 403 with the step-up text the web app answers with its confirmation dialog.
     */
    function checkStepUp(auth: AuthContext, request: FastifyRequest): void {
      if (request.routeOptions.config.stepUp !== true) return;
      requireStepUp(auth.session, app.clock.now());
    }

    /**
     * A tenant that requires MFA (`tenants.require_mfa`) lets its owners and institution team members without a second
     * factor call only the routes that declare `config.mfaSetup` (set up a factor, the session's own calls, the reads
     * the web app loads with). The question costs a query only on such tenants.
     */
    async function checkMfaSetup(auth: AuthContext, request: FastifyRequest): Promise<void> {
      const tenant = requireTenant(request);
      if (!tenant.requireMfa || request.routeOptions.config.mfaSetup === true) return;
      if (await opts.mfaSetupRequired(app.db, tenant, auth.user, auth.member)) throw forbidden(ACCOUNT_SECURITY_TEXTS.mfaSetupRequired);
    }

    function authorize(auth: AuthContext, access: Exclude<Access, 'public'>): void {
      if (auth.isPlatformAdmin) return;
      if (access === 'platform-admin') throw forbidden('Only platform admins can do this');
      if (!auth.member || auth.member.membershipStatus !== 'active') throw forbidden('You are not an active member of this organization');
      if (access === 'signed-in') return;
      if ('roles' in access && !access.roles.includes(auth.member.role)) throw forbidden();
      if ('permission' in access && auth.member.attributes[access.permission] !== true) throw forbidden();
    }

    async function checkAccess(request: FastifyRequest): Promise<void> {
      const access = request.routeOptions.config.access;
      if (!access || access === 'public') return;
      const rawKey = presentedApiKey(request);
      if (rawKey) {
        const keyAuth = await authenticateApiKey(request, rawKey);
        authorizeApiKey(keyAuth, request, access);
        request.apiKeyAuth = keyAuth;
        return;
      }
      const auth = await authenticate(request);
      authorize(auth, access);
      await checkMfaSetup(auth, request);
      checkStepUp(auth, request);
      request.auth = auth;
    }

    // Every API route must say who may call it; a route without a declaration fails at start-up.
    // Only routes that are not public get the check, so open routes pay nothing for it.
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/v1/') || route.url.startsWith('/api/v1/docs')) return;
      const access = route.config?.access;
      if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule (config.access)`);
      const crossTenant = route.config?.crossTenant;
      if (crossTenant && access !== 'platform-admin')
        throw new Error(`Route ${route.method} ${route.url} crosses tenants but is not for platform admins only`);
      if (access === 'public') return;
      // The session's own calls (auth/…) answer while a second factor is due, unless one says otherwise.
      if (route.url.startsWith('/api/v1/auth/') && route.config && route.config.mfaSetup === undefined) route.config.mfaSetup = true;
      const existing = route.preValidation ? [route.preValidation].flat() : [];
      route.preValidation = [checkAccess, ...existing];
      if (crossTenant) {
        const handlers = route.preHandler ? [route.preHandler].flat() : [];
        // The last step before the handler, so everything that checked the caller ran in the host's tenant.
        route.preHandler = [...handlers, (_request, _reply, done) => withCrossTenant(crossTenant, () => done())];
      }
    });
  },
  { name: 'auth', dependencies: ['db', 'tenant', 'context'] },
);
