import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { ErrorShape, PgliteCall, PgliteOpen, PgliteReply } from './pglite-worker.ts';

const WORKER_URL = new URL('./pglite-worker-entry.mjs', import.meta.url);

/** The part of PGlite's client that drizzle's pglite driver and migrator use (drizzle-orm/pglite/session.js). */
export interface PgliteQueries {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

export interface PgliteClient extends PgliteQueries {
  transaction<T>(fn: (tx: PgliteQueries & { rollback(): Promise<void>; readonly closed: boolean }) => Promise<T>): Promise<T>;
}

/** Distributive Omit, so each call's own fields survive. */
type CallBody = PgliteCall extends infer C ? (C extends PgliteCall ? Omit<C, 'id'> : never) : never;

/**
 * Errors of a database that is gone: the thread stopped (08006, connection_failure) or was closed (57P01,
 * admin_shutdown). `db/unreachable.ts` reads both codes as unreachable, so a request answers 503 in the error
 * envelope instead of hanging.
 */
function gone(message: string, code: '08006' | '57P01'): Error {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}

function errorFrom(shape: ErrorShape): Error {
  const error = new Error(shape.message);
  error.name = shape.name;
  return Object.assign(error, shape.props);
}

/** drizzle passes parsers that keep some types as text (timestamps, dates, intervals): the OIDs they cover. */
const textTypesOf = new WeakMap<object, number[]>();
function textTypes(parsers: QueryOptions['parsers']): number[] {
  if (!parsers) return [];
  let oids = textTypesOf.get(parsers);
  if (!oids) {
    oids = Object.entries(parsers).map(([oid, parse]) => {
      // Functions cannot cross to the thread: only "keep the text" is supported, and it is all drizzle asks for.
      if (parse('1', Number(oid)) !== '1')
        throw new Error(`A parser for type ${oid} other than "keep the text" cannot run in the database thread`);
      return Number(oid);
    });
    textTypesOf.set(parsers, oids);
  }
  return oids;
}

/**
 * A thread whose database was closed, kept for the next database this process opens: starting a thread (tsx, loading
 * PGlite) costs ~0.5 s, and each test file opens a database of its own. Unreferenced, so it never holds the process
 * open; one at most (a server opens one database).
 */
let idle: Worker | undefined;

function forget(thread: Worker): void {
  if (idle === thread) idle = undefined;
}

function takeThread(): Worker {
  const kept = idle;
  idle = undefined;
  if (kept) return kept;
  const thread = new Worker(WORKER_URL);
  thread.on('exit', () => forget(thread));
  thread.on('error', () => forget(thread));
  return thread;
}

/** A statement answered this recently proves the database is working: readiness needs no ping of its own. */
const PING_FRESH_MS = 1_000;

/** Replies are matched by an id unique in the process, so a late reply to a closed database is never taken for another's. */
let lastId = 0;

/**
 * Opens PGlite in a thread of its own (pglite-worker.ts) and answers like PGlite's client, for drizzle's pglite
 * driver: each query is posted to the thread and its result posted back (rows clone as they are: Date, Uint8Array,
 * BigInt, parsed JSON). A transaction is held open in the thread while `fn` runs here; its statements go to it,
 * everything else waits in PGlite's queue as before. A database error arrives as an Error with PostgreSQL's fields
 * (`code`, `constraint`, `detail`, `table`, …). If the thread stops, every call fails as unreachable (503).
 */
export function openPgliteThread(options: Omit<PgliteOpen, 'op'>): PgliteClient & {
  close(): Promise<void>;
  /** The thread's own JavaScript heap and buffers (PGlite's memory is in `arrayBuffers`), for the benchmark. */
  memory(): Promise<{ heapUsed: number; external: number; arrayBuffers: number }>;
  /**
   * Readiness: resolves at once when a statement was answered within the last `freshMs` (the database is working),
   * else runs `select 1`, which waits its turn behind the queued statements.
   */
  ping(freshMs?: number): Promise<void>;
  /** Ends the thread at once, as a crash would: what waits, and every later call, fails as unreachable. For tests. */
  terminate(): Promise<void>;
} {
  let failure: Error | undefined;
  /** `statement`: the call ran in the database (not the thread's memory reading). */
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void; statement: boolean }>();
  /** When the database last answered a statement successfully (performance.now()). */
  let lastAnswer = Number.NEGATIVE_INFINITY;

