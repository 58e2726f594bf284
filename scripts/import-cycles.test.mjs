// The import-cycle checker's own tests (node --test): a sample tree with known cycles, and the allowlist's two failures.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { allCycles, compare, exampleCycle, groupKey, importGraph, parseAllowlist } from './import-cycles.mjs';

const root = mkdtempSync(join(tmpdir(), 'import-cycles-'));
after(() => rmSync(root, { recursive: true, force: true }));
const write = (file, text) => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
};

// a ↔ b through a type-only import; c → a is no cycle; d imports e lazily only; f imports itself.
write('src/a.ts', "import { b } from './b.ts';\nexport const a = b + 1;\nexport type A = number;\n");
write('src/b.ts', "import type { A } from './a.ts';\nexport const b: A = 1;\n");
write('src/c.ts', "export { a } from './a.ts';\n");
write('src/d.ts', "export const d = () => import('./e.ts');\n");
write('src/e.ts', "import { d } from './d';\nexport const e = d;\n");
write('src/f.ts', "import './f.ts';\n");
// Two web features that import each other through different files, and a feature importing itself (no cycle).
write('apps/web/src/features/one/api/get-one.ts', "import { two } from '../../two/components/two.tsx';\nexport const one = two;\n");
write('apps/web/src/features/one/components/one.tsx', "import { one } from '../api/get-one.ts';\nexport const view = one;\n");
write('apps/web/src/features/two/components/two.tsx', 'export const two = 2;\n');
write(
  'apps/web/src/features/two/hooks/use-two.ts',
  "import { view } from '../../one/components/one.tsx';\nexport const useTwo = () => view;\n",
);
write('node_modules/x/index.ts', "import './index.ts';\n");

const graph = importGraph(root);
const cycles = allCycles(graph);

await test('finds each cycle of files, type-only imports included, and none through a dynamic import', () => {
  const groups = cycles.map((c) => groupKey(c.group));
  assert.deepEqual(groups, ['src/a.ts src/b.ts', 'src/f.ts', 'apps/web/src/features/one/ apps/web/src/features/two/']);
  assert.deepEqual(exampleCycle(graph, ['src/a.ts', 'src/b.ts']), ['src/a.ts', 'src/b.ts', 'src/a.ts']);
});

await test('leaves node_modules out', () => {
  assert.equal(
    [...graph.keys()].some((file) => file.startsWith('node_modules')),
    false,
  );
});

await test('fails on a cycle not listed and on a listed cycle that is gone', () => {
  const allowed = parseAllowlist('# comment\nsrc/b.ts src/a.ts   # listed in any order\n\nsrc/gone.ts src/old.ts\n');
  const { unlisted, gone } = compare(
    cycles.map((c) => c.group),
    allowed,
  );
  assert.deepEqual(unlisted.map(groupKey), ['src/f.ts', 'apps/web/src/features/one/ apps/web/src/features/two/']);
  assert.deepEqual(gone, ['src/gone.ts src/old.ts']);
});
