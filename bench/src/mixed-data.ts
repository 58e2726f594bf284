import { createHash } from 'node:crypto';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@tessera/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';
import { MARKETPLACE_INSTITUTIONS } from './offers-data.ts';

/** Every mixed-load account signs in with this password (one argon2 hash, computed once, for all of them). */
export const MIXED_PASSWORD = 'mixed-load-lantern-2026';
/** One in this many virtual users is a sponsor: a team member of an institution with a lead of their own to edit. */
export const SPONSOR_EVERY = 5;

/** The same 24-hex ids the SQL below writes (substr(md5(…), 1, 24)), so the runner knows them without asking. */
const md5Id = (text: string) => createHash('md5').update(text).digest('hex').slice(0, 24);
export const mixedEmail = (n: number) => `mixed-${n}@bench.example.com`;
export const mixedUserId = (n: number) => md5Id(`mixed-user-${n}`);
export const mixedLeadId = (n: number) => md5Id(`mixed-lead-${n}`);
export const isSponsor = (n: number) => n % SPONSOR_EVERY === 0;
/** The marketplace bench's institution (offers-data.ts) whose team sponsor `n` is on. */
export const mixedInstitutionId = (n: number) => md5Id(`bench-institution-${1 + (n % MARKETPLACE_INSTITUTIONS)}`);

/**
 * `count` accounts of the tenant, numbered 1…count, in bulk (not through sign-up, which would hash each password):
 * active investors with onboarding done. Every SPONSOR_EVERY-th is also on the team of one of the marketplace bench's
 * institutions (the institution:manage flag and a team role, as makeBenchGp does) with one lead of their own, so no
 * two virtual users ever edit the same row. Needs insertMarketplaceOffers' institutions first.
 */
export async function insertMixedPeople(db: Db, tenantSlug: string, count: number, passwordHash: string): Promise<void> {
  const preferences = JSON.stringify(DEFAULT_NOTIFICATION_PREFERENCES);
  await db.execute(sql`
    insert into users (id, email, password_hash, firstname, lastname, notification_preferences, onboarding_status,
      invest_onboarding_stage, created_at, updated_at)
    select substr(md5('mixed-user-' || g.i), 1, 24), 'mixed-' || g.i || '@bench.example.com', ${passwordHash}, 'Mixed',
      'Person ' || g.i, ${preferences}::jsonb, 'complete', 'complete', now(), now()
    from generate_series(1, ${count}::int) as g(i)
  `);
  await db.execute(sql`
    insert into tenant_members (tenant_id, id, user_id, firstname, lastname, membership_status, rbac_id, role, attributes,
      preferences, created_at, updated_at)
    select t.id, substr(md5('mixed-member-' || g.i), 1, 24), substr(md5('mixed-user-' || g.i), 1, 24), 'Mixed', 'Person ' || g.i,
      'active', substr(md5('mixed-rbac-' || g.i), 1, 24), 'investor',
      jsonb_build_object('institution:manage', g.i % ${SPONSOR_EVERY}::int = 0, 'investment:make', true, 'marketplace:view', true),
      '{"themeMode": null, "timeFormat": null, "dateFormat": null, "appMode": null, "institution": null}'::jsonb, now(), now()
    from generate_series(1, ${count}::int) as g(i)
    cross join lateral (select id from tenants where slug = ${tenantSlug}) t
  `);
  await db.execute(sql`
    insert into role_assignments (tenant_id, id, user_id, entity_type, entity_id, role)
    select t.id, substr(md5('mixed-role-' || g.i), 1, 24), substr(md5('mixed-user-' || g.i), 1, 24), 'institution',
      substr(md5('bench-institution-' || (1 + g.i % ${MARKETPLACE_INSTITUTIONS}::int)), 1, 24), 'member'
    from generate_series(${SPONSOR_EVERY}::int, ${count}::int, ${SPONSOR_EVERY}::int) as g(i)
    cross join lateral (select id from tenants where slug = ${tenantSlug}) t
  `);
  await db.execute(sql`
    insert into tenant_leads (tenant_id, id, institution_id, firstname, lastname, email, company, origin, created_by, created_at, updated_at)
    select t.id, substr(md5('mixed-lead-' || g.i), 1, 24), substr(md5('bench-institution-' || (1 + g.i % ${MARKETPLACE_INSTITUTIONS}::int)), 1, 24),
      'Lead', 'Of ' || g.i, 'mixed-lead-' || g.i || '@bench.example.com', 'Company ' || g.i, 'manual',
      substr(md5('mixed-user-' || g.i), 1, 24), now(), now()
    from generate_series(${SPONSOR_EVERY}::int, ${count}::int, ${SPONSOR_EVERY}::int) as g(i)
    cross join lateral (select id from tenants where slug = ${tenantSlug}) t
  `);
  for (const table of ['users', 'tenant_members', 'role_assignments', 'tenant_leads']) await db.execute(sql.raw(`analyze ${table}`));
}
