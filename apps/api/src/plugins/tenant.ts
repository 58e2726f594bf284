import { isIP } from 'node:net';
import { APP_TYPE_HEADER, TENANT_ID_HEADER, TENANT_SLUG_HEADER, type AppType } from '@tessera/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/index.ts';
import type { Db } from '../db/client.ts';
import type { TenantRow } from '../db/schema/index.ts';
import { withoutTenant, withTenant } from '../db/scope.ts';
import { AppError, notFound } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant the host picked: {slug}.{BASE_DOMAIN} or {slug}.localhost; the bare host picks DEFAULT_TENANT. */
    tenant: TenantRow | null;
    appType: AppType;
    /** Where links in e-mails sent for this request point: see linkOrigin. */
    linkOrigin: string;
    /** The tenant's version in the public cache as read for this request (several nodes, Redis), else null. */
    tenantVersion: TenantVersion | null;
  }
  interface FastifyInstance {
    tenantCache: TenantCache;
  }
  interface FastifyContextConfig {
    /**
     * The path parameter that names the tenant (`t` in /tenant/:t/…), by id or slug. It must be the tenant of the
     * address; any other is 404, checked once after validation and access, just before the handler.
     */
    tenantParam?: string;
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

/**
 * Tenants by slug, kept briefly in memory: every request needs one and they rarely change. An expired entry still
 * answers at once while one background read refreshes it, so no request waits for the database behind a busy
 * queue just because the entry aged; changes made through this node invalidate the entry at once.
 */
/** Reads a tenant by slug: tenants.repository `findTenantBySlug`, handed to the plugin by app.ts. */
/** A tenant's version in the public cache (undefined: Redis could not say). */
export interface TenantVersion {
  tenantId: string;
  version: string | undefined;
}

export type TenantLookup = (db: Db, slug: string) => Promise<TenantRow | undefined>;

export class TenantCache {
  private readonly entries = new Map<string, { tenant: TenantRow | null; expires: number; version: string | undefined }>();
  /**
   * With several nodes (Redis), the tenant's version in the public cache (plugins/public-cache.ts): a change on any
   * node bumps it, so an entry read at another version is read again before it answers (#25).
   */
  versionOf: ((tenantId: string) => Promise<string | undefined>) | null = null;
  private readonly loading = new Map<string, Promise<TenantRow | null>>();
  /** Bumped on every invalidation, so a read that started before a change never stores what it read. */
  private generation = 0;
  /** Without a lookup of its own, a cache reads through the app's (`app.tenantCache`). */
  constructor(
    private readonly app: FastifyInstance,
    private readonly ttlMs = 30_000,
    readonly find: TenantLookup = app.tenantCache.find,
  ) {}

  /** `seen`, when given, receives the tenant version read on the way (the public cache reuses it for the request). */
  async bySlug(slug: string, seen?: { tenantVersion: TenantVersion | null }): Promise<TenantRow | null> {
    const hit = this.entries.get(slug);
    if (hit?.tenant && this.versionOf) {
      const version = await this.versionOf(hit.tenant.id);
      if (seen) seen.tenantVersion = { tenantId: hit.tenant.id, version };
      if (version === undefined || version !== hit.version) return this.load(slug);
    }
    if (hit && hit.expires > Date.now()) return hit.tenant;
    const load = this.load(slug);
    if (!hit) return load;
    load.catch((err: unknown) => this.app.log.warn({ err, slug }, 'tenant refresh failed; serving the cached tenant'));
    return hit.tenant;
  }

  private load(slug: string): Promise<TenantRow | null> {
    let pending = this.loading.get(slug);
    if (!pending) {
      const generation = this.generation;
      const known = this.entries.get(slug)?.tenant;
      // The version is read before the row, so a change committed in between makes the next request read again.
      const versionBefore = known && this.versionOf ? this.versionOf(known.id) : Promise.resolve(undefined);
      const read: Promise<TenantRow | null> = versionBefore
        .then(async (before) => {
          // A first read stores no version: the next request reads once more, with the version taken first.
          const found = await this.find(this.app.db, slug);
          return { tenant: found ?? null, version: before };
        })
        .then(({ tenant, version }) => {
          if (generation === this.generation) this.entries.set(slug, { tenant, expires: Date.now() + this.ttlMs, version });
          return tenant;
        })
        .finally(() => {
          if (this.loading.get(slug) === read) this.loading.delete(slug);
        });
      pending = read;
      this.loading.set(slug, pending);
    }
    return pending;
  }

  invalidate(slug?: string): void {
    this.generation += 1;
    if (slug) {
      this.entries.delete(slug);
      this.loading.delete(slug);
    } else {
      this.entries.clear();
      this.loading.clear();
    }
  }
}

/**
 * The origin e-mailed links (password reset, invites, shares) point back to. The request's own host is used only
 * when it is a name this deployment serves for that tenant ({slug}.BASE_DOMAIN, {slug}.localhost, or the bare
 * BASE_DOMAIN/localhost for the default tenant). Any other Host header (a foreign name, an IP address) falls back to
 * the tenant's canonical host, so a forged Host cannot turn a reset mail into a link to the attacker's site.
 */
export function linkOrigin(
  protocol: string,
  hostHeader: string | undefined,
  tenant: Pick<TenantRow, 'slug'> | null,
  config: Pick<Config, 'baseDomain' | 'defaultTenant'>,
): string {
  const raw = (hostHeader ?? '').trim().toLowerCase();
  const port = /:(\d{1,5})$/.exec(raw)?.[1];
  const name = raw.replace(/:\d+$/, '').replace(/\.$/, '');
  const slug = tenant?.slug ?? config.defaultTenant;
  const isDefault = slug === config.defaultTenant;
  const served = new Set([`${slug}.${config.baseDomain}`, `${slug}.localhost`]);
  if (isDefault) {
    served.add(config.baseDomain);
    served.add('localhost');
  }
  const host = served.has(name) ? name : isDefault ? config.baseDomain : `${slug}.${config.baseDomain}`;
  return `${protocol}://${host}${port ? `:${port}` : ''}`;
}

/** The tenant of the request, or a 404 when the host names no tenant. */
export function requireTenant(request: FastifyRequest): TenantRow {
  if (!request.tenant) throw new AppError('not-found', 'Organization not found for this address');
  return request.tenant;
}

/** The route's tenant path parameter must name the tenant of the request (by id or slug): anything else is a 404. */
function checkTenantParam(request: FastifyRequest, name: string): void {
  const tenant = requireTenant(request);
  const named = (request.params as Record<string, unknown>)[name];
  if (named !== tenant.id && named !== tenant.slug) throw notFound('Organization');
}

export const tenantPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; findTenantBySlug: TenantLookup }) => {
    const cache = new TenantCache(app, undefined, opts.findTenantBySlug);
    app.decorate('tenantCache', cache);
    app.decorateRequest('tenant', null);
    app.decorateRequest('appType', opts.config.appType);
    // Computed when a link is made (e-mails), not on every request.
    app.decorateRequest('linkOrigin', {
      getter(this: FastifyRequest) {
        return linkOrigin(this.protocol, this.headers.host, this.tenant, opts.config);
      },
    });
    app.decorateRequest('tenantVersion', null);

    async function resolveTenant(request: FastifyRequest): Promise<void> {
      const { slug, appType } = parseHost(request.headers.host, opts.config.baseDomain);
      request.appType = appType ?? opts.config.appType;
      request.tenant = await cache.bySlug(slug ?? opts.config.defaultTenant, request);
    }

    // The rest of the request runs in its tenant's database scope (db/scope.ts), or in none when the host names no
    // tenant: on PostgreSQL row-level security then shows it that tenant's rows only, whatever its queries ask for.
    // The later hooks and the handler are called from `done`, so they inherit the scope; Fastify keeps it across
    // the body parser's stream events (content-type-parser.js runs the rest in the request's async context).
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.url.startsWith('/api/v1/health/live')) {
        done();
        return;
      }
      resolveTenant(request).then(() => {
        if (request.tenant) withTenant(request.tenant.id, done);
        else withoutTenant(done);
      }, done);
    });

    // Host, session and path must agree on the tenant: the auth plugin matches the session's tenant to the host's,
    // and a route that names the tenant in its path (`config.tenantParam`) has it matched here, in one place.
    app.addHook('onRoute', (route) => {
      const name = route.config?.tenantParam;
      const segments = route.url.split('/');
      // The house name for it is `:t`: a route that has one and forgets the option fails at start-up, not open.
      if (!name && segments.includes(':t'))
        throw new Error(`Route ${route.method} ${route.url} names the tenant (:t) but declares no config.tenantParam`);
      if (!name) return;
      if (!segments.includes(`:${name}`))
        throw new Error(`Route ${route.method} ${route.url} declares tenantParam '${name}' but has no such path parameter`);
      const handlers = route.preHandler ? [route.preHandler].flat() : [];
      route.preHandler = [
        ...handlers,
        (request, _reply, done) => {
          try {
            checkTenantParam(request, name);
          } catch (error) {
            done(error as Error);
            return;
          }
          done();
        },
      ];
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
