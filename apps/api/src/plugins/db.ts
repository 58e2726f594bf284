import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

/** Exposes the database the caller created and migrated; closes it with the app. */
export const dbPlugin = fp(
  async (app: FastifyInstance, opts: { database: Database }) => {
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    app.addHook('onClose', async () => {
      await opts.database.close();
    });
  },
  { name: 'db' },
);
