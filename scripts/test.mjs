// `npm test`: every suite, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['Types', 'npm', ['run', 'typecheck']],
  ['Lint', 'npm', ['run', 'lint']],
  // Early: quick, and the browser journeys serve this build.
  ['Web build with the /signin budget check', 'npm', ['run', 'build', '-w', 'apps/web']],
  ['Domain unit tests', 'npm', ['test', '-w', 'packages/domain']],
  ['API tests (PGlite, then PostgreSQL when reachable)', 'npm', ['test', '-w', 'apps/api']],
  ['Web component tests', 'npm', ['test', '-w', 'apps/web']],
  ['Browser journeys (Chromium)', 'npm', ['test', '-w', 'e2e']],
];

const only = process.env.TEST_ONLY?.split(',');
const started = Date.now();
for (const [title, cmd, args] of steps) {
  if (only && !only.some((o) => title.toLowerCase().includes(o.toLowerCase()))) continue;
  const t0 = Date.now();
  console.log(`\n━━ ${title} ━━`);
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`\n✗ ${title} failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status || 1);
  }
  console.log(`✓ ${title} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}
console.log(`\nAll suites passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
