// `npm run test:flaky [-- --runs N] [spec …]`: runs the browser journeys (all, or the named specs) N times, default 5
// (or FLAKY_RUNS), each run with a fresh server, and reports every journey that failed at least once. Exits 1 if any
// did. Run it before resolving work that touches the journeys.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePrerequisites } from './prerequisites.mjs';

const args = process.argv.slice(2);
let runs = Number(process.env.FLAKY_RUNS) || 5;
const specs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i].startsWith('--runs=')) runs = Number(args[i].slice('--runs='.length));
  else specs.push(args[i].replace(/^e2e\//, ''));
}
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs takes a whole number of at least 1.');
  process.exit(2);
}

ensurePrerequisites();
const cwd = new URL('.', import.meta.url).pathname;
const reporter = new URL('../scripts/vitest-timings-reporter.mjs', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'tessera-flaky-'));
/** Per journey (file › name): the runs it failed in. */
const failures = new Map();
const seen = new Set();
const runTimes = [];
let brokenRuns = 0;

for (let run = 1; run <= runs; run++) {
  console.log(`\n━━ Run ${run} of ${runs}${specs.length ? ` (${specs.join(', ')})` : ''} ━━`);
  const file = join(dir, `run-${run}.jsonl`);
  const t0 = Date.now();
  const r = spawnSync('npx', ['vitest', 'run', '--reporter=dot', `--reporter=${reporter}`, ...specs], {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, TEST_TIMINGS_FILE: file, TEST_SUITE_LABEL: `run ${run}` },
  });
  runTimes.push((Date.now() - t0) / 1000);
  let modules = [];
  try {
    modules = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    // Nothing reported: the run broke before its tests (the server did not start, a spec did not load).
  }
  let failedHere = 0;
  for (const module of modules) {
    // A file that failed outside its tests (in beforeAll, or while loading) fails every journey in it.
    const tests = module.tests.length ? module.tests : [{ name: '(the file)', state: module.state }];
    for (const test of tests) {
      const key = `${module.file} › ${test.name}`;
      seen.add(key);
      const failed = test.state === 'failed' || (module.state === 'failed' && test.state !== 'passed' && test.state !== 'skipped');
      if (failed) {
        failedHere++;
        failures.set(key, [...(failures.get(key) ?? []), run]);
      }
    }
  }
  if (r.status !== 0 && failedHere === 0) {
    brokenRuns++;
    failures.set('(the run itself)', [...(failures.get('(the run itself)') ?? []), run]);
  }
}
rmSync(dir, { recursive: true, force: true });

console.log(
  `\nFlake check: ${runs} run${runs === 1 ? '' : 's'} of ${seen.size} journeys, ${runTimes.map((s) => `${s.toFixed(0)} s`).join(', ')}.`,
);
if (failures.size === 0) {
  console.log('No journey failed.');
} else {
  console.log('Journeys that failed at least once:');
  for (const [key, failedRuns] of failures) console.log(`  ${failedRuns.length} of ${runs} (run ${failedRuns.join(', ')})  ${key}`);
  if (brokenRuns) console.log(`${brokenRuns} run(s) failed before reporting any journey: see their output above.`);
}
const journeyRuns = seen.size * runs;
const failedCount = [...failures.values()].reduce((n, r) => n + r.length, 0);
console.log(`${journeyRuns - failedCount} passed, ${failedCount} failed`);
process.exit(failures.size ? 1 : 0);
