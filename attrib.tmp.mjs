import { readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
const file = process.argv[2];
const code = readFileSync(file, 'utf8');
const map = JSON.parse(readFileSync(file + '.map', 'utf8'));
const c = new SourceMapConsumer(map);
const lines = code.split('\n');
const sizes = {};
let prev = null;
c.eachMapping((m) => {
  if (prev) {
    let len;
    if (prev.generatedLine === m.generatedLine) len = m.generatedColumn - prev.generatedColumn;
    else len = lines[prev.generatedLine - 1].length - prev.generatedColumn;
    const key = prev.source ?? '(none)';
    sizes[key] = (sizes[key] ?? 0) + len;
  }
  prev = m;
});
const agg = {};
for (const [k, v] of Object.entries(sizes)) {
  let key = k.replace(/.*node_modules\//, 'nm:');
  const mm = key.match(/^nm:(@[^/]+\/[^/]+|[^/]+)/);
  if (mm && !process.argv[3]) key = mm[1];
  agg[key] = (agg[key] ?? 0) + v;
}
Object.entries(agg).sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.N ?? 40)).forEach(([k, v]) => console.log((v / 1024).toFixed(1).padStart(8), k));
