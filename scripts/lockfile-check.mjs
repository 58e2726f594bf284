// The lockfile check of `npm test`: every package in package-lock.json with an install script (preinstall, install or
// postinstall: code that would run on `npm ci`, before any test) must have been reviewed. Reviewed means named in
// package.json's `allowScripts`, the list npm 11 itself reads (`npm install-scripts approve|deny <pkg>` writes it):
// `false`, its scripts never run; `true` for one pinned version (`name@1.2.3`), they do. And the decision has its
// reason in SECURITY.md's install-scripts table. A new dependency that brings a script fails here until someone
// decides; an entry that no longer matches a package with a script is stale (`npm install-scripts prune`).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The package name of a lockfile key: the part after the last node_modules/ ('node_modules/a/node_modules/@s/b' → '@s/b'). */
export function packageName(key) {
  const at = key.lastIndexOf('node_modules/');
  return at === -1 ? null : key.slice(at + 'node_modules/'.length);
}

/** 'esbuild' → { name: 'esbuild' }; '@s/b@1.2.3' → { name: '@s/b', version: '1.2.3' }. */
export function parseEntry(key) {
  const at = key.lastIndexOf('@');
  return at > 0 ? { name: key.slice(0, at), version: key.slice(at + 1) } : { name: key };
}

/** The packages with install scripts, as 'name@version' with where they are installed. */
export function packagesWithScripts(lock) {
  const found = [];
  for (const [key, entry] of Object.entries(lock.packages ?? {})) {
    if (!entry.hasInstallScript || entry.link) continue;
    const name = entry.name ?? packageName(key);
    if (name) found.push({ name, version: entry.version, path: key });
  }
  return found;
}

/** The names SECURITY.md's install-scripts table gives a reason for: rows whose first cell is a name in backticks. */
export function reasonedNames(securityDoc) {
  const section = securityDoc.split(/^### Install scripts$/m)[1]?.split(/^#{2,3} /m)[0] ?? '';
  return new Set([...section.matchAll(/^\| `([^`]+)` \|[^|]*\|\s*\S[^|]*\|/gm)].map((m) => m[1]));
}

/** What is wrong, one line each; empty when every script is reviewed, decided in allowScripts and explained. */
export function lockfileProblems({ lock, allowScripts = {}, securityDoc = '' }) {
  const problems = [];
  const entries = Object.entries(allowScripts).map(([key, allowed]) => ({ key, allowed, ...parseEntry(key) }));
  const reasons = reasonedNames(securityDoc);
  const withScripts = packagesWithScripts(lock);
  for (const pkg of withScripts) {
    const matches = entries.filter((e) => e.name === pkg.name && (e.version === undefined || e.version === pkg.version));
    if (matches.length === 0) {
      problems.push(
        `${pkg.name}@${pkg.version} (${pkg.path}) has an install script nobody reviewed: read it, then \`npm install-scripts deny ${pkg.name}\` (or approve it pinned, if the package cannot work without it) and give the reason in SECURITY.md's install-scripts table`,
      );
    }
  }
  for (const e of entries) {
    if (typeof e.allowed !== 'boolean') problems.push(`allowScripts["${e.key}"] must be true or false`);
    if (e.allowed === true && e.version === undefined)
      problems.push(
        `allowScripts["${e.key}"] approves every future version: pin the one reviewed (${e.name}@<version>), so an upgrade is reviewed again`,
      );
    if (!withScripts.some((p) => p.name === e.name && (e.version === undefined || e.version === p.version)))
      problems.push(
        `allowScripts["${e.key}"] matches no package with an install script in package-lock.json: remove it (\`npm install-scripts prune\`)`,
      );
    if (!reasons.has(e.key))
      problems.push(
        `allowScripts["${e.key}"] has no reason in SECURITY.md's install-scripts table: add a row beginning "| \`${e.key}\` |"`,
      );
  }
  return problems;
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  const root = resolve(import.meta.dirname, '..');
  const read = (file) => readFileSync(resolve(root, file), 'utf8');
  const lock = JSON.parse(read('package-lock.json'));
  const problems = lockfileProblems({
    lock,
    allowScripts: JSON.parse(read('package.json')).allowScripts,
    securityDoc: read('SECURITY.md'),
  });
  const reviewed = packagesWithScripts(lock);
  if (problems.length) {
    console.error(
      `Install scripts in package-lock.json (${reviewed.length} packages have one):\n${problems.map((p) => `  ✗ ${p}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log(
    `Install scripts: ${reviewed.map((p) => `${p.name}@${p.version}`).join(', ') || 'none'}; each reviewed in allowScripts, with its reason in SECURITY.md.`,
  );
}
