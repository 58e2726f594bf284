import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { API_DIST, ensureBuilt } from '../../apps/api/build.ts';
import { PLATFORM_ADMIN } from './api.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    port: number;
  }
}

/** The e2e server's default tenant (the bare host): no journey's data lives there. */
export const E2E_DEFAULT_TENANT = 'e2e-platform';

const root = resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? res(address.port) : rej(new Error('no port'))));
    });
  });
}

/** Starts the real app (built web app + API) on a fresh embedded database for the journeys. */
export default async function setup(project: TestProject) {
  const port = Number(process.env.E2E_PORT) || (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-e2e-'));
  let server: ChildProcess | undefined;
  if (!process.env.E2E_PORT) {
    // The API as `npm start` runs it: built by esbuild (rebuilt here when its sources changed).
    await ensureBuilt();
    server = spawn(process.execPath, [join(API_DIST, 'server.js')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // No demo tenant and no demo accounts: every journey makes its own tenant (support/tenant.ts). The bare host is
        // a default tenant of the journeys' own, where only the platform admin signs in.
        DEMO_DATA: '0',
        DEFAULT_TENANT: E2E_DEFAULT_TENANT,
        // A cheap argon2 profile (test only; refused outside NODE_ENV=test): journeys sign many people up.
        PASSWORD_HASH: 'test',
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_MAX: '10000',
        AUTH_ACCOUNT_LIMIT_MAX: '10000',
        AUTH_RESET_LIMIT_MAX: '10000',
        NODE_ENV: 'test',
        DEV_MAILBOX: '1',
        ADMIN_EMAIL: PLATFORM_ADMIN.email,
        ADMIN_PASSWORD: PLATFORM_ADMIN.password,
        // The webhooks journey's receiver listens on 127.0.0.1, a private target production refuses; and its delivery
        // should arrive while the journey waits, not after the default second.
        WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
        WEBHOOK_DISPATCH_INTERVAL_MS: '250',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the app exited with code ${server.exitCode} before it was ready`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('the app did not become ready within 180 s');
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  project.provide('port', port);
  return async () => {
    server?.kill('SIGTERM');
    await new Promise((r) => (server && server.exitCode === null ? server.once('exit', r) : r(null)));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
