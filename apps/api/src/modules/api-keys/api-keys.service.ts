import {
  API_KEY_MAX_DAYS,
  API_KEY_PREFIX,
  API_KEY_TEXTS,
  API_KEY_VISIBLE_CHARS,
  apiKeyKindOf,
  apiKeyKindLabels,
  diffChanges,
  INSTITUTION_KEY_SCOPES,
  institutionKeyScopeRefused,
  PUBLIC_KEY_SCOPES,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyKind,
  type ApiKeyScope,
  type List,
  type PageQuery,
  type TimelineMeta,
  type apiKeyCreateBody,
} from '@tessera/domain';
import type { z } from 'zod';
import { createHash, randomBytes } from 'node:crypto';
import { offsetOf, pageMeta } from '../../lib/pagination.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ApiKeyRow } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound, unauthenticated } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { AuthContext, Caller } from '../../lib/auth-context.ts';
import { requireInstitution } from '../institutions/index.ts';
import { recordEvent } from '../timeline/index.ts';
import * as repo from './api-keys.repository.ts';

export interface ApiKeyDeps {
  db: Db;
  clock: Clock;
}

/** A key's last use is written at most this often, so a busy integration does not write on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

const KEY_MANAGERS_ONLY = "Only the owners and editors of the institution's team (and the organization owners) can manage its API keys";

export const hashApiKey = (raw: string) => createHash('sha256').update(raw).digest('hex');

/** Whose keys a call works on, who is acting, and where its events go on the timeline. */
interface KeyScope {
  owner: repo.KeyOwner;
  target: { entity: string; entityType: 'tenant' | 'tenant-institution' };
  /** The institution's name in event messages; null for the tenant's keys. */
  name: string | null;
  /** Who acts: a person (making and revoking keys), or a private key of the tenant listing them. */
  caller: Caller;
}

/** The path's tenant must be the host's: any other id is not found. */
function tenantScope(caller: Caller, tenantId: string): KeyScope {
  if (tenantId !== caller.tenantId) throw notFound('Organization');
  return {
    owner: { tenantId, institutionId: null },
    target: { entity: tenantId, entityType: 'tenant' },
    name: null,
    caller,
  };
}

/**
 * An institution's keys are for the tenant's owners and platform admins and for its team's owners and editors:
 * a GP off the team gets 404 (as for every institution call), the team's members and viewers 403.
 */
async function institutionScope(db: DbOrTx, auth: AuthContext, institutionId: string): Promise<KeyScope> {
  const { institution, isOwner, teamRole } = await requireInstitution(db, auth, institutionId);
  if (!isOwner && teamRole !== 'owner' && teamRole !== 'editor') throw forbidden(KEY_MANAGERS_ONLY);
  return {
    owner: { tenantId: auth.tenantId, institutionId },
    target: { entity: institutionId, entityType: 'tenant-institution' },
    name: institution.name,
    caller: auth,
  };
}

/** What the timeline keeps about a key: never the key or its hash. */
const auditFields = (row: ApiKeyRow) => ({
  kind: row.kind,
  prefix: row.prefix,
  label: row.label,
  scopes: row.scopes,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  allowedOrigins: row.allowedOrigins,
  ...(row.revokedAt ? { revokedAt: row.revokedAt.toISOString() } : {}),
});

/** The body of POST …/api-key/pvt and /pub, as the route parsed it (null when none was sent). */
export type ApiKeyRequest = Pick<z.output<typeof apiKeyCreateBody>, 'label' | 'scopes' | 'expiresAt' | 'allowedOrigins'> | null | undefined;
/** What a key is made with, once checked against its kind and owner. */
interface KeySettings {
  label: string | null;
  scopes: ApiKeyScope[];
  expiresAt: Date | null;
  allowedOrigins: string[];
}

const invalid = (field: string, message: string) => new AppError('validation', `body.${field}: ${message}`);

/**
 * The rules of a key's settings beyond the body's own schema (issue #23): a private key needs scopes, and an
 * institution's only those it can use (INSTITUTION_KEY_SCOPES); a public key has marketplace:read and nothing else
 * (asking for another scope is 400 rather than quietly dropped); an expiry is in the future and at most
 * API_KEY_MAX_DAYS away; allowed origins are for public keys only, kept lower-case and once each.
 */
