import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which tenant's rows the database lets the current code see, on PostgreSQL (row-level security, migration 0010).
 * Every connection taken from the pool is set to the scope of the code that takes it, so a pooled connection never
 * carries the previous user's tenant:
 *
 * - a tenant: each request runs in its host's tenant (plugins/tenant.ts); only that tenant's rows are visible;
 * - cross-tenant: only inside `withCrossTenant`, which code named …Unscoped and system work (seed, mail outbox,
 *   start-up) call with a reason; every row is visible;
 * - none: no scope at all (a request for an unknown host, code that lost its scope): no tenant-scoped row is
 *   visible and none can be written, so a mistake fails closed.
 *
 * PGlite runs as its superuser, for whom row-level security does not apply: there the scope changes nothing.
 */
export type DbScope =
  | { readonly tenantId: string; readonly crossTenant?: undefined }
  | { readonly crossTenant: string; readonly tenantId?: undefined };

const storage = new AsyncLocalStorage<DbScope | null>();

/** The scope of the running code, or null outside any. */
export function currentDbScope(): DbScope | null {
  return storage.getStore() ?? null;
}

/**
 * Runs `fn` in `scope`. Queries must start inside `fn`: a drizzle query runs only when awaited, so a builder returned
 * unawaited would run outside the scope (and see nothing). Pass an async function that awaits its queries.
 */
function run<T>(scope: DbScope | null, fn: () => T): T {
  const result = storage.run(scope, fn);
  if (result && typeof (result as { then?: unknown }).then === 'function' && !(result instanceof Promise)) {
    throw new Error('A database scope got a query that had not started: pass an async function that awaits it');
  }
  return result;
}

/** Runs `fn` (and everything it starts) as tenant `tenantId`: the database shows it that tenant's rows only. */
export function withTenant<T>(tenantId: string, fn: () => T): T {
  return run({ tenantId }, fn);
}

/** Runs `fn` with no tenant: no tenant-scoped row is visible. For requests whose host names no tenant. */
export function withoutTenant<T>(fn: () => T): T {
  return run(null, fn);
}

/**
 * Runs `fn` across all tenants: the one way through row-level security. Call it only in functions named
 * …Unscoped, for routes that declare `config.crossTenant` (platform admins only; plugins/auth.ts), and in system
 * work; say why in `reason`. A test lists the callers. A transaction keeps the scope it was opened in: open it
 * inside `fn`.
 */
export function withCrossTenant<T>(reason: string, fn: () => T): T {
  return run({ crossTenant: reason }, fn);
}

/** The two settings the row-level security policies read, for a scope. */
export function scopeSettings(scope: DbScope | null): [tenantId: string, crossTenant: 'on' | 'off'] {
  if (scope?.crossTenant) return ['', 'on'];
  return [scope?.tenantId ?? '', 'off'];
}
