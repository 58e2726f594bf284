import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createDatabase, type Database, type Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** Which engine this run tests against: TEST_DB=postgres (run-suites sets it) or the default PGlite. */
export function testEngine(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
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

/** A fresh, empty database for one test file: in-memory PGlite, or a new database on the PostgreSQL server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testEngine() === 'pglite') {
    const database = createDatabase({ dataDir: 'memory://' });
    return { ...database, ownerDb: database.db, ownerUrl: undefined, drop: async () => {} };
  }
  const { url, drop } = await createPostgresTestDatabase();
  const database = createDatabase({ url, dataDir: '', poolSize: 4 });
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

/** A new, empty database on the test PostgreSQL server: its URL, and how to drop it (forcing out any connection left). */
export async function createPostgresTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
  const name = `tessera_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
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
