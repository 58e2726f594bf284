import { parentPort } from 'node:worker_threads';

/**
 * A worker thread of `worker-pool.ts`: it runs an exported function of one of the API's own modules (named by URL by
 * the main thread, never by a caller) and posts back what it returns. For CPU-bound work such as drawing a PDF.
 */
export interface WorkerCall {
  id: number;
  module: string;
  name: string;
  args: unknown[];
}
export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

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
      } satisfies WorkerReply);
    }
  })();
});
