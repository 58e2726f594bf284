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
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await client.dumpDataDir('none');
    await client.close();
    const file = join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
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
  const database = createDatabase({ url: url.toString(), dataDir: '', poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', name);
  return async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
