// The dependency audit of `npm test`: `npm audit --omit=dev --json` against the registry, failing on any high or
// critical advisory in a production dependency that .audit-accepted.json does not accept (SECURITY.md, "Dependencies").
//
// An acceptance names the advisory (its GHSA id, or npm's numeric one), the package, the reason and the day it ends,
// at most 90 days ahead: past it the advisory fails the suite again until someone looks once more.
//
// When the audit cannot run: no answer from the registry (a network failure) fails, since CI reaches the registry; a
// registry that answers but does not offer npm's audit service (a mirror answering 404, 405 or 501, as the registry
// this project's machines reach does today) is reported loudly and passes, unless AUDIT_REQUIRED=1 makes it fail too.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const BLOCKING = new Set(['high', 'critical']);
export const MAX_ACCEPT_DAYS = 90;
const DAY_MS = 86_400_000;

/** The advisory's id as people write it: the GHSA id from its URL, else npm's number. */
export const advisoryId = (via) => /GHSA-[\w-]+/i.exec(via.url ?? '')?.[0] ?? String(via.source);

/** Every advisory in an npm audit report (v2), once each, with the packages it reaches through the tree. */
export function advisories(report) {
  const byId = new Map();
  for (const vulnerability of Object.values(report.vulnerabilities ?? {})) {
    for (const via of vulnerability.via ?? []) {
      if (typeof via !== 'object') continue;
      const id = advisoryId(via);
      const known = byId.get(id) ?? {
        id,
        source: via.source,
        package: via.name,
        title: via.title,
        url: via.url,
        severity: via.severity,
        range: via.range,
        effects: [],
      };
      known.effects = [...new Set([...known.effects, ...(vulnerability.effects ?? [])])];
      byId.set(id, known);
    }
  }
  return [...byId.values()];
}

/** What is wrong with the acceptances file, one line each. */
export function acceptanceProblems(accepted, today) {
  const problems = [];
  if (!Array.isArray(accepted)) return ['"accepted" must be a list'];
  for (const [i, a] of accepted.entries()) {
    const name = `accepted[${i}]${a?.id ? ` (${a.id})` : ''}`;
    if (!a || typeof a !== 'object') {
      problems.push(`${name} must be an object`);
      continue;
    }
    for (const field of ['id', 'package', 'reason', 'until'])
      if (typeof a[field] !== 'string' || !a[field].trim()) problems.push(`${name} needs "${field}"`);
    if (typeof a.until === 'string') {
      const until = Date.parse(`${a.until}T00:00:00Z`);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(a.until) || Number.isNaN(until)) problems.push(`${name}: "until" must be a day, YYYY-MM-DD`);
      else if (until - today.getTime() > MAX_ACCEPT_DAYS * DAY_MS)
        problems.push(`${name}: accepted until ${a.until}, more than ${MAX_ACCEPT_DAYS} days ahead: look again sooner`);
    }
  }
  return problems;
}

/**
 * Sorts the report's advisories: blocking (high or critical, not accepted), accepted (high or critical, accepted until
 * a day not yet past), expired (accepted until a day now past: blocking too), below (moderate and lower, reported
 * only), and the acceptances that match nothing any more (stale, to remove).
 */
export function assess(report, accepted, today) {
  const found = advisories(report);
  const day = today.toISOString().slice(0, 10);
  const acceptanceOf = (a) => accepted.find((x) => x.id.toLowerCase() === a.id.toLowerCase() || x.id === String(a.source));
  const result = { blocking: [], accepted: [], expired: [], below: [], stale: [] };
  for (const a of found) {
    if (!BLOCKING.has(a.severity)) result.below.push(a);
    else {
      const acceptance = acceptanceOf(a);
      if (!acceptance) result.blocking.push(a);
      else if (acceptance.until < day) result.expired.push({ ...a, acceptance });
      else result.accepted.push({ ...a, acceptance });
    }
  }
  result.stale = accepted.filter((x) => !found.some((a) => x.id.toLowerCase() === a.id.toLowerCase() || x.id === String(a.source)));
  return result;
}

