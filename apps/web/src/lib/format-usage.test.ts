import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue #17, items 6 and 7: a date, an amount or a percent is written by lib/format.ts or lib/format-number.ts only,
// so the user's date format and 000 §5's '$1,000,000' hold on every screen. This fails on a screen that formats one itself.
const src = resolve(fileURLToPath(import.meta.url), '../..');
const FORMATTERS = new Set(['lib/format.ts', 'lib/format-number.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|test-helpers/.test(entry.name) ? [path] : [];
  });
}

const DOMAIN_FORMATTERS =
  /\b(formatDate|formatDateTime|formatRelativeOrDate|formatCurrency|formatPercent|formatMultiple|formatOfferMoney|formatOfferPercent|formatOfferMultiple|formatMonths)\b/;

const RULES: { name: string; test: (code: string) => boolean }[] = [
  { name: 'toLocale…String', test: (code) => /\.toLocale(Date|Time)?String\(/.test(code) },
  { name: 'Intl number or date format', test: (code) => /Intl\.(NumberFormat|DateTimeFormat|RelativeTimeFormat)\b/.test(code) },
  { name: 'dayjs', test: (code) => /from ['"]dayjs|\bdayjs\(/.test(code) },
  { name: "'$' written before a number", test: (code) => /`\$\$\{/.test(code) },
  {
    name: "the domain's formatters imported directly",
    test: (code) => [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@tessera\/domain'/g)].some((m) => DOMAIN_FORMATTERS.test(m[1] ?? '')),
  },
];

function formattingOffenders(files: { path: string; code: string }[]): string[] {
  return files.flatMap(({ path, code }) => RULES.filter((rule) => rule.test(code)).map((rule) => `${path}: ${rule.name}`));
}

describe('dates, amounts and percents go through one formatter', () => {
  it('no screen formats them itself', () => {
    const files = sources(src)
      .map((path) => ({ path: relative(src, path), code: readFileSync(path, 'utf8') }))
      .filter(({ path }) => !FORMATTERS.has(path));
    expect(files.length).toBeGreaterThan(100);
    expect(formattingOffenders(files)).toEqual([]);
  });

  it('catches each way of doing it', () => {
    const samples = [
      "const t = new Date(v).toLocaleDateString('en-US');",
      'const t = new Intl.NumberFormat("en-US").format(v);',
      "import dayjs from 'dayjs';",
      'const t = `$${amount}`;',
      "import { formatDate, offerSort } from '@tessera/domain';",
      "import {\n  formatOfferMoney as money,\n} from '@tessera/domain';",
    ];
    expect(formattingOffenders(samples.map((code, i) => ({ path: `sample-${i}.ts`, code })))).toHaveLength(samples.length);
    expect(formattingOffenders([{ path: 'ok.ts', code: "import { formatDate } from '../../lib/format.ts';" }])).toEqual([]);
  });
});
