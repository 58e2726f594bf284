import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/index.ts';
import { createTenant } from '../src/db/seed.ts';
import type { TenantRow } from '../src/db/schema/index.ts';
import type { Clock } from '../src/lib/clock.ts';
import { createMemoryStorage } from '../src/lib/storage/memory-storage.ts';
import { createTestDatabase } from './test-database.ts';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  storage: ReturnType<typeof createMemoryStorage>;
  /** The default tenant (slug 'demo', served on the bare host) and two more, each on {slug}.localhost. */
  tenants: { demo: TenantRow; acme: TenantRow; globex: TenantRow };
  close(): Promise<void>;
}

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123';

/** Boots the whole app on a fresh migrated database (PGlite, or PostgreSQL with TEST_DB=postgres). */
export async function buildTestApp(env: Record<string, string> = {}, options: { logger?: FastifyServerOptions['logger'] } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = new TestClock();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: '/nonexistent-test-data',
    WEB_DIST: '/nonexistent-web-dist',
    AUTH_RATE_LIMIT_MAX: '10000',
    DEV_MAILBOX: '1',
    ...env,
  });
  const storage = createMemoryStorage();
  const app = await buildApp(config, { database, clock, storage, logger: options.logger ?? false });
  await app.ready();
  const tenants = {
    demo: await createTenant(app.db, 'demo', 'Tessera Demo'),
    acme: await createTenant(app.db, 'acme', 'Acme Capital'),
    globex: await createTenant(app.db, 'globex', 'Globex Partners'),
  };
  return {
    app,
    clock,
    storage,
    tenants,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

export const hostOf = (slug: string) => `${slug}.localhost`;
