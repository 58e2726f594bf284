// Runs the API suite on PGlite and, when a server is reachable (TEST_DATABASE_URL, or the local server at
// 127.0.0.1:5432), on PostgreSQL: one Vitest run of the two projects of vitest.config.ts, sharing the workers.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const extra = process.argv.slice(2);
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const projects = ['pglite'];
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
try {
  await client.connect();
  await client.end();
  projects.push('postgres');
} catch (error) {
  if (process.env.TEST_DATABASE_URL) {
    console.error(`TEST_DATABASE_URL is set but unreachable: ${error.message}`);
    process.exit(1);
  }
  console.log(`\nPostgreSQL not reachable at ${url} (${error.message}): the API suite runs on PGlite only.`);
}

console.log(`\n▶ API tests on ${projects.join(' and ')}\n`);
const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...extra];
const r = spawnSync('npx', args, { stdio: 'inherit' });
process.exit(r.status ?? 1);
