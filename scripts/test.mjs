// `npm test`: every suite, stopping at the first failure, with each step's time and the slowest test files at the end.
//
// The quick, single-threaded checks (each TypeScript project, lint, the web build, the domain's unit tests) run two at
// a time, the machine's two cores; their output is printed as each finishes. The test suites that use both cores
// themselves (API, web components, browser journeys) then run one after the other, their output streamed.
//
// TEST_ONLY=api,web runs the steps whose title contains one of the words (case-insensitive); TEST_JOBS sets how many
// quick checks run at once (default 2).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
// TypeScript 7, the native compiler (package typescript-7, an alias of typescript@7): the same checks on the same
// tsconfigs, ~3x faster than TypeScript 6's tsc on two cores. TypeScript 6 stays for the tools that use its JS API
// (typescript-eslint).
const tsc = join(root, 'node_modules/typescript-7/bin/tsc');
const eslint = join(root, 'node_modules/eslint/bin/eslint.js');
const reporter = join(root, 'scripts/vitest-timings-reporter.mjs');
/** Vitest's usual output plus the timings reporter, for the steps that run Vitest. */
const vitestArgs = ['--', '--reporter=default', `--reporter=${reporter}`];

/** Quick checks: one core each, run side by side, longest first (after the two supply-chain checks, which fail fast). */
const checks = [
  // Seconds each, first: a dependency with an unreviewed install script or a known high or critical advisory stops the
  // run before anything else is spent on it (SECURITY.md, "Dependencies").
  ['Supply chain: install scripts in package-lock.json are reviewed', process.execPath, [join(root, 'scripts/lockfile-check.mjs')]],
  ['Supply chain: npm audit of the production dependencies', process.execPath, [join(root, 'scripts/audit.mjs')]],
  // Lint in three parts of ~20 s, so that no one step is what the others wait for (a single `eslint .` was ~60 s, most
  // of it the React Compiler's rules on the web app): the web features a–l, the rest of the web app, everything else.
  ['Lint: web features a–l', process.execPath, [eslint, 'apps/web/src/features/[a-l]*/**']],
  ['Lint: rest of the web app', process.execPath, [eslint, 'apps/web', '--ignore-pattern', 'apps/web/src/features/[a-l]*/**']],
  // The rules that need types (no-floating-promises, no-misused-promises, switch-exhaustiveness-check; .oxlintrc.json):
  // oxlint with oxlint-tsgolint, on TypeScript 7's checker, ~12 s of CPU for the whole repository, where
  // typescript-eslint's type-aware run of the same three rules took ~70 s of CPU and 3 GB.
  ['Lint: type-aware rules (oxlint)', process.execPath, [join(root, 'node_modules/oxlint/bin/oxlint'), '--type-aware', '--deny-warnings']],
  ['Types: web', process.execPath, [tsc, '-p', 'apps/web']],
  // One program: bench imports the API's source (tsconfig.server.json).
  ['Types: API and bench', process.execPath, [tsc, '-p', 'tsconfig.server.json']],
  // Early: the browser journeys serve this build.
  ['Web build with the /signin budget check', 'npm', ['run', 'build', '-w', 'apps/web']],
  ['Lint: API, domain, e2e, bench, scripts', process.execPath, [eslint, '.', '--ignore-pattern', 'apps/web/**']],
  ['Domain unit tests', 'npm', ['test', '-w', 'packages/domain', ...vitestArgs]],
  ['Types: domain', process.execPath, [tsc, '-p', 'packages/domain']],
  ['Types: e2e', process.execPath, [tsc, '-p', 'e2e']],
  // ~5 s: every file's static imports, type-only ones too; fails on a cycle not in scripts/import-cycles.allowlist and on
  // a listed one that is gone.
  ['Import cycles', process.execPath, [join(root, 'scripts/import-cycles.mjs')]],
  [
    'Tests of the scripts (the import-cycle checker, the supply-chain checks)',
    process.execPath,
    ['--test', join(root, 'scripts/import-cycles.test.mjs'), join(root, 'scripts/supply-chain.test.mjs')],
  ],
  // Biome, ~4 s: fails on a file that is not as `npm run format` writes it.
  ['Format (Biome)', process.execPath, [join(root, 'scripts/format-check.mjs')]],
];
/** Suites that use both cores: one at a time. */
const suites = [
  ['API tests (PGlite and, when reachable, PostgreSQL)', 'npm', ['test', '-w', 'apps/api', ...vitestArgs]],
  ['Web component tests', 'npm', ['test', '-w', 'apps/web', ...vitestArgs]],
  ['Browser journeys (Chromium)', 'npm', ['test', '-w', 'e2e', ...vitestArgs]],
];

