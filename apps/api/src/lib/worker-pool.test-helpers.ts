import { AppError } from './app-error.ts';

/** Tasks for `worker-pool.test.ts`, run in the pool's threads. */

/** Busy for `ms` (a runaway file's stand-in), then answers how long it ran. */
export function spin(ms: number): number {
  const started = Date.now();
  while (Date.now() - started < ms) {
    // Holding the thread, as a parser caught in a huge stream would.
  }
  return Date.now() - started;
}

/** Answers the thread it ran on, so a test can tell a replaced thread from the old one. */
export async function threadId(): Promise<number> {
  const { threadId: id } = await import('node:worker_threads');
  return id;
}

/** Refuses as a file that cannot be read does. */
export function refuse(message: string): never {
  throw new AppError('bad-request', message);
}
