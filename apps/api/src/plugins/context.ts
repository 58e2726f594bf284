import type { FastifyInstance } from 'fastify';
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
    app.addHook('onClose', async () => {
      await opts.mailer.close();
    });
  },
  { name: 'context' },
);
