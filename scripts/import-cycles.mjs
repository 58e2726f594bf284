// The import-cycle check of `npm test`: no source file of any workspace may reach itself through static imports.
//
// It reads every .ts/.tsx/.js/.mjs file of the repository with TypeScript's parser, follows each static `import` and
// `export … from` (type-only ones too: they tie modules as much as value imports do; a dynamic `import()` is a
// deliberate lazy edge and is not followed) to a file of the repository, `@tessera/domain` included, and finds the
// strongly connected components of that graph: each group of files that import one another round in a circle. The web
// app's features are also checked as wholes: a feature folder stands for all its files, so two features that import
// each other through different files are a cycle too (`apps/web/src/features/groups/`).
//
// The cycles that exist today are listed in scripts/import-cycles.allowlist, one group a line. The check fails on a
// cycle that is not listed and on a listed one that no longer exists, so the list can only shrink: the branch that
// breaks a cycle removes its line.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results', '.tmp', '.git', 'drizzle']);
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

/** Every source file under `root` (paths relative to it, with `/`), leaving out dependencies, builds and data. */
export function sourceFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(join(dir, entry.name));
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(relative(root, join(dir, entry.name)).split(sep).join('/'));
      }
    }
  };
  walk(root);
  return files.sort();
}

/** The specifiers of a file's static imports and re-exports, type-only ones included. */
export function staticImports(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers = [];
  for (const statement of source.statements) {
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier) {
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference)) {
      const expression = statement.moduleReference.expression;
      if (ts.isStringLiteral(expression)) specifiers.push(expression.text);
    }
  }
  return specifiers;
}

/** The workspace packages by name, each with the file its `exports['.']` (or `main`) names. */
function workspaceEntries(root) {
  const entries = new Map();
  let workspaces = [];
  try {
    workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces ?? [];
  } catch {
    // A tree without a package.json (the checker's own tests) has no workspace packages.
  }
  for (const workspace of workspaces) {
    const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8'));
    const exported = typeof manifest.exports === 'string' ? manifest.exports : manifest.exports?.['.'];
    const entry = typeof exported === 'string' ? exported : manifest.main;
    if (entry) entries.set(manifest.name, join(workspace, entry).split(sep).join('/'));
  }
  return entries;
}

