import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { parentPort } from 'node:worker_threads';
import { PGLITE_EXTENSIONS } from './pglite-extensions.ts';

/**
 * The thread that owns the embedded database (#25): PGlite runs each statement synchronously, so in the API's main
 * thread a slow statement stalled every request. Here it stalls only this thread. The main thread talks to it through
 * `pglite-thread.ts`; one PGlite, one writer, as before.
 *
 * A transaction is opened with `begin` and runs PGlite's own `transaction()` until the main thread sends `end`
 * (commit, or roll back); meanwhile the statements tagged with its id run inside it, and every other statement waits
 * for it in PGlite's own queue, exactly as when PGlite ran in the main thread.
 */

export interface PgliteOpen {
  op: 'open';
  /** Absent: in memory. */
  dataDir?: string | undefined;
  loadDataDir?: Blob | undefined;
}

export type PgliteCall = { id: number } & (
  | {
      op: 'query';
      /** The open transaction it runs in; absent: on its own. */
      tx?: number | undefined;
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** Type OIDs kept as the text PostgreSQL sent (drizzle's parsers for dates, timestamps, intervals, …). */
      textTypes: number[];
    }
  | { op: 'exec'; tx?: number | undefined; sql: string }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'memory' }
  | { op: 'close' }
);

/** A database error's message and the properties code reads (`code`, `constraint`, `detail`, `table`, …). */
export interface ErrorShape {
  message: string;
  name: string;
  props: Record<string, unknown>;
}

export type PgliteReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ErrorShape };

/**
 * PostgreSQL's memory settings inside PGlite (#25: memory). PGlite keeps PostgreSQL's default of 128 MB of shared
 * buffers, and its WebAssembly memory zeroes and so touches all of it at start (188 MB of WebAssembly memory, 156 MB of
 * it resident, before a single query); the memory is never handed back. The operating system's page cache already holds
 * the data files PGlite reads through Node's fs, so a miss here costs a read, not a disk seek: 16 MB (the demo and bench
 * data sets' hot pages fit) cut the process's resident memory by ~150 MB. WAL buffers follow shared_buffers (1/32).
 */
const SETTINGS = { shared_buffers: '16MB' };

/**
 * The database this thread serves now. A thread outlives its database: once closed, the thread waits for the next
 * `open` (pglite-thread.ts keeps it), since starting one (tsx, loading PGlite) costs ~0.5 s and each test file opens
 * a database of its own.
 */
let pg: PGlite | undefined;

function openDatabase(options: PgliteOpen): void {
  pg = new PGlite({
    extensions: PGLITE_EXTENSIONS,
    startParams: [...PGlite.defaultStartParams, ...Object.entries(SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`])],
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // A failed start fails every call with its error (each call awaits readiness); not an unhandled rejection.
  pg.waitReady.catch(() => {});
}

function database(): PGlite {
  if (!pg) throw new Error('No database is open in this thread');
  return pg;
}

const keepText = (value: unknown) => value;
const parsersByKey = new Map<string, Record<number, (value: string) => unknown>>();
function parsersFor(textTypes: number[]): Record<number, (value: string) => unknown> {
  const key = textTypes.join(',');
  let parsers = parsersByKey.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(textTypes.map((oid) => [oid, keepText]));
    parsersByKey.set(key, parsers);
  }
  return parsers;
}

const ROLLBACK = Symbol('rollback');
interface OpenTransaction {
  tx: Transaction;
  end(commit: boolean, endId: number): void;
}
const open = new Map<number, OpenTransaction>();
let lastTx = 0;

function target(tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return database();
  const found = open.get(tx);
  if (!found) throw new Error('The transaction has ended');
  return found.tx;
}

/** Opens a transaction and answers `id` with its number once it is open; `end` later commits or rolls it back. */
function begin(id: number): void {
  const txId = ++lastTx;
  let started = false;
  let endId = 0;
  const opened = pg;
  if (!opened) return reply({ id, ok: false, error: shapeOf(new Error('No database is open in this thread')) });
  opened
    .transaction(async (tx) => {
      const commit = await new Promise<boolean>((resolve) => {
        open.set(txId, {
          tx,
          end: (c, e) => {
            endId = e;
            resolve(c);
          },
        });
        started = true;
        reply({ id, ok: true, value: txId });
      });
      open.delete(txId);
      if (!commit) throw ROLLBACK;
    })
    .then(
      () => reply({ id: endId, ok: true, value: null }),
      (error: unknown) => {
        open.delete(txId);
        if (error === ROLLBACK) reply({ id: endId, ok: true, value: null });
        else reply({ id: started ? endId : id, ok: false, error: shapeOf(error) });
      },
    );
}

/** A call answered by what it returns (a transaction's `begin` and `end` answer when PGlite gets there). */
async function run(call: Exclude<PgliteCall, { op: 'begin' | 'end' }>): Promise<unknown> {
  switch (call.op) {
    case 'query': {
      const result: Results = await target(call.tx).query(call.sql, call.params, {
        rowMode: call.rowMode,
        parsers: parsersFor(call.textTypes),
      });
      return result;
    }
    case 'exec':
      return await target(call.tx).exec(call.sql);
    case 'memory': {
      // After a full collection when the process exposes it (the bench runs the server with --expose-gc), as the
      // main thread's reading is: garbage buffers are not PGlite's memory.
      (globalThis as { gc?: () => void }).gc?.();
      const { heapUsed, external, arrayBuffers } = process.memoryUsage();
      return { heapUsed, external, arrayBuffers };
    }
    case 'close': {
      const closing = database();
      pg = undefined;
      await closing.close();
      return null;
    }
  }
}

function shapeOf(error: unknown): ErrorShape {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', props: {} };
  const props: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    // queryOptions holds the parsers (functions); everything else of a DatabaseError is text, numbers or the params
    // that arrived from the main thread, so it clones back.
    if (key !== 'queryOptions' && typeof value !== 'function') props[key] = value;
  }
  return { message: error.message, name: error.name, props };
}

function reply(message: PgliteReply): void {
  try {
    parentPort!.postMessage(message);
  } catch (error) {
    // A value that does not clone: answered as an error rather than never.
    parentPort!.postMessage({ id: message.id, ok: false, error: shapeOf(error) } satisfies PgliteReply);
  }
}

parentPort!.on('message', (call: PgliteCall | PgliteOpen) => {
  if (call.op === 'open') return openDatabase(call);
  if (call.op === 'begin') return begin(call.id);
  if (call.op === 'end') {
    const found = open.get(call.tx);
    if (found) found.end(call.commit, call.id);
    else reply({ id: call.id, ok: true, value: null }); // already ended (its BEGIN or a statement failed the thread)
    return;
  }
  run(call).then(
    (value) => reply({ id: call.id, ok: true, value }),
    (error: unknown) => reply({ id: call.id, ok: false, error: shapeOf(error) }),
  );
});
