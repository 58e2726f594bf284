import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.ts';
import type { Db } from '../db/client.ts';
import type { TenantRow } from '../db/schema/index.ts';
import { tenantPlugin } from './tenant.ts';

const acme = { id: 'a'.repeat(24), slug: 'acme' } as TenantRow;

/** The tenant plugin alone, on a stand-in database that knows one tenant. */
async function appWith(route: { url: string; tenantParam?: string }) {
  const app = Fastify({ logger: false });
  // The lookup below never reads it: an empty stand-in for the db plugin the tenant plugin depends on.
  await app.register(fp(async (a) => void a.decorate('db', {} as Db), { name: 'db' }));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(32), WEB_DIST: '/none' });
  await app.register(tenantPlugin, { config, findTenantBySlug: async (_db, slug) => (slug === acme.slug ? acme : undefined) });
  app.setErrorHandler((error: Error & { status?: number }, _request, reply) =>
    reply.code(error.status ?? 500).send({ message: error.message }),
  );
  app.get(route.url, { config: route.tenantParam ? { tenantParam: route.tenantParam } : {} }, async () => ({ ok: true }));
  return app;
}

describe('config.tenantParam', () => {
  it('lets the tenant of the address through by id or slug; any other tenant is 404', async () => {
    const app = await appWith({ url: '/tenant/:t/things', tenantParam: 't' });
    const get = (t: string) => app.inject({ url: `/tenant/${t}/things`, headers: { host: 'acme.localhost' } });
    expect((await get('acme')).statusCode).toBe(200);
    expect((await get(acme.id)).statusCode).toBe(200);
    const other = await get('globex');
    expect([other.statusCode, other.json()]).toEqual([404, { message: 'Organization not found' }]);
    await app.close();
  });

  it('stops start-up when a route names the tenant (:t) without declaring it, or declares a parameter it lacks', async () => {
    await expect(appWith({ url: '/tenant/:t/things' })).rejects.toThrow('declares no config.tenantParam');
    await expect(appWith({ url: '/tenant/:id/things', tenantParam: 't' })).rejects.toThrow(
      "declares tenantParam 't' but has no such path parameter",
    );
  });
});
