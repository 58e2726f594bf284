import { isIP } from 'node:net';
import { APP_TYPE_HEADER, TENANT_ID_HEADER, TENANT_SLUG_HEADER, type AppType } from '@tessera/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/index.ts';
import type { TenantRow } from '../db/schema/index.ts';
import { AppError } from '../lib/app-error.ts';
import { findTenantBySlug } from '../modules/tenants/tenants.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant the host picked: {slug}.{BASE_DOMAIN} or {slug}.localhost; the bare host picks DEFAULT_TENANT. */
    tenant: TenantRow | null;
    appType: AppType;
  }
  interface FastifyInstance {
    tenantCache: TenantCache;
  }
}

const MANAGE_PREFIX = 'manage.';
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Reads the tenant slug and the app type from a Host header. */
export function parseHost(hostHeader: string | undefined, baseDomain: string): { slug: string | null; appType: AppType | null } {
  let host = (hostHeader ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return { slug: null, appType: null };
  host = host.replace(/:\d+$/, '').replace(/\.$/, '');
  let appType: AppType | null = null;
  if (host.startsWith(MANAGE_PREFIX)) {
    appType = 'manage';
    host = host.slice(MANAGE_PREFIX.length);
  }
  if (!host || isIP(host) || host === baseDomain || host === 'localhost') return { slug: null, appType };
  for (const suffix of new Set([`.${baseDomain}`, '.localhost'])) {
    if (host.endsWith(suffix)) {
      const label = host.slice(0, -suffix.length);
      return { slug: LABEL.test(label) ? label : null, appType };
    }
  }
  return { slug: null, appType };
}

/** Tenants by slug, kept briefly in memory: every request needs one and they rarely change. */
export class TenantCache {
  private readonly entries = new Map<string, { tenant: TenantRow | null; expires: number }>();
  constructor(private readonly app: FastifyInstance, private readonly ttlMs = 30_000) {}

  async bySlug(slug: string): Promise<TenantRow | null> {
    const hit = this.entries.get(slug);
    if (hit && hit.expires > Date.now()) return hit.tenant;
    const tenant = (await findTenantBySlug(this.app.db, slug)) ?? null;
    this.entries.set(slug, { tenant, expires: Date.now() + this.ttlMs });
    return tenant;
  }

  invalidate(slug?: string): void {
    if (slug) this.entries.delete(slug);
    else this.entries.clear();
  }
}

/** The tenant of the request, or a 404 when the host names no tenant. */
export function requireTenant(request: FastifyRequest): TenantRow {
  if (!request.tenant) throw new AppError('not-found', 'Organization not found for this address');
  return request.tenant;
}

export const tenantPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const cache = new TenantCache(app);
    app.decorate('tenantCache', cache);
    app.decorateRequest('tenant', null);
    app.decorateRequest('appType', opts.config.appType);

    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/api/v1/health/live')) return;
      const { slug, appType } = parseHost(request.headers.host, opts.config.baseDomain);
      request.appType = appType ?? opts.config.appType;
      request.tenant = await cache.bySlug(slug ?? opts.config.defaultTenant);
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header(APP_TYPE_HEADER, request.appType);
      if (request.tenant) {
        reply.header(TENANT_ID_HEADER, request.tenant.id);
        reply.header(TENANT_SLUG_HEADER, request.tenant.slug);
      }
      done(null, payload);
    });
  },
  { name: 'tenant', dependencies: ['db'] },
);
