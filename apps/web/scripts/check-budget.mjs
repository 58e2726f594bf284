// Build budget: the JavaScript a browser downloads for /signin stays under 250 KB gzip.
// Follows the entry chunk's static imports (what loads before the route renders) plus the
// lazily loaded chunk of the sign-in route, as recorded in the Vite manifest.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const BUDGET_BYTES = 250 * 1024;
const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

const seen = new Set();
function walk(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`check-budget: ${key} is not in the manifest`);
  for (const dep of chunk.imports ?? []) walk(dep);
}
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
walk(entry);
const signinKey = Object.keys(manifest).find((k) => /features\/auth\/.*signin-page\.tsx$/.test(k));
if (!signinKey) throw new Error('check-budget: the sign-in page chunk was not found in the manifest');
walk(signinKey);

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
console.log(`/signin JavaScript: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_BYTES / 1024} KB)`);
if (total > BUDGET_BYTES) {
  console.error('Budget exceeded: split routes or drop dependencies from the sign-in path.');
  process.exit(1);
}

// The public offer page, /marketplace/offers/:idOrSlug (a first visit lands on its Home tab): the entry's static
// imports plus the page and Home tab chunks, under the same budget.
{
  const offerChunks = new Set();
  const walkOffer = (key) => {
    if (offerChunks.has(key)) return;
    offerChunks.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`check-budget: ${key} is not in the manifest`);
    for (const dep of chunk.imports ?? []) walkOffer(dep);
  };
  walkOffer(entry);
  for (const page of [/features\/marketplace\/components\/marketplace-offer-page\.tsx$/, /features\/marketplace\/components\/marketplace-offer-home-tab\.tsx$/]) {
    const key = Object.keys(manifest).find((k) => page.test(k));
    if (!key) throw new Error(`check-budget: the offer page chunk ${page} was not found in the manifest`);
    walkOffer(key);
  }
  let offerTotal = 0;
  for (const key of offerChunks) {
    const file = manifest[key].file;
    if (file.endsWith('.js')) offerTotal += gzipSync(readFileSync(join(dist, file))).length;
  }
  console.log(`/marketplace/offers/:idOrSlug JavaScript: ${(offerTotal / 1024).toFixed(1)} KB gzip (budget ${BUDGET_BYTES / 1024} KB)`);
  if (offerTotal > BUDGET_BYTES) {
    console.error('Budget exceeded: split the offer page or drop dependencies from its first load.');
    process.exit(1);
  }
}
