/**
 * Servers a `--quick` run starts before its first section, all at once (run.ts calls each section's `prestart`): a
 * quick section spent more time starting its server (the app's modules, PGlite, the seed, the section's data) than
 * measuring, and starting them side by side on two cores ends sooner than one after the other. Nothing is measured
 * until every one of them is ready (`allStarted`), and a ready server waits idle until its section takes it, so
 * no measurement shares the machine with a start-up. A section run alone, or a full run, starts its server itself.
 */

interface Stoppable {
  stop(): Promise<void>;
}

const waiting = new Map<string, Promise<Stoppable>>();
const started = new Set<Promise<unknown>>();

/** Counts `starting` among what `allStarted` waits for (a failure is left to the section that takes it). */
export function track<T>(starting: Promise<T>): Promise<T> {
  started.add(starting);
  starting.catch(() => undefined);
  return starting;
}

/** Starts what `key` names, once, for a section to `take` later. */
export function startEarly<T extends Stoppable>(key: string, start: () => Promise<T>): void {
  if (!waiting.has(key)) waiting.set(key, track(start()));
}

/** The server started early under `key`, now the caller's to stop; undefined when none was. */
export function take<T extends Stoppable>(key: string): Promise<T> | undefined {
  const server = waiting.get(key);
  waiting.delete(key);
  return server as Promise<T> | undefined;
}

/** Resolves when every server started early is ready or has failed. */
export async function allStarted(): Promise<void> {
  await Promise.allSettled(started);
}

/** Stops the servers no section took (a section that failed before it asked). */
export async function stopUntaken(): Promise<void> {
  const servers = [...waiting.values()];
  waiting.clear();
  await Promise.allSettled(servers.map(async (server) => (await server).stop()));
}
