// The supply-chain checks' own tests (node --test): the lockfile's install scripts against allowScripts and SECURITY.md,
// and the audit against a stand-in registry on this machine answering as npm's audit service does (and as a registry
// without it, and as no registry at all).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { test } from 'node:test';
import { acceptanceProblems, assess, auditFailure, main } from './audit.mjs';
import { lockfileProblems, packageName, packagesWithScripts } from './lockfile-check.mjs';

const root = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'supply-chain-'));
// Removed when the process ends, whatever the outcome (a root `after` would run after the first awaited test).
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

// ── Install scripts ─────────────────────────────────────────────────────────────────────────────────────────────

const lock = {
  packages: {
    '': { name: 'app' },
    'node_modules/esbuild': { version: '0.28.2', hasInstallScript: true },
    'node_modules/drizzle-kit/node_modules/esbuild': { version: '0.25.12', hasInstallScript: true, dev: true },
    'node_modules/@s/native': { version: '1.2.3', hasInstallScript: true },
    'node_modules/plain': { version: '1.0.0' },
    'apps/api': { name: '@tessera/api', hasInstallScript: true, link: true },
  },
};
const doc = (...names) =>
  `# Security\n\n### Install scripts\n\n| Package | Decision | Why |\n| --- | --- | --- |\n${names.map((n) => `| \`${n}\` | denied | because |`).join('\n')}\n\n### Next\n`;

await test('names the packages with install scripts, nested and scoped ones too, not workspace links', () => {
  assert.equal(packageName('node_modules/a/node_modules/@s/b'), '@s/b');
  assert.deepEqual(
    packagesWithScripts(lock).map((p) => `${p.name}@${p.version}`),
    ['esbuild@0.28.2', 'esbuild@0.25.12', '@s/native@1.2.3'],
  );
});

await test('passes when every package with a script is decided in allowScripts and explained', () => {
  const allowScripts = { esbuild: false, '@s/native@1.2.3': true };
  assert.deepEqual(lockfileProblems({ lock, allowScripts, securityDoc: doc('esbuild', '@s/native@1.2.3') }), []);
});

await test('refuses a package with a script nobody reviewed, saying what to do', () => {
  const problems = lockfileProblems({ lock, allowScripts: { esbuild: false }, securityDoc: doc('esbuild') });
  assert.equal(problems.length, 1);
  assert.match(
    problems[0],
    /^@s\/native@1\.2\.3 \(node_modules\/@s\/native\) has an install script nobody reviewed: .*npm install-scripts deny @s\/native/,
  );
});

await test('refuses an approval of every version, a stale entry, a non-boolean and a decision without its reason', () => {
  const problems = lockfileProblems({
    lock,
    allowScripts: { esbuild: false, '@s/native': true, 'gone@1.0.0': false, plain: 'yes' },
    securityDoc: doc('esbuild', '@s/native', 'gone@1.0.0'),
  });
  assert.deepEqual(
    problems.map((p) => p.replace(/:.*/, '')),
    [
      'allowScripts["@s/native"] approves every future version',
      'allowScripts["gone@1.0.0"] matches no package with an install script in package-lock.json',
      'allowScripts["plain"] must be true or false',
      'allowScripts["plain"] matches no package with an install script in package-lock.json',
      `allowScripts["plain"] has no reason in SECURITY.md's install-scripts table`,
    ],
  );
  // A version pin that no longer matches (the package was upgraded) is no decision about the new version.
  const upgraded = lockfileProblems({
    lock,
    allowScripts: { esbuild: false, '@s/native@1.0.0': true },
    securityDoc: doc('esbuild', '@s/native@1.0.0'),
  });
  assert.equal(upgraded.length, 2);
});

// ── The audit ───────────────────────────────────────────────────────────────────────────────────────────────────

const today = new Date('2026-11-27T12:00:00Z');
const advisory = (id, severity, name = 'fast-json-stringify') => ({
  source: id,
  name,
  dependency: name,
  title: `Advisory ${id}`,
  url: `https://github.com/advisories/GHSA-${id}-xxxx-yyyy`,
  severity,
  range: '<99.0.0',
});
const report = (...vias) => ({
  auditReportVersion: 2,
  vulnerabilities: Object.fromEntries(
    vias.map((v) => [v.name, { name: v.name, severity: v.severity, via: [v, 'other'], effects: ['fastify'] }]),
  ),
  metadata: { vulnerabilities: {}, dependencies: { prod: 1 } },
});

await test('blocks high and critical advisories, reports lower ones, and lets an accepted one pass until its day', () => {
  const result = assess(
    report(advisory(1, 'critical', 'a'), advisory(2, 'high', 'b'), advisory(3, 'moderate', 'c'), advisory(4, 'high', 'd')),
    [
      { id: 'GHSA-2-xxxx-yyyy', package: 'b', reason: 'not reachable: we never parse untrusted input with it', until: '2026-12-31' },
      { id: '4', package: 'd', reason: 'waiting for the fix', until: '2026-11-26' },
      { id: 'GHSA-9-gone-gone', package: 'e', reason: 'fixed since', until: '2026-12-01' },
    ],
    today,
  );
  assert.deepEqual(
    result.blocking.map((a) => a.id),
    ['GHSA-1-xxxx-yyyy'],
  );
  assert.deepEqual(
    result.accepted.map((a) => a.id),
    ['GHSA-2-xxxx-yyyy'],
  );
  assert.deepEqual(
    result.expired.map((a) => a.id),
    ['GHSA-4-xxxx-yyyy'],
  );
  assert.deepEqual(
    result.below.map((a) => a.id),
    ['GHSA-3-xxxx-yyyy'],
  );
  assert.deepEqual(
    result.stale.map((x) => x.id),
    ['GHSA-9-gone-gone'],
  );
});

