import { API_KEY_HEADER, apiKeyKindOf, AUTH_ERRORS, tokenPayload, type TokenPayload } from '@tessera/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TenantMemberRow, UserRow } from '../db/schema/index.ts';
import { withCrossTenant } from '../db/scope.ts';
import type { Access } from '../lib/access.ts';
import { forbidden, unauthenticated } from '../lib/app-error.ts';
import type { TokenService } from '../lib/tokens.ts';
import { verifyApiKey } from '../modules/api-keys/api-keys.service.ts';
import { findUserWithMember } from '../modules/users/users.repository.ts';
import { requireTenant } from './tenant.ts';

export interface AuthContext {
  token: TokenPayload;
  user: UserRow;
  member: TenantMemberRow | null;
  tenantId: string;
  isPlatformAdmin: boolean;
  apiKey?: undefined;
}

interface KeyPrincipal {
  apiKey: { id: string; prefix: string };
  tenantId: string;
  user: null;
  member: null;
  isPlatformAdmin: false;
}

/**
 * A server calling with a private API key of the host's tenant: a service principal with no user.
 * It acts with the owner role on routes whose access lists 'owner' and that accept it (they read the caller
 * with `requireCaller`); everywhere else it is refused with 403 'This call needs a signed-in user'.
 */
export interface TenantKeyAuthContext extends KeyPrincipal {
  institutionId: null;
  role: 'owner';
}

/**
 * A server calling with a private API key of one institution of the host's tenant. It passes only routes that
 * declare `config.institutionKeys` (reads of the institution and its offers), whose services keep it to its
 * institution; everywhere else it is refused with 403 INSTITUTION_KEY_REFUSED.
 */
export interface InstitutionKeyAuthContext extends KeyPrincipal {
  institutionId: string;
  role: null;
}

export type ApiKeyAuthContext = TenantKeyAuthContext | InstitutionKeyAuthContext;

/** Whoever a route that accepts service principals is serving: a person, or a tenant's private API key. */
export type Caller = AuthContext | TenantKeyAuthContext;

export const NEEDS_USER = 'This call needs a signed-in user';
export const INSTITUTION_KEY_REFUSED = "An institution's API key can only read its institution and its offers";

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The route also serves an institution's private API key; its service keeps the key to that institution. */
    institutionKeys?: boolean;
    /**
     * Why the route works across tenants (the platform admin console): once the access check has passed, its
     * handler runs in the cross-tenant database scope (db/scope.ts). Only platform-admin routes may declare it.
     */
    crossTenant?: string;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    apiKeyAuth: ApiKeyAuthContext | null;
  }
  interface FastifyInstance {
    tokens: TokenService;
  }
}

/** The signed-in caller, or 401. Use in services after the route's access check ran. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (request.apiKeyAuth) throw forbidden(request.apiKeyAuth.institutionId ? INSTITUTION_KEY_REFUSED : NEEDS_USER);
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** The signed-in user or the tenant's private API key, for routes that serve both. */
export function requireCaller(request: FastifyRequest): Caller {
  const key = request.apiKeyAuth;
  if (!key) return requireAuth(request);
  if (key.role !== 'owner') throw forbidden(INSTITUTION_KEY_REFUSED);
  return key;
}

/** The signed-in user or an institution's private API key, for the routes that declare `institutionKeys`. */
export function requireInstitutionReader(request: FastifyRequest): AuthContext | InstitutionKeyAuthContext {
  const key = request.apiKeyAuth;
  if (key?.role === null && request.routeOptions.config.institutionKeys) return key;
  return requireAuth(request);
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

const BLOCKED_MEMBERSHIP = new Set(['suspended', 'request-denied']);
export const MEMBERSHIP_EXPIRED = 'Your membership of this organization has expired. Please contact its administrator.';

/**
 * Why a user may not act as a member of a tenant, or null: a suspended or denied membership, or one past its expiry.
 * Checked at sign-in and on every call, on the member row already loaded; expiry never refuses a platform admin.
 */
export function membershipRefusal(member: TenantMemberRow | null | undefined, isPlatformAdmin: boolean, now: Date): string | null {
  if (!member) return null;
  if (BLOCKED_MEMBERSHIP.has(member.membershipStatus)) return AUTH_ERRORS.membershipSuspended;
  if (!isPlatformAdmin && member.expiresAt && member.expiresAt.getTime() <= now.getTime()) return MEMBERSHIP_EXPIRED;
  return null;
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { tokens: TokenService }) => {
    app.decorate('tokens', opts.tokens);
    app.decorateRequest('auth', null);
    app.decorateRequest('apiKeyAuth', null);

    async function authenticateApiKey(request: FastifyRequest, raw: string): Promise<ApiKeyAuthContext> {
      const tenant = requireTenant(request);
      if (apiKeyKindOf(raw) === 'public') throw unauthenticated('A public API key only identifies the organization; use a private key');
      const key = await verifyApiKey({ db: app.db, clock: app.clock }, tenant.id, raw);
      const principal = { apiKey: { id: key.id, prefix: key.prefix }, tenantId: tenant.id, user: null, member: null, isPlatformAdmin: false } as const;
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
      if (typeof access === 'object' && 'roles' in access && access.roles.includes('owner')) return;
      throw forbidden(NEEDS_USER);
    }

    async function authenticate(request: FastifyRequest): Promise<AuthContext> {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) throw unauthenticated();
      const outcome = await app.tokens.verify(header.slice(7).trim(), 'session', app.clock.now());
      if (!outcome.ok) throw unauthenticated(outcome.reason === 'expired' ? AUTH_ERRORS.sessionExpired : 'Your session is not valid. Please sign in again.');
      const parsed = tokenPayload.safeParse(outcome.payload);
      if (!parsed.success) throw unauthenticated('Your session is not valid. Please sign in again.');
      const token = parsed.data;
      // Refreshing keeps the sign-in time, so no session outlives SESSION_MAX_HOURS (ASVS 7.3.2).
      if (Math.floor(app.clock.now().getTime() / 1000) - (token.sat ?? token.iat) > app.config.sessionMaxSeconds) throw unauthenticated(AUTH_ERRORS.sessionExpired);
      const tenant = requireTenant(request);
      if (token.tenantId !== tenant.id) throw unauthenticated('Your session belongs to another organization. Please sign in here.');
      const row = await findUserWithMember(app.db, token.userId, tenant.id);
      if (!row || row.user.tokenVersion !== token.ver || row.user.archivedAt) throw unauthenticated(AUTH_ERRORS.sessionExpired);
      if (row.user.accountStatus === 'suspended') throw forbidden(AUTH_ERRORS.accountSuspended);
      const isPlatformAdmin = row.user.role === 'admin';
      const refusal = membershipRefusal(row.member, isPlatformAdmin, app.clock.now());
      if (refusal) throw forbidden(refusal);
      return { token, user: row.user, member: row.member, tenantId: tenant.id, isPlatformAdmin };
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
      request.auth = auth;
    }

    // Every API route must say who may call it; a route without a declaration fails at start-up.
    // Only routes that are not public get the check, so open routes pay nothing for it.
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/v1/') || route.url.startsWith('/api/v1/docs')) return;
      const access = route.config?.access;
      if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule (config.access)`);
      const crossTenant = route.config?.crossTenant;
      if (crossTenant && access !== 'platform-admin') throw new Error(`Route ${route.method} ${route.url} crosses tenants but is not for platform admins only`);
      if (access === 'public') return;
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

