import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page, Request, Response } from 'playwright-core';

/**
 * The journey guard: every page a journey opens through useBrowser().newPage fails its test on
 * - a console error or warning (React's and React Router's warnings arrive as either) and an uncaught exception;
 * - a same-origin request that fails, or is answered with a 4xx or 5xx, unless the test allows that answer;
 * - a serious or critical axe-core violation, checked once per screen (pathname with ids reduced, plus ?modal=) at
 *   each checkPage(page) and on the screen the page shows when the test ends.
 *
 * Allowances are per page (so per test) and each names what it allows and why: a 4xx the app expects and handles
 * (a session probe, a wrong password, a 404 the test visits on purpose), a console message a test provokes on purpose
 * (a blocked script in the XSS journey), an axe rule on content that is not ours (a third-party
 * frame, a preview of a tenant's chosen colours), anywhere or only `within` a selector.
 */
export type Allowance =
  | { status: number; path: string | RegExp; method?: string; reason: string }
  | { console: RegExp; reason: string }
  | { axeRule: string; within?: string; reason: string };

interface Guard {
  problems: string[];
  allowances: Allowance[];
  checked: Set<string>;
  axe: boolean;
  done: boolean;
}

const guards = new WeakMap<Page, Guard>();
const require = createRequire(import.meta.url);
let axeSource: string | undefined;
const axeScript = () => (axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

function guardOf(page: Page): Guard {
  const guard = guards.get(page);
  if (!guard) throw new Error('this page has no journey guard: open it with useBrowser().newPage');
  return guard;
}

function isSameOrigin(page: Page, url: string, appPort: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (!target.protocol.startsWith('http')) return false;
  // Every tenant host of the journeys' server ({slug}.localhost and the bare host) is the app's own.
  if (target.port === appPort && (target.hostname === 'localhost' || target.hostname.endsWith('.localhost'))) return true;
  try {
    return target.origin === new URL(page.url()).origin;
  } catch {
    return false;
  }
}

const pathOf = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};

function allowedAnswer(guard: Guard, request: Request, status: number): boolean {
  const path = pathOf(request.url());
  return guard.allowances.some(
    (a) =>
      'status' in a &&
      a.status === status &&
      (a.method === undefined || a.method.toUpperCase() === request.method()) &&
      (typeof a.path === 'string' ? a.path === path : a.path.test(path)),
  );
}

/** Starts watching a new page; `appPort` is the journeys' server, whose every tenant host counts as same-origin. */
const CUT_HANDSHAKE =
  /^WebSocket connection to '[^']+\/api\/v1\/socket\/[^']*' failed: WebSocket is closed before the connection is established\.$/;

export function guardPage(page: Page, options: { appPort: string; axe?: boolean }): void {
  const guard: Guard = { problems: [], allowances: [], checked: new Set(), axe: options.axe ?? true, done: false };
  guards.set(page, guard);
  const report = (problem: string) => {
    if (!guard.done) guard.problems.push(problem);
  };
  page.on('console', (message) => {
    const type = message.type();
    if (type !== 'error' && type !== 'warning') return;
    const text = message.text();
    // Chromium's own line for an answer >= 400; the response handler below judges same-origin ones (and their allowances).
    if (text.startsWith('Failed to load resource') && isSameOrigin(page, message.location().url, options.appPort)) return;
    // Chromium's own line when a page goes elsewhere (or signs out) while the session socket's upgrade is in flight: the
    // browser ending a handshake the page no longer needs, which under load a journey's `goto` right after sign-in meets.
    if (type === 'warning' && CUT_HANDSHAKE.test(text)) return;
    if (guard.allowances.some((a) => 'console' in a && a.console.test(text))) return;
    report(`console.${type === 'warning' ? 'warn' : 'error'} on ${page.url()}: ${text}`);
  });
  page.on('pageerror', (error) => report(`uncaught ${error.name} on ${page.url()}: ${error.message}`));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? 'failed';
    // An abort is the page's own choice (a navigation away, a cancelled query), not a failure.
    if (failure === 'net::ERR_ABORTED' || !isSameOrigin(page, request.url(), options.appPort)) return;
    report(`request failed on ${page.url()}: ${request.method()} ${request.url()} (${failure})`);
  });
  page.on('response', (response: Response) => {
    const status = response.status();
    const request = response.request();
    if (status < 400 || !isSameOrigin(page, response.url(), options.appPort)) return;
    if (status < 500 && allowedAnswer(guard, request, status)) return;
    report(`${status} answer on ${page.url()}: ${request.method()} ${response.url()}`);
  });
}