  const onMessage = (reply: PgliteReply) => {
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.ok) {
      if (call.statement) lastAnswer = performance.now();
      call.resolve(reply.value);
    } else call.reject(errorFrom(reply.error));
  };
  const stopped = (error: Error) => {
    failure ??= error;
    for (const call of pending.values()) call.reject(failure);
    pending.clear();
  };
  const onError = (error: Error) => stopped(gone(`The embedded database stopped: ${error.message}`, '08006'));
  const onExit = (code: number) => stopped(gone(`The embedded database stopped (exit code ${code})`, '08006'));

  const worker = takeThread();
  worker.unref(); // referenced only while a call waits, so an idle database never holds the process open
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);
  worker.postMessage({ op: 'open', ...options } satisfies PgliteOpen);

  /** While `close` waits for the thread: a transaction still open must end, or PGlite's close would wait for it forever. */
  let closing = false;

  function call<T>(body: CallBody): Promise<T> {
    if (failure && !(closing && body.op === 'end')) return Promise.reject(failure);
    const id = ++lastId;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject, statement: body.op !== 'memory' && body.op !== 'close' });
      if (pending.size === 1) worker.ref();
      worker.postMessage({ id, ...body } as PgliteCall);
    });
  }

  const queries = (tx: number | undefined): PgliteQueries => ({
    query: <T>(sql: string, params: unknown[] = [], queryOptions: QueryOptions = {}) =>
      call<Results<T>>({
        op: 'query',
        tx,
        sql,
        params,
        rowMode: queryOptions.rowMode ?? 'object',
        textTypes: textTypes(queryOptions.parsers),
      }),
    exec: (sql: string) => call<Results[]>({ op: 'exec', tx, sql }),
  });

  return {
    ...queries(undefined),
    async transaction(fn) {
      const tx = await call<number>({ op: 'begin' });
      let closed = false;
      const end = async (commit: boolean) => {
        if (closed) return;
        closed = true;
        await call({ op: 'end', tx, commit });
      };
      let result;
      try {
        result = await fn({
          ...queries(tx),
          rollback: () => end(false),
          get closed() {
            return closed;
          },
        });
      } catch (error) {
        // The first error is the one to report; a rollback that fails (the thread stopped) adds nothing.
        await end(false).catch(() => {});
        throw error;
      }
      await end(true);
      return result;
    },
    memory: () => call({ op: 'memory' }),
    async ping(freshMs = PING_FRESH_MS) {
      if (failure) throw failure;
      // Under load the queue holds the app's own statements: one answered just now says as much as a `select 1` that
      // would wait behind them all (#25: readiness probes during sign-ins waited ~1 s here).
      if (performance.now() - lastAnswer < freshMs) return;
      await call({ op: 'query', sql: 'select 1', params: [], rowMode: 'array', textTypes: [] });
    },
    terminate: async () => {
      await worker.terminate();
    },
    async close() {
      if (failure) return;
      const closed = call({ op: 'close' });
      // Calls made from now on are refused here: the thread's database is going. Only the end of a transaction open
      // in it still goes (a rollback, its statements being refused): PGlite closes once its transactions have ended.
      failure = gone('The embedded database is closed', '57P01');
      closing = true;
      let reusable = false;
      try {
        await closed;
        reusable = true;
      } finally {
        closing = false;
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        worker.unref();
        if (reusable && !idle) idle = worker;
        else await worker.terminate();
      }
    },
  };
}
