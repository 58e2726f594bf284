import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/index.ts';
import type { Clock } from '../lib/clock.ts';
import type { FieldCipher } from '../lib/crypto.ts';
import type { FileStorage } from '../lib/storage/storage.ts';
import type { Mailer } from '../lib/mail/mailer.ts';
import type { DocumentSealer } from '../lib/seal/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    mailer: Mailer;
    clock: Clock;
    storage: FileStorage;
    cipher: FieldCipher;
    sealer: DocumentSealer;
    /**
     * Runs `task` once the request's answer is out, for work that must not hold it up (a reset mail, an image's copies):
     * its failure goes to the log with the request's id, and closing the app waits for it.
     */
    afterReply(request: FastifyRequest, task: () => Promise<void>): void;
    /** Waits for the work afterReply started, and for what that work started in turn (app.ts: first thing on close). */
    drainAfterReply(): Promise<void>;
  }
}

/** The outside world the services talk to, picked by configuration (and replaced in tests). */
export const contextPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { config: Config; mailer: Mailer; clock: Clock; storage: FileStorage; cipher: FieldCipher; sealer: DocumentSealer },
  ) => {
    app.decorate('config', opts.config);
    app.decorate('mailer', opts.mailer);
    app.decorate('clock', opts.clock);
    app.decorate('storage', opts.storage);
    app.decorate('cipher', opts.cipher);
    app.decorate('sealer', opts.sealer);
    const running = new Set<Promise<void>>();
    app.decorate('afterReply', (request: FastifyRequest, task: () => Promise<void>) => {
      const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => app.log.error({ err, reqId: request.id, url: request.url }, 'work after the reply failed'))
        .finally(() => running.delete(run));
      running.add(run);
    });
    app.decorate('drainAfterReply', async () => {
      while (running.size > 0) await Promise.allSettled([...running]);
    });
    app.addHook('onClose', async () => {
      await opts.mailer.close();
    });
  },
  { name: 'context' },
);
