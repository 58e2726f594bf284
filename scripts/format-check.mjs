// The format check of `npm test`: every source file Biome formats (biome.json) must be as `npm run format` writes it.
// Biome prints the files and the lines that differ and exits 1 on any; `npm run format` rewrites them.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const biome = join(root, 'node_modules/@biomejs/biome/bin/biome');

const { status } = spawnSync(process.execPath, [biome, 'format', '.'], { cwd: root, stdio: 'inherit' });
if (status !== 0) console.error('\nSome files are not formatted: `npm run format` writes them.');
process.exit(status ?? 1);
