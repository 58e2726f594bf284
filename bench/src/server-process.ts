import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { nextMessage, serverControls } from './child-server.ts';
import type { LoopDelay, ServerMessage } from './protocol.ts';

const STOP_GRACE_MS = 10_000;

export interface ServerProcess {
  appUrl: string;
  bareUrl: string;
  resetLoopDelay(): void;
  readLoopDelay(): Promise<LoopDelay>;
  stop(): Promise<void>;
}

/** Forks servers.ts (with tsx, as the bench itself runs) and waits until both servers listen. */
export async function startServers(): Promise<ServerProcess> {
  const child = fork(fileURLToPath(new URL('./servers.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { appUrl, bareUrl } = await nextMessage<ServerMessage, 'ready'>(child, 'ready');

  return {
    appUrl,
    bareUrl,
    ...serverControls(child, STOP_GRACE_MS),
  };
}
