import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { routeTablePlugin } from './route-table.ts';

/** The route table alone, with the given API routes. */
async function appWith(routes: { url: string; method?: 'GET' | 'POST'; operationId?: string; hide?: boolean }[]) {
  const app = Fastify({ logger: false });
  await app.register(routeTablePlugin);
  for (const r of routes)
    app.route({
      method: r.method ?? 'GET',
      url: r.url,
      schema: { ...(r.operationId ? { operationId: r.operationId } : {}), ...(r.hide ? { hide: true } : {}) } as object,
      handler: async () => ({ ok: true }),
    });
  await app.ready();
  return app;
}

describe('operationIds', () => {
  it('lets documented routes with unique camelCase operationIds start, and hidden routes without one', async () => {
    const app = await appWith([
      { url: '/api/v1/things', operationId: 'listThings' },
      { url: '/api/v1/things', method: 'POST', operationId: 'createThing' },
      { url: '/api/v1/openapi.json', hide: true },
      { url: '/not-the-api' },
    ]);
    expect(app.routeTable.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/v1/things',
      'POST /api/v1/things',
      'GET /api/v1/openapi.json',
    ]);
    await app.close();
  });

  it('stops start-up for a route without one, with one not camelCase, or with one another route has', async () => {
    await expect(appWith([{ url: '/api/v1/things' }])).rejects.toThrow('GET /api/v1/things has no schema.operationId');
    await expect(appWith([{ url: '/api/v1/things', operationId: 'list-things' }])).rejects.toThrow(
      "operationId 'list-things' is not camelCase",
    );
    await expect(
      appWith([
        { url: '/api/v1/things', operationId: 'listThings' },
        { url: '/api/v1/other-things', operationId: 'listThings' },
      ]),
    ).rejects.toThrow("GET /api/v1/other-things: operationId 'listThings' is already GET /api/v1/things's");
  });
});
