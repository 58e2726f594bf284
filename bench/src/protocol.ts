/** Messages between the bench runner and the server process it forks (Node IPC). */
import type { IntervalHistogram } from 'node:perf_hooks';
import type { AnalyticsSeed } from './analytics-data.ts';

export interface LoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * PGlite's worker thread (apps/api/src/db/pglite-thread.ts `memory()`): its own heap; `external` holds PGlite's
 * WebAssembly memory (which grows and is never given back) and `arrayBuffers`, a part of it.
 */
export interface PgliteMemory {
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/** The server process's memory: RSS counts every thread, PGlite's worker included; `pglite` is that worker's share. */
export interface ProcessMemory {
  rssBytes: number;
  heapUsedBytes: number;
  externalBytes: number;
  /** Whether the reading followed two full garbage collections (the process runs with --expose-gc). */
  afterGc: boolean;
  pglite: PgliteMemory | null;
}

/** The highest readings while sampling ran (every SAMPLE_MS in the server process). */
export interface MemoryPeak {
  samples: number;
  peakRssBytes: number;
  peakHeapUsedBytes: number;
  /** PGlite's worker at the highest sum of heap and external memory; null on PostgreSQL. */
  peakPglite: PgliteMemory | null;
}

export type ServerMessage =
  /** `seeded`: how long each table of the scale data set took (BENCH_DATA=scale). */
  /** `analyticsSeed`: what seeding BENCH_ANALYTICS_EVENTS events took (analytics.ts). */
  | {
      type: 'ready';
      appUrl: string;
      bareUrl: string;
      seeded?: { table: string; rows: number; seconds: number }[];
      analyticsSeed?: AnalyticsSeed;
    }
  | { type: 'loop-delay'; delay: LoopDelay }
  | { type: 'process-memory'; memory: ProcessMemory }
  | { type: 'memory-peak'; peak: MemoryPeak };

export type RunnerMessage =
  | { type: 'reset-loop-delay' }
  | { type: 'read-loop-delay' }
  | { type: 'stop' }
  /** Answered with 'process-memory', after a full collection when the process can run one. */
  | { type: 'read-process-memory' }
  /** Starts (again, from nothing) sampling the memory every SAMPLE_MS; 'read-memory-peak' stops it and answers 'memory-peak'. */
  | { type: 'start-memory-sampling' }
  | { type: 'read-memory-peak' };

const NS_PER_MS = 1e6;

/**
 * A bench server's side of the loop-delay and stop messages every runner sends: resets or reports `loopDelay`, or
 * stops. Returns false for a message it does not know (the caller's own, such as the advisor's memory reading).
 */
export function answerRunner(
  message: { type: string },
  loopDelay: IntervalHistogram,
  send: (message: { type: 'loop-delay'; delay: LoopDelay }) => void,
  stop: () => Promise<void>,
): boolean {
  if (message.type === 'reset-loop-delay') loopDelay.reset();
  else if (message.type === 'read-loop-delay')
    send({
      type: 'loop-delay',
      delay: { p50Ms: loopDelay.percentile(50) / NS_PER_MS, p99Ms: loopDelay.percentile(99) / NS_PER_MS, maxMs: loopDelay.max / NS_PER_MS },
    });
  else if (message.type === 'stop') void stop();
  else return false;
  return true;
}

/** How often the server samples its memory while the runner has it sampling. */
export const MEMORY_SAMPLE_MS = 500;

/** The worker's heap and its external memory: PGlite's WebAssembly memory and buffers (arrayBuffers is part of external). */
export const pgliteTotal = (m: PgliteMemory | null) => (m ? m.heapUsed + m.external : 0);

/**
 * A bench server's side of the memory messages: `readPglite` is the PGlite client's `memory()` (`app.db.$client`),
 * absent on PostgreSQL. Returns false for a message it does not know.
 */
export function memoryAnswerer(
  readPglite: (() => Promise<PgliteMemory>) | undefined,
  send: (message: Extract<ServerMessage, { type: 'process-memory' | 'memory-peak' }>) => void,
): (message: { type: string }) => boolean {
  let timer: NodeJS.Timeout | undefined;
  let peak: MemoryPeak = { samples: 0, peakRssBytes: 0, peakHeapUsedBytes: 0, peakPglite: null };
  const sample = async () => {
    const usage = process.memoryUsage();
    const pglite = readPglite ? await readPglite().catch(() => null) : null;
    peak.samples += 1;
    peak.peakRssBytes = Math.max(peak.peakRssBytes, usage.rss);
    peak.peakHeapUsedBytes = Math.max(peak.peakHeapUsedBytes, usage.heapUsed);
    if (pglite && pgliteTotal(pglite) > pgliteTotal(peak.peakPglite)) peak.peakPglite = pglite;
  };
  return (message) => {
    if (message.type === 'read-process-memory') {
      // Twice: the first pass may only queue finalisers whose memory the second frees.
      globalThis.gc?.();
      globalThis.gc?.();
      const usage = process.memoryUsage();
      void (readPglite ? readPglite().catch(() => null) : Promise.resolve(null)).then((pglite) =>
        send({
          type: 'process-memory',
          memory: {
            rssBytes: usage.rss,
            heapUsedBytes: usage.heapUsed,
            externalBytes: usage.external,
            afterGc: typeof globalThis.gc === 'function',
            pglite,
          },
        }),
      );
    } else if (message.type === 'start-memory-sampling') {
      clearInterval(timer);
      peak = { samples: 0, peakRssBytes: 0, peakHeapUsedBytes: 0, peakPglite: null };
      void sample();
      timer = setInterval(() => void sample(), MEMORY_SAMPLE_MS);
      timer.unref();
    } else if (message.type === 'read-memory-peak') {
      clearInterval(timer);
      timer = undefined;
      void sample().then(() => send({ type: 'memory-peak', peak }));
    } else return false;
    return true;
  };
}

/** Where a server process's start-up goes: seconds per phase, from the process's start, printed in one line. */
export class StartPhases {
  readonly #phases: [string, number][] = [];
  #last = 0;

  done(name: string): void {
    const now = performance.now();
    this.#phases.push([name, now - this.#last]);
    this.#last = now;
  }

  line(): string {
    return this.#phases.map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join(', ');
  }
}
