// Writes each Vitest suite's test-durations.json (apps/api, apps/web, e2e) from Vitest's cache of this checkout's last
// run: what scripts/longest-first.mjs orders the files by. Run it after a whole `npm test` on a quiet machine, and
// commit the files when the order of the long files has changed; the numbers need only be right relative to each other.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
for (const suite of ['apps/api', 'apps/web', 'e2e']) {
  const cacheDir = join(root, suite, 'node_modules/.vite/vitest');
  const runs = existsSync(cacheDir)
    ? readdirSync(cacheDir)
        .map((d) => join(cacheDir, d, 'results.json'))
        .filter(existsSync)
    : [];
  if (!runs.length) {
    console.log(`${suite}: no Vitest cache (run npm test first)`);
    continue;
  }
  const durations = {};
  for (const run of runs)
    for (const [key, { duration }] of JSON.parse(readFileSync(run, 'utf8')).results)
      if (duration > 0) durations[key] = Math.round(duration / 100) * 100;
  const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(join(root, suite, 'test-durations.json'), `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`${suite}: ${Object.keys(sorted).length} files`);
}
