/**
 * The shape every section of `npm run bench` returns, so run.ts can run any of them by name
 * (`npm run bench -- <name> [--quick] [--strict]`), write one results file with the machine's facts and draw charts.
 */
import type { Check } from './report.ts';

export interface SectionOptions {
  /**
   * `--quick`: the section checks its budgets with short runs, small data and loose margins, so the whole
   * `npm run bench -- --quick` ends in under two minutes. Numbers from a quick run are not the ones to publish.
   */
  quick: boolean;
}

/** One bar of a chart: a measured value against its target (same unit). */
export interface ChartBar {
  label: string;
  value: number;
  /** The target's bound; omitted for a value shown for context only (e.g. the bare route). */
  target?: number;
  /** Whether `value` must stay under (`max`) or over (`min`) the target. */
  bound?: 'max' | 'min';
}

/** A chart the runner draws as a PNG (bars of one unit, e.g. "ms" or "% of bare"). */
export interface Chart {
  /** File-safe id: results/<id>.png */
  id: string;
  title: string;
  unit: string;
  bars: ChartBar[];
}

export interface SectionResult {
  /** Same as the name it is run by. */
  name: string;
  pass: boolean;
  checks: Check[];
  charts: Chart[];
  /** Everything measured, as JSON; run.ts puts it in results/latest.json under the section's name. */
  results: unknown;
}

export interface Section {
  name: string;
  /** One line for `npm run bench -- --list` and the README. */
  description: string;
  run(options: SectionOptions): Promise<SectionResult>;
  /**
   * Starts, without waiting, the server `run` will ask for with the same options (prestart.ts): a `--quick` run of
   * several sections starts every one of them before the first section measures.
   */
  prestart?(options: SectionOptions): void;
}
