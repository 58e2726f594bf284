/**
 * The results as PNG files: each section's charts as horizontal bars (the value, the target as a marked line, green
 * when met, red when missed, grey for context), and summary.png with every check. Drawn as SVG and HTML here, and
 * rendered by Chromium through playwright-core, one browser for all of them.
 */
import { writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import type { Check } from './report.ts';
import type { Chart, ChartBar } from './section.ts';

const WIDTH = 1200;
const LABEL_WIDTH = 330;
const BAR_LEFT = LABEL_WIDTH + 12;
const BAR_WIDTH = 500;
const VALUE_LEFT = BAR_LEFT + BAR_WIDTH + 24;
const ROW = 34;
const BAR_HEIGHT = 20;
const TOP = 78;
const COLORS = { met: '#2e7d32', missed: '#c62828', context: '#90a4ae', target: '#212121', text: '#212121', muted: '#616161' };
const FONT = 'font-family="DejaVu Sans, Arial, sans-serif"';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** 0.042, 12.3, 1,234: three decimals under 1, one under 100, none above. */
export function formatValue(value: number, unit = ''): string {
  if (!Number.isFinite(value)) return 'n/a';
  const digits = unit === 'score' ? 0 : Math.abs(value) < 1 ? 3 : Math.abs(value) < 100 ? 1 : 0;
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function met(bar: ChartBar): boolean | undefined {
  if (bar.target === undefined) return undefined;
  if (!Number.isFinite(bar.value)) return false;
  return bar.bound === 'min' ? bar.value >= bar.target : bar.value <= bar.target;
}

/** The value with the unit's first word ('% of bare' → '12.5 %'); the full unit is in the chart's legend. */
const withUnit = (value: string, unit: string) => (unit === 'score' || unit === 'CLS' ? value : `${value} ${unit.split(' ')[0]}`);

export function chartSvg(chart: Chart): string {
  const finite = chart.bars.flatMap((b) => [b.value, b.target ?? 0]).filter(Number.isFinite);
  const max = Math.max(...finite, Number.MIN_VALUE) * 1.08;
  const x = (value: number) => BAR_LEFT + (Math.max(0, Math.min(value, max)) / max) * BAR_WIDTH;
  const height = TOP + chart.bars.length * ROW + 10;
  const rows = chart.bars.map((bar, i) => {
    const y = TOP + i * ROW;
    const state = met(bar);
    const color = state === undefined ? COLORS.context : state ? COLORS.met : COLORS.missed;
    const value = Number.isFinite(bar.value) ? x(bar.value) - BAR_LEFT : 0;
    const verdict = state === undefined ? '' : state ? ' ✓' : ' ✗';
    const targetText =
      bar.target === undefined
        ? ''
        : `target ${bar.bound === 'min' ? '≥' : '≤'} ${withUnit(formatValue(bar.target, chart.unit), chart.unit)}`;
    const parts = [
      `<text x="${LABEL_WIDTH}" y="${y + 15}" text-anchor="end" font-size="14" fill="${COLORS.text}">${escape(bar.label)}</text>`,
      `<rect x="${BAR_LEFT}" y="${y}" width="${BAR_WIDTH}" height="${BAR_HEIGHT}" fill="#f5f5f5"/>`,
      `<rect x="${BAR_LEFT}" y="${y}" width="${Math.max(value, 1)}" height="${BAR_HEIGHT}" fill="${color}"/>`,
      `<text x="${VALUE_LEFT}" y="${y + 15}" font-size="14" font-weight="bold" fill="${color}">${escape(withUnit(formatValue(bar.value, chart.unit), chart.unit))}${verdict}</text>`,
    ];
    if (bar.target !== undefined) {
      const tx = x(bar.target);
      parts.push(
        `<line x1="${tx}" y1="${y - 4}" x2="${tx}" y2="${y + BAR_HEIGHT + 4}" stroke="${COLORS.target}" stroke-width="2.5"/>`,
        `<text x="${VALUE_LEFT + 150}" y="${y + 15}" font-size="12" fill="${COLORS.muted}">${escape(targetText)}</text>`,
      );
    }
    return parts.join('');
  });
  const legend =
    `<rect x="${BAR_LEFT}" y="46" width="12" height="12" fill="${COLORS.met}"/><text x="${BAR_LEFT + 17}" y="57" font-size="12" fill="${COLORS.muted}">met</text>` +
    `<rect x="${BAR_LEFT + 55}" y="46" width="12" height="12" fill="${COLORS.missed}"/><text x="${BAR_LEFT + 72}" y="57" font-size="12" fill="${COLORS.muted}">missed</text>` +
    `<rect x="${BAR_LEFT + 130}" y="46" width="12" height="12" fill="${COLORS.context}"/><text x="${BAR_LEFT + 147}" y="57" font-size="12" fill="${COLORS.muted}">no target</text>` +
    `<line x1="${BAR_LEFT + 232}" y1="44" x2="${BAR_LEFT + 232}" y2="60" stroke="${COLORS.target}" stroke-width="2.5"/><text x="${BAR_LEFT + 240}" y="57" font-size="12" fill="${COLORS.muted}">target</text>` +
    `<text x="${LABEL_WIDTH}" y="57" text-anchor="end" font-size="12" fill="${COLORS.muted}">unit: ${escape(chart.unit)}</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" ${FONT}>` +
    `<rect width="100%" height="100%" fill="#fff"/>` +
    `<text x="20" y="30" font-size="18" font-weight="bold" fill="${COLORS.text}">${escape(chart.title)}</text>` +
    `${legend}${rows.join('')}</svg>`
  );
}

export interface SummaryRow {
  section: string;
  check: Check;
}

/** Every check of the run as one table: section, target, measured, goal, met or missed. */
export function summaryHtml(title: string, subtitle: string, rows: SummaryRow[]): string {
  const cells = rows
    .map(({ section, check }) => {
      const color = check.pass ? COLORS.met : COLORS.missed;
      return `<tr><td>${escape(section)}</td><td>${escape(check.name)}</td><td>${escape(check.measured)}</td><td>${escape(check.target)}</td><td style="color:${color};font-weight:bold">${check.pass ? 'met' : 'missed'}${check.note ? `<div class="note">${escape(check.note)}</div>` : ''}</td></tr>`;
    })
    .join('');
  const metCount = rows.filter((r) => r.check.pass).length;
  return `<div id="summary" style="font-family:'DejaVu Sans',Arial,sans-serif;padding:20px;width:${WIDTH - 40}px;background:#fff;color:${COLORS.text}">
<style>table{border-collapse:collapse;width:100%;font-size:13px}td,th{border-bottom:1px solid #e0e0e0;padding:5px 8px;text-align:left;vertical-align:top}th{background:#f5f5f5}.note{font-weight:normal;color:${COLORS.muted};font-size:11px}</style>
<div style="font-size:18px;font-weight:bold">${escape(title)}</div>
<div style="font-size:12px;color:${COLORS.muted};margin:4px 0 12px">${escape(subtitle)} · ${metCount} of ${rows.length} checks met</div>
<table><colgroup><col style="width:11%"><col style="width:31%"><col style="width:30%"><col style="width:16%"><col style="width:12%"></colgroup><tr><th>section</th><th>check</th><th>measured</th><th>target</th><th>result</th></tr>${cells}</table></div>`;
}

/** Renders each chart to `<dir>/<id>.png` and the summary to `<dir>/summary.png`; returns the files written. */
export async function renderPngs(
  dir: string,
  charts: Chart[],
  summary: { title: string; subtitle: string; rows: SummaryRow[] },
  executablePath: string,
): Promise<string[]> {
  const browser = await chromium.launch({ executablePath });
  const written: string[] = [];
  try {
    const page = await browser.newPage({ deviceScaleFactor: 2, viewport: { width: WIDTH, height: 600 } });
    for (const chart of charts) {
      await page.setContent(`<html><body style="margin:0">${chartSvg(chart)}</body></html>`);
      const file = `${dir}/${chart.id}.png`;
      await writeFile(file, await page.locator('svg').screenshot());
      written.push(file);
    }
    await page.setContent(`<html><body style="margin:0">${summaryHtml(summary.title, summary.subtitle, summary.rows)}</body></html>`);
    const file = `${dir}/summary.png`;
    await writeFile(file, await page.locator('#summary').screenshot());
    written.push(file);
  } finally {
    await browser.close();
  }
  return written;
}
