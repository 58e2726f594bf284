import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE, type Db } from '../db/client.ts';
import { withCrossTenant, withTenant } from '../db/scope.ts';
import { createTenant } from '../db/seed.ts';
import type { TenantRow } from '../db/schema/index.ts';
import { createTestDatabase, testEngine, type TestDatabase } from '../../test/test-database.ts';

// Defence in depth (issue #7): on PostgreSQL the database itself keeps each tenant's rows to that tenant, whatever
// the app's queries ask for. The whole API suite runs on PostgreSQL under these policies; this file checks the
// policies themselves, the role the app runs as, and the one way through them.

const onPostgres = testEngine() === 'postgres';
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

let database: TestDatabase;
let a: TenantRow;
let b: TenantRow;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
  a = await createTenant(database.ownerDb, 'rls-a', 'Tenant A');
  b = await createTenant(database.ownerDb, 'rls-b', 'Tenant B');
});

afterAll(async () => {
  await database.drop();
});

describe('every tenant-scoped table (migration 0010, on PGlite and PostgreSQL)', () => {
  it('has row-level security enabled and forced, and exactly the tenant and cross-tenant policies', async () => {
    const tables = rowsOf<{
      table: string;
      enabled: boolean;
      forced: boolean;
      policies: string[] | null;
      quals: string[] | null;
      checks: string[] | null;
      commands: string[] | null;
    }>(
      await database.ownerDb.execute(sql`
        select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
          array_agg(p.polname::text order by p.polname) filter (where p.polname is not null) as policies,
          array_agg(pg_get_expr(p.polqual, p.polrelid) order by p.polname) filter (where p.polname is not null) as quals,
          array_agg(pg_get_expr(p.polwithcheck, p.polrelid) order by p.polname) filter (where p.polname is not null) as checks,
          array_agg(p.polcmd::text order by p.polname) filter (where p.polname is not null) as commands
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
        join pg_attribute att on att.attrelid = c.oid and att.attname = 'tenant_id' and not att.attisdropped
        left join pg_policy p on p.polrelid = c.oid
        where c.relkind in ('r', 'p')
        group by c.relname, c.relrowsecurity, c.relforcerowsecurity
        order by c.relname`),
    );
    // A schema without tenant tables would pass everything below: the list must be the one the app has.
    expect(tables.length).toBeGreaterThanOrEqual(23);
    const problems = tables.flatMap((t) => {
      const issues: string[] = [];
      if (!t.enabled) issues.push('row-level security not enabled');
      if (!t.forced) issues.push('row-level security not forced');
      // Any other permissive policy would widen what the two allow, so none may exist.
      if (JSON.stringify(t.policies) !== JSON.stringify(['cross_tenant', 'tenant_isolation']))
        issues.push(`policies ${JSON.stringify(t.policies)}`);
      else {
        const [crossQual, tenantQual] = t.quals ?? [];
        const [crossCheck, tenantCheck] = t.checks ?? [];
        if (
          !tenantQual?.includes("current_setting('app.tenant_id'") ||
          tenantCheck !== tenantQual ||
          !tenantQual.startsWith('(tenant_id =')
        ) {
          issues.push(`tenant_isolation is ${tenantQual} / ${tenantCheck}`);
        }
        if (!crossQual?.includes("current_setting('app.cross_tenant'") || crossCheck !== crossQual)
          issues.push(`cross_tenant is ${crossQual} / ${crossCheck}`);
        if (t.commands?.some((cmd) => cmd !== '*')) issues.push(`policies for ${JSON.stringify(t.commands)} only`);
      }
      return issues.map((issue) => `${t.table}: ${issue}`);
    });
    expect(problems, 'Each new tenant table needs the four statements of migration 0010 for it').toEqual([]);
  });

  it('leaves only the tables without a tenant unpoliced', async () => {
    const unscoped = rowsOf<{ table: string }>(
      await database.ownerDb.execute(sql`
      select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      where c.relkind in ('r', 'p') and not exists (select 1 from pg_attribute att where att.attrelid = c.oid and att.attname = 'tenant_id' and not att.attisdropped)
      order by c.relname`),
    );
    // Platform-wide by nature: accounts (one per person across tenants) and their second factors, the tenants
    // themselves, start-up secrets.
    expect(unscoped.map((t) => t.table)).toEqual([
      'app_secrets',
      'mfa_challenges',
      'tenants',
      'user_recovery_codes',
      'user_totp',
      'users',
      'webauthn_credentials',
    ]);
  });
});

