/**
 * Data directories made once per bench run and copied into each PGlite server the run starts (server-process.ts,
 * advisor.ts and app-process.ts pass the file as BENCH_PGLITE_TEMPLATE or unpack it themselves), so no server runs
 * initdb, every migration or the demo seed. A new PGlite runs initdb and every migration: 20–30 s of a busy two-core
 * machine, per server; the demo seed a few seconds more, and with its files (pictures, PDFs and three months of
 * marketplace visits, app-process.ts) about 15 s. Each template is a tar of a DATA_DIR (`pglite/`, and `files/` for
 * the seed with files):
 *
 * - `migrated`: every migration applied, nothing else (the advisor's server, DEMO_DATA=0). The tests do the same
 *   (apps/api/test/global-setup.ts).
 * - `demo`: that, seeded as servers.ts seeds (the default tenant with its demo data, no file storage).
 * - `demo-files`: that, seeded as server.ts seeds with its file storage in DATA_DIR (the browser section).
 *
 * The app still runs its migrate step (nothing left to apply) and its seed, which finds the default tenant and writes
 * nothing (db/seed.ts: the demo data is written on a first start only). The seed encrypts and signs nothing, so the
 * copies do not depend on the servers' JWT_SECRET or ENCRYPTION_KEY.
 *
 * Like the bundle (built.ts), a template is kept for the next run, in the system's temporary folder, as long as
 * nothing it is made from changed (the migrations, the API's and the domain's source with the demo assets, this
 * file, the lockfile: names, sizes and modification times) and for at most MAX_AGE_MS, since the seed's dates
 * (offers opening and closing, three months of visits) count from when it ran. Making all three takes 20–25 s of one
 * core, which a quick run would otherwise pay on its critical path every time.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../../apps/api/src/db/client.ts';
import { PGLITE_EXTENSIONS } from '../../apps/api/src/db/pglite-extensions.ts';

export type TemplateKind = 'migrated' | 'demo' | 'demo-files';

const run = promisify(execFile);
const tar = (args: string[]) => run('tar', args);
const templates = new Map<TemplateKind, Promise<string>>();

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE_DIR = join(tmpdir(), 'tessera-bench-templates');
const MAX_AGE_MS = 6 * 3_600_000;
/** What a template is made from, relative to the repository. */
const SOURCES = ['apps/api/drizzle', 'apps/api/src', 'packages/domain/src', 'bench/src/pglite-template.ts', 'package-lock.json'];

function sourceHash(kind: TemplateKind): string {
  const hash = createHash('sha256').update(`${REPO_ROOT}\0${kind}\0${process.env.DEFAULT_TENANT ?? ''}\n`);
  const files = SOURCES.flatMap((source) => {
    const path = join(REPO_ROOT, source);
    if (!statSync(path).isDirectory()) return [path];
    return readdirSync(path, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  });
  for (const file of files.sort()) {
    const { size, mtimeMs } = statSync(file);
    hash.update(`${file}\0${size}\0${mtimeMs}\n`);
  }
  return hash.digest('hex').slice(0, 16);
}

/** A fresh folder for one template, removed when the run ends. */
function workDir(kind: TemplateKind): string {
  const dir = mkdtempSync(join(tmpdir(), `tessera-bench-template-${kind}-`));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Every migration on an in-memory PGlite, dumped (PGlite's dumpDataDir) as the `pglite/` folder of a DATA_DIR. */
async function makeMigrated(dataDir: string): Promise<void> {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = join(dataDir, 'dump.tar');
    writeFileSync(dump, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    mkdirSync(join(dataDir, 'pglite'));
    await tar(['-xf', dump, '-C', join(dataDir, 'pglite')]);
    rmSync(dump);
  } finally {
    await client.close();
  }
}

/** The migrated template seeded as the app seeds a first start with DEMO_DATA=1, with file storage or without. */
async function makeSeeded(dataDir: string, withFiles: boolean): Promise<void> {
  // One seed at a time (PGlite runs in this thread), the one most servers wait for first.
  if (withFiles) await pgliteTemplate('demo');
  await unpackTemplate(dataDir, await pgliteTemplate('migrated'));
  // The app's seed and schema are imported only by a run that seeds (tsx compiles them in this process).
  const [{ seed }, { schema }, { createLocalStorage }] = await Promise.all([
    import('../../apps/api/src/db/seed.ts'),
    import('../../apps/api/src/db/schema/index.ts').then((schema) => ({ schema })),
    import('../../apps/api/src/lib/storage/local-storage.ts'),
  ]);
  const client = new PGlite({ dataDir: join(dataDir, 'pglite'), extensions: PGLITE_EXTENSIONS });
  try {
    const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Parameters<typeof seed>[0];
    await seed(db, {
      defaultTenant: process.env.DEFAULT_TENANT?.trim() || 'demo',
      demoData: true,
      admin: undefined,
      // Where the app keeps uploads by default (config: STORAGE_DIR unset, DATA_DIR/files).
      ...(withFiles ? { storage: createLocalStorage(join(dataDir, 'files')) } : {}),
    });
  } finally {
    await client.close();
  }
}

/** The template of `kind` kept from an earlier run, or a new one, kept in place of any older one of its kind. */
async function makeTemplate(kind: TemplateKind): Promise<string> {
  const kept = join(CACHE_DIR, `${kind}-${sourceHash(kind)}.tar`);
  const info = statSync(kept, { throwIfNoEntry: false });
  if (info && Date.now() - info.mtimeMs < MAX_AGE_MS) return kept;
  const dir = workDir(kind);
  const dataDir = join(dir, 'data');
  mkdirSync(dataDir);
  if (kind === 'migrated') await makeMigrated(dataDir);
  else await makeSeeded(dataDir, kind === 'demo-files');
  const file = join(dir, `${kind}.tar`);
  await tar(['-cf', file, '-C', dataDir, '.']);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(CACHE_DIR, { recursive: true });
  for (const old of readdirSync(CACHE_DIR)) if (old.startsWith(`${kind}-`)) rmSync(join(CACHE_DIR, old), { force: true });
  // A rename within the temporary folder: another run never reads half a file.
  renameSync(file, kept);
  return kept;
}

/** The file holding the template of `kind` (a tar of a DATA_DIR): kept from an earlier run, or made on the first call. */
export function pgliteTemplate(kind: TemplateKind = 'migrated'): Promise<string> {
  let template = templates.get(kind);
  if (!template) {
    template = makeTemplate(kind);
    templates.set(kind, template);
  }
  return template;
}

/**
 * Unpacks the template (`BENCH_PGLITE_TEMPLATE`, when set) into `dataDir`, the app's DATA_DIR (the app keeps PGlite in
 * `<DATA_DIR>/pglite` and uploads in `<DATA_DIR>/files`): PGlite finds a database there and opens it.
 */
export async function unpackTemplate(dataDir: string, file = process.env.BENCH_PGLITE_TEMPLATE): Promise<void> {
  if (!file) return;
  mkdirSync(dataDir, { recursive: true });
  await tar(['-xf', file, '-C', dataDir]);
}
