import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { LoopDelay, RunnerMessage, ServerMessage } from './protocol.ts';

const STOP_GRACE_MS = 10_000;

export interface ServerProcess {
  appUrl: string;
  bareUrl: string;
  resetLoopDelay(): void;
  readLoopDelay(): Promise<LoopDelay>;
  stop(): Promise<void>;
}

function nextMessage<T extends ServerMessage['type']>(child: ChildProcess, type: T): Promise<Extract<ServerMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ServerMessage) => {
      if (message.type !== type) return;
      cleanup();
      resolve(message as Extract<ServerMessage, { type: T }>);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`the server process exited (code ${code}) before sending '${type}'`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

/** Forks servers.ts (with tsx, as the bench itself runs) and waits until both servers listen. */
export async function startServers(): Promise<ServerProcess> {
  const child = fork(fileURLToPath(new URL('./servers.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const send = (message: RunnerMessage) => child.send(message);
  const { appUrl, bareUrl } = await nextMessage(child, 'ready');

  return {
    appUrl,
    bareUrl,
    resetLoopDelay: () => send({ type: 'reset-loop-delay' }),
    async readLoopDelay() {
      const reply = nextMessage(child, 'loop-delay');
      send({ type: 'read-loop-delay' });
      return (await reply).delay;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