describe.runIf(onPostgres)(
  'the role the app runs as (PostgreSQL only: PGlite runs as its superuser, whom row-level security does not hold)',
  () => {
    it('is tessera_app: not a superuser, not BYPASSRLS, owns no table, cannot truncate', async () => {
      const [who] = rowsOf<{ user: string; session: string }>(
        await database.db.execute(sql`select current_user as user, session_user as session`),
      );
      expect(who?.user).toBe(APP_ROLE);
      const [role] = rowsOf<{
        rolsuper: boolean;
        rolbypassrls: boolean;
        rolcreaterole: boolean;
        rolcreatedb: boolean;
        rolcanlogin: boolean;
      }>(
        await database.ownerDb.execute(
          sql`select rolsuper, rolbypassrls, rolcreaterole, rolcreatedb, rolcanlogin from pg_roles where rolname = ${APP_ROLE}`,
        ),
      );
      expect(role).toEqual({ rolsuper: false, rolbypassrls: false, rolcreaterole: false, rolcreatedb: false, rolcanlogin: false });
      const owned = rowsOf<{ table: string }>(
        await database.ownerDb.execute(sql`
      select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      where c.relkind in ('r', 'p') and (pg_has_role(${APP_ROLE}, c.relowner, 'USAGE') or has_table_privilege(${APP_ROLE}, c.oid, 'TRUNCATE'))`),
      );
      expect(owned).toEqual([]);
    });

    it('sees only the tenant it is set to, and cannot write another tenant’s rows', async () => {
      await expectIsolation(database.db);
    });

    it('holds a login of its own the same way (APP_DATABASE_URL: a role that is a member of tessera_app)', async () => {
      const login = `tessera_rls_test_${randomBytes(4).toString('hex')}`;
      await database.ownerDb.execute(sql.raw(`create role ${login} login in role ${APP_ROLE}`));
      const { createDatabase } = await import('../db/client.ts');
      const url = new URL(ownerUrl());
      const appUrl = new URL(url);
      appUrl.username = login;
      const own = await createDatabase({ url: url.toString(), appUrl: appUrl.toString(), dataDir: '', poolSize: 2 });
      try {
        await own.migrate(); // nothing left to apply; then the start-up check of the login's role passes
        const [who] = rowsOf<{ user: string; session: string }>(
          await own.db.execute(sql`select current_user as user, session_user as session`),
        );
        expect(who).toEqual({ user: login, session: login });
        await expectIsolation(own.db);
      } finally {
        await own.close();
        await database.ownerDb.execute(sql.raw(`drop role ${login}`));
      }
    });

    it('refuses to start as a role that would bypass row-level security', async () => {
      const { createDatabase } = await import('../db/client.ts');
      // The owner (the local test server's superuser) given as the app's own login.
      const asOwner = await createDatabase({ url: ownerUrl(), appUrl: ownerUrl(), dataDir: '', poolSize: 1 });
      try {
        await expect(asOwner.migrate()).rejects.toThrow(/would bypass row-level security/);
      } finally {
        await asOwner.close();
      }
    });

    it('shows nothing and writes nothing outside any scope, and everything only inside withCrossTenant', async () => {
      expect(await timelineTenants(database.db)).toEqual([]);
      await expectRefused(insertEvent(database.db, a.id));
      const all = await withCrossTenant('test: the one way through', async () => timelineTenants(database.db));
      expect(all).toEqual([a.id, b.id].sort());
    });

    it('never lets a pooled connection keep the tenant of its previous user', async () => {
      const settingOf = async () =>
        rowsOf<{ tenant: string | null; cross: string | null; pid: number }>(
          await database.db.execute(
            sql`select current_setting('app.tenant_id', true) as tenant, current_setting('app.cross_tenant', true) as cross, pg_backend_pid() as pid`,
          ),
        )[0]!;
      const first = await withTenant(a.id, settingOf);
      const cross = await withCrossTenant('test: pool reuse', settingOf);
      const none = await settingOf();
      const second = await withTenant(b.id, () =>
        database.db.transaction(
          async (tx) => rowsOf<{ tenant: string }>(await tx.execute(sql`select current_setting('app.tenant_id', true) as tenant`))[0]!,
        ),
      );
      expect([first.tenant, first.cross]).toEqual([a.id, 'off']);
      expect([cross.tenant, cross.cross]).toEqual(['', 'on']);
      expect([none.tenant, none.cross]).toEqual(['', 'off']);
      expect(second.tenant).toBe(b.id);
      // One connection served them all (the pool hands back the one it just got), so each checkout really reset it.
      expect(new Set([first.pid, cross.pid, none.pid]).size).toBe(1);
    });

    it('runs a request in its host’s tenant, the body-parsed ones too', async () => {
      const { app, close } = await bareApp();
      try {
        const probe = async () =>
          rowsOf<{ tenant: string }>(await app.db.execute(sql`select current_setting('app.tenant_id', true) as tenant`))[0]!.tenant;
        app.get('/rls-probe', async () => ({ tenant: await probe() }));
        app.post('/rls-probe', async () => ({ tenant: await probe() }));
        // Over a real socket: the body's stream events come from the connection, not from the request's hooks.
        await app.listen({ port: 0, host: '127.0.0.1' });
        const acme = await createTenant(app.db, 'acme', 'Acme');
        const globex = await createTenant(app.db, 'globex', 'Globex');
        const port = (app.server.address() as AddressInfo).port;
        const get = await call(port, 'GET', 'acme.localhost');
        const post = await call(port, 'POST', 'globex.localhost', JSON.stringify({ any: 'body' }));
        const unknown = await call(port, 'GET', 'nobody.localhost');
        expect([get, post, unknown]).toEqual([{ tenant: acme.id }, { tenant: globex.id }, { tenant: '' }]);
      } finally {
        await close();
      }
    });
  },
);

