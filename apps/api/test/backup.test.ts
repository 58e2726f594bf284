/**
 * Backups of the embedded store (#7): `npm run backup` of a seeded DATA_DIR (demo data: rows and stored files), then
 * `npm run restore` into a new DATA_DIR; the server starts from the restored one, every table has the same rows
 * (count and digest) and every file the same bytes. Refusals: a backup while the server runs, a restore over data.
 * PGlite only: PostgreSQL is backed up with pg_dump (README).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../src/db/pglite-extensions.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { tableDigests } from '../src/scripts/backup.ts';
import { killAllAppProcesses, removeTempDirs, startAppProcess, stopAppProcess, tempDir } from './app-process.ts';
import { testEngine } from './test-database.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

const scripts = new Set<number>();
afterAll(async () => {
  // A backup or restore still running (a timed-out test) would write into the directories removed below.
  for (const pid of scripts) process.kill(-pid, 'SIGKILL');
  await killAllAppProcesses();
  removeTempDirs();
});

/** `npm run <script> -- ...args` from the repository root, as a person would type it. */
function npmRun(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolvePromise) => {
    // Its own process group, so that npm and the script under it can be killed together.
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    scripts.add(child.pid!);
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('close', (code) => {
      scripts.delete(child.pid!);
      resolvePromise({ code, output });
    });
  });
}

function filesUnder(root: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  if (!existsSync(root)) return out;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) out.set(relative(root, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name)));
  }
  return out;
}

async function digestsOf(dataDir: string) {
  const db = new PGlite(join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
  try {
    return await tableDigests(async <T>(text: string) => (await db.query<T>(text)).rows);
  } finally {
    await db.close();
  }
}

describe.skipIf(testEngine() !== 'pglite')('npm run backup / npm run restore', () => {
  it('restores a seeded store into a new DATA_DIR that the server starts from, with the same rows and files', async () => {
    const source = tempDir('backup-source');
    const target = tempDir('backup-target');
    const archive = join(tempDir('backup-archive'), 'tessera.tar.gz');
    const env = { DATA_DIR: source, DEMO_DATA: '1' };

    const app = await startAppProcess(env);
    const signup = await fetch(`${app.url}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'restored@example.com',
        password: 'correct-horse-battery',
        firstname: 'Re',
        lastname: 'Stored',
        acceptDisclosures: true,
      }),
    });
    expect(signup.status).toBe(200);
    // The embedded database serves one process: a backup while the server runs is refused, not taken inconsistent.
    const whileRunning = await npmRun('backup', [archive], env);
    expect(whileRunning.code).not.toBe(0);
    expect(whileRunning.output).toContain('is in use by process');
    expect(await stopAppProcess(app)).toEqual({ code: 0, signal: null });

    const backup = await npmRun('backup', [archive], env);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`Backup written to ${archive}`);

    const restore = await npmRun('restore', [archive], { DATA_DIR: target });
    expect(restore.code, restore.output).toBe(0);
    const again = await npmRun('restore', [archive], { DATA_DIR: target });
    expect(again.code).not.toBe(0);
    expect(again.output).toContain('Not empty');

    const sourceFiles = filesUnder(join(source, 'files'));
    expect(sourceFiles.size).toBeGreaterThan(0); // the demo data stores images
    const restoredFiles = filesUnder(join(target, 'files'));
    expect([...restoredFiles.keys()].sort()).toEqual([...sourceFiles.keys()].sort());
    for (const [path, data] of sourceFiles) expect(restoredFiles.get(path)!.equals(data), path).toBe(true);
    const sourceTables = await digestsOf(source);
    expect(sourceTables.users!.rows).toBeGreaterThan(1);
    expect(await digestsOf(target)).toEqual(sourceTables);

    const restored = await startAppProcess({ DATA_DIR: target, DEMO_DATA: '1' });
    const signin = await fetch(`${restored.url}/api/v1/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'restored@example.com', password: 'correct-horse-battery' }),
    });
    expect(signin.status).toBe(200);
    expect(await stopAppProcess(restored)).toEqual({ code: 0, signal: null });
    // Two servers started and stopped, four npm scripts through tsx, the demo data seeded: ~60 s of CPU, and 115 s of
    // wall time measured with the machine shared (load 3-6); 120 s was too close.
  }, 240_000);

  it('refuses a damaged archive and leaves the target empty', async () => {
    const target = tempDir('backup-damaged');
    const archive = join(tempDir('backup-damaged-archive'), 'not-a-backup.tar.gz');
    writeFileSync(archive, 'not a backup');
    const restore = await npmRun('restore', [archive], { DATA_DIR: target });
    expect(restore.code).not.toBe(0);
    expect(readdirSync(target).filter((name) => !name.startsWith('.'))).toEqual([]);
  }, 30_000);
});
