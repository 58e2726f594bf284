/**
 * AI advisor benchmark (issue #24): the real app with the built-in advisor in a child process (advisor-server.ts), on a
 * tenant of its own with BENCH_OFFERS generated offers (default 200, about 70 % listed) and people signed up through
 * the API. Two targets:
 * - memory: BENCH_CLIENTS (1,000) authenticated Socket.IO clients (websocket transport, the sessions of
 *   BENCH_IDLE_USERS people shared among them) add at most 50 MB to the API process's RSS, each measured after a full
 *   garbage collection;
 * - round trip: while they stay connected, questions go out at BENCH_RATE (20) per second for BENCH_DURATION (15) s
 *   from ten other people, one socket each; from the emit of `aiadvisor:chat` to its `aiadvisor:finished`, p95 < 200 ms.
 * Before them, each question is asked twice one at a time (its cost with nothing queued). Prints the tables, the
 * latency per question and PASS/FAIL per target, writes results/advisor-<engine>.json (PGlite, or PostgreSQL with
 * BENCH_DATABASE_URL). Exits 0 unless --strict and a target fails. `--quick`: 100 clients (the 50 MB bound kept, so it
 * catches only a gross leak), 3 s of questions, the round-trip bound doubled. `npm run bench -- advisor`.
 */
import { fork, type ChildProcess } from 'node:child_process';

import { availableParallelism, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ADVISOR_EVENTS,
  advisorErrorEvent,
  advisorFinishedEvent,
  advisorStartEvent,
  REALTIME_PATH,
  type AdvisorChatRequest,
} from '@tessera/domain';
import { io, type Socket } from 'socket.io-client';
import type { AdvisorRunnerMessage, AdvisorServerMessage, Memory } from './advisor-server.ts';
import { nextMessage as nextServerMessage, serverControls } from './child-server.ts';
import type { LoopDelay } from './protocol.ts';
import { looseMs, positive } from './options.ts';
import { builtFile } from './built.ts';
import { pgliteTemplate } from './pglite-template.ts';
import { startEarly, take } from './prestart.ts';

/** The key of the server a `--quick` run starts before its first section (prestart.ts). */
const EARLY_SERVER = 'advisor server';
import { check, checkTable, ms, table, type Check, writeResultsFile } from './report.ts';
import type { Section, SectionOptions, SectionResult } from './section.ts';
import { isMain, runStandalone } from './standalone.ts';

const TARGETS = { addedRssMb: 50, roundTripP95Ms: 200 };
/**
 * People asking, one socket each: the socket layer takes at most CLIENT_EVENTS_MAX (30) events per 10 s from one socket
 * and drops the rest unanswered (apps/api/src/lib/realtime.ts), so each asks at most 2 a second.
 */
const ASKER_RATE_MAX = 2;
const MIN_ASKERS = 10;
const CONNECT_BATCH = 50;
const CONNECT_TIMEOUT_MS = 5_000;
/** A question without its answer by then counts as lost. */
const ANSWER_TIMEOUT_MS = 10_000;
const WARMUP_QUESTIONS = 40;
const STOP_GRACE_MS = 15_000;
const MB = 1024 * 1024;

/** What the bench asks, in turn: listing and filtering, comparison, glossary, accreditation, a refusal, an unknown. */
export const QUESTIONS = [
  'Which open offers have a target IRR above 15%?',
  'Which offers have the lowest minimum investment?',
  'What is an equity multiple?',
  'Who counts as an accredited investor?',
  'Compare the multi-family offers with a target IRR above 10%',
  'Which industrial offers are open with a minimum investment under $50,000?',
  'Should I invest in the Harbor Logistics offer?',
  'Show upcoming retail offers with a holding period of at most 3 years',
  'What does preferred return mean?',
  'What will the weather be tomorrow?',
] as const;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : Number.NaN;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const progress = (text: string) => process.stdout.write(`  ${text}\n`);

// ── The server process ───────────────────────────────────────────────────────────────────

interface AdvisorServer {
  appUrl: string;
  offers: number;
  readMemory(): Promise<Memory>;
  resetLoopDelay(): void;
  readLoopDelay(): Promise<LoopDelay>;
  stop(): Promise<void>;
}

const nextMessage = <T extends AdvisorServerMessage['type']>(child: ChildProcess, type: T) =>
  nextServerMessage<AdvisorServerMessage, T>(child, type, 'the advisor bench server');