describe('the ways through row-level security', () => {
  it('are only functions named …Unscoped, platform-admin routes and the listed system work', () => {
    const root = join(import.meta.dirname, '..');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter(
      (f) => f.endsWith('.ts') && !f.includes('.test') && !f.includes('test-helpers'),
    );
    // System work outside any request, each with its reason in the call.
    const system = new Set([
      'db/seed.ts:createTenant',
      'db/seed.ts:seed',
      'lib/mail/outbox-mailer.ts:createOutboxMailer',
      // Raw analytics events past ANALYTICS_RETENTION_DAYS, every tenant's (#25).
      'modules/analytics/analytics-retention.ts:deleteExpiredAnalytics',
      'plugins/auth.ts:authPlugin',
    ]);
    const callers: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const match of text.matchAll(/withCrossTenant\(/g)) {
        // The top-level declaration the call sits in.
        const declarations = [...text.slice(0, match.index).matchAll(/^(?:export )?(?:async )?(?:function\s+(\w+)|const\s+(\w+))/gm)];
        const name = declarations.at(-1);
        callers.push(`${file}:${name?.[1] ?? name?.[2] ?? '?'}`);
      }
    }
    const unexpected = callers.filter((c) => !c.endsWith('Unscoped') && !system.has(c));
    expect(unexpected).toEqual([]);
    expect(callers.length).toBeGreaterThan(system.size);
  });

  it('is declared only by platform-admin routes', async () => {
    const { app, close } = await bareApp();
    try {
      const crossing = app.routeTable.filter((r) => r.crossTenant);
      expect(crossing.length).toBeGreaterThan(0);
      expect(crossing.filter((r) => r.access !== 'platform-admin').map((r) => `${r.method} ${r.url}`)).toEqual([]);
      expect(() =>
        app.get(
          '/api/v1/rls-crossing',
          { schema: { operationId: 'rlsCrossing' }, config: { access: 'signed-in', crossTenant: 'no' } },
          async () => 'x',
        ),
      ).toThrow(/not for platform admins only/);
    } finally {
      await close();
    }
  });
});

