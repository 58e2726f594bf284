import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp, loggerOptions, type AppOverrides } from '../src/app.ts';
import { loadConfig } from '../src/config/index.ts';
import { createTenant } from '../src/db/seed.ts';
import type { TenantRow } from '../src/db/schema/index.ts';
import type { Clock } from '../src/lib/clock.ts';
import { createMemoryStorage } from '../src/lib/storage/memory-storage.ts';
import type { FileStorage } from '../src/lib/storage/storage.ts';
import { installContractCheck } from './contract-check.ts';
import { captureLogs, snapshot, trackApp } from './pii-scan.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/** File storage whose keys a test can list: in memory by default, or a local disk one (see uploads.test.ts). */
export type TestStorage = FileStorage & { keys(): string[] };

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private offsetMs = 0;
  private pinnedMs: number | null = null;
  now(): Date {
    return new Date((this.pinnedMs ?? Date.now()) + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  /** Stops the clock at `at` (until `advance` moves it): for answers kept per minute, which a passing minute would change. */
  pin(at: Date): void {
    this.pinnedMs = at.getTime();
    this.offsetMs = 0;
  }
}

export interface TestApp {
  /**
   * The app, with `db` the owner's connection (test-database.ts) for the test's own setting up and checking: the
   * routes it injects keep the app's own `db`, which row-level security holds on PostgreSQL.
   */
  app: FastifyInstance;
  clock: TestClock;
  storage: TestStorage;
  /** The default tenant (slug 'demo', served on the bare host) and two more, each on {slug}.localhost. */
  tenants: { demo: TenantRow; acme: TenantRow; globex: TenantRow };
  /** Every line the app logged so far (what the PII scan searches). */
  logs: string[];
  /** The database the app runs on (another app may share it: `sameDatabaseAs`). */
  database: TestDatabase;
  close(): Promise<void>;
}

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123';
/** What production requires from the environment (config refuses to start without them): for a test that configures production. */
export const PRODUCTION_SECRETS = { JWT_SECRET: TEST_JWT_SECRET, ENCRYPTION_KEY: 'test-encryption-key-test-encryption-key-01' } as const;

/** Boots the whole app on a fresh migrated database (PGlite, or PostgreSQL with TEST_DB=postgres). */
export async function buildTestApp(
  env: Record<string, string> = {},
  overrides: {
    storage?: TestStorage;
    logger?: FastifyServerOptions['logger'];
    /** A second API node: the same database and tenants as this app, left for that app to close. */
    sameDatabaseAs?: TestApp;
  } & Pick<AppOverrides, 'verifyIdentityDocument' | 'identityProvider' | 'advisor'> = {},
): Promise<TestApp> {
  const shared = overrides.sameDatabaseAs;
  const database: TestDatabase = shared ? { ...shared.database, close: async () => {}, drop: async () => {} } : await createTestDatabase();
  const clock = new TestClock();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: '/nonexistent-test-data',
    WEB_DIST: '/nonexistent-web-dist',
    AUTH_RATE_LIMIT_MAX: '10000',
    // Suites sign in and reset often from one address; src/security/auth-hardening.test.ts sets these to the defaults.
    AUTH_ACCOUNT_LIMIT_MAX: '10000',
    AUTH_RESET_LIMIT_MAX: '10000',
    // Suites parse as one person often; src/security/file-work-limits.test.ts sets it low to test it.
    PARSE_RATE_LIMIT_MAX: '10000',
    // No background webhook dispatcher: suites send due deliveries themselves (dispatchDueWebhooks), with the test clock.
    WEBHOOK_DISPATCH_INTERVAL_MS: '0',
    // No public cache: suites write rows straight to the database and read them back through the marketplace;
    // src/modules/marketplace/marketplace-cache.test.ts turns it on.
    PUBLIC_CACHE_SECONDS: '0',
    // The mailbox the factories read links from (test/factories.ts); refused in production, where none is served.
    ...(env.NODE_ENV === 'production' ? {} : { DEV_MAILBOX: '1' }),
    // argon2 at its cheapest (refused outside NODE_ENV=test): the suites sign thousands of people up. An app built as
    // production (hardening-checks) hashes at the standard cost, for the whole test process (lib/password.ts).
    ...(env.NODE_ENV && env.NODE_ENV !== 'test' ? {} : { PASSWORD_HASH: 'test' }),
    ...env,
  });
  const storage = overrides.storage ?? createMemoryStorage();
  // Every line the app logs, at debug level (more than production's info, so a debug line that would leak PII in an
  // incident fails here too), through production's serializers and redaction, kept for the PII scan (test/pii-scan.ts).
  const logs = captureLogs();
  // A test that reads its own log lines (faults-redis) passes its logger; that app's lines then escape the scan.
  const logger = overrides.logger ?? { ...(loggerOptions(config) as object), level: 'debug', stream: logs.stream };
  const built = await buildApp(config, {
    database,
    clock,
    storage,
    logger,
    verifyIdentityDocument: overrides.verifyIdentityDocument,
    identityProvider: overrides.identityProvider,
    ...(overrides.advisor ? { advisor: overrides.advisor } : {}),
  });
  // Every response is held against the published document (test/contract-check.ts).
  installContractCheck(built);
  await built.ready();
  // Derived the way Fastify derives its own child instances, so every method and decorator is the app's; its db is
  // the owner's connection, so factories and the PII scan see every tenant's rows under row-level security.
  const app: FastifyInstance = Object.create(built, { db: { value: database.ownerDb } });
  const tracked = trackApp(app, logs.lines);
  const tenants = shared?.tenants ?? {
    demo: await createTenant(app.db, 'demo', 'Tessera Demo'),
    acme: await createTenant(app.db, 'acme', 'Acme Capital'),
    globex: await createTenant(app.db, 'globex', 'Globex Partners'),
  };
  return {
    app,
    clock,
    storage,
    tenants,
    logs: logs.lines,
    database,
    close: async () => {
      await snapshot(tracked).catch(() => {});
      await built.close();
      await database.drop();
    },
  };
}

export const hostOf = (slug: string) => `${slug}.localhost`;
