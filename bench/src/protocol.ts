/** Messages between the bench runner and the server process it forks (Node IPC). */

export interface LoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export type ServerMessage = { type: 'ready'; appUrl: string; bareUrl: string } | { type: 'loop-delay'; delay: LoopDelay };

export type RunnerMessage = { type: 'reset-loop-delay' } | { type: 'read-loop-delay' } | { type: 'stop' };
