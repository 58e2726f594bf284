import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from './app-error.ts';
import type { WorkerCall, WorkerReply } from './worker-thread.ts';

/**
 * The API's one pool of worker threads for CPU-bound work on files: extracting a PDF's text, drawing and preparing
 * PDFs (agreements, letters, seals), decoding, cutting and re-encoding images (identity documents, signatures). None
 * of it runs on the event loop, so one heavy file cannot stall another tenant's requests.
 *
 * - Threads start on first use and are kept (unreferenced while idle, so they never hold the process open).
 * - Each task has a time limit from the moment a thread takes it (a thread's start is not counted): past it the
 *   thread is terminated and replaced, and the caller gets 422 'The file took too long to process'. A thread that runs out of memory ends the same way.
 * - Whose work a task is (`owner`) counts against a per-user and a per-tenant limit of tasks running or waiting at
 *   once: past either, 429 with Retry-After, before anything is queued.
 * - The queue is bounded: past it, 503 with Retry-After.
 * - Tenants take turns for a free thread: one tenant's files wait behind each other, not in front of every other
 *   tenant's.
 *
 * One pool per process, configured by `configureWorkerPool` (app.ts, from the configuration) and ended by
 * `closeWorkerPool`; the limits are per process, as the threads they protect are.
 */

export interface WorkerPoolOptions {
  /** Threads at most. */
  size: number;
  /** The longest a task may run once a thread has taken it. */
  taskTimeoutMs: number;
  /** Tasks of one user of one tenant running or waiting at once. */
  perUser: number;
  /** Tasks of one tenant running or waiting at once. */
  perTenant: number;
  /** Tasks waiting for a thread, all owners together. */
  maxQueued: number;
}

export interface TaskOptions {
  /** A time limit of its own instead of the pool's. */
  timeoutMs?: number;
  /** Whose work this is, for the per-user and per-tenant limits (work a request does for a person). */
  owner?: { tenantId: string; userId: string };
}

export const DEFAULT_WORKER_POOL: WorkerPoolOptions = {
  // A core is left to the event loop (as for libuv's pool, threadpool.ts): on two cores, one thread.
  size: Math.max(1, Math.min(4, availableParallelism() - 1)),
  taskTimeoutMs: 20_000,
  perUser: 2,
  perTenant: 4,
  maxQueued: 64,
};

/** Old-generation heap of one thread: a file that needs more is refused, not the process ended. */
const THREAD_HEAP_MB = 1024;
/** What a caller refused for load waits before trying again: most tasks take well under a second. */
const RETRY_AFTER_SECONDS = 5;
const WORKER_URL = new URL('./worker-entry.mjs', import.meta.url);

export const WORKER_TEXTS = {
  timedOut: 'The file took too long to process',
  outOfMemory: 'The file needs too much memory to process',
  perUser: 'You already have files being processed. Please try again in a few seconds.',
  perTenant: 'Your organization already has several files being processed. Please try again in a few seconds.',
  busy: 'The server is busy processing files. Please try again in a few seconds.',
  closing: 'The worker pool is shutting down',
} as const;

interface Job {
  call: Omit<WorkerCall, 'id'>;
  timeoutMs: number;
  owner: TaskOptions['owner'];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Started and listening: a task's time is counted from when the thread can take it. */
  ready: boolean;
  job: (Job & { id: number; timer: NodeJS.Timeout }) | null;
}

let options: WorkerPoolOptions = DEFAULT_WORKER_POOL;
const slots: Slot[] = [];
const queue: Job[] = [];
const perUser = new Map<string, number>();
const perTenant = new Map<string, number>();
/** When each tenant's (lane's) last task was taken, for taking turns. */
const lastServed = new Map<string, number>();
let served = 0;
let nextId = 1;

/**
 * Sets the pool's size and limits, the defaults for what `changes` leaves out (threads already started stay until
 * they are next replaced). Every app built sets them all, so no earlier app's setting lingers in the process.
 */
export function configureWorkerPool(changes: Partial<WorkerPoolOptions>): void {
  options = { ...DEFAULT_WORKER_POOL, ...changes };
}

const userKey = (owner: NonNullable<TaskOptions['owner']>) => `${owner.tenantId}:${owner.userId}`;

function count(map: Map<string, number>, key: string, by: number): void {
  const next = (map.get(key) ?? 0) + by;
  if (next > 0) map.set(key, next);
  else map.delete(key);
}

function tooMany(message: string): AppError {
  const error = new AppError('rate-limited', message);
  error.retryAfterSeconds = RETRY_AFTER_SECONDS;
  return error;
}

