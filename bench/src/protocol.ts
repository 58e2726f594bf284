/** Messages between the bench runner and the server process it forks (Node IPC). */
import type { IntervalHistogram } from 'node:perf_hooks';
import type { AnalyticsSeed } from './analytics-data.ts';

export interface LoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** The server process's memory, after a full garbage collection when it runs with --expose-gc. */
export interface ProcessMemory {
  rssBytes: number;
  heapUsedBytes: number;
  externalBytes: number;
}

export type ServerMessage =
  /** `analyticsSeed`: what seeding BENCH_ANALYTICS_EVENTS events took, when asked for. */
  | { type: 'ready'; appUrl: string; bareUrl: string; analyticsSeed?: AnalyticsSeed }
  | { type: 'loop-delay'; delay: LoopDelay }
  | { type: 'memory'; memory: ProcessMemory };

export type RunnerMessage = { type: 'reset-loop-delay' } | { type: 'read-loop-delay' } | { type: 'read-memory' } | { type: 'stop' };

const NS_PER_MS = 1e6;

/** This process's memory; collected twice first when gc is exposed (the first pass may only queue finalisers). */
export function readProcessMemory(): ProcessMemory {
  globalThis.gc?.();
  globalThis.gc?.();
  const usage = process.memoryUsage();
  return { rssBytes: usage.rss, heapUsedBytes: usage.heapUsed, externalBytes: usage.external };
}

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