/** One call over HTTP with a chosen Host header, its JSON answer. */
function call(port: number, method: string, host: string, body?: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = request(
      { port, host: '127.0.0.1', method, path: '/rls-probe', headers: { host, ...(body ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      },
    );
    req.on('error', reject);
    // The body goes in a second packet, after the headers, as a browser's larger bodies do.
    req.flushHeaders();
    setTimeout(() => req.end(body), 20);
  });
}

/** The app on a database of its own, before `ready`, so a test can add routes. */
async function bareApp() {
  const { buildApp } = await import('../app.ts');
  const { loadConfig } = await import('../config/index.ts');
  const own = await createTestDatabase();
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(32), WEB_DIST: '/none' }), {
    database: own,
    logger: false,
  });
  return {
    app,
    close: async () => {
      await app.close();
      await own.drop();
    },
  };
}

function ownerUrl(): string {
  return database.ownerUrl!;
}

async function timelineTenants(db: Db): Promise<string[]> {
  const rows = rowsOf<{ tenant: string }>(await db.execute(sql`select distinct tenant_id as tenant from timeline_events order by 1`));
  return rows.map((r) => r.tenant);
}

/** The statement fails with PostgreSQL's own refusal: new row violates row-level security policy (42501). */
async function expectRefused(statement: Promise<unknown>): Promise<void> {
  const error = await statement.then(
    () => null,
    (e: unknown) => e as { cause?: { code?: string; message?: string } },
  );
  expect(error?.cause).toMatchObject({ code: '42501', message: expect.stringMatching(/row-level security/) });
}

function insertEvent(db: Db, tenantId: string) {
  return db.execute(sql`insert into timeline_events (tenant_id, id, type, entity, entity_type, message, meta, refs)
    values (${tenantId}, ${randomBytes(12).toString('hex')}, 'update', 'x', 'tenant', 'probe', '{}'::jsonb, '[]'::jsonb)`);
}

/** As tenant A: B's rows are invisible, and inserting, moving or changing rows of B is refused or touches nothing. */
async function expectIsolation(db: Db): Promise<void> {
  await withTenant(a.id, async () => {
    expect(await timelineTenants(db)).toEqual([a.id]);
    await expectRefused(insertEvent(db, b.id));
    const updated = await db.execute(sql`update timeline_events set message = 'hijacked' where tenant_id = ${b.id}`);
    expect((updated as unknown as { rowCount: number }).rowCount).toBe(0);
    const deleted = await db.execute(sql`delete from timeline_events where tenant_id = ${b.id}`);
    expect((deleted as unknown as { rowCount: number }).rowCount).toBe(0);
    // Moving its own row into B is refused by the policy's check.
    await expectRefused(db.execute(sql`update timeline_events set tenant_id = ${b.id} where tenant_id = ${a.id}`));
    await insertEvent(db, a.id);
  });
  const bRows = rowsOf<{ n: number }>(
    await database.ownerDb.execute(sql`select count(*)::int as n from timeline_events where tenant_id = ${b.id} and message = 'hijacked'`),
  );
  expect(bRows[0]?.n).toBe(0);
}
