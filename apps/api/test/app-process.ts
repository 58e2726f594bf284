import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../src/db/pglite-extensions.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request, type IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDatabase, type Database } from '../src/db/client.ts';
import { hostOf, TEST_JWT_SECRET } from './build-test-app.ts';
import { createPostgresTestDatabase, migratedPglite, postgresTemplate, testEngine } from './test-database.ts';

const API_DIR = resolve(import.meta.dirname, '..');
const START_TIMEOUT_MS = 90_000;
const OUTPUT_TAIL_CHARS = 20_000;

/** The real server (src/server.ts, as `npm start` runs it) in its own process, for tests that kill or signal it. */
export interface AppProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** What the process printed so far (the tail). */
  output(): string;
  /** Resolves with the exit code and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
}

const running = new Set<ChildProcess>();
// A failed or interrupted test must not leave servers behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** Starts the server with the given environment (on top of test defaults) and waits until GET /api/v1/health is 200. */
export async function startAppProcess(env: Record<string, string>, options: { port?: number } = {}): Promise<AppProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    // Not the test runner's environment: a DATABASE_URL or REDIS_URL set there must not leak into the server.
    env: {
      PATH: process.env.PATH ?? '',
      ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
      ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      JWT_SECRET: TEST_JWT_SECRET,
      AUTH_RATE_LIMIT_MAX: '100000',
      DEV_MAILBOX: '1',
      WEB_DIST: '/nonexistent-web-dist',
      PASSWORD_HASH: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      res({ code, signal });
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const app: AppProcess = { url, port, child, output: () => output, exited, kill: (signal) => child.kill(signal) };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${output}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).status === 200) return app;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stopAppProcess(app);
      throw new Error(`the server was not healthy within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGTERM, then SIGKILL after the grace period; resolves with how it ended. */
export async function stopAppProcess(app: AppProcess, graceMs = 15_000) {
  if (app.child.exitCode === null && app.child.signalCode === null) {
    app.kill('SIGTERM');
    const timer = setTimeout(() => app.kill('SIGKILL'), graceMs);
    const result = await app.exited;
    clearTimeout(timer);
    return result;
  }
  return app.exited;
}

/** Kills every server this file started that still runs (an afterAll safety net). */
export async function killAllAppProcesses(): Promise<void> {
  const waits = [...running].map((child) => {
    const done = once(child, 'exit');
    child.kill('SIGKILL');
    return done;
  });
  await Promise.all(waits);
}

/** A temporary directory removed by `removeTempDirs` (call it in afterAll). */
const tempDirs: string[] = [];
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `tessera-${prefix}-`));
  tempDirs.push(dir);
  return dir;
}
export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

const dropDatabases: (() => Promise<void>)[] = [];

/**
 * A fresh store for a server process on this run's engine (a temporary DATA_DIR, and on the PostgreSQL run a fresh
 * database too): the environment to start the server with, and how the test opens the same store once it is gone.
 */
export async function serverStore(prefix: string): Promise<{ env: Record<string, string>; open(): Promise<Database> }> {
  const dataDir = tempDir(prefix);
  // Already migrated, from the run's template (global-setup.ts), so the server starts without initdb and migrations.
  if (testEngine() === 'pglite') {
    const seeded = new PGlite(`${dataDir}/pglite`, { extensions: PGLITE_EXTENSIONS, loadDataDir: migratedPglite() });
    await seeded.close();
    return { env: { DATA_DIR: dataDir }, open: () => createDatabase({ dataDir: `${dataDir}/pglite` }) };
  }
  const pgDb = await createPostgresTestDatabase({ template: postgresTemplate() });
  dropDatabases.push(pgDb.drop);
  return { env: { DATA_DIR: dataDir, DATABASE_URL: pgDb.url }, open: () => createDatabase({ url: pgDb.url, dataDir: '', poolSize: 2 }) };
}

/** For afterAll: kills the servers still running, drops the stores' databases and removes the temporary directories. */
export async function cleanUpServers(): Promise<void> {
  await killAllAppProcesses();
  for (const drop of dropDatabases.splice(0)) await drop();
  removeTempDirs();
}

export interface ProcessReply {
  status: number | undefined;
  text: string;
  headers: IncomingMessage['headers'];
  json<T>(): T;
}

/**
 * An HTTP request to a server process at a tenant's host (Node's fetch drops a Host header, so node:http): the status,
 * headers and body.
 */
export async function callProcess(
  app: AppProcess,
  slug: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ProcessReply> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const req = request(`${app.url}/api/v1/${path}`, {
    method,
    headers: {
      host: hostOf(slug),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
  });
  req.end(payload);
  const [res] = (await once(req, 'response')) as [IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return { status: res.statusCode, text, headers: res.headers, json: <T>() => JSON.parse(text) as T };
}
