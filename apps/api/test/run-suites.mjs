// Runs the API suite on PGlite and, when a server is reachable (TEST_DATABASE_URL, or the local server at
// 127.0.0.1:5432), on PostgreSQL: one Vitest run of the two projects of vitest.config.ts, sharing the workers.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
// Each test file appends the documented operations and those it saw answer a 2xx that kept the contract
// (test/contract-check.ts); on a whole run, an operation no test answered successfully fails the suite.
const coverageDir = mkdtempSync(join(tmpdir(), 'tessera-contract-'));
const coverageFile = join(coverageDir, 'operations.txt');
const r = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, CONTRACT_COVERAGE_FILE: coverageFile } });
let status = r.status ?? 1;
const wholeRun = !extra.some((a) => !a.startsWith('-'));
if (status === 0 && wholeRun && existsSync(coverageFile)) {
  const lines = readFileSync(coverageFile, 'utf8').split('\n');
  const documented = new Set(lines.filter((l) => l.startsWith('documented ')).map((l) => l.slice(11)));
  const answered = new Set(lines.filter((l) => l.startsWith('answered ')).map((l) => l.slice(9)));
  const missing = [...documented].filter((op) => !answered.has(op)).sort();
  if (missing.length) {
    console.error(
      `\n✗ ${missing.length} of ${documented.size} documented operations were never answered with a 2xx by any API test, so the contract of their success response is unchecked:\n  ${missing.join('\n  ')}`,
    );
    status = 1;
  } else console.log(`\n✓ Contract: all ${documented.size} documented operations answered a 2xx that matched the document.`);
}
rmSync(coverageDir, { recursive: true, force: true });
process.exit(status);
