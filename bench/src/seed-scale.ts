/**
 * `npm run seed:scale`: issue #25's scale data set (scale-data.ts) in a PostgreSQL database, to look at or to run the
 * app against. Into DATABASE_URL when it is set (migrated first, the default tenant and demo data seeded if missing),
 * else into a new database `tessera_scale_<time>` on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
 * which is kept and printed. `--quick` (or SCALE_FACTOR=0.01) seeds 1/100 of it; `--no-analytics` leaves out the
 * analytics events (for work on the other lists). Prints the time per table. Connects as
 * the URL's user, who must own the tables (row-level security does not apply to the owner's bulk work here).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createDatabase, type Db } from '../../apps/api/src/db/client.ts';
import { seed } from '../../apps/api/src/db/seed.ts';
import { hashPassword } from '../../apps/api/src/lib/password.ts';
import { table } from './report.ts';
import { SCALE_ADMIN, SCALE_PASSWORD, scaleCounts, seedScale } from './scale-data.ts';

const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/test';
const DEFAULT_TENANT = process.env.DEFAULT_TENANT ?? 'demo';

async function targetUrl(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const serverUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_SERVER_URL;
  const name = `tessera_scale_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function main(): Promise<void> {
  const factor = process.argv.includes('--quick') ? 0.01 : Number(process.env.SCALE_FACTOR ?? 1);
  const counts = scaleCounts(factor);
  // --no-analytics: everything else at `factor`, (almost) no analytics events: the 5,000,000 and their rollups are
  // most of the full seed's time, and only the analytics lists need them.
  if (process.argv.includes('--no-analytics')) counts.analyticsEvents = 0;
  const url = await targetUrl();
  process.stdout.write(
    `Seeding ${counts.tenants} tenants, ${counts.offers} offers, ${counts.users} users, ${counts.timelineEvents} timeline events, ` +
      `${counts.analyticsEvents} analytics events into ${url.replace(/\/\/[^@]*@/, '//…@')}\n`,
  );
  const started = performance.now();
  const dataDir = await mkdtemp(join(tmpdir(), 'tessera-seed-scale-'));
  const database = await createDatabase({ url, dataDir });
  try {
    await database.migrate();
    // The default tenant with the demo accounts (the scale data set's busiest tenant) and the platform admin.
    await seed(database.db, { defaultTenant: DEFAULT_TENANT, demoData: true, admin: SCALE_ADMIN });
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  const owner = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const timings = await seedScale(drizzle(owner) as unknown as Db, {
      defaultTenant: DEFAULT_TENANT,
      counts,
      passwordHash: await hashPassword(SCALE_PASSWORD),
      progress: (t) => process.stdout.write(`  ${t.table}: ${t.rows.toLocaleString('en-US')} rows in ${t.seconds.toFixed(1)} s\n`),
    });
    process.stdout.write(
      `\n${table(
        ['table', 'rows', 'seconds'],
        timings.map((t) => [t.table, t.rows.toLocaleString('en-US'), t.seconds.toFixed(1)]),
      )}\n\nDone in ${((performance.now() - started) / 1000).toFixed(1)} s: DATABASE_URL=${url}\n` +
        `Members sign in as scale-<tenant>-<n>@scale.example.com with ${SCALE_PASSWORD}; the platform admin is ${SCALE_ADMIN.email}.\n`,
    );
  } finally {
    await owner.end();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`seed:scale failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
