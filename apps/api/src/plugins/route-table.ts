import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import type { Access } from '../lib/access.ts';

/** One route as it was registered: what the security suite walks to cover every route without listing it. */
export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  access: Access | undefined;
  institutionKeys: boolean;
  /** Why the route works across tenants (platform admins only), or null. */
  crossTenant: string | null;
  /** The content types the body is read as, when not JSON (multipart uploads). */
  consumes: readonly string[];
  schema: Pick<FastifySchema, 'params' | 'querystring' | 'body'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under /api/v1, in registration order (HEAD twins of GET routes left out). */
    routeTable: readonly RouteEntry[];
  }
}

/** Records each API route as it is added; registered before the modules so it sees all of them. */
export const routeTablePlugin = fp(
  async (app: FastifyInstance) => {
    const table: RouteEntry[] = [];
    app.decorate('routeTable', table);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/v1/')) return;
      for (const method of [route.method].flat()) {
        // Fastify adds a HEAD twin for each GET; it runs the same handler and checks.
        if (method === 'HEAD') continue;
        table.push({
          method,
          url: route.url,
          access: route.config?.access,
          institutionKeys: route.config?.institutionKeys === true,
          crossTenant: route.config?.crossTenant ?? null,
          consumes: route.schema?.consumes ?? [],
          schema: { params: route.schema?.params, querystring: route.schema?.querystring, body: route.schema?.body },
        });
      }
    });
  },
  { name: 'route-table' },
);