await test('an acceptance needs its reason and an end at most 90 days ahead', () => {
  assert.deepEqual(acceptanceProblems([{ id: 'GHSA-1', package: 'a', reason: 'r', until: '2027-01-15' }], today), []);
  assert.deepEqual(
    acceptanceProblems(
      [
        { id: 'GHSA-1', package: 'a', reason: ' ', until: '2027-06-01' },
        { id: 'GHSA-2', package: 'b', reason: 'r', until: 'soon' },
      ],
      today,
    ),
    [
      'accepted[0] (GHSA-1) needs "reason"',
      'accepted[0] (GHSA-1): accepted until 2027-06-01, more than 90 days ahead: look again sooner',
      'accepted[1] (GHSA-2): "until" must be a day, YYYY-MM-DD',
    ],
  );
});

await test('tells a registry without the audit service from no answer at all', () => {
  assert.deepEqual(
    auditFailure({ message: '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk', statusCode: 405 }),
    {
      kind: 'unsupported',
      status: 405,
      message: '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk',
    },
  );
  assert.equal(auditFailure({ message: 'request to http://127.0.0.1:9/ failed, reason: connect ECONNREFUSED' }).kind, 'unreachable');
});

/** A registry on this machine: POST …/advisories/bulk answers `bulk` (or the status), everything else 404. */
let answer = { status: 200, bulk: {} };
const registry = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    if (req.method === 'POST' && req.url.includes('/security/advisories/bulk')) {
      const body = Buffer.concat(chunks);
      // npm sends the installed packages and their versions, gzipped.
      JSON.parse((req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString());
      res.statusCode = answer.status;
      res.setHeader('content-type', 'application/json');
      res.end(answer.status === 200 ? JSON.stringify(answer.bulk) : '');
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  });
});
await new Promise((ok) => registry.listen(0, '127.0.0.1', ok));
// It does not keep the process alive; the last test closes it.
registry.unref();

async function audit(accepted, env = {}) {
  const file = join(dir, `accepted-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ accepted }));
  const out = [];
  const code = await main({
    root,
    acceptedFile: file,
    today,
    env: {
      ...process.env,
      npm_config_registry: `http://127.0.0.1:${registry.address().port}/`,
      npm_config_fetch_retries: '0',
      // npm keeps audit answers in its cache: each call asks the stand-in afresh.
      npm_config_cache: join(dir, `cache-${Math.random().toString(36).slice(2)}`),
      ...env,
    },
    log: (line) => out.push(line),
    error: (line) => out.push(line),
  });
  return { code, out: out.join('\n') };
}

// A real production dependency of this repository (package-lock.json), with a made-up advisory.
const bulk = (severity) => ({
  'fast-json-stringify': [
    { id: 1234567, url: 'https://github.com/advisories/GHSA-test-test-test', title: 'Made up', severity, vulnerable_versions: '<99.0.0' },
  ],
});

await test('npm audit through the script: a high advisory in a production dependency fails, naming it', async () => {
  answer = { status: 200, bulk: bulk('high') };
  const { code, out } = await audit([]);
  assert.equal(code, 1, out);
  assert.match(
    out,
    /✗ 1 high or critical advisory in production dependencies:\n\s+high\s+GHSA-test-test-test {2}fast-json-stringify <99\.0\.0 {2}Made up/,
  );
});

await test('npm audit through the script: an accepted advisory passes and says why; a moderate one only shows', async () => {
  answer = { status: 200, bulk: bulk('critical') };
  const accepted = [
    { id: 'GHSA-test-test-test', package: 'fast-json-stringify', reason: 'we serialize only our own schemas', until: '2026-12-15' },
  ];
  const { code, out } = await audit(accepted);
  assert.equal(code, 0, out);
  assert.match(out, /accepted until 2026-12-15: critical GHSA-test-test-test[\s\S]*because we serialize only our own schemas/);
  answer = { status: 200, bulk: bulk('moderate') };
  const moderate = await audit([]);
  assert.equal(moderate.code, 0, moderate.out);
  assert.match(moderate.out, /\(reported, not blocking\) moderate/);
});

await test('npm audit through the script: a registry without the audit service passes loudly, unless AUDIT_REQUIRED=1', async () => {
  answer = { status: 405 };
  const lenient = await audit([]);
  assert.equal(lenient.code, 0, lenient.out);
  assert.match(lenient.out, /⚠ Dependencies NOT audited: the registry answered HTTP 405/);
  const strict = await audit([], { AUDIT_REQUIRED: '1' });
  assert.equal(strict.code, 1, strict.out);
  assert.match(strict.out, /✗ The dependency audit could not run: 405/);
});

await test('npm audit through the script: no registry at all fails closed', async () => {
  const { code, out } = await audit([], { npm_config_registry: 'http://127.0.0.1:9/' });
  assert.equal(code, 1, out);
  assert.match(out, /✗ The dependency audit could not run: .*ECONNREFUSED/);
});

registry.close();