function keySettings(body: ApiKeyRequest, kind: ApiKeyKind, institutionKey: boolean, now: Date): KeySettings {
  const requested = body?.scopes;
  let scopes: ApiKeyScope[];
  if (kind === 'public') {
    if (requested?.some((scope) => !PUBLIC_KEY_SCOPES.includes(scope))) throw invalid('scopes', API_KEY_TEXTS.publicScopes);
    scopes = [...PUBLIC_KEY_SCOPES];
  } else {
    if (!requested?.length) throw invalid('scopes', API_KEY_TEXTS.scopesRequired);
    const refused = institutionKey ? requested.find((scope) => !INSTITUTION_KEY_SCOPES.includes(scope)) : undefined;
    if (refused) throw invalid('scopes', institutionKeyScopeRefused(refused));
    scopes = requested;
  }
  const expiresAt = body?.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw invalid('expiresAt', API_KEY_TEXTS.expiryPast);
  if (expiresAt && expiresAt.getTime() > now.getTime() + API_KEY_MAX_DAYS * 86_400_000)
    throw invalid('expiresAt', API_KEY_TEXTS.expiryTooFar);
  const origins = body?.allowedOrigins ?? [];
  if (kind === 'private' && origins.length) throw invalid('allowedOrigins', API_KEY_TEXTS.originsPrivate);
  return { label: body?.label ?? null, scopes, expiresAt, allowedOrigins: [...new Set(origins.map((o) => o.toLowerCase()))] };
}

function describeKey(row: ApiKeyRow, scope: KeyScope) {
  return `${apiKeyKindLabels[row.kind]} API key ${row.prefix}…${row.label ? ` (${row.label})` : ''}${scope.name ? ` of ${scope.name}` : ''}`;
}

function apiKeyMeta(row: ApiKeyRow, extra: TimelineMeta): TimelineMeta {
  return { ...extra, apiKey: row.id };
}

async function generate(deps: ApiKeyDeps, tx: DbOrTx, scope: KeyScope, kind: ApiKeyKind, body: ApiKeyRequest): Promise<ApiKeyCreated> {
  const now = deps.clock.now();
  const settings = keySettings(body, kind, scope.owner.institutionId !== null, now);
  const key = `${API_KEY_PREFIX[kind]}${randomBytes(32).toString('base64url')}`;
  const row = await repo.insertApiKey(tx, scope.owner, {
    id: newId(),
    kind,
    prefix: key.slice(0, API_KEY_VISIBLE_CHARS),
    keyHash: hashApiKey(key),
    ...settings,
    createdBy: scope.caller.user?.id ?? null,
    createdAt: now,
  });
  await recordEvent(tx, {
    tenantId: scope.owner.tenantId,
    type: 'create',
    ...scope.target,
    caller: scope.caller,
    message: `${describeKey(row, scope)} generated`,
    meta: apiKeyMeta(row, { change: diffChanges({}, auditFields(row)) }),
  });
  return { ...repo.toApiKey(row, now), key };
}

/** Revoking is final and takes effect on the next call: keys are checked against the database on every request. */
async function revoke(deps: ApiKeyDeps, tx: DbOrTx, scope: KeyScope, keyId: string): Promise<ApiKey> {
  const row = await repo.findApiKey(tx, scope.owner, keyId, true);
  if (!row) throw notFound('API key');
  const now = deps.clock.now();
  if (row.revokedAt) return repo.toApiKey(row, now);
  const revoked = await repo.revokeApiKey(tx, scope.owner.tenantId, keyId, now);
  await recordEvent(tx, {
    tenantId: scope.owner.tenantId,
    type: 'update',
    ...scope.target,
    caller: scope.caller,
    message: `${describeKey(row, scope)} revoked`,
    meta: apiKeyMeta(row, { change: { revokedAt: { old: null, new: revoked.revokedAt!.toISOString() } } }),
  });
  return repo.toApiKey(revoked, now);
}

