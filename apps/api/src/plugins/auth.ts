import {
  ACCOUNT_SECURITY_TEXTS,
  API_KEY_HEADER,
  API_KEY_TEXTS,
  apiKeyKindOf,
  apiKeyLacksScope,
  apiKeyScope,
  AUTH_ERRORS,
  requiredScope,
  tokenPayload,
  type ApiKeyKind,
  type ApiKeyScope,
  type TokenPayload,
} from '@tessera/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import type { SessionRow, TenantMemberRow, TenantRow, UserRow } from '../db/schema/index.ts';
import { withCrossTenant } from '../db/scope.ts';
import type { Access } from '../lib/access.ts';
import { allowKeyOrigin } from '../lib/api-key-cors.ts';
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
    /**
     * Checks again, for an action on a long-lived real-time socket, the session its handshake token named: what
     * `authenticateSession` checks of the session, account and membership (not the token's own expiry: the socket
     * lives on its session, which ends on sign-out, a password change or SESSION_MAX_HOURS), then what every
     * 'signed-in' route asks (an active membership, a second factor where the tenant requires one). Run it in the
     * tenant's database scope.
     */
    recheckSignedIn: (token: TokenPayload, tenant: TenantRow) => Promise<AuthContext>;
  }
}

/** What the plugin needs from the modules that own API keys and users, handed in by app.ts. */
export interface AuthPluginOptions {
  tokens: TokenService;
  /**
   * The API key with this raw value of this tenant, or an AppError (api-keys.service `verifyApiKey`): revoked and
   * expired keys fail; a use is recorded with the caller's address.
   */
  verifyApiKey: (
    deps: { db: Db; clock: Clock },
    tenantId: string,
    raw: string,
    ip: string | null,
  ) => Promise<{
    id: string;
    kind: ApiKeyKind;
    prefix: string;
    institutionId: string | null;
    scopes: readonly ApiKeyScope[];
    allowedOrigins: readonly string[];
  }>;
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

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A route that accepts API keys names what they work on (`config.keyResource`), and the scope that makes for each of
 * its methods exists; a public route may name only 'marketplace', for reads, to accept public keys. Anything else
 * stops start-up, so no route takes keys without its scope being checked.
 */
export function checkKeyDeclaration(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): void {
  const config = route.config;
  const where = `Route ${[route.method].flat().join(',')} ${route.url}`;
  const takesKeys = config?.apiKeys === true || config?.institutionKeys === true;
  const resource = config?.keyResource;
  if (takesKeys && !resource) throw new Error(`${where} accepts API keys but declares no config.keyResource`);
  if (!resource) return;
  if (config?.access === 'public') {
    if (resource !== 'marketplace' || [route.method].flat().some((m) => !READS.has(m)))
      throw new Error(`${where} is public: only a marketplace read may accept (public) API keys`);
    return;
  }
  if (!takesKeys) throw new Error(`${where} declares config.keyResource but accepts no API key (config.apiKeys or institutionKeys)`);
  for (const method of [route.method].flat()) {
    const scope = requiredScope(resource, method);
    if (!apiKeyScope.options.includes(scope)) throw new Error(`${where} would need the scope ${scope}, which does not exist`);
  }
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: AuthPluginOptions) => {
    app.decorate('tokens', opts.tokens);
    // The real-time socket's handshake checks its token the same way (plugins/realtime.ts).
    app.decorate('authenticateSession', (raw: string, tenant: TenantRow) => authenticateSession(raw, tenant));
    app.decorate('recheckSignedIn', async (token: TokenPayload, tenant: TenantRow) => {
      const auth = await sessionContext(token, tenant);
      authorize(auth, 'signed-in');
      if (tenant.requireMfa && (await opts.mfaSetupRequired(app.db, tenant, auth.user, auth.member)))
        throw forbidden(ACCOUNT_SECURITY_TEXTS.mfaSetupRequired);
      return auth;
    });
    app.decorateRequest('auth', null);
    app.decorateRequest('apiKeyAuth', null);

    async function authenticateApiKey(request: FastifyRequest, raw: string): Promise<ApiKeyAuthContext> {
      const tenant = requireTenant(request);
      // A public key reads the public marketplace and nothing else: refused here whoever it belongs to.
      if (apiKeyKindOf(raw) === 'public') throw forbidden(API_KEY_TEXTS.publicKeyRefused);
      const key = await opts.verifyApiKey({ db: app.db, clock: app.clock }, tenant.id, raw, request.ip);
      const principal = {
        apiKey: { id: key.id, prefix: key.prefix },
        scopes: key.scopes,
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
    // refuses it. An institution's key passes only the routes that declare they serve it. Then the key must hold the
    // scope the call needs: the route's resource, read for GET/HEAD and write otherwise (issue #23).
    function authorizeApiKey(key: ApiKeyAuthContext, request: FastifyRequest, access: Exclude<Access, 'public'>): void {
      const config = request.routeOptions.config;
      if (key.institutionId) {
        if (config.institutionKeys !== true) throw forbidden(INSTITUTION_KEY_REFUSED);
      } else {
        // The routes that serve a tenant's private key say so (`config.apiKeys`), and the OpenAPI document declares the
        // apiKey scheme on exactly those: what is documented is what is let through. The key acts as an owner, so it
        // passes where owners do: routes open to every signed-in member (their services check further) or listing owner.
        const ownersPass = access === 'signed-in' || (typeof access === 'object' && 'roles' in access && access.roles.includes('owner'));
        if (config.apiKeys !== true || !ownersPass) throw forbidden(NEEDS_USER);
      }
      // Every route that accepts keys names its resource (checked when it is registered, below).
      const needed = requiredScope(config.keyResource!, request.method);
      if (!key.scopes.includes(needed)) throw forbidden(apiKeyLacksScope(needed));
    }

    /**
     * On a public route, a public key (tpk_live_…) is checked only where it is accepted: the marketplace reads
     * (`config.keyResource` 'marketplace'). There it must be the host's tenant's, not revoked or expired (401), its use
     * is recorded, and a browser on one of its allowed origins may read the answer (CORS). On any other public route it
     * is refused (403), so a key never seems to work where it does nothing. Other values (a session token, a private
     * key, nothing) are left to the route as before.
     */
    function checkPublicKey(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void {
      const raw = presentedApiKey(request);
      // Most calls of a public route carry no public key: no promise for them (a callback hook).
      if (!raw || apiKeyKindOf(raw) !== 'public' || request.method === 'OPTIONS') return done();
      verifyPublicKey(request, reply, raw).then(() => done(), done);
    }

    async function verifyPublicKey(request: FastifyRequest, reply: FastifyReply, raw: string): Promise<void> {
      if (request.routeOptions.config.keyResource !== 'marketplace') throw forbidden(API_KEY_TEXTS.publicKeyRefused);
      const key = await opts.verifyApiKey({ db: app.db, clock: app.clock }, requireTenant(request).id, raw, request.ip);
      const needed = requiredScope('marketplace', request.method);
      if (!key.scopes.includes(needed)) throw forbidden(apiKeyLacksScope(needed));
      allowKeyOrigin(request, reply, key.allowedOrigins);
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
      return sessionContext(parsed.data, tenant);
    }

    /** The session a verified token names, checked: its age, tenant, account, membership and the session itself. */
    async function sessionContext(token: TokenPayload, tenant: TenantRow): Promise<AuthContext> {
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
      checkKeyDeclaration(route);
      if (access === 'public') {
        const existing = route.preValidation ? [route.preValidation].flat() : [];
        route.preValidation = [checkPublicKey, ...existing];
        return;
      }
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
