import type { ErrorCode } from '@tessera/domain';
import { parentPort } from 'node:worker_threads';
import { AppError } from './app-error.ts';

/**
 * A worker thread of `worker-pool.ts`: it runs an exported function of one of the API's own modules (named by URL by
 * the main thread, never by a caller) and posts back what it returns. For CPU-bound work such as reading or drawing a
 * PDF. An `AppError` (a file that cannot be read, say) keeps its code, so the caller answers it as thrown.
 */
export interface WorkerCall {
  id: number;
  module: string;
  name: string;
  args: unknown[];
}
export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: string; code?: ErrorCode }
  /** Sent once, when the thread has started and listens: a task's time limit does not count the thread's start. */
  | { ready: true };

parentPort?.on('message', (call: WorkerCall) => {
  void (async () => {
    try {
      const loaded = (await import(call.module)) as Record<string, (...args: unknown[]) => unknown>;
      const fn = loaded[call.name];
      if (typeof fn !== 'function') throw new Error(`${call.name} is not a function of ${call.module}`);
      const value = await fn(...call.args);
      parentPort!.postMessage({ id: call.id, ok: true, value } satisfies WorkerReply);
    } catch (error) {
      parentPort!.postMessage({
        id: call.id,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
        ...(error instanceof AppError ? { code: error.code } : {}),
      } satisfies WorkerReply);
    }
  })();
});

parentPort?.postMessage({ ready: true } satisfies WorkerReply);
