import { parse, PGlite, protocol, type Results, type Transaction } from '@electric-sql/pglite';
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
  prepared.clear();
  unused.length = 0;
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

/**
 * Prepared statements (#25, the embedded store's every query). PGlite's `query()` sends Parse, Describe, Bind,
 * Describe, Execute and Sync as six passes through PostgreSQL's main loop, and plans the statement on every call:
 * 680 µs for the session look-up every signed-in request makes, where binding a statement prepared once and sending
 * the rest in one pass takes 170 µs (measured on this machine, 2,000 calls each). The app's statements are a few
 * hundred texts (drizzle's, with parameters), so each is prepared the first time it is seen, by name, and kept; its
 * plan is PostgreSQL's to keep or redo (plan_cache_mode auto, as for any client's prepared statement).
 *
 * Only data statements are kept (select, insert, update, delete, with). Anything else runs as before; DDL (a
 * migration's, a test's) also forgets the prepared ones, since a changed table can change what a statement returns.
 * A savepoint or a setting does not (PostgreSQL re-plans a prepared statement itself when search_path or the role
 * changes).
 */
const PREPARED_LIMIT = 500;
interface Prepared {
  name: string;
  /** The parameters' type OIDs, as PostgreSQL inferred them: which serializer writes each value. */
  paramTypes: number[];
}
/** By statement text, least recently used first. */
const prepared = new Map<string, Prepared>();
/** Statements forgotten, to close with the next statement run outside a transaction. */
const unused: string[] = [];
let lastStatement = 0;
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
/** Statements that change no table (a nested transaction's savepoints, settings): run as before, the prepared kept. */
const KEEPS_PREPARED = /^\s*(savepoint|release|rollback|commit|begin|start\s+transaction|set|reset|show)\b/i;
const { serialize } = protocol;

function forgetPrepared(): void {
  for (const { name } of prepared.values()) unused.push(name);
  prepared.clear();
}

/** The error PGlite's own `query()` throws: the database's, with the statement and its parameters. */
function withStatement(error: unknown, sql: string, params: unknown[]): unknown {
  if (error instanceof Error) Object.assign(error, { query: sql, params });
  return error;
}

/**
 * One statement through its prepared copy, inside PGlite's own locks as `query()` takes them: alone between
 * transactions, or as the open transaction's next statement.
 */
async function preparedQuery(call: Extract<PgliteCall, { op: 'query' }>): Promise<Results> {
  const db = database();
  await db.waitReady;
  const inTransaction = call.tx !== undefined;
  if (inTransaction) target(call.tx); // still open
  const runIt = async () => {
    const parts: Uint8Array[] = [];
    // Closing needs no transaction of its own: done before the next statement outside one.
    if (!inTransaction) for (const name of unused.splice(0)) parts.push(serialize.close({ type: 'S', name }));
    let statement = prepared.get(call.sql);
    if (statement) {
      prepared.delete(call.sql); // to the end: most recently used
      prepared.set(call.sql, statement);
    } else {
      const name = `tessera_${++lastStatement}`;
      parts.push(serialize.parse({ name, text: call.sql, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync());
      let described;
      try {
        described = await db.execProtocol(Buffer.concat(parts.splice(0)), { syncToFs: false });
      } catch (error) {
        throw withStatement(error, call.sql, call.params);
      }
      statement = { name, paramTypes: parse.parseDescribeStatementResults(described.messages) };
      prepared.set(call.sql, statement);
      if (prepared.size > PREPARED_LIMIT) {
        const [oldest] = prepared;
        if (oldest) {
          prepared.delete(oldest[0]);
          unused.push(oldest[1].name);
        }
      }
    }
    const { paramTypes } = statement;
    const values = call.params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[paramTypes[i] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    parts.push(
      serialize.bind({ statement: statement.name, values: values as (string | null)[] }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
    let answer;
    try {
      answer = await db.execProtocol(Buffer.concat(parts), { syncToFs: false });
    } catch (error) {
      throw withStatement(error, call.sql, call.params);
    }
    // As `query()`: a statement of its own is written through to the data directory before it is answered.
    if (!inTransaction) await db.syncToFs();
    const [result] = parse.parseResults(answer.messages, db.parsers, { rowMode: call.rowMode, parsers: parsersFor(call.textTypes) });
    return result ?? { rows: [], fields: [] };
  };
  return inTransaction ? db._runExclusiveQuery(runIt) : db._runExclusiveTransaction(() => db._runExclusiveQuery(runIt));
}

/** A call answered by what it returns (a transaction's `begin` and `end` answer when PGlite gets there). */
async function run(call: Exclude<PgliteCall, { op: 'begin' | 'end' }>): Promise<unknown> {
  switch (call.op) {
    case 'query': {
      if (DATA_STATEMENT.test(call.sql)) return await preparedQuery(call);
      if (!KEEPS_PREPARED.test(call.sql)) forgetPrepared();
      const result: Results = await target(call.tx).query(call.sql, call.params, {
        rowMode: call.rowMode,
        parsers: parsersFor(call.textTypes),
      });
      return result;
    }
    case 'exec':
      forgetPrepared();
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
      prepared.clear();
      unused.length = 0;
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
