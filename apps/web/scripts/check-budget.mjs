// Build budget: the JavaScript a browser downloads for /signin, and for a public offer page, stays under 250 KB gzip each.
// Follows the entry chunk's static imports (what loads before the route renders) plus the
// lazily loaded chunk of the sign-in route, as recorded in the Vite manifest.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const BUDGET_BYTES = 250 * 1024;
const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

/** The chunks a route loads first: the entry's static imports plus the route's lazy chunks (each matched by `patterns`). */
function routeChunks(name, patterns) {
  const seen = new Set();
  function walk(key) {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`check-budget: ${key} is not in the manifest`);
    for (const dep of chunk.imports ?? []) walk(dep);
  }
  walk(Object.keys(manifest).find((k) => manifest[k].isEntry));
  for (const pattern of patterns) {
    const key = Object.keys(manifest).find((k) => pattern.test(k));
    if (!key) throw new Error(`check-budget: the ${name} chunk ${pattern} was not found in the manifest`);
    walk(key);
  }
  return seen;
}

function checkBudget(name, seen) {
  let total = 0;
  const rows = [];
  for (const key of seen) {
    const file = manifest[key].file;
    if (!file.endsWith('.js')) continue;
    const size = gzipSync(readFileSync(join(dist, file))).length;
    total += size;
    rows.push([file, size]);
  }
  rows.sort((a, b) => b[1] - a[1]);
  for (const [file, size] of rows) console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  console.log(`${name} JavaScript: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_BYTES / 1024} KB)`);
  return total <= BUDGET_BYTES;
}

let ok = checkBudget('/signin', routeChunks('sign-in page', [/features\/auth\/.*signin-page\.tsx$/]));

// The public offer page (first visit lands on its Home tab): the page and the tab chunk.
ok = checkBudget('/marketplace/offers/:idOrSlug', routeChunks('offer page', [
  /features\/marketplace\/components\/marketplace-offer-page\.tsx$/,
  /features\/marketplace\/components\/marketplace-offer-home-tab\.tsx$/,
])) && ok;

if (!ok) {
  console.error('Budget exceeded: split routes or drop dependencies from the public pages.');
  process.exit(1);
}

