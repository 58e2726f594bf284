// The format check of `npm test`: every source file Biome formats (biome.json) must be as `npm run format` writes it.
//
// Until the one commit that applies the formatter to the whole codebase, most files are not in that format yet, so the
// check only reports how many are not (and still fails on a file Biome cannot read). That commit turns FORMAT_CHECK on,
// and from then on a file that is not formatted fails `npm test`. FORMAT_CHECK=1 (or 0) in the environment overrides it,
// to try the strict check before the switch.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

/** Off until the rewrite commit (`npm run format`), which sets it to true. */
const FORMAT_CHECK = false;

const root = resolve(import.meta.dirname, '..');
const biome = join(root, 'node_modules/@biomejs/biome/bin/biome');
const strict = process.env.FORMAT_CHECK ? process.env.FORMAT_CHECK !== '0' : FORMAT_CHECK;

if (strict) {
  // Biome's own report: the files and the lines that differ; exit 1 on any.
  const { status } = spawnSync(process.execPath, [biome, 'format', '.'], { cwd: root, stdio: 'inherit' });
  if (status !== 0) console.error('\nSome files are not formatted: `npm run format` writes them.');
  process.exit(status ?? 1);
}

const run = spawnSync(process.execPath, [biome, 'format', '.', '--reporter=json', '--max-diagnostics=none'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`Biome's report could not be read (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
  process.exit(1);
}
const unformatted = report.diagnostics.filter((d) => d.category === 'format');
const other = report.diagnostics.filter((d) => d.category !== 'format' && d.severity === 'error');
for (const d of other) console.error(`${d.location?.path ?? ''}: ${d.category}: ${d.message}`);
const checked = report.summary.changed + report.summary.unchanged;
console.log(
  `Format check not enforced yet (FORMAT_CHECK in scripts/format-check.mjs): ${unformatted.length} of ${checked} files ` +
    'differ from `npm run format`, which the one rewrite commit applies.',
);
process.exit(other.length ? 1 : 0);
