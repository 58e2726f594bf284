// Builds the API for `npm start` (and the bench's and the browser journeys' servers): esbuild bundles the TypeScript
// source into plain ES modules under dist/, so a server starts without tsx compiling ~1,000 modules in its main thread,
// its database thread and each file worker (issue #25: the process's memory at rest and its time to ready). `npm run
// dev`, the tests and the maintenance scripts (backup, restore, rotate-key) still run the source through tsx.
//
// - Entry points: src/server.ts, the threads the code starts (`new URL('./x.ts' | './x-entry.mjs', import.meta.url)`,
//   found by scanning the source, so a new worker module needs no list here) and any extra entries a caller passes
//   (the bench's servers). Code they share goes into chunks (esbuild's splitting), loaded once per thread.
// - @tessera/domain (TypeScript source) and JSON files are bundled; every other package stays an import of
//   node_modules, resolved from the source file's directory as before.
// - `import.meta.url` and `import.meta.dirname` keep meaning the source file's location (migrations, demo assets, the
//   web build, createRequire), except in the worker URLs above, which point to the built sibling in dist/.
//
// `npm run build -w apps/api` builds apps/api/dist; `ensureBuilt()` (the bench, the journeys, `npm start`) builds only
// when the sources changed since the last build, and a lock directory keeps two processes from building at once.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const API = import.meta.dirname;
const ROOT = resolve(API, '../..');
const SRC = join(API, 'src');
const DOMAIN = join(ROOT, 'packages/domain/src');
export const API_DIST = join(API, 'dist');

/** `new URL('./name.ts', import.meta.url)` or `new URL('./name-entry.mjs', import.meta.url)`: a module run in a thread. */
const THREAD_URL = /new URL\((['"])\.\/([\w-]+)\.(ts|mjs)\1, import\.meta\.url\)/g;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|mjs|json)$/.test(entry.name) && !/\.test(-helpers)?\.ts$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** What a `-entry.mjs` thread entry imports after registering tsx: the module the built thread starts from. */
function threadModule(dir: string, name: string, ext: string): string {
  if (ext === 'ts') return join(dir, `${name}.ts`);
  const entry = readFileSync(join(dir, `${name}.mjs`), 'utf8');
  const target = /await import\('\.\/([\w-]+\.ts)'\)/.exec(entry)?.[1];
  if (!target) throw new Error(`build: ${name}.mjs does not import a ./*.ts module`);
  return join(dir, target);
}

/** Every module the API starts in a thread, keyed by the name of its built file. */
function threadEntries(): Map<string, string> {
  const entries = new Map<string, string>();
  for (const file of sourceFiles(SRC)) {
    if (!file.endsWith('.ts')) continue;
    for (const [, , name = '', ext = ''] of readFileSync(file, 'utf8').matchAll(THREAD_URL)) {
      const module = threadModule(dirname(file), name, ext);
      const out = basename(module, '.ts');
      if (entries.has(out) && entries.get(out) !== module) throw new Error(`build: two thread modules named ${out}`);
      entries.set(out, module);
    }
  }
  return entries;
}

/** Keeps each file's own location for import.meta, and points thread URLs at the built files. */
const sourceLocations: Plugin = {
  name: 'source-locations',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      let code = readFileSync(args.path, 'utf8');
      if (!code.includes('import.meta')) return { contents: code, loader: 'ts' };
      code = code.replace(THREAD_URL, (_match, _quote: string, name: string, ext: string) => {
        const out = basename(threadModule(dirname(args.path), name, ext), '.ts');
        return `new URL('./${out}.js', import.meta.__bundleUrl)`;
      });
      code = code
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.__bundleUrl', 'import.meta.url');
      return { contents: code, loader: 'ts' };
    });
  },
};

/** node_modules stay imports (resolved at run time, from dist), except JSON data, which is bundled. */
const externals: Plugin = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@tessera/') || args.path.endsWith('.json') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

export interface BuildOptions {
  /** Where the build goes; apps/api/dist by default. */
  outdir?: string;
  /** More entry points, name → source file (the bench's servers); their directories count as sources too. */
  entries?: Record<string, string>;
}

/** Builds server.ts, the thread modules and `entries` into `outdir`. */
export async function buildApi({ outdir = API_DIST, entries = {} }: BuildOptions = {}): Promise<void> {
  const entryPoints = { server: join(SRC, 'server.ts'), ...Object.fromEntries(threadEntries()), ...entries };
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    // Beside the entries: a thread URL (`new URL('./x.js', import.meta.url)`) resolves the same from an entry or a chunk.
    chunkNames: '[name]-[hash]',
    plugins: [externals, sourceLocations],
    logLevel: 'warning',
  });
  writeFileSync(join(outdir, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(join(outdir, '.source-hash'), sourceHash(entries));
}

/**
 * A hash of the names, sizes and modification times of the files a build reads: the API's and the domain's source, the
 * directories of the extra entries, this script and the lockfile.
 */
function sourceHash(entries: Record<string, string>): string {
  const hash = createHash('sha256');
  const dirs = new Set([SRC, DOMAIN, ...Object.values(entries).map((file) => dirname(file))]);
  const files = [...dirs].flatMap((dir) => sourceFiles(dir));
  files.push(fileURLToPath(import.meta.url), join(ROOT, 'package-lock.json'));
  for (const file of [...new Set(files)].sort()) {
    const stat = statSync(file);
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds `outdir` unless it holds a build of the current sources; one process at a time (a lock directory beside it,
 * taken over when its owner is gone). For the bench's and the journeys' servers, which may start side by side.
 */
export async function ensureBuilt({ outdir = API_DIST, entries = {} }: BuildOptions = {}): Promise<boolean> {
  const lock = `${resolve(outdir)}.lock`;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let owner = 0;
      try {
        owner = Number(readFileSync(join(lock, 'pid'), 'utf8'));
      } catch {
        // Being written: wait.
      }
      if (owner && !alive(owner)) rmSync(lock, { recursive: true, force: true });
      else await sleep(200);
    }
  }
  try {
    const stamp = join(outdir, '.source-hash');
    if (existsSync(stamp) && readFileSync(stamp, 'utf8') === sourceHash(entries)) return false;
    await buildApi({ outdir, entries });
    return true;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

// `node --import tsx build.ts`: builds; with `--if-stale`: builds unless dist holds a build of the current sources.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const t0 = performance.now();
  const built = process.argv.includes('--if-stale') ? await ensureBuilt() : (await buildApi(), true);
  const took = `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  console.log(built ? `API built into apps/api/dist in ${took}` : 'API build in apps/api/dist is up to date');
}
