import { Worker } from 'node:worker_threads';
import type { WorkerCall, WorkerReply } from './worker-thread.ts';

/**
 * One worker thread for short CPU-bound jobs (drawing and preparing PDFs: 20–40 ms each, too long for the event loop),
 * started on first use and kept; `closeWorkerPool()` ends it. Jobs run one at a time, in order.
 */

interface Job {
  call: Omit<WorkerCall, 'id'>;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

const WORKER_URL = new URL('./worker-entry.mjs', import.meta.url);
let worker: Worker | null = null;
let current: (Job & { id: number }) | null = null;
const queue: Job[] = [];
let nextId = 1;

function start(): Worker {
  const started = new Worker(WORKER_URL);
  started.on('message', (reply: WorkerReply) => {
    const job = current;
    if (!job || job.id !== reply.id) return;
    current = null;
    started.unref();
    if (reply.ok) job.resolve(reply.value);
    else job.reject(new Error(`Worker: ${reply.error}`));
    dispatch();
  });
  const fail = (error: Error) => {
    if (worker === started) worker = null;
    const job = current;
    current = null;
    job?.reject(error);
    dispatch();
  };
  started.on('error', fail);
  started.on('exit', (code) => {
    if (worker === started) fail(new Error(`The worker stopped (exit code ${code})`));
  });
  started.unref();
  return started;
}

function dispatch(): void {
  if (current) return;
  const job = queue.shift();
  if (!job) return;
  worker ??= start();
  current = { ...job, id: nextId++ };
  worker.ref();
  worker.postMessage({ id: current.id, ...job.call } satisfies WorkerCall);
}

/**
 * Runs `name`, an exported function of the module at `module` (a file of this API: pass `new URL('./x.ts',
 * import.meta.url)`), in the worker, with arguments and a result that survive structured cloning.
 */
export function runInWorker<T>(module: URL, name: string, args: unknown[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    queue.push({ call: { module: module.href, name, args }, resolve: resolve as (value: unknown) => void, reject });
    dispatch();
  });
}

/** Ends the worker; a later job starts a new one. */
export async function closeWorkerPool(): Promise<void> {
  const stopping = worker;
  worker = null;
  const stopped = new Error('The worker pool is shutting down');
  for (const job of queue.splice(0)) job.reject(stopped);
  current?.reject(stopped);
  current = null;
  await stopping?.terminate();
}
