import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { lockDataDir } from './data-dir-lock.ts';
import { openPgliteThread } from './pglite-thread.ts';
import * as schema from './schema/index.ts';

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

/**
 * PostgreSQL when `url` is set, otherwise PGlite. PostgreSQL's driver (pg, drizzle's node-postgres) is imported only
 * then (postgres-database.ts): an embedded-store server never loads it (issue #25, the process's memory at rest).
 */
export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const { createPostgresDatabase } = await import('./postgres-database.ts');
    return createPostgresDatabase({ ...options, url: options.url });
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