/** Forks advisor-server.ts (built, built.ts; --expose-gc so memory is read after a full collection) and waits until it listens. */
async function startAdvisorServer(): Promise<AdvisorServer> {
  const [file, template] = await Promise.all([
    builtFile('advisor-server.js'),
    process.env.BENCH_DATABASE_URL ? undefined : pgliteTemplate(),
  ]);
  const child = fork(file, {
    execArgv: ['--expose-gc'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ...(template ? { BENCH_PGLITE_TEMPLATE: template } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const send = (message: AdvisorRunnerMessage) => child.send(message);
  const { appUrl, offers } = await nextMessage(child, 'ready');
  return {
    appUrl,
    offers,
    async readMemory() {
      const reply = nextMessage(child, 'memory');
      send({ type: 'read-memory' });
      return (await reply).memory;
    },
    ...serverControls(child, STOP_GRACE_MS, 'the advisor bench server'),
  };
}

// ── People and sockets ───────────────────────────────────────────────────────────────────

/** A new person of the bench tenant (the server's default tenant, served at its bare address): their session token. */
async function signUp(appUrl: string, n: number): Promise<string> {
  const response = await fetch(`${appUrl}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `advisor-bench-${n}-${Date.now().toString(36)}@example.com`,
      password: `orchard-${Math.random().toString(36).slice(2)}-lantern`,
      firstname: 'Bench',
      lastname: `Asker ${n}`,
      acceptDisclosures: true,
    }),
  });
  if (!response.ok) throw new Error(`sign-up ${n} answered ${response.status}: ${await response.text()}`);
  const { data } = (await response.json()) as { data: { token: string } };
  return data.token;
}

/** A Socket.IO client as the web app connects: websocket transport, the token in the handshake, 5 s timeout. */
function connect(appUrl: string, token: string): Promise<Socket> {
  const socket = io(appUrl, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
    timeout: CONNECT_TIMEOUT_MS,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(new Error(`the socket was refused: ${error.message}`));
    });
  });
}

/** `count` sockets, CONNECT_BATCH handshakes at a time, the tokens taken in turn. */
async function connectMany(appUrl: string, tokens: string[], count: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let start = 0; start < count; start += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - start) }, (_, i) =>
      connect(appUrl, tokens[(start + i) % tokens.length]!),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

// ── Questions ────────────────────────────────────────────────────────────────────────────

interface Asker {
  socket: Socket;
  threadId: string | null;
}

interface Pending {
  sentAt: number;
  startedAt?: number;
  resolve(outcome: Outcome): void;
}

type Outcome =
  | { kind: 'answered'; roundTripMs: number; startMs: number }
  | { kind: 'error'; code: string }
  /** No answer in time: whether its start event came, and whether it went to a new thread. */
  | { kind: 'timeout'; started: boolean; newThread: boolean };
/** An outcome and which of QUESTIONS it answers. */
type Asked = Outcome & { question: number };

/** Each asker's events, matched to the questions waiting for them by clientMessageId. */
function listen(asker: Asker, pending: Map<string, Pending>): void {
  asker.socket.on(ADVISOR_EVENTS.start, (payload: unknown) => {
    const parsed = advisorStartEvent.safeParse(payload);
    if (!parsed.success) return;
    const waiting = pending.get(parsed.data.clientMessageId);
    if (waiting) waiting.startedAt ??= performance.now();
  });
  asker.socket.on(ADVISOR_EVENTS.finished, (payload: unknown) => {
    const now = performance.now();
    const parsed = advisorFinishedEvent.safeParse(payload);
    if (!parsed.success) return;
    asker.threadId ??= parsed.data.threadId;
    const waiting = pending.get(parsed.data.clientMessageId);
    if (!waiting) return;
    pending.delete(parsed.data.clientMessageId);
    waiting.resolve({ kind: 'answered', roundTripMs: now - waiting.sentAt, startMs: (waiting.startedAt ?? now) - waiting.sentAt });
  });
  asker.socket.on(ADVISOR_EVENTS.error, (payload: unknown) => {
    const parsed = advisorErrorEvent.safeParse(payload);
    if (!parsed.success || !parsed.data.clientMessageId) return;
    const waiting = pending.get(parsed.data.clientMessageId);
    if (!waiting) return;
    pending.delete(parsed.data.clientMessageId);
    waiting.resolve({ kind: 'error', code: parsed.data.code });
  });
}

let questionSequence = 0;
function ask(asker: Asker, pending: Map<string, Pending>, message: string): Promise<Outcome> {
  const clientMessageId = `bench-${++questionSequence}`;
  const request: AdvisorChatRequest = { message, threadId: asker.threadId, offerIds: [], clientMessageId };
  return new Promise<Outcome>((resolve) => {
    const timer = setTimeout(() => {
      const waiting = pending.get(clientMessageId);
      pending.delete(clientMessageId);
      resolve({ kind: 'timeout', started: waiting?.startedAt !== undefined, newThread: request.threadId === null });
    }, ANSWER_TIMEOUT_MS);
    pending.set(clientMessageId, {
      sentAt: performance.now(),
      resolve: (outcome) => {
        clearTimeout(timer);
        resolve(outcome);
      },
    });
    asker.socket.emit(ADVISOR_EVENTS.chat, request);
  });
}

/** `count` questions at `rate` per second, the askers and the questions taken in turn, each sent on its schedule. */
async function askAtRate(askers: Asker[], pending: Map<string, Pending>, rate: number, count: number) {
  const interval = 1000 / rate;
  const begin = performance.now();
  const outcomes: Promise<Asked>[] = [];
  let maxLateMs = 0;
  for (let k = 0; k < count; k++) {
    const due = begin + k * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    maxLateMs = Math.max(maxLateMs, performance.now() - due);
    // Shifted each round, so every asker asks every question in turn.
    const question = (k + Math.floor(k / askers.length)) % QUESTIONS.length;
    outcomes.push(ask(askers[k % askers.length]!, pending, QUESTIONS[question]!).then((o) => ({ ...o, question })));
  }
  const sendingSeconds = (performance.now() - begin) / 1000;
  return { outcomes: await Promise.all(outcomes), sendingSeconds, maxLateMs };
}

/** Each question once, one at a time from one asker: what a question costs with nothing queued before it. */
async function askOneAtATime(asker: Asker, pending: Map<string, Pending>, rounds: number): Promise<Asked[]> {
  const outcomes: Asked[] = [];
  for (let k = 0; k < rounds * QUESTIONS.length; k++) {
    const question = k % QUESTIONS.length;
    outcomes.push({ ...(await ask(asker, pending, QUESTIONS[question]!)), question });
  }
  return outcomes;
}

interface Latencies {
  answered: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

function latencies(outcomes: Outcome[], of: 'roundTripMs' | 'startMs' = 'roundTripMs'): Latencies {
  const sorted = outcomes.flatMap((o) => (o.kind === 'answered' ? [o[of]] : [])).sort((a, b) => a - b);
  return {
    answered: sorted.length,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? Number.NaN,
  };
}

// ── The bench ────────────────────────────────────────────────────────────────────────────

async function runAdvisor({ quick }: SectionOptions): Promise<SectionResult> {
  const clients = Math.round(positive('BENCH_CLIENTS', quick ? 50 : 1000));
  const idleUsers = Math.round(positive('BENCH_IDLE_USERS', quick ? 2 : 10));
  const rate = positive('BENCH_RATE', 20);
  const duration = positive('BENCH_DURATION', quick ? 2 : 15);
  const roundTripP95Ms = looseMs(TARGETS.roundTripP95Ms, quick);
  const questions = Math.round(rate * duration);
  const askerCount = Math.max(MIN_ASKERS, Math.ceil(rate / ASKER_RATE_MAX));
  process.stdout.write(
    `Tessera advisor bench: ${clients} clients over ${idleUsers} people, then ${questions} questions at ${rate}/s from ${askerCount} more, built-in advisor, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, Node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)}\n`,
  );
  const started = performance.now();
  const server = await (take<AdvisorServer>(EARLY_SERVER) ?? startAdvisorServer());
  progress(`server ready in ${((performance.now() - started) / 1000).toFixed(1)} s (${server.offers} offers generated)`);
  const sockets: Socket[] = [];
  try {
    const tokens: string[] = [];
    // The askers, one more who asks one question at a time, and the people of the idle clients.
    for (let n = 0; n < askerCount + 1 + idleUsers; n++) tokens.push(await signUp(server.appUrl, n));
    const askerTokens = tokens.slice(0, askerCount + 1);
    const idleTokens = tokens.slice(askerCount + 1);

    const [solo, ...askers] = (await connectMany(server.appUrl, askerTokens, askerCount + 1)).map(
      (socket): Asker => ({ socket, threadId: null }),
    );
    if (!solo) throw new Error('no socket to ask from');
    sockets.push(solo.socket, ...askers.map((a) => a.socket));
    const pending = new Map<string, Pending>();
    for (const asker of [solo, ...askers]) listen(asker, pending);

    // Warm-up: every code path of the advisor and the socket runs before anything is measured.
    progress(`warm-up: ${WARMUP_QUESTIONS} questions at ${rate}/s`);
    const warm = await askAtRate(askers, pending, rate, WARMUP_QUESTIONS);
    const warmFailures = warm.outcomes.filter((o) => o.kind !== 'answered');
    // Said, not thrown: the memory of the connected clients is measured all the same; the round trips then fail.
    if (warmFailures.length > 0) progress(`${warmFailures.length} warm-up questions not answered, e.g. ${JSON.stringify(warmFailures[0])}`);

    progress(`one at a time: each of the ${QUESTIONS.length} questions twice`);
    const alone = await askOneAtATime(solo, pending, 2);
    const aloneLatency = latencies(alone);

    // (a) Memory of 1,000 more connected clients.
    const before = await server.readMemory();
    progress(`connecting ${clients} clients (${CONNECT_BATCH} handshakes at a time)`);
    const connectStart = performance.now();
    const idle = await connectMany(server.appUrl, idleTokens, clients);
    sockets.push(...idle);
    const connectSeconds = (performance.now() - connectStart) / 1000;
    const after = await server.readMemory();
    const stillConnected = idle.filter((s) => s.connected).length;
    const addedRss = after.rssBytes - before.rssBytes;
    const addedHeap = after.heapUsedBytes - before.heapUsedBytes;

    // (b) Round trips at the rate, the clients still connected.
    progress(`round trips: ${questions} questions at ${rate}/s over ${duration} s`);
    server.resetLoopDelay();
    const run = await askAtRate(askers, pending, rate, questions);
    const loopDelay = await server.readLoopDelay();
    const answered = run.outcomes.flatMap((o) => (o.kind === 'answered' ? [o] : []));
    const errors = run.outcomes.flatMap((o) => (o.kind === 'error' ? [o.code] : []));
    const lost = run.outcomes.flatMap((o) =>
      o.kind === 'timeout' ? [{ question: QUESTIONS[o.question], started: o.started, newThread: o.newThread }] : [],
    );
    const timeouts = lost.length;
    for (const l of lost)
      progress(
        `unanswered: '${l.question}' (${l.started ? 'its start came' : 'no start event'}, ${l.newThread ? 'a new thread' : 'an existing thread'})`,
      );
    const roundTrip = latencies(run.outcomes);
    const start = latencies(run.outcomes, 'startMs');
    const byQuestion = QUESTIONS.map((text, question) => ({
      question: text,
      alone: latencies(alone.filter((o) => o.question === question)),
      atRate: latencies(run.outcomes.filter((o) => o.question === question)),
    }));
    const errorCodes = Object.fromEntries([...new Set(errors)].map((code) => [code, errors.filter((c) => c === code).length]));

    const allConnected = stillConnected === clients;
    const allAnswered = answered.length === questions;
    const checks: Check[] = [
      {
        ...check(`RSS added by ${clients} clients`, mb(addedRss), `<= ${TARGETS.addedRssMb} MB`, addedRss <= TARGETS.addedRssMb * MB),
        ...(allConnected ? {} : { pass: false, note: `invalid: ${clients - stillConnected} clients not connected` }),
      },
      {
        ...check(`round trip p95 at ${rate} msg/s`, ms(roundTrip.p95Ms), `< ${roundTripP95Ms} ms`, roundTrip.p95Ms < roundTripP95Ms),
        ...(allAnswered
          ? {}
          : { pass: false, note: `invalid: ${errors.length} errors ${JSON.stringify(errorCodes)}, ${timeouts} unanswered` }),
      },
    ];

    process.stdout.write(
      `\n${table(
        ['clients', 'connected', 'connect time', 'RSS before', 'RSS after', 'RSS added', 'per client', 'heap added', 'TCP connections'],
        [
          [
            String(clients),
            String(stillConnected),
            `${connectSeconds.toFixed(1)} s`,
            mb(before.rssBytes),
            mb(after.rssBytes),
            mb(addedRss),
            `${(addedRss / clients / 1024).toFixed(1)} KB`,
            mb(addedHeap),
            `${before.connections} → ${after.connections}`,
          ],
        ],
      )}\n\n${table(
        ['one at a time', 'answered', 'finished p50', 'p95', 'p99', 'max'],
        [
          [
            `${alone.length} questions`,
            String(aloneLatency.answered),
            ms(aloneLatency.p50Ms),
            ms(aloneLatency.p95Ms),
            ms(aloneLatency.p99Ms),
            ms(aloneLatency.maxMs),
          ],
        ],
      )}\n\n${table(
        [
          'questions',
          'rate',
          'answered',
          'errors',
          'unanswered',
          'start p50',
          'start p95',
          'finished p50',
          'p95',
          'p99',
          'max',
          'loop delay p99',
        ],
        [
          [
            String(questions),
            `${(questions / run.sendingSeconds).toFixed(1)}/s`,
            String(answered.length),
            String(errors.length),
            String(timeouts),
            ms(start.p50Ms),
            ms(start.p95Ms),
            ms(roundTrip.p50Ms),
            ms(roundTrip.p95Ms),
            ms(roundTrip.p99Ms),
            ms(roundTrip.maxMs),
            ms(loopDelay.p99Ms),
          ],
        ],
      )}\n\n${table(
        ['question', 'one at a time p50', 'p95', `at ${rate}/s p50`, 'p95'],
        byQuestion.map((q) => [q.question, ms(q.alone.p50Ms), ms(q.alone.p95Ms), ms(q.atRate.p50Ms), ms(q.atRate.p95Ms)]),
      )}\n\n${checkTable(checks)}\n\n`,
    );

    const pass = checks.every((c) => c.pass);
    const engine = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
    const results = {
      engine,
      offers: server.offers,
      connections: {
        clients,
        people: idleUsers,
        connected: stillConnected,
        connectSeconds,
        before,
        after,
        addedRssBytes: addedRss,
        addedHeapBytes: addedHeap,
        addedRssPerClientBytes: addedRss / clients,
      },
      roundTrips: {
        questions,
        ratePerSecond: rate,
        achievedRatePerSecond: questions / run.sendingSeconds,
        maxSendLateMs: run.maxLateMs,
        askers: askerCount,
        answered: answered.length,
        errors: errorCodes,
        unanswered: lost,
        startMs: start,
        finishedMs: roundTrip,
        serverLoopDelay: loopDelay,
        oneAtATime: aloneLatency,
        byQuestion,
      },
    };
    const resultsFile = await writeResultsFile(`advisor-${engine}.json`, { ...results, checks, pass });
    process.stdout.write(`${pass ? 'All advisor targets met' : 'Some advisor targets missed'}; results in ${resultsFile}\n`);
    return {
      name: 'advisor',
      pass,
      checks,
      charts: [
        {
          id: 'advisor-round-trip',
          title: `AI advisor round trip at ${rate} questions/s, ${clients.toLocaleString('en-US')} clients connected (${engine})`,
          unit: 'ms',
          bars: [
            { label: 'one at a time, p95', value: aloneLatency.p95Ms },
            { label: `at ${rate}/s, start p50`, value: start.p50Ms },
            { label: `at ${rate}/s, finished p95`, value: roundTrip.p95Ms, target: roundTripP95Ms, bound: 'max' },
          ],
        },
        {
          id: 'advisor-memory',
          title: `AI advisor: memory added by ${clients.toLocaleString('en-US')} connected clients (${engine})`,
          unit: 'MB',
          bars: [
            { label: 'RSS added', value: addedRss / MB, target: TARGETS.addedRssMb, bound: 'max' },
            { label: 'heap added', value: addedHeap / MB },
          ],
        },
      ],
      results,
    };
  } finally {
    for (const socket of sockets) socket.close();
    await server.stop();
  }
}

export const advisorSection: Section = {
  name: 'advisor',
  description: "AI advisor's socket: RSS added by 1,000 connected clients, round trip p95 at 20 questions/s",
  run: runAdvisor,
  prestart: () => startEarly(EARLY_SERVER, startAdvisorServer),
};

if (isMain(import.meta.url)) runStandalone(advisorSection);
