import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createDatabase, type Database, type Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** Which engine this file runs on: TEST_DB=postgres (the `postgres` project of vitest.config.ts) or PGlite. */
export function testEngine(name = process.env.TEST_DB): 'pglite' | 'postgres' {
  return name === 'postgres' ? 'postgres' : 'pglite';
}

export interface TestDatabase extends Database {
  /**
   * The owner's connection, for a test's own setting up and checking: it sees and writes every tenant's rows, as
   * seed and system work do. The app's own queries go through `db`, which row-level security holds on PostgreSQL.
   */
  ownerDb: Db;
  /** The owner's postgres:// URL of this database; undefined on PGlite. */
  ownerUrl: string | undefined;
  drop(): Promise<void>;
}

/** The PostgreSQL server the tests create their databases on. */
export const adminDatabaseUrl = () => process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;

let pgliteTemplate: Blob | undefined;
/** The migrated PGlite the run's global set-up dumped (global-setup.ts), read once per test process. */
export function migratedPglite(): Blob {
  pgliteTemplate ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  return pgliteTemplate;
}

/** A PGlite as initdb left it (global-setup.ts), read when a file asks for an empty database. */
const emptyPglite = () => new Blob([readFileSync(inject('pgliteEmpty'))]);

/** The run's migrated PostgreSQL template database (global-setup.ts). */
export const postgresTemplate = () => inject('postgresTemplate');

/**
 * A fresh database of its own for one test file: in-memory PGlite, or a new database on the PostgreSQL server. By
 * default a copy of the run's migrated template (global-setup.ts), so the app's migrate() finds nothing to apply;
 * `empty` gives a database with no tables, for tests of the migrations themselves.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  if (testEngine() === 'pglite') {
    const database = await createDatabase({ dataDir: 'memory://', loadDataDir: options.empty ? emptyPglite() : migratedPglite() });
    return { ...database, ownerDb: database.db, ownerUrl: undefined, drop: async () => {} };
  }
  const { url, drop } = await createPostgresTestDatabase({ template: options.empty ? undefined : postgresTemplate() });
  // Wider waits than production's: on a 2-core machine busy with worker threads (file-work-limits) a query can go
  // unanswered for seconds without the connection being lost, and the app would answer 503 'unreachable'. The fault
  // tests that prove the production waits run real server processes (app-process.ts), which keep them.
  const database = await createDatabase({ url, dataDir: '', poolSize: 4, timeouts: { connectMs: 20_000, queryMs: 30_000 } });
  const ownerPool = new pg.Pool({ connectionString: url, max: 2 });
  ownerPool.on('error', () => {});
  let closed = false;
  const close = async () => {
    if (!closed) await Promise.all([database.close(), ownerPool.end()]);
    closed = true;
  };
  return {
    ...database,
    ownerDb: drizzle(ownerPool, { schema, casing: 'snake_case' }) as unknown as Db,
    ownerUrl: url,
    close,
    drop: async () => {
      await close();
      await drop();
    },
  };
}

/**
 * A new database on the test PostgreSQL server, empty or a copy of `template`: its URL, and how to drop it (forcing
 * out any connection left).
 */
export async function createPostgresTestDatabase(
  options: { template?: string | undefined } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = adminDatabaseUrl();
  const name = `tessera_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(options.template ? `create database ${name} template ${options.template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
