import {
  ACCOUNT_SECURITY_TEXTS,
  AUTH_ERRORS,
  STEP_UP_WINDOW_SECONDS,
  type ApiKeyResource,
  type ApiKeyScope,
  type TokenPayload,
} from '@tessera/domain';
import type { FastifyRequest } from 'fastify';
import type { SessionRow, TenantMemberRow, UserRow } from '../db/schema/index.ts';
import type { Access } from './access.ts';
import { forbidden, unauthenticated } from './app-error.ts';
import type { TokenService } from './tokens.ts';

/**
 * Who is calling, and the one way to ask for them. The auth plugin (plugins/auth.ts) checks a route's
 * `config.access` and fills `request.auth` or `request.apiKeyAuth`; routes and services read the caller they
 * accept with `requireAuth`, `requireCaller` or `requireAnyCaller`.
 */
export interface AuthContext {
  token: TokenPayload;
  /** The server-side session the token names (issue #21), as it was when the call came in. */
  session: SessionRow;
  user: UserRow;
  member: TenantMemberRow | null;
  tenantId: string;
  isPlatformAdmin: boolean;
  apiKey?: undefined;
}

interface KeyPrincipal {
  apiKey: { id: string; prefix: string };
  /** What the key may do (issue #23): checked against the route's `config.keyResource` before the handler runs. */
  scopes: readonly ApiKeyScope[];
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
 * declare `config.institutionKeys` (reads of the institution and its offers, its leads), whose services keep it to
 * its institution; everywhere else it is refused with 403 INSTITUTION_KEY_REFUSED.
 */
export interface InstitutionKeyAuthContext extends KeyPrincipal {
  institutionId: string;
  role: null;
}

export type ApiKeyAuthContext = TenantKeyAuthContext | InstitutionKeyAuthContext;

/** Whoever a route that accepts service principals is serving: a person, or a tenant's private API key. */
export type Caller = AuthContext | TenantKeyAuthContext;
/** A person, the tenant's private key or an institution's private key: the routes that take both kinds of key (leads). */
export type AnyCaller = Caller | InstitutionKeyAuthContext;

export const NEEDS_USER = 'This call needs a signed-in user';
export const INSTITUTION_KEY_REFUSED = "An institution's API key can only reach its institution, its offers and its leads";

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The route also serves an institution's private API key; its service keeps the key to that institution. */
    institutionKeys?: boolean;
    /** The route also serves the tenant's private API key, acting as an owner (its handler reads the caller with requireCaller). */
    apiKeys?: boolean;
    /**
     * What a key calling the route works on (issue #23): a key needs `<resource>:read` for GET/HEAD and
     * `<resource>:write` otherwise (domain `requiredScope`). Every route that declares `apiKeys` or `institutionKeys`
     * must name it (start-up fails otherwise). A public route declaring 'marketplace' (a GET) also accepts a public key
     * of the host's tenant, with CORS for the key's allowed origins; a public key anywhere else is 403.
     */
    keyResource?: ApiKeyResource;
    /**
     * The route changes e-mail, password, second factors, API keys or bank accounts: a signed-in caller must have
     * confirmed a second factor (or, without one, the password) in the last ten minutes (POST auth/step-up).
     */
    stepUp?: boolean;
    /**
     * The route answers while the tenant requires a second factor of the caller and they have none yet (issue #21):
     * enrolment, the session's own calls and the reads the web app needs to load. Every other signed-in route answers
     * 403 ACCOUNT_SECURITY_TEXTS.mfaSetupRequired then. Routes under /api/v1/auth/ answer unless they say `false`.
     */
    mfaSetup?: boolean;
    /** What the access line of the route's description adds to `access` (a rule the handler checks beyond the role). */
    accessNote?: string;
    /** A multipart route's form, documented as its multipart/form-data body (the handler validates the text fields with the same schema). */
    multipartBody?: import('zod').ZodObject;
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

/** Any caller the route accepts: a person, the tenant's key (`apiKeys`) or an institution's key (`institutionKeys`). */
export function requireAnyCaller(request: FastifyRequest): AnyCaller {
  const key = request.apiKeyAuth;
  if (key?.role === null && request.routeOptions.config.institutionKeys) return key;
  return requireCaller(request);
}

/**
 * On a public route, the signed-in user's id when a valid session token for this tenant comes along, else null.
 * It identifies without checking access: a user id in a body alone is not trusted, and no token is no error.
 */
export async function sessionUserId(tokens: TokenService, request: FastifyRequest, tenantId: string): Promise<string | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const outcome = await tokens.verify(header.slice(7).trim(), 'session');
  return outcome.ok && outcome.payload.tenantId === tenantId && typeof outcome.payload.userId === 'string' ? outcome.payload.userId : null;
}

const BLOCKED_MEMBERSHIP = new Set(['suspended', 'request-denied']);
export const MEMBERSHIP_EXPIRED = AUTH_ERRORS.membershipExpired;

/**
 * Why a user may not act as a member of a tenant, or null: a suspended or denied membership, or one past its expiry.
 * Checked at sign-in and on every call, on the member row already loaded. Never for a platform admin: the platform's
 * operator reaches every tenant as such, not as its member, so a tenant's owner suspending the admin's membership (or
 * letting it expire) cannot lock the operator out of that tenant's host. The membership stays as the owner set it
 * (shown in the members list, never re-activated by the admin's sign-in); it just decides nothing for them.
 */
export function membershipRefusal(member: TenantMemberRow | null | undefined, isPlatformAdmin: boolean, now: Date): string | null {
  if (!member || isPlatformAdmin) return null;
  if (isBlockedMembership(member)) return AUTH_ERRORS.membershipSuspended;
  if (member.expiresAt && member.expiresAt.getTime() <= now.getTime()) return MEMBERSHIP_EXPIRED;
  return null;
}

/** A suspended or denied membership: it lets nobody but a platform admin act in the tenant. */
export const isBlockedMembership = (member: TenantMemberRow) => BLOCKED_MEMBERSHIP.has(member.membershipStatus);

/** Until when the session may make the changes that need a fresh second factor (`config.stepUp`), or null if it may not now. */
export function steppedUpUntil(session: Pick<SessionRow, 'verifiedAt'>, now: Date): Date | null {
  if (!session.verifiedAt) return null;
  const until = new Date(session.verifiedAt.getTime() + STEP_UP_WINDOW_SECONDS * 1000);
  return until.getTime() >= now.getTime() ? until : null;
}

/** 403 stepUpRequired unless the session confirmed a second factor (or, without one, the password) in the window. */
export function requireStepUp(session: Pick<SessionRow, 'verifiedAt'>, now: Date): void {
  if (!steppedUpUntil(session, now)) throw forbidden(ACCOUNT_SECURITY_TEXTS.stepUpRequired);
}
