/**
 * `npm run bench [-- <section>…] [--quick] [--strict] [--list]`: runs every section of sections.ts in order, or the
 * ones named, one after the other (they would measure each other if run together). Writes results/latest.json with
 * the machine's facts and every section's checks and results, and draws each section's charts and a summary of every
 * check as PNG files in results/. `--quick` checks the budgets with short runs, small data and loose margins
 * (options.ts); `--strict` exits with 1 when a check fails; `--list` prints the sections.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { renderPngs, type SummaryRow } from './charts.ts';
import { loadAverage, machineFacts } from './machine.ts';
import { table, type Check } from './report.ts';
import type { Section, SectionResult } from './section.ts';
import { SECTIONS } from './sections.ts';
import { allStarted } from './prestart.ts';
import { stopSharedServers } from './server-process.ts';

const FLAGS = new Set(['--quick', '--strict', '--list']);
const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));

interface Arguments {
  sections: readonly Section[];
  quick: boolean;
  strict: boolean;
  list: boolean;
}

function parseArguments(args: string[]): Arguments {
  const unknownFlags = args.filter((a) => a.startsWith('-') && !FLAGS.has(a));
  if (unknownFlags.length) throw new Error(`unknown option ${unknownFlags.join(', ')}; the options are ${[...FLAGS].join(', ')}`);
  const names = args.filter((a) => !a.startsWith('-'));
  const unknown = names.filter((n) => !SECTIONS.some((s) => s.name === n));
  if (unknown.length) throw new Error(`no section named ${unknown.join(', ')}; the sections are ${SECTIONS.map((s) => s.name).join(', ')}`);
  return {
    // In the order given, each once.
    sections: names.length ? [...new Set(names)].map((n) => SECTIONS.find((s) => s.name === n)!) : SECTIONS,
    quick: args.includes('--quick'),
    strict: args.includes('--strict'),
    list: args.includes('--list'),
  };
}

/** A section that threw (no Chromium, no PostgreSQL, a server that did not start) counts as one missed check. */
function failed(section: Section, error: unknown): SectionResult {
  const message = error instanceof Error ? error.message : String(error);
  const check: Check = { name: 'the section ran', measured: message.split('\n')[0]!.slice(0, 200), target: 'no error', pass: false };
  return { name: section.name, pass: false, checks: [check], charts: [], results: { error: message } };
}

const seconds = (from: number) => Number(((performance.now() - from) / 1000).toFixed(1));

async function main(): Promise<void> {
  const args = parseArguments(process.argv.slice(2));
  if (args.list) {
    process.stdout.write(
      `${table(
        ['section', 'what it measures'],
        SECTIONS.map((s) => [s.name, s.description]),
      )}\n`,
    );
    return;
  }

  const startedAt = new Date();
  const started = performance.now();
  const loadBefore = loadAverage();
  const machine = await machineFacts();
  process.stdout.write(
    `Tessera bench${args.quick ? ' --quick' : ''}: ${args.sections.map((s) => s.name).join(', ')}\n` +
      `${machine.cpuModel}, ${machine.cores} cores, ${(machine.totalMemoryBytes / 2 ** 30).toFixed(1)} GiB, Node ${machine.node}, ` +
      `load average ${loadBefore.join(' ')}, ${machine.git.commit?.slice(0, 7) ?? 'no git'}${machine.git.dirty ? ' (dirty)' : ''}\n`,
  );

  const sections: (SectionResult & { description: string; seconds: number; loadAverageBefore: number[] })[] = [];
  let prestartSeconds: number | undefined;
  if (args.quick && args.sections.length > 1) {
    // Every section's server at once, before anything is measured (prestart.ts).
    const from = performance.now();
    for (const section of args.sections) section.prestart?.({ quick: args.quick });
    await allStarted();
    prestartSeconds = seconds(from);
    process.stdout.write(`\n━━ servers of every section started side by side in ${prestartSeconds} s (load average ${loadAverage()[0]})\n`);
  }
  for (const section of args.sections) {
    const loadAverageBefore = loadAverage();
    process.stdout.write(`\n━━ ${section.name}: ${section.description} (load average ${loadAverageBefore[0]})\n`);
    const from = performance.now();
    const result = await section.run({ quick: args.quick }).catch((error: unknown) => {
      process.stderr.write(`${section.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      return failed(section, error);
    });
    sections.push({ ...result, description: section.description, seconds: seconds(from), loadAverageBefore });
  }
  await stopSharedServers();

  const loadAfter = loadAverage();
  const rows: SummaryRow[] = sections.flatMap((s) => s.checks.map((check) => ({ section: s.name, check })));
  const pass = sections.every((s) => s.pass);
  await mkdir(RESULTS_DIR, { recursive: true });
  const resultsFile = `${RESULTS_DIR}latest.json`;
  const finishedAt = new Date();
  await writeFile(
    resultsFile,
    `${JSON.stringify(
      {
        quick: args.quick,
        startedAt: startedAt.toISOString(),
        finishedAt: finishedAt.toISOString(),
        seconds: seconds(started),
        // --quick: starting every section's server before the first section (prestart.ts), part of `seconds`.
        ...(prestartSeconds === undefined ? {} : { prestartSeconds }),
        machine,
        loadAverage: { before: loadBefore, after: loadAfter },
        pass,
        sections: Object.fromEntries(
          sections.map(({ name, description, seconds: s, loadAverageBefore, pass: p, checks, charts, results }) => [
            name,
            { description, seconds: s, loadAverageBefore, pass: p, checks, charts, results },
          ]),
        ),
      },
      null,
      2,
    )}\n`,
  );

  const subtitle = `${args.quick ? 'quick run' : 'full run'}, ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${machine.cores} cores, load average ${loadBefore[0]} → ${loadAfter[0]}, ${machine.git.commit?.slice(0, 7) ?? ''}${machine.git.dirty ? ' (dirty)' : ''}`;
  let pngs: string[] = [];
  try {
    pngs = await renderPngs(
      RESULTS_DIR,
      sections.flatMap((s) => s.charts),
      { title: `Tessera bench: ${sections.map((s) => s.name).join(', ')}`, subtitle, rows },
      process.env.CHROME_PATH?.trim() || '/usr/bin/chromium',
    );
  } catch (error) {
    process.stderr.write(`charts not drawn: ${error instanceof Error ? error.message : String(error)}\n`);
  }

  process.stdout.write(
    `\n━━ summary (${seconds(started)} s, load average ${loadBefore.join(' ')} → ${loadAfter.join(' ')})\n${table(
      ['section', 'check', 'measured', 'target', 'result'],
      rows.map(({ section, check }) => [
        section,
        check.name,
        check.measured,
        check.target,
        `${check.pass ? 'met' : 'MISSED'}${check.note ? ` (${check.note})` : ''}`,
      ]),
    )}\n\n${rows.filter((r) => r.check.pass).length} of ${rows.length} checks met; results in ${resultsFile}` +
      `${pngs.length ? `, ${pngs.length} charts in ${RESULTS_DIR}` : ''}\n`,
  );
  if (args.strict && !pass) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