/** Allows this page (this test) exactly these answers, console messages or axe rules, each with its reason. */
export function allow(page: Page, ...allowances: Allowance[]): void {
  for (const a of allowances) {
    if (!a.reason.trim()) throw new Error('an allowance needs its reason');
    if ('status' in a && (a.status < 400 || a.status >= 500)) throw new Error('only a 4xx answer can be allowed; a 5xx is always a bug');
  }
  guardOf(page).allowances.push(...allowances);
}

/** The screen a URL shows: its pathname with ids (uuids, numbers, long tokens) reduced to :id, and its modal. */
export function screenOf(url: string): string {
  const parsed = new URL(url);
  const path = parsed.pathname
    .split('/')
    .map((s) => (/^[0-9a-f]{8}-[0-9a-f]{4}-|^\d+$|^[A-Za-z0-9_-]{20,}$/.test(s) ? ':id' : s))
    .join('/');
  const modal = parsed.searchParams.get('modal');
  return `${parsed.host}${path}${modal ? `?modal=${modal}` : ''}`;
}

interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Waits (up to 10 s) for what is still loading or moving to settle, so that axe judges the screen a user reads. A
 * settled screen costs no wait; on a loaded machine a card's fade-in outlasted 2 s and axe measured its half-faded
 * text's contrast (a marketplace journey, run beside the web component tests).
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const deadline = performance.now() + 10_000;
    const busy = () =>
      document.querySelector('[role=progressbar]:not([aria-valuenow]), .MuiSkeleton-root') !== null ||
      document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    while (busy() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  });
}

async function runAxe(page: Page, guard: Guard): Promise<void> {
  const screen = screenOf(page.url());
  if (guard.checked.has(screen)) return;
  guard.checked.add(screen);
  await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeScript());
  const scoped = guard.allowances.flatMap((a) => ('axeRule' in a && a.within ? [{ rule: a.axeRule, within: a.within }] : []));
  const findings = await page.evaluate(async (scoped) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const excused = (rule: string, target: unknown[]) =>
      scoped.some((s) => s.rule === rule && typeof target[0] === 'string' && document.querySelector(target[0])?.closest(s.within));
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      iframes: false,
      // Experimental in axe 4.14, and a rule the issue's audit found broken: a control's name must contain its visible text.
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      // The selector axe gives is often an emotion class; the element's opening tag says which it is.
      targets: v.nodes
        .filter((n) => !excused(v.id, n.target))
        .map((n) => `${n.target.join(' ')} ${n.html.replace(/\s+/g, ' ').slice(0, 160)}`),
    }));
  }, scoped);
  const allowed = new Set(guard.allowances.flatMap((a) => ('axeRule' in a && !a.within ? [a.axeRule] : [])));
  for (const f of findings as AxeFinding[]) {
    if (!BLOCKING_IMPACTS.has(f.impact) || allowed.has(f.id) || f.targets.length === 0) continue;
    const shown = f.targets.slice(0, 5).join('\n    ');
    const more = f.targets.length > 5 ? ` (+${f.targets.length - 5} more)` : '';
    guard.problems.push(`axe ${f.id} (${f.impact}) on ${page.url()}: ${f.help}; at\n    ${shown}${more}`);
  }
}

/**
 * Checks the screen the page shows now with axe-core (once per screen per test); call it after each navigation to a
 * new screen, once what the test waits for is on it. The last screen of every page is checked when the test ends.
 */
export async function checkPage(page: Page): Promise<void> {
  const guard = guardOf(page);
  if (guard.axe) await runAxe(page, guard);
}

/** What the guard has found on the page so far. */
export const problemsOf = (page: Page): readonly string[] => guardOf(page).problems;

/**
 * Ends the guard of a page: checks its last screen (unless the test has failed already, or the page is closed) and
 * hands over everything it found (once: a spec that takes the findings to test the guard leaves none for afterEach).
 */
export async function finishGuard(page: Page, options: { axe: boolean }): Promise<string[]> {
  const guard = guardOf(page);
  if (options.axe && guard.axe && !guard.done && !page.isClosed() && page.url().startsWith('http')) {
    try {
      await runAxe(page, guard);
    } catch (error) {
      // A page the test closed meanwhile (a popup, a context ending) has no screen left to check.
      if (!page.isClosed() && !/has been closed/.test((error as Error).message))
        guard.problems.push(`axe could not check ${page.url()}: ${(error as Error).message}`);
    }
  }
  guard.done = true;
  const found = guard.problems;
  guard.problems = [];
  return found;
}
