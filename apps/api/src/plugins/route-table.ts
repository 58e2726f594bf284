import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay from 'find-my-way';
import type { Access } from '../lib/access.ts';

/** One route as it was registered: what the security suite walks to cover every route without listing it. */
export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  access: Access | undefined;
  institutionKeys: boolean;
  /** The route also serves the tenant's private API key (`config.apiKeys`). */
  apiKeys: boolean;
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
    /**
     * The methods the API answers at a request path (`/api/v1/document/6745…`), for a 405's Allow header: HEAD with
     * GET, OPTIONS when CORS answers preflights. Empty when no route has the path (a 404).
     */
    allowedMethods(path: string): string[];
  }
}

/** What an operationId looks like: camelCase, a verb then what it acts on (`listMarketplaceOffers`). */
export const OPERATION_ID = /^[a-z][a-zA-Z0-9]*$/;

/** Records each API route as it is added (and stops start-up for a documented one without a unique operationId); registered before the modules so it sees all of them. */
export const routeTablePlugin = fp(
  async (app: FastifyInstance) => {
    const table: RouteEntry[] = [];
    app.decorate('routeTable', table);
    // A route for OPTIONS on every path (@fastify/cors's preflight route, when origins are configured).
    let optionsEverywhere = false;
    let router: FindMyWay.Instance<FindMyWay.HTTPVersion.V1> | undefined;
    app.decorate('allowedMethods', (path: string) => {
      router ??= routerOf(table);
      const allowed = [...new Set(table.map((route) => route.method as FindMyWay.HTTPMethod))].filter((method) =>
        router?.find(method, path),
      );
      if (allowed.length === 0) return [];
      if (allowed.includes('GET')) allowed.splice(allowed.indexOf('GET') + 1, 0, 'HEAD');
      if (optionsEverywhere && !allowed.includes('OPTIONS')) allowed.push('OPTIONS');
      return allowed;
    });
    const operationIds = new Map<string, string>();
    app.addHook('onRoute', (route) => {
      if ([route.method].flat().includes('OPTIONS') && (route.url === '*' || route.url === '/*')) optionsEverywhere = true;
      if (!route.url.startsWith('/api/v1/')) return;
      router = undefined;
      // Every documented route has a stable, unique camelCase operationId: what generated clients name their methods by.
      const methods = [route.method].flat().filter((m) => m !== 'HEAD');
      if (methods.length && !(route.schema as { hide?: boolean } | undefined)?.hide) {
        const where = `${methods.join(',')} ${route.url}`;
        const id = (route.schema as { operationId?: unknown } | undefined)?.operationId;
        if (typeof id !== 'string') throw new Error(`${where} has no schema.operationId`);
        if (!OPERATION_ID.test(id)) throw new Error(`${where}: operationId '${id}' is not camelCase (${OPERATION_ID})`);
        const taken = operationIds.get(id);
        if (taken && taken !== where) throw new Error(`${where}: operationId '${id}' is already ${taken}'s`);
        operationIds.set(id, where);
      }
      for (const method of [route.method].flat()) {
        // Fastify adds a HEAD twin for each GET; it runs the same handler and checks.
        if (method === 'HEAD') continue;
        table.push({
          method,
          url: route.url,
          access: route.config?.access,
          institutionKeys: route.config?.institutionKeys === true,
          apiKeys: route.config?.apiKeys === true,
          crossTenant: route.config?.crossTenant ?? null,
          consumes: route.schema?.consumes ?? [],
          schema: { params: route.schema?.params, querystring: route.schema?.querystring, body: route.schema?.body },
        });
      }
    });
  },
  { name: 'route-table' },
);

/** A router with the API's routes, matching paths as Fastify's own does (trailing slashes ignored). */
function routerOf(table: readonly RouteEntry[]): FindMyWay.Instance<FindMyWay.HTTPVersion.V1> {
  const router = FindMyWay({ ignoreTrailingSlash: true });
  for (const route of table) router.on(route.method as FindMyWay.HTTPMethod, route.url, () => {});
  return router;
}
