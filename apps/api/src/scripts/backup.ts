/**
 * `npm run backup` and `npm run restore` for the embedded store: the PGlite database (PGlite's own dump of its data
 * directory) and the local file storage, in one .tar.gz with a manifest (format version, time, migration level,
 * SHA-256 of every part, row count and digest of every table). Both need the server stopped: PGlite serves one
 * process, and the data directory lock (db/data-dir-lock.ts) refuses a second one. For PostgreSQL, use pg_dump and
 * pg_restore (README, "Backups").
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../db/pglite-extensions.ts';
import { ConfigError, loadConfig, type Config } from '../config/index.ts';
import { endTar, readTar, writeTarEntry } from '../lib/tar.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';

export const BACKUP_FORMAT = 'tessera-backup';
export const BACKUP_VERSION = 1;
const DATABASE_ENTRY = 'database/pgdata.tar';
const FILES_PREFIX = 'files/';
/** The storage's own key rule (lib/storage/local-storage.ts): a restored name can never leave the storage root. */
const STORAGE_KEY = /^[a-z0-9][a-z0-9/_-]{0,200}$/;

export interface TableDigest {
  rows: number;
  sha256: string;
}
export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  appVersion: string;
  pgliteVersion: string;
  /** Applied migrations: how many, and the last one's tag. */
  migrations: { count: number; last: string | null };
  database: { entry: string; size: number; sha256: string };
  tables: Record<string, TableDigest>;
  files: { path: string; size: number; sha256: string }[];
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const pgliteDir = (config: Config) => join(config.dataDir, 'pglite');
const journal = () =>
  JSON.parse(readFileSync(fileURLToPath(new URL('../../drizzle/meta/_journal.json', import.meta.url)), 'utf8')) as {
    entries: { tag: string }[];
  };
const readVersion = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
const appVersion = () => readVersion(fileURLToPath(new URL('../../package.json', import.meta.url)));
/** The installed PGlite's version (its package.json is not among its exports: found above its entry point). */
function pgliteVersion(): string {
  for (let dir = dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && basename(dir) === 'pglite') return readVersion(join(dir, 'package.json'));
  }
  return 'unknown';
}

/** Row count and a digest of the rows (as text, sorted) of every table in the public schema, by table name. */
export async function tableDigests(query: <T>(text: string) => Promise<T[]>): Promise<Record<string, TableDigest>> {
  const tables = await query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  const out: Record<string, TableDigest> = {};
  for (const { name } of tables) {
    const [row] = await query<{ rows: number; digest: string | null }>(
      `select count(*)::int as rows, encode(sha256(convert_to(coalesce(string_agg(t::text, E'\\n' order by t::text), ''), 'UTF8')), 'hex') as digest from "${name}" t`,
    );
    out[name] = { rows: row!.rows, sha256: row!.digest ?? '' };
  }
  return out;
}

const pgliteQuery =
  (db: PGlite) =>
  async <T>(text: string) =>
    (await db.query<T>(text)).rows;

