import {
  API_KEY_PREFIX, API_KEY_VISIBLE_CHARS, apiKeyKindOf, apiKeyKindLabels, diffChanges,
  type ApiKey, type ApiKeyCreated, type ApiKeyKind,
} from '@tessera/domain';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { ApiKeyRow } from '../../db/schema/index.ts';
import { notFound, unauthenticated } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { Caller } from '../../plugins/auth.ts';
import { recordEvent } from '../timeline/timeline.service.ts';
import * as repo from './api-keys.repository.ts';

export interface ApiKeyDeps {
  db: Db;
  clock: Clock;
}

/** A key's last use is written at most this often, so a busy integration does not write on every call. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export const hashApiKey = (raw: string) => createHash('sha256').update(raw).digest('hex');

/** The path's tenant must be the host's: any other id is not found. */
function checkTenant(caller: Caller, tenantId: string) {
  if (tenantId !== caller.tenantId) throw notFound('Organization');
}


/** What the timeline keeps about a key: never the key or its hash. */
const auditFields = (row: ApiKeyRow) => ({ kind: row.kind, prefix: row.prefix, label: row.label, ...(row.revokedAt ? { revokedAt: row.revokedAt.toISOString() } : {}) });

function describeKey(row: ApiKeyRow) {
  return `${apiKeyKindLabels[row.kind]} API key ${row.prefix}…${row.label ? ` (${row.label})` : ''}`;
}

export async function createApiKey(deps: ApiKeyDeps, caller: Caller, tenantId: string, kind: ApiKeyKind, label: string | null): Promise<ApiKeyCreated> {
  checkTenant(caller, tenantId);
  const key = `${API_KEY_PREFIX[kind]}${randomBytes(32).toString('base64url')}`;
  return deps.db.transaction(async (tx) => {
    const row = await repo.insertApiKey(tx, tenantId, {
      id: newId(), kind, prefix: key.slice(0, API_KEY_VISIBLE_CHARS), keyHash: hashApiKey(key), label,
      createdBy: caller.user?.id ?? null, createdAt: deps.clock.now(),
    });
    await recordEvent(tx, {
      tenantId, type: 'create', entity: tenantId, entityType: 'tenant', caller,
      message: `${describeKey(row)} generated`,
      meta: { change: diffChanges({}, auditFields(row)), apiKey: row.id },
    });
    return { ...repo.toApiKey(row), key };
  });
}

export async function listApiKeys(deps: ApiKeyDeps, caller: Caller, tenantId: string): Promise<ApiKey[]> {
  checkTenant(caller, tenantId);
  return (await repo.listApiKeys(deps.db, tenantId)).map(repo.toApiKey);
}

/** Revoking is final and takes effect on the next call: keys are checked against the database on every request. */
export async function revokeApiKey(deps: ApiKeyDeps, caller: Caller, tenantId: string, keyId: string): Promise<ApiKey> {
  checkTenant(caller, tenantId);
  return deps.db.transaction(async (tx) => {
    const row = await repo.findApiKey(tx, tenantId, keyId, true);
    if (!row) throw notFound('API key');
    if (row.revokedAt) return repo.toApiKey(row);
    const revoked = await repo.revokeApiKey(tx, tenantId, keyId, deps.clock.now());
    await recordEvent(tx, {
      tenantId, type: 'update', entity: tenantId, entityType: 'tenant', caller,
      message: `${describeKey(row)} revoked`,
      meta: { change: { revokedAt: { old: null, new: revoked.revokedAt!.toISOString() } }, apiKey: row.id },
    });
    return repo.toApiKey(revoked);
  });
}

export interface VerifiedApiKey {
  id: string;
  kind: ApiKeyKind;
  prefix: string;
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
  return { id: row.id, kind: row.kind, prefix: row.prefix };
}