/** Takes a place for the owner, or refuses with 429 (per user, per tenant) or 503 (the queue is full). */
function admit(owner: TaskOptions['owner']): () => void {
  if (queue.length >= options.maxQueued) {
    const error = new AppError('unavailable', WORKER_TEXTS.busy);
    error.retryAfterSeconds = RETRY_AFTER_SECONDS;
    throw error;
  }
  if (!owner) return () => {};
  if ((perUser.get(userKey(owner)) ?? 0) >= options.perUser) throw tooMany(WORKER_TEXTS.perUser);
  if ((perTenant.get(owner.tenantId) ?? 0) >= options.perTenant) throw tooMany(WORKER_TEXTS.perTenant);
  count(perUser, userKey(owner), 1);
  count(perTenant, owner.tenantId, 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    count(perUser, userKey(owner), -1);
    count(perTenant, owner.tenantId, -1);
  };
}

/** Ends a slot's thread and fails its task with `error`; the next task starts a new thread. */
function retire(slot: Slot, error: Error): void {
  const at = slots.indexOf(slot);
  if (at < 0) return;
  slots.splice(at, 1);
  const job = slot.job;
  slot.job = null;
  if (job) {
    clearTimeout(job.timer);
    job.reject(error);
  }
  void slot.worker.terminate();
  dispatch();
}

function spawn(): Slot {
  const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
  const slot: Slot = { worker, ready: false, job: null };
  worker.on('message', (reply: WorkerReply) => {
    if ('ready' in reply) {
      slot.ready = true;
      dispatch();
      if (!slot.job) worker.unref();
      return;
    }
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    slot.job = null;
    clearTimeout(job.timer);
    worker.unref();
    if (reply.ok) job.resolve(reply.value);
    else job.reject(reply.code ? new AppError(reply.code, reply.error) : new Error(`Worker: ${reply.error}`));
    dispatch();
  });
  worker.on('error', (error: Error & { code?: string }) =>
    retire(slot, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError('unprocessable', WORKER_TEXTS.outOfMemory) : error),
  );
  worker.on('exit', (code) => retire(slot, new Error(`The worker stopped (exit code ${code})`)));
  // Referenced while it starts (a task waits for it), unreferenced once idle.
  slots.push(slot);
  return slot;
}

/**
 * Tenants take turns: the next task is the oldest of the tenant with the fewest tasks running and, among those, the
 * one served longest ago (work for no tenant, such as sealing, is one more lane).
 */
function nextJob(): Job {
  const lane = (job: Job) => job.owner?.tenantId ?? '';
  const running = new Map<string, number>();
  for (const slot of slots) if (slot.job) count(running, lane(slot.job), 1);
  let best = 0;
  const rank = (job: Job): [number, number] => [running.get(lane(job)) ?? 0, lastServed.get(lane(job)) ?? -1];
  for (let i = 1; i < queue.length; i++) {
    const [r, l] = rank(queue[i]!);
    const [br, bl] = rank(queue[best]!);
    if (r < br || (r === br && l < bl)) best = i;
  }
  const job = queue.splice(best, 1)[0]!;
  lastServed.set(lane(job), ++served);
  return job;
}

function dispatch(): void {
  while (queue.length) {
    const slot = slots.find((s) => s.ready && !s.job);
    if (!slot) {
      // Another thread for what waits, up to the size; a thread still starting will take a task when it is ready.
      for (let starting = slots.filter((s) => !s.ready).length; starting < queue.length && slots.length < options.size; starting++) spawn();
      return;
    }
    const job = nextJob();
    const id = nextId++;
    const timer = setTimeout(() => retire(slot, new AppError('unprocessable', WORKER_TEXTS.timedOut)), job.timeoutMs);
    slot.job = { ...job, id, timer };
    slot.worker.ref();
    slot.worker.postMessage({ id, ...job.call } satisfies WorkerCall);
  }
}

/**
 * Runs `name`, an exported function of the module at `module` (a file of this API: pass `new URL('./x.ts',
 * import.meta.url)`), in a worker thread, with arguments and a result that survive structured cloning. An `AppError`
 * it throws arrives as that error; anything else as an Error (a 500).
 */
export function runInWorker<T>(module: URL, name: string, args: unknown[], task: TaskOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const release = admit(task.owner);
    queue.push({
      call: { module: module.href, name, args },
      timeoutMs: task.timeoutMs ?? options.taskTimeoutMs,
      owner: task.owner,
      resolve: (value) => {
        release();
        resolve(value as T);
      },
      reject: (error) => {
        release();
        reject(error);
      },
    });
    dispatch();
  });
}

/** Tasks running and waiting now (for tests and the benchmark). */
export function workerPoolLoad(): { threads: number; running: number; queued: number } {
  return { threads: slots.length, running: slots.filter((s) => s.job).length, queued: queue.length };
}

/** Ends every thread and fails what was waiting; a later task starts new threads. */
export async function closeWorkerPool(): Promise<void> {
  const closing = slots.splice(0);
  const stopped = new Error(WORKER_TEXTS.closing);
  for (const job of queue.splice(0)) job.reject(stopped);
  for (const slot of closing) {
    const job = slot.job;
    slot.job = null;
    if (job) {
      clearTimeout(job.timer);
      job.reject(stopped);
    }
  }
  await Promise.all(closing.map((slot) => slot.worker.terminate()));
}