async function page(deps: ApiKeyDeps, scope: KeyScope, q: PageQuery): Promise<List<ApiKey>> {
  const { rows, total } = await repo.listApiKeys(deps.db, scope.owner, { limit: q.limit, offset: offsetOf(q) });
  const now = deps.clock.now();
  return { data: rows.map((row) => repo.toApiKey(row, now)), meta: pageMeta(q, total) };
}

// ── The tenant's own keys ────────────────────────────────────────────────────────────────

/** A person only (the route refuses API keys): a key that could mint keys would outlive its own revocation. */
export function createApiKey(
  deps: ApiKeyDeps,
  caller: AuthContext,
  tenantId: string,
  kind: ApiKeyKind,
  body: ApiKeyRequest,
): Promise<ApiKeyCreated> {
  const scope = tenantScope(caller, tenantId);
  return deps.db.transaction((tx) => generate(deps, tx, scope, kind, body));
}

/** The tenant's own keys; its institutions' keys are listed on each institution. */
export async function listApiKeys(deps: ApiKeyDeps, caller: Caller, tenantId: string, q: PageQuery): Promise<List<ApiKey>> {
  return page(deps, tenantScope(caller, tenantId), q);
}

/** A person only, as createApiKey. */
export function revokeApiKey(deps: ApiKeyDeps, caller: AuthContext, tenantId: string, keyId: string): Promise<ApiKey> {
  const scope = tenantScope(caller, tenantId);
  return deps.db.transaction((tx) => revoke(deps, tx, scope, keyId));
}

// ── An institution's keys (002 §7 POST tenant/{t}/institutions/{id}/api-key/pub and /pvt) ──────────

export function createInstitutionApiKey(
  deps: ApiKeyDeps,
  auth: AuthContext,
  institutionId: string,
  kind: ApiKeyKind,
  body: ApiKeyRequest,
): Promise<ApiKeyCreated> {
  return deps.db.transaction(async (tx) => generate(deps, tx, await institutionScope(tx, auth, institutionId), kind, body));
}

export async function listInstitutionApiKeys(
  deps: ApiKeyDeps,
  auth: AuthContext,
  institutionId: string,
  q: PageQuery,
): Promise<List<ApiKey>> {
  return page(deps, await institutionScope(deps.db, auth, institutionId), q);
}

export function revokeInstitutionApiKey(deps: ApiKeyDeps, auth: AuthContext, institutionId: string, keyId: string): Promise<ApiKey> {
  return deps.db.transaction(async (tx) => revoke(deps, tx, await institutionScope(tx, auth, institutionId), keyId));
}

// ── Authentication ───────────────────────────────────────────────────────────────────────

export interface VerifiedApiKey {
  id: string;
  kind: ApiKeyKind;
  prefix: string;
  /** Set for an institution's key: the only institution it may reach. */
  institutionId: string | null;
  scopes: ApiKeyScope[];
  /** Public keys: the web origins that may use it from a browser (lower-case). */
  allowedOrigins: string[];
}

/**
 * Checks a key presented to the host's tenant. A key of another tenant is simply not found here (401), and a
 * revoked or expired key fails at once: nothing is cached beyond the request. A use is recorded, with the caller's
 * address (`request.ip`, which follows TRUST_PROXY), at most once a minute.
 */
export async function verifyApiKey(deps: ApiKeyDeps, tenantId: string, raw: string, ip: string | null = null): Promise<VerifiedApiKey> {
  if (!apiKeyKindOf(raw)) throw unauthenticated(API_KEY_TEXTS.invalid);
  const row = await repo.findApiKeyByHash(deps.db, tenantId, hashApiKey(raw));
  if (!row) throw unauthenticated(API_KEY_TEXTS.otherTenant);
  if (row.revokedAt) throw unauthenticated(API_KEY_TEXTS.revoked);
  const now = deps.clock.now();
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) throw unauthenticated(API_KEY_TEXTS.expired);
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  if (!row.lastUsedAt || row.lastUsedAt < staleBefore) await repo.touchApiKey(deps.db, tenantId, row.id, { at: now, ip }, staleBefore);
  return {
    id: row.id,
    kind: row.kind,
    prefix: row.prefix,
    institutionId: row.institutionId,
    scopes: row.scopes,
    allowedOrigins: row.allowedOrigins,
  };
}
