/**
 * The app as `npm start` runs it: the web app built, then apps/api's server.ts in its own process, here on a free
 * port and a fresh DATA_DIR (the run's `demo-files` template, pglite-template.ts: the demo tenant seeded, with its
 * pictures and documents), answering on 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtFile } from './built.ts';
import { pgliteTemplate, unpackTemplate } from './pglite-template.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const API_DIR = join(REPO_ROOT, 'apps/api');
const START_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 15_000;
/** What the process printed, kept to explain a failed start. */
const OUTPUT_TAIL_CHARS = 4_000;

export interface AppProcess {
  url: string;
  stop(): Promise<void>;
}

function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** `npm run build -w apps/web`, the build `npm start` serves, including its JS budget check. */
export async function buildWeb(): Promise<void> {
  const { code, output } = await run('npm', ['run', 'build', '-w', 'apps/web'], REPO_ROOT);
  if (code !== 0) throw new Error(`npm run build -w apps/web exited with ${code}:\n${output}`);
}

/** What the web build reads: a change to any of them makes apps/web/dist stale. */
const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/domain/src',
];

async function newestChange(path: string): Promise<number> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path, { recursive: true, withFileTypes: true });
  const times = await Promise.all(entries.filter((e) => e.isFile()).map(async (e) => (await stat(join(e.parentPath, e.name))).mtimeMs));
  return Math.max(info.mtimeMs, ...times);
}

/** True when apps/web/dist/index.html is newer than every file the build reads (`--quick` then skips the build). */
export async function webBuildIsFresh(): Promise<boolean> {
  const built = await stat(join(REPO_ROOT, 'apps/web/dist/index.html')).catch(() => undefined);
  if (!built) return false;
  const sources = await Promise.all(WEB_SOURCES.map((path) => newestChange(join(REPO_ROOT, path))));
  return Math.max(...sources) < built.mtimeMs;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('could not find a free port');
  return address.port;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the app exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${output()}`);
    }
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app was not healthy at ${url} within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/** Starts apps/api's server, built as its `start` script runs it (built.ts), and waits for GET /api/v1/health to be 200. */
export async function startApp(): Promise<AppProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tessera-lighthouse-'));
  const [template, file] = await Promise.all([process.env.DATABASE_URL ? undefined : pgliteTemplate('demo-files'), builtFile('server.js')]);
  // PGlite (no DATABASE_URL): the run's migrated database (pglite-template.ts) instead of initdb and every migration.
  if (template) await unpackTemplate(dataDir, template);
  const port = await freePort();
  const child = spawn(process.execPath, [file], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Production refuses to start without them (a generated key would sit in the database): fresh ones per run.
      JWT_SECRET: randomBytes(48).toString('base64url'),
      ENCRYPTION_KEY: randomBytes(48).toString('base64url'),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${url}/api/v1/health`, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