const only = process.env.TEST_ONLY?.split(',')
  .map((o) => o.trim().toLowerCase())
  .filter(Boolean);
const wanted = ([title]) => !only || only.some((o) => title.toLowerCase().includes(o));
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || 2);

const timingsDir = mkdtempSync(join(tmpdir(), 'tessera-test-timings-'));
const timingsFile = join(timingsDir, 'files.jsonl');
/** Each step's outcome, for the table at the end. */
const results = [];
const running = new Set();
const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

function run([title, cmd, args], { buffered }) {
  const t0 = Date.now();
  if (!buffered) console.log(`\n━━ ${title} ━━`);
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, TEST_TIMINGS_FILE: timingsFile, TEST_SUITE_LABEL: title },
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolvePromise) => {
    child.on('close', (code, signal) => {
      running.delete(child);
      const ms = Date.now() - t0;
      const ok = code === 0;
      if (buffered) console.log(`\n━━ ${title} ━━${output.trim() ? `\n${output.trimEnd()}` : ''}`);
      console.log(ok ? `✓ ${title} (${seconds(ms)})` : `\n✗ ${title} failed (exit ${code ?? signal}, ${seconds(ms)}).`);
      results.push({ title, ms, ok });
      resolvePromise(ok);
    });
  });
}

/** Runs steps `limit` at a time; after a failure starts no more and stops the ones running. */
async function runAll(steps, limit, options) {
  const queue = steps.filter(wanted);
  let failed = false;
  const lane = async () => {
    while (queue.length && !failed) {
      const ok = await run(queue.shift(), options);
      if (!ok && !failed) {
        failed = true;
        for (const child of running) child.kill('SIGTERM');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, lane));
  return !failed;
}

function report(passed) {
  const total = Date.now() - started;
  const width = Math.max(...results.map((r) => r.title.length), 10);
  console.log(`\nStep times (the quick checks ran ${jobs} at a time; wall time ${seconds(total)}):`);
  for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.title.padEnd(width)} ${seconds(r.ms).padStart(6)}`);
  let files = [];
  try {
    files = readFileSync(timingsFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    // No Vitest step ran.
  }
  if (files.length) {
    files.sort((a, b) => b.ms - a.ms);
    console.log(`\nSlowest test files (of ${files.length}; wall time of the file: environment, set-up, import and tests):`);
    for (const f of files.slice(0, 10)) console.log(`  ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${f.file}  (${f.suite})`);
  }
  rmSync(timingsDir, { recursive: true, force: true });
  console.log(passed ? `\nAll suites passed in ${seconds(total)}.` : `\nFailed after ${seconds(total)}.`);
  // The tests of every Vitest step, counted in one closing line.
  const tests = files.flatMap((f) => f.tests);
  const count = (state) => tests.filter((t) => t.state === state).length;
  if (tests.length) console.log(`Tests: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`);
}

const passed = (await runAll(checks, jobs, { buffered: jobs > 1 })) && (await runAll(suites, 1, { buffered: false }));
report(passed);
process.exit(passed ? 0 : 1);
