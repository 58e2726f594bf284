import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from '../src/db/client.ts';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** Which engine this run tests against: TEST_DB=postgres (run-suites sets it) or the default PGlite. */
export function testEngine(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** A fresh, empty database for one test file: in-memory PGlite, or a new database on the PostgreSQL server. */
export async function createTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  if (testEngine() === 'pglite') {
    const database = createDatabase({ dataDir: 'memory://' });
    return { ...database, drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
  const name = `tessera_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = createDatabase({ url: url.toString(), dataDir: '', poolSize: 4 });
  let closed = false;
  const close = async () => {
    if (!closed) await database.close();
    closed = true;
  };
  return {
    ...database,
    close,
    drop: async () => {
      await close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
