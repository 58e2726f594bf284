import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../src/db/pglite-extensions.ts';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, MIGRATIONS_FOLDER } from '../src/db/client.ts';
import { adminDatabaseUrl, testEngine } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite run: a file holding the dump of a migrated database, which each test file's database starts from. */
    pgliteTemplate: string;
    /** PGlite run: a file holding the dump of a database as initdb left it, for the tests of the migrations themselves. */
    pgliteEmpty: string;
    /** PostgreSQL run: a migrated database each test file's database is created from (CREATE DATABASE … TEMPLATE). */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database per run, and each test file starts from a copy of it (test-database.ts) instead of migrating
 * its own: a new PGlite runs initdb (seconds on a busy core) before the migrations even start, a new PostgreSQL
 * database runs every migration, and the API suite has ~60 files on each engine.
 */
export default async function setup(project: TestProject) {
  // Each project of vitest.config.ts is named after its engine (its workers read TEST_DB from their env).
  if (testEngine(project.name) === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-pglite-template-'));
    const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
    // Dumped before migrating, so createTestDatabase({ empty: true }) loads it instead of running initdb again (~2 s).
    const empty = join(dir, 'empty.tar');
    await client.waitReady; // dumpDataDir does not wait for the start (it never answers when called before)
    writeFileSync(empty, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    // Every test file's PGlite loads the whole dump (44 MB, a third of it the template0 and template1 databases that
    // initdb made), and loading it was most of the ~0.55 s of CPU an open cost. Nothing on PGlite connects to them or
    // creates a database (the app and the tests use `postgres`): without them an open costs ~0.38 s.
    for (const template of ['template0', 'template1']) {
      await client.exec(`alter database ${template} is_template false`);
      await client.exec(`drop database ${template}`);
    }
    const dump = await client.dumpDataDir('none');
    await client.close();
    const file = join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    project.provide('pgliteEmpty', empty);
    project.provide('postgresTemplate', '');
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const name = `tessera_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  // Through the app's own migrate(), which also checks the role the app's queries run as.
  const database = await createDatabase({ url: url.toString(), dataDir: '', poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', '');
  project.provide('pgliteEmpty', '');
  project.provide('postgresTemplate', name);
  return async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
