import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { openPgliteThread } from './pglite-thread.ts';
import * as schema from './schema/index.ts';
import { currentDbScope, scopeSettings } from './scope.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: repositories accept both. */
export type DbOrTx = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  /** The app's queries. On PostgreSQL: as APP_ROLE, row-level security applied in the scope of the caller (scope.ts). */
  db: Db;
  /** Applies the migrations as the owner; on PostgreSQL then checks that the app's role cannot get around row-level security. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The committed SQL migrations. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** The role the app's queries run as on PostgreSQL; migration 0010 creates it and its grants. */
export const APP_ROLE = 'tessera_app';

/**
 * Also no parallel workers (#25), in the same round trip (a startup option would not pass every pooler): row-level
 * security's filter makes the planner expect few rows and long scans, so it planned lists in parallel, and starting
 * the workers took 10–90 ms on a loaded machine for pages that take 0.3 ms on one process (EXPLAIN ANALYZE on the
 * scale data set, load average 9–12).
 */
const SET_SCOPE =
  "select set_config('app.tenant_id', $1, false), set_config('app.cross_tenant', $2, false), set_config('max_parallel_workers_per_gather', '0', false)";

/** The advisory lock key the migrations run under on PostgreSQL (any constant of this app's own). */
const MIGRATION_LOCK = 725_025_001;

/** Marks a pooled connection with the scope it was last set to (ScopedPool). */
const SCOPE_SET = Symbol('tessera.scope');

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * A pool that sets every connection it hands out to the scope of the code taking it (the tenant, or cross-tenant,
 * or neither), before that code runs anything on it. drizzle takes a connection per transaction through connect()
 * and runs other statements through query(), which takes one through connect() too; so no statement runs on a
 * connection still set to whoever used it before. The cost is one round trip per statement or transaction, saved when
 * the connection is already set to that scope (the usual case: a busy tenant's requests reuse its connections).
 */
class ScopedPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const connecting = this.connectInScope();
    if (!callback) return connecting;
    connecting.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | undefined)),
      (error: Error) => callback(error, undefined, () => {}),
    );
  }

  private async connectInScope(): Promise<pg.PoolClient> {
    // Read before the first await, while still in the caller's context.
    const settings = scopeSettings(currentDbScope());
    const client = (await super.connect()) as pg.PoolClient & { [SCOPE_SET]?: string };
    // The scope this connection was last set to: the same again costs no round trip (#25: one fewer per statement on
    // a hot read). It is set outside any transaction, so no rollback can undo it behind this mark.
    const wanted = settings.join('\u0000');
    if (client[SCOPE_SET] === wanted) return client;
    try {
      await client.query(SET_SCOPE, settings);
      client[SCOPE_SET] = wanted;
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    return client;
  }
}

/** Refuses to run the app as a role row-level security does not hold: a superuser, BYPASSRLS, or the tables' owner. */
async function checkAppRole(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ role: string; superuser: boolean; bypass: boolean; owns: boolean }>(
    `select current_user as role, r.rolsuper as superuser, r.rolbypassrls as bypass,
       exists (select 1 from pg_tables t where t.schemaname = 'public' and pg_has_role(current_user, t.tableowner, 'USAGE')) as owns
     from pg_roles r where r.rolname = current_user`,
  );
  const row = rows[0];
  if (!row || row.superuser || row.bypass || row.owns) {
    throw new Error(
      `The app's database role '${row?.role ?? '?'}' would bypass row-level security (superuser, BYPASSRLS or owner of the tables). ` +
        `Set APP_DATABASE_URL to a login that is a member of ${APP_ROLE} only, or leave it unset to switch to ${APP_ROLE} (see SECURITY.md).`,
    );
  }
}
/** How long a request waits for a PostgreSQL connection (or a free pooled one) before it fails with 503. */
const CONNECT_TIMEOUT_MS = 3_000;
/** How long a query may go without an answer; the app's queries take milliseconds, so this only ends a lost connection. */
const QUERY_TIMEOUT_MS = 4_000;

export interface DatabaseOptions {
  /** postgres:// URL of the owner, who runs the migrations; otherwise PGlite. */
  url?: string | undefined;
  /** postgres:// URL the app's queries use: a login that is a member of APP_ROLE. Unset: `url`, switched to APP_ROLE. */
  appUrl?: string | undefined;
  /** PGlite data directory; 'memory://' keeps it in memory. */
  dataDir: string;
  /** PGlite: start from this dump of a data directory (PGlite's dumpDataDir) instead of an empty one; the tests' template. */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
  /** PostgreSQL's bounded waits (defaults CONNECT_TIMEOUT_MS, QUERY_TIMEOUT_MS); the tests widen them (test-database.ts). */
  timeouts?: { connectMs: number; queryMs: number };
}

export function createDatabase(options: DatabaseOptions): Database {
  if (options.url) {
    const ownerUrl = options.url;
    const pool = new ScopedPool({
      connectionString: options.appUrl ?? ownerUrl,
      // Without a login of its own the app switches to its role when each connection starts.
      ...(options.appUrl ? {} : { options: `-c role=${APP_ROLE}` }),
      max: options.poolSize ?? 10,
      // Bounded waits, so a lost database fails requests in seconds (503) instead of hanging them: for a connection
      // or a free pooled client, and for the answer to a query (a partition leaves the socket open and silent).
      connectionTimeoutMillis: options.timeouts?.connectMs ?? CONNECT_TIMEOUT_MS,
      query_timeout: options.timeouts?.queryMs ?? QUERY_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
    });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      migrate: async () => {
        // One connection (max 1), holding an advisory lock while it migrates: API nodes started together apply the
        // migrations once, the others wait and then find nothing to apply (#25).
        const owner = new pg.Pool({ connectionString: ownerUrl, max: 1 });
        try {
          await owner.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(owner), { migrationsFolder: MIGRATIONS_FOLDER });
          await owner.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        } finally {
          await owner.end();
        }
        await checkAppRole(pool);
      },
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  const inMemory = options.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const unlock = inMemory ? () => {} : lockDataDir(options.dataDir);
  // On disk PGlite writes through Node's fs on every write, so a commit survives the process being killed; it does
  // not fsync (its file system has none), so the last commits can be lost if the machine itself fails.
  // PGlite runs each statement synchronously, so it runs in a thread of its own (pglite-thread.ts): a slow statement
  // no longer stalls every other request. The lock stays with this process, which owns the thread.
  const client = openPgliteThread({
    ...(inMemory ? {} : { dataDir: options.dataDir }),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client as unknown as PGlite, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(drizzlePglite(client as unknown as PGlite), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: () => client.ping(),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