/** Why npm audit gave no report: 'unreachable' (no answer) or 'unsupported' (the registry answered without the service). */
export function auditFailure(output) {
  const message = String(output?.message ?? output?.error?.summary ?? 'no report');
  const status = output?.statusCode ?? Number(/^(\d{3}) /.exec(message)?.[1]);
  return { kind: status >= 400 ? 'unsupported' : 'unreachable', status: status >= 400 ? status : undefined, message };
}

const line = (a) =>
  `${a.severity.padEnd(8)} ${a.id}  ${a.package} ${a.range ?? ''}  ${a.title}${a.effects.length ? ` (reaches ${a.effects.join(', ')})` : ''}  ${a.url ?? ''}`;

/** Runs the audit in `root` and prints what it found; the exit code. */
export async function main({ root, acceptedFile, today = new Date(), env = process.env, log = console.log, error = console.error }) {
  let accepted;
  try {
    accepted = JSON.parse(readFileSync(acceptedFile, 'utf8')).accepted;
  } catch (cause) {
    error(`Cannot read ${acceptedFile}: ${cause.message}`);
    return 1;
  }
  const problems = acceptanceProblems(accepted, today);
  if (problems.length) {
    error(`${acceptedFile}:\n${problems.map((p) => `  ✗ ${p}`).join('\n')}`);
    return 1;
  }
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // npm audit exits 1 whenever it finds anything: the JSON it prints is what counts.
  const run = await new Promise((done) =>
    // --prefer-online: npm keeps audit answers in its cache; a cached one could hide an advisory published since.
    execFile(
      npm,
      ['audit', '--omit=dev', '--json', '--prefer-online'],
      { cwd: root, env, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => done({ err, stdout, stderr }),
    ),
  );
  let output;
  try {
    output = JSON.parse(run.stdout);
  } catch {
    output = { message: run.stderr.trim().split('\n').at(-1) || run.err?.message || 'npm audit printed no JSON' };
  }
  if (!output.vulnerabilities) {
    const failure = auditFailure(output);
    if (failure.kind === 'unsupported' && env.AUDIT_REQUIRED !== '1') {
      error(
        `⚠ Dependencies NOT audited: the registry answered HTTP ${failure.status} to npm's audit request, so it does not offer the audit service (${failure.message}).\n  Run \`npm audit --omit=dev\` where the npm registry itself is reachable; AUDIT_REQUIRED=1 makes this a failure.`,
      );
      return 0;
    }
    error(
      `✗ The dependency audit could not run: ${failure.message}\n  It needs the npm registry's audit service (npm audit). Fix the connection and run it again.`,
    );
    return 1;
  }
  const result = assess(output, accepted, today);
  const counts = output.metadata?.vulnerabilities ?? {};
  log(
    `npm audit --omit=dev: ${output.metadata?.dependencies?.prod ?? '?'} production packages; advisories: critical ${counts.critical ?? 0}, high ${counts.high ?? 0}, moderate ${counts.moderate ?? 0}, low ${counts.low ?? 0}.`,
  );
  for (const a of result.below) log(`  (reported, not blocking) ${line(a)}`);
  for (const a of result.accepted) log(`  accepted until ${a.acceptance.until}: ${line(a)}\n    because ${a.acceptance.reason}`);
  for (const x of result.stale) log(`  ${acceptedFile}: ${x.id} (${x.package}) matches no advisory any more: remove it`);
  const failing = [...result.blocking, ...result.expired];
  if (failing.length) {
    error(`✗ ${failing.length} high or critical advisor${failing.length === 1 ? 'y' : 'ies'} in production dependencies:`);
    for (const a of result.blocking) error(`  ${line(a)}`);
    for (const a of result.expired)
      error(`  ${line(a)}\n    its acceptance ended on ${a.acceptance.until}: upgrade, or look again and accept it anew`);
    error(
      'Upgrade (`npm audit fix --omit=dev`, or the package that brings it), or accept it in .audit-accepted.json with a reason (SECURITY.md, "Dependencies").',
    );
    return 1;
  }
  return 0;
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  const root = resolve(import.meta.dirname, '..');
  process.exit(await main({ root, acceptedFile: resolve(root, '.audit-accepted.json') }));
}