/** The repository file a specifier names, or undefined for a dependency or a file that is not there. */
function resolveSpecifier(root, from, specifier, packages, known) {
  if (packages.has(specifier)) return packages.get(specifier);
  if (!specifier.startsWith('.')) return undefined;
  const base = relative(root, resolve(root, dirname(from), specifier))
    .split(sep)
    .join('/');
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => `${base}/index${e}`)];
  // TypeScript's convention: `./x.js` names `./x.ts`.
  if (/\.m?js$/.test(base)) candidates.push(base.replace(/\.js$/, '.ts').replace(/\.mjs$/, '.mts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((c) => known.has(c));
}

/** The import graph of the repository: each file with the repository files it imports. */
export function importGraph(root) {
  const files = sourceFiles(root);
  const known = new Set(files);
  const packages = workspaceEntries(root);
  const graph = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const specifier of staticImports(file, readFileSync(join(root, file), 'utf8'))) {
      const target = resolveSpecifier(root, file, specifier, packages, known);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** Each group of files that import one another in a circle (Tarjan's strongly connected components), sorted. */
export function findCycles(graph) {
  let index = 0;
  const indices = new Map();
  const lowlinks = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (start) => {
    // Iterative, so a long import chain cannot overflow the call stack.
    const frames = [{ node: start, next: 0 }];
    indices.set(start, index);
    lowlinks.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (frames.length) {
      const frame = frames.at(-1);
      const targets = graph.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++];
        if (!indices.has(target)) {
          indices.set(target, index);
          lowlinks.set(target, index++);
          stack.push(target);
          onStack.add(target);
          frames.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          lowlinks.set(frame.node, Math.min(lowlinks.get(frame.node), indices.get(target)));
        }
        continue;
      }
      frames.pop();
      const parent = frames.at(-1);
      if (parent) lowlinks.set(parent.node, Math.min(lowlinks.get(parent.node), lowlinks.get(frame.node)));
      if (lowlinks.get(frame.node) === indices.get(frame.node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        const selfImport = group.length === 1 && (graph.get(frame.node) ?? []).includes(frame.node);
        if (group.length > 1 || selfImport) groups.push(group.sort());
      }
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return groups.sort((a, b) => a[0].localeCompare(b[0]));
}

/** A web feature's folder (with its `/`), for any file in it; undefined for every other file. */
export const webFeatureOf = (file) => /^apps\/web\/src\/features\/[^/]+\//.exec(file)?.[0];

/** The graph with each file that `unitOf` names replaced by that unit; the imports inside a unit are dropped. */
export function collapse(graph, unitOf) {
  const units = new Map();
  for (const [file, targets] of graph) {
    const unit = unitOf(file) ?? file;
    const edges = units.get(unit) ?? new Set();
    for (const target of targets) if ((unitOf(target) ?? target) !== unit) edges.add(unitOf(target) ?? target);
    units.set(unit, edges);
  }
  return new Map([...units].map(([unit, edges]) => [unit, [...edges].sort()]));
}

/** Every cycle: of files, and of web features (those that involve a feature as a whole), each with its graph. */
export function allCycles(graph) {
  const features = collapse(graph, webFeatureOf);
  return [
    ...findCycles(graph).map((group) => ({ group, graph })),
    ...findCycles(features)
      .filter((group) => group.some((unit) => unit.endsWith('/')))
      .map((group) => ({ group, graph: features })),
  ];
}

/** One shortest way round a group, from its first file back to it: `a → b → a`. */
export function exampleCycle(graph, group) {
  const members = new Set(group);
  const [start] = group;
  const previous = new Map();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]));
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

/** A group as the allowlist writes it: its files, sorted, separated by spaces. */
export const groupKey = (group) => [...group].sort().join(' ');

/** The allowlist's groups: one a line; `#` starts a comment; blank lines are ignored. */
export function parseAllowlist(text) {
  return text
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean)
    .map((line) => groupKey(line.split(/\s+/)));
}

/** What the check says: the cycles not on the list, and the listed ones that are gone. */
export function compare(groups, allowed) {
  const found = new Set(groups.map(groupKey));
  const listed = new Set(allowed);
  return {
    unlisted: groups.filter((g) => !listed.has(groupKey(g))),
    gone: allowed.filter((key) => !found.has(key)),
  };
}

function main() {
  const root = resolve(import.meta.dirname, '..');
  const allowlistFile = join(root, 'scripts/import-cycles.allowlist');
  const started = Date.now();
  const graph = importGraph(root);
  const cycles = allCycles(graph);
  const groups = cycles.map((c) => c.group);
  const allowed = statSync(allowlistFile, { throwIfNoEntry: false }) ? parseAllowlist(readFileSync(allowlistFile, 'utf8')) : [];
  const { unlisted, gone } = compare(groups, allowed);
  const unlistedKeys = new Set(unlisted.map(groupKey));

  console.log(`${graph.size} files read; ${groups.length} import cycle${groups.length === 1 ? '' : 's'} (${Date.now() - started} ms):`);
  for (const { group, graph: within } of cycles) {
    const status = unlistedKeys.has(groupKey(group)) ? '✗ NOT ALLOWED' : 'allow-listed';
    console.log(`\n  ${status}: ${group.length} files or features, e.g. ${exampleCycle(within, group).join(' → ')}`);
    for (const file of group) console.log(`    ${file}`);
    if (unlistedKeys.has(groupKey(group))) console.log(`    (its allowlist line: ${groupKey(group)})`);
  }
  if (unlisted.length) {
    console.error(
      `\n✗ ${unlisted.length} import cycle${unlisted.length === 1 ? '' : 's'} not in scripts/import-cycles.allowlist (above): ` +
        'break it (move what both files need to a third module, or pass it in). The list only shrinks.',
    );
  }
  if (gone.length) {
    console.error('\n✗ Listed in scripts/import-cycles.allowlist but no longer a cycle: remove the line.');
    for (const key of gone) console.error(`    ${key}`);
  }
  process.exit(unlisted.length || gone.length ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
