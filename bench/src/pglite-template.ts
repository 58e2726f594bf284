/**
 * A migrated PGlite database, made once per bench run and copied into each PGlite server the run starts
 * (server-process.ts and advisor.ts pass the file as BENCH_PGLITE_TEMPLATE, and servers.ts and advisor-server.ts unpack
 * it into their fresh data directory; app-process.ts unpacks it before it starts server.ts). A
 * new PGlite runs initdb and every migration: 20–30 s of a busy two-core machine, per server, which a quick run paid
 * three or four times. The copy is the same database the migrations would have made; the app still runs its migrate
 * step on it (nothing left to apply). The tests do the same (apps/api/test/global-setup.ts).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../../apps/api/src/db/client.ts';
import { PGLITE_EXTENSIONS } from '../../apps/api/src/db/pglite-extensions.ts';

let template: Promise<string> | undefined;

async function makeTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-bench-template-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await client.dumpDataDir('none');
    const file = join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await client.close();
  }
}

/** The file holding the migrated database's dump (PGlite's dumpDataDir), made on the first call of the run. */
export function pgliteTemplate(): Promise<string> {
  template ??= makeTemplate();
  return template;
}

/**
 * Unpacks the template (`BENCH_PGLITE_TEMPLATE`, when set) as the PGlite data directory of the app whose DATA_DIR is
 * `dataDir` (the app keeps PGlite in `<DATA_DIR>/pglite`): PGlite finds a database there and opens it.
 */
export async function unpackTemplate(dataDir: string, file = process.env.BENCH_PGLITE_TEMPLATE): Promise<void> {
  if (!file) return;
  const target = join(dataDir, 'pglite');
  mkdirSync(target, { recursive: true });
  await promisify(execFile)('tar', ['-xf', file, '-C', target]);
}
