// Runs the API suite on PGlite, then again on PostgreSQL when a server is reachable
// (TEST_DATABASE_URL, or the local server at 127.0.0.1:5432).
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const extra = process.argv.slice(2);
function run(engine) {
  console.log(`\n▶ API tests on ${engine}\n`);
  const r = spawnSync('npx', ['vitest', 'run', ...extra], { stdio: 'inherit', env: { ...process.env, TEST_DB: engine } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

run('pglite');

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
try {
  await client.connect();
  await client.end();
} catch (error) {
  if (process.env.TEST_DATABASE_URL) {
    console.error(`TEST_DATABASE_URL is set but unreachable: ${error.message}`);
    process.exit(1);
  }
  console.log(`\nPostgreSQL not reachable at ${url} (${error.message}): PostgreSQL run skipped.`);
  process.exit(0);
}
run('postgres');
