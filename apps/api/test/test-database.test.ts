import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import { createTestDatabase, migratedPglite, testEngine } from './test-database.ts';

/** Tables in the public schema, without running a migration. */
async function tableCount(database: { db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> } }): Promise<number> {
  const result = (await database.db.execute(sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`)) as
    | { rows: { n: number }[] }
    | { n: number }[];
  const rows = Array.isArray(result) ? result : result.rows;
  return rows[0]!.n;
}

// Each test file starts from the run's migrated template instead of migrating its own database (global-setup.ts);
// migrations.test.ts starts from an empty one.
describe('test databases', () => {
  it('start as a copy of the migrated template, with every table before any migration runs', async () => {
    const database = await createTestDatabase();
    try {
      expect(await tableCount(database)).toBeGreaterThan(20);
    } finally {
      await database.drop();
    }
  });

  // A dump handed to an in-memory PGlite was once dropped (the options went to PGlite's second argument, which it
  // ignores without a data directory), so every file ran initdb and every migration again.
  it.skipIf(testEngine() !== 'pglite')('an in-memory PGlite loads the dump it is given', async () => {
    const database = await createDatabase({ dataDir: 'memory://', loadDataDir: migratedPglite() });
    try {
      expect(await tableCount(database)).toBeGreaterThan(20);
    } finally {
      await database.close();
    }
  });
});
