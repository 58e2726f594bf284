import {
  API_KEY_PREFIX,
  API_KEY_VISIBLE_CHARS,
  apiKeyKindOf,
  apiKeyKindLabels,
  diffChanges,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyKind,
  type List,
  type PageQuery,
  type TimelineMeta,
} from '@tessera/domain';
import { createHash, randomBytes } from 'node:crypto';
import { offsetOf, pageMeta } from '../../lib/pagination.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ApiKeyRow } from '../../db/schema/index.ts';
import { forbidden, notFound, unauthenticated } from '../../lib/app-error.ts';
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
  ...(row.revokedAt ? { revokedAt: row.revokedAt.toISOString() } : {}),
});

function describeKey(row: ApiKeyRow, scope: KeyScope) {
  return `${apiKeyKindLabels[row.kind]} API key ${row.prefix}…${row.label ? ` (${row.label})` : ''}${scope.name ? ` of ${scope.name}` : ''}`;
}

function apiKeyMeta(row: ApiKeyRow, extra: TimelineMeta): TimelineMeta {
  return { ...extra, apiKey: row.id };
}

async function generate(deps: ApiKeyDeps, tx: DbOrTx, scope: KeyScope, kind: ApiKeyKind, label: string | null): Promise<ApiKeyCreated> {
  const key = `${API_KEY_PREFIX[kind]}${randomBytes(32).toString('base64url')}`;
  const row = await repo.insertApiKey(tx, scope.owner, {
    id: newId(),
    kind,
    prefix: key.slice(0, API_KEY_VISIBLE_CHARS),
    keyHash: hashApiKey(key),
    label,
    createdBy: scope.caller.user?.id ?? null,
    createdAt: deps.clock.now(),
  });
  await recordEvent(tx, {
    tenantId: scope.owner.tenantId,
    type: 'create',
    ...scope.target,
    caller: scope.caller,
    message: `${describeKey(row, scope)} generated`,
    meta: apiKeyMeta(row, { change: diffChanges({}, auditFields(row)) }),
  });
  return { ...repo.toApiKey(row), key };
}

/** Revoking is final and takes effect on the next call: keys are checked against the database on every request. */
async function revoke(deps: ApiKeyDeps, tx: DbOrTx, scope: KeyScope, keyId: string): Promise<ApiKey> {
  const row = await repo.findApiKey(tx, scope.owner, keyId, true);
  if (!row) throw notFound('API key');
  if (row.revokedAt) return repo.toApiKey(row);
  const revoked = await repo.revokeApiKey(tx, scope.owner.tenantId, keyId, deps.clock.now());
  await recordEvent(tx, {
    tenantId: scope.owner.tenantId,
    type: 'update',
    ...scope.target,
    caller: scope.caller,
    message: `${describeKey(row, scope)} revoked`,
    meta: apiKeyMeta(row, { change: { revokedAt: { old: null, new: revoked.revokedAt!.toISOString() } } }),
  });
  return repo.toApiKey(revoked);
}

async function page(deps: ApiKeyDeps, scope: KeyScope, q: PageQuery): Promise<List<ApiKey>> {
  const { rows, total } = await repo.listApiKeys(deps.db, scope.owner, { limit: q.limit, offset: offsetOf(q) });
  return { data: rows.map(repo.toApiKey), meta: pageMeta(q, total) };
}

// ── The tenant's own keys ────────────────────────────────────────────────────────────────

/** A person only (the route refuses API keys): a key that could mint keys would outlive its own revocation. */
export function createApiKey(
  deps: ApiKeyDeps,
  caller: AuthContext,
  tenantId: string,
  kind: ApiKeyKind,
  label: string | null,
): Promise<ApiKeyCreated> {
  const scope = tenantScope(caller, tenantId);
  return deps.db.transaction((tx) => generate(deps, tx, scope, kind, label));
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
  label: string | null,
): Promise<ApiKeyCreated> {
  return deps.db.transaction(async (tx) => generate(deps, tx, await institutionScope(tx, auth, institutionId), kind, label));
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
  /** Set for an institution's key: the only institution it may read. */
  institutionId: string | null;
}

/**
 * Checks a key presented to the host's tenant. A key of another tenant is simply not found here (401),
 * and a revoked key fails at once: nothing is cached beyond the request.
 */
export async function verifyApiKey(deps: ApiKeyDeps, tenantId: string, raw: string): Promise<VerifiedApiKey> {
  if (!apiKeyKindOf(raw)) throw unauthenticated('This API key is not valid');
  const row = await repo.findApiKeyByHash(deps.db, tenantId, hashApiKey(raw));
  if (!row) throw unauthenticated('This API key is not valid for this organization');
  if (row.revokedAt) throw unauthenticated('This API key has been revoked');
  const now = deps.clock.now();
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  if (!row.lastUsedAt || row.lastUsedAt < staleBefore) await repo.touchApiKey(deps.db, tenantId, row.id, now, staleBefore);
  return { id: row.id, kind: row.kind, prefix: row.prefix, institutionId: row.institutionId };
}
