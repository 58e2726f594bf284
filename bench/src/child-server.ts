import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { LoopDelay, RunnerMessage } from './protocol.ts';

/** Resolves with the child's next message of `type`; rejects if the child exits first. */
export function nextMessage<M extends { type: string }, T extends M['type']>(
  child: ChildProcess,
  type: T,
  what = 'the server process',
): Promise<Extract<M, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: M) => {
      if (message.type !== type) return;
      cleanup();
      resolve(message as Extract<M, { type: T }>);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`${what} exited (code ${code}) before sending '${type}'`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

/** The controls every forked bench server answers (protocol.ts answerRunner): its loop delay, and stopping it. */
export function serverControls(child: ChildProcess, stopGraceMs: number, what?: string) {
  const send = (message: RunnerMessage) => child.send(message);
  return {
    resetLoopDelay: () => send({ type: 'reset-loop-delay' }),
    async readLoopDelay(): Promise<LoopDelay> {
      const reply = nextMessage<{ type: 'loop-delay'; delay: LoopDelay }, 'loop-delay'>(child, 'loop-delay', what);
      send({ type: 'read-loop-delay' });
      return (await reply).delay;
    },
    /** Asks the server to stop (it cleans up its database), killing it after `stopGraceMs`. */
    async stop(): Promise<void> {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), stopGraceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
