import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadResult } from './load.ts';

export interface Check {
  name: string;
  measured: string;
  target: string;
  pass: boolean;
  note?: string;
}

/** Columns padded to their widest cell; numeric-looking cells right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (/^[\d.,]+( ms)?$|^[\d.]+x$/.test(c) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'no answers');
const rate = (value: number) => Math.round(value).toLocaleString('en-US');

export function scenarioTable(scenarios: { name: string; result: LoadResult }[]): string {
  return table(
    ['scenario', 'conns', 'req/s', 'p50', 'p95', 'p99', 'max', 'non-2xx', 'errors'],
    scenarios.map(({ name, result: r }) => [
      name,
      String(r.connections),
      rate(r.requestsPerSecond),
      ms(r.p50Ms),
      ms(r.p95Ms),
      ms(r.p99Ms),
      ms(r.maxMs),
      String(r.non2xx),
      String(r.errors),
    ]),
  );
}

export function checkTable(checks: Check[]): string {
  return table(
    ['target', 'measured', 'goal', 'result'],
    checks.map((c) => [c.name, c.measured, c.target, `${c.pass ? 'PASS' : 'FAIL'}${c.note ? ` (${c.note})` : ''}`]),
  );
}

/** A target check; a run with errors or non-2xx answers measured something other than the route, so it fails. */
export function check(name: string, measured: string, target: string, met: boolean, ...results: LoadResult[]): Check {
  const non2xx = results.reduce((n, r) => n + r.non2xx, 0);
  const errors = results.reduce((n, r) => n + r.errors, 0);
  const valid = non2xx === 0 && errors === 0;
  return { name, measured, target, pass: met && valid, ...(valid ? {} : { note: `invalid: ${non2xx} non-2xx, ${errors} errors` }) };
}

/**
 * Writes a section's own results file, `bench/results/<name>` (git ignores the folder): when it finished, the runtime
 * and the load average, then `fields` (what it measured, its checks, whether they passed). Answers the file's path.
 */
export async function writeResultsFile(name: string, fields: Record<string, unknown>): Promise<string> {
  const dir = fileURLToPath(new URL('../results/', import.meta.url));
  await mkdir(dir, { recursive: true });
  const path = join(dir, name);
  const environment = { node: process.version, cpus: availableParallelism(), loadAverage: loadavg() };
  await writeFile(path, `${JSON.stringify({ finishedAt: new Date().toISOString(), environment, ...fields }, null, 2)}\n`);
  return path;
}
