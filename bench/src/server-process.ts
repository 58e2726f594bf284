import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { nextMessage, serverControls } from './child-server.ts';
import type { LoopDelay, MemoryPeak, ProcessMemory, RunnerMessage, ServerMessage } from './protocol.ts';

const STOP_GRACE_MS = 10_000;

export interface ServerProcess {
  appUrl: string;
  bareUrl: string;
  /** What the server seeded of the scale data set, table by table (BENCH_DATA=scale). */
  seeded: { table: string; rows: number; seconds: number }[];
  resetLoopDelay(): void;
  readLoopDelay(): Promise<LoopDelay>;
  /** The server's memory now, after a full collection when it was started with `exposeGc`. */
  readMemory(): Promise<ProcessMemory>;
  /** Samples the server's memory every 500 ms from now until `readMemoryPeak`, which answers the highest readings. */
  startMemorySampling(): void;
  readMemoryPeak(): Promise<MemoryPeak>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Runs the server with --expose-gc, so its memory at rest is read after a full collection. */
  exposeGc?: boolean;
  /** Environment for the server on top of this process's; an undefined value removes the variable (say, BENCH_DATABASE_URL for PGlite). */
  env?: Record<string, string | undefined>;
}

function serverEnv(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

/** Forks servers.ts (with tsx, as the bench itself runs) and waits until both servers listen. */
export async function startServers(options: StartOptions = {}): Promise<ServerProcess> {
  const child = fork(fileURLToPath(new URL('./servers.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx', ...(options.exposeGc ? ['--expose-gc'] : [])],
    env: serverEnv(options.env),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { appUrl, bareUrl, seeded = [] } = await nextMessage<ServerMessage, 'ready'>(child, 'ready');
  const send = (message: RunnerMessage) => child.send(message);

  return {
    appUrl,
    bareUrl,
    seeded,
    async readMemory() {
      const reply = nextMessage<ServerMessage, 'process-memory'>(child, 'process-memory');
      send({ type: 'read-process-memory' });
      return (await reply).memory;
    },
    startMemorySampling: () => send({ type: 'start-memory-sampling' }),
    async readMemoryPeak() {
      const reply = nextMessage<ServerMessage, 'memory-peak'>(child, 'memory-peak');
      send({ type: 'read-memory-peak' });
      return (await reply).peak;
    },
    ...serverControls(child, STOP_GRACE_MS),
  };
}