async function listFiles(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const out: string[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    // A .tmp file is an upload cut short (storage writes then renames): not part of the data.
    if (entry.isFile() && !entry.name.endsWith('.tmp')) out.push(relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
  }
  return out.sort();
}

/** Writes the archive; the server must be stopped. Returns its manifest. */
export async function createBackup(config: Config, archive: string): Promise<Manifest> {
  if (config.databaseUrl) throw new Error('DATABASE_URL is set: back PostgreSQL up with pg_dump (see README, "Backups").');
  const dir = pgliteDir(config);
  if (!existsSync(join(dir, 'PG_VERSION'))) throw new Error(`No embedded database in ${dir}: check DATA_DIR.`);
  const unlock = lockDataDir(dir);
  try {
    const db = new PGlite(dir, { extensions: PGLITE_EXTENSIONS });
    let dump: Buffer;
    let tables: Record<string, TableDigest>;
    let migrations: Manifest['migrations'];
    try {
      tables = await tableDigests(pgliteQuery(db));
      const [applied] = await pgliteQuery(db)<{ count: number }>('select count(*)::int as count from drizzle.__drizzle_migrations').catch(
        () => [{ count: 0 }],
      );
      const count = applied?.count ?? 0;
      migrations = { count, last: journal().entries[count - 1]?.tag ?? null };
      dump = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
    } finally {
      await db.close();
    }
    const files = config.s3 ? [] : await listFiles(config.storageDir);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      appVersion: appVersion(),
      pgliteVersion: pgliteVersion(),
      migrations,
      database: { entry: DATABASE_ENTRY, size: dump.length, sha256: sha256(dump) },
      tables,
      files: [],
    };
    await mkdir(dirname(archive), { recursive: true });
    const partial = `${archive}.partial`;
    const gzip = createGzip();
    const written = pipeline(gzip, createWriteStream(partial));
    // The manifest goes last, once every file's checksum is known; restore reads the whole archive before using it.
    await writeTarEntry(gzip, DATABASE_ENTRY, dump);
    for (const path of files) {
      const data = await readFile(join(config.storageDir, path));
      manifest.files.push({ path, size: data.length, sha256: sha256(data) });
      await writeTarEntry(gzip, `${FILES_PREFIX}${path}`, data);
    }
    await writeTarEntry(gzip, 'manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
    await endTar(gzip);
    gzip.end();
    await written;
    // Renamed only when complete: a backup cut short never looks like a good one.
    await rename(partial, archive);
    return manifest;
  } finally {
    unlock();
  }
}

const isEmptyDir = (path: string) => !existsSync(path) || readdirSync(path).length === 0;

/**
 * Restores an archive into DATA_DIR (and the storage directory), which must be empty unless `force`. Everything is
 * checked first (format, migration level, every checksum), then the database is loaded and its tables compared with
 * the manifest; a failure leaves nothing half-restored behind.
 */
export async function restoreBackup(config: Config, archive: string, options: { force?: boolean } = {}): Promise<Manifest> {
  if (config.databaseUrl) throw new Error('DATABASE_URL is set: restore PostgreSQL with pg_restore (see README, "Backups").');
  const dir = pgliteDir(config);
  const targets = [dir, ...(config.s3 ? [] : [config.storageDir])];
  const occupied = targets.filter((t) => !isEmptyDir(t));
  if (occupied.length > 0 && !options.force)
    throw new Error(`Not empty: ${occupied.join(', ')}. Restore into an empty DATA_DIR, or pass --force to replace what is there.`);

  await mkdir(config.dataDir, { recursive: true });
  const unlock = lockDataDir(dir);
  const staging = join(config.dataDir, `.restore-${process.pid}`);
  try {
    // Read and check everything before touching the target.
    let dump: Buffer | undefined;
    let manifest: Manifest | undefined;
    const files = new Map<string, string>(); // path -> checksum of what was staged
    await rm(staging, { recursive: true, force: true });
    for await (const entry of readTar(createReadStream(archive).pipe(createGunzip()))) {
      if (entry.name === DATABASE_ENTRY) dump = entry.data;
      else if (entry.name === 'manifest.json') manifest = JSON.parse(entry.data.toString('utf8')) as Manifest;
      else if (entry.name.startsWith(FILES_PREFIX)) {
        const path = entry.name.slice(FILES_PREFIX.length);
        if (!STORAGE_KEY.test(path) || path.includes('..')) throw new Error(`The archive holds a file with an unsafe name: ${entry.name}`);
        await mkdir(dirname(join(staging, path)), { recursive: true });
        await writeFile(join(staging, path), entry.data);
        files.set(path, sha256(entry.data));
      }
    }
    if (!manifest || manifest.format !== BACKUP_FORMAT) throw new Error(`${basename(archive)} is not a Tessera backup (no manifest).`);
    if (manifest.version > BACKUP_VERSION)
      throw new Error(`The backup's format ${manifest.version} is newer than this version of Tessera reads (${BACKUP_VERSION}).`);
    const known = journal().entries.length;
    if (manifest.migrations.count > known)
      throw new Error(
        `The backup is from a newer version of Tessera (${manifest.migrations.count} migrations, this version knows ${known}): update Tessera first.`,
      );
    if (!dump || sha256(dump) !== manifest.database.sha256)
      throw new Error('The database in the archive does not match its checksum: the archive is damaged.');
    for (const file of manifest.files) {
      if (files.get(file.path) !== file.sha256)
        throw new Error(`The file ${file.path} does not match its checksum: the archive is damaged.`);
    }
    if (files.size !== manifest.files.length)
      throw new Error('The archive holds files its manifest does not list: the archive is damaged.');

    if (options.force) for (const target of targets) await rm(target, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const db = new PGlite(dir, { extensions: PGLITE_EXTENSIONS, loadDataDir: new Blob([new Uint8Array(dump)]) });
    try {
      const tables = await tableDigests(pgliteQuery(db));
      if (JSON.stringify(tables) !== JSON.stringify(manifest.tables))
        throw new Error("The restored database does not match the manifest's table digests.");
    } finally {
      await db.close();
    }
    if (!config.s3) {
      await rm(config.storageDir, { recursive: true, force: true });
      await mkdir(dirname(config.storageDir), { recursive: true });
      if (existsSync(staging)) await rename(staging, config.storageDir);
      else await mkdir(config.storageDir, { recursive: true });
    }
    return manifest;
  } catch (error) {
    // Nothing half-restored: the database directory goes if this run created it.
    if (occupied.length === 0 || options.force) await rm(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
    unlock();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const paths = rest.filter((a) => !a.startsWith('--'));
  const config = loadConfig();
  const base = process.env.INIT_CWD ?? process.cwd();
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const archive = resolve(base, paths[0] ?? join(config.dataDir, 'backups', `tessera-${stamp}.tar.gz`));
    const manifest = await createBackup(config, archive);
    const size = (await stat(archive)).size;
    process.stdout.write(
      `Backup written to ${archive} (${(size / 1024 / 1024).toFixed(1)} MB): ${Object.keys(manifest.tables).length} tables, ${manifest.files.length} files, ${manifest.migrations.count} migrations.\n`,
    );
  } else if (command === 'restore') {
    if (!paths[0]) throw new Error('Usage: npm run restore -- <archive.tar.gz> [--force]');
    const manifest = await restoreBackup(config, resolve(base, paths[0]), { force });
    process.stdout.write(
      `Restored the backup of ${manifest.createdAt} into ${config.dataDir}: ${Object.keys(manifest.tables).length} tables, ${manifest.files.length} files. Start the server to use it.\n`,
    );
  } else {
    throw new Error('Usage: backup.ts backup [archive] | restore <archive> [--force]');
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
