import { DEFAULT_BRANDING, type Branding, type TenantRole } from '@tessera/domain';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { tenants, type TenantRow } from './schema/index.ts';
import { newId } from '../lib/ids.ts';
import { hashPassword } from '../lib/password.ts';
import { DEFAULT_ATTRIBUTES, findMember, insertMember } from '../modules/tenants/tenant-members.repository.ts';
import { recordEvent } from '../modules/timeline/timeline.service.ts';
import { findUserByEmail, insertUser } from '../modules/users/users.repository.ts';
import { findTenantBySlug } from '../modules/tenants/tenants.repository.ts';

export interface SeedAccount {
  email: string;
  password: string;
  role: string;
}

/** The demo accounts of the demo tenant; the README lists the same. */
export const DEMO_ACCOUNTS: readonly (SeedAccount & { firstname: string; lastname: string; tenantRole: TenantRole })[] = [
  { email: 'owner@demo.tessera.local', password: 'demo-owner-2026', role: 'tenant owner', firstname: 'Olivia', lastname: 'Owner', tenantRole: 'owner' },
  { email: 'investor@demo.tessera.local', password: 'demo-investor-2026', role: 'investor', firstname: 'Ivan', lastname: 'Investor', tenantRole: 'investor' },
];

/** A second demo tenant with its own branding, to show white-labelling at northwind.localhost. */
export const NORTHWIND_BRANDING: Branding = {
  theme: {
    ...DEFAULT_BRANDING.theme,
    light: { ...DEFAULT_BRANDING.theme.light, primary: '#0B6E4F', secondary: '#F2A541', background: '#F4F8F6' },
    dark: { ...DEFAULT_BRANDING.theme.dark, primary: '#5FD3A6', secondary: '#F2A541', background: '#0C1A15' },
    fontFamily: 'Montserrat',
    borderRadius: 12,
  },
  images: [],
  messaging: {
    welcomeTitle: 'Welcome to Northwind Capital',
    welcomeText: 'Income-focused real estate and private credit, for verified investors.',
    promoCards: [],
  },
};

export async function createTenant(db: Db, slug: string, name: string, branding: Branding = DEFAULT_BRANDING): Promise<TenantRow> {
  return db.transaction(async (tx) => {
    const [tenant] = await tx.insert(tenants).values({ id: newId(), slug, name, branding }).returning();
    await recordEvent(tx, { tenantId: tenant!.id, type: 'create', entity: tenant!.id, entityType: 'tenant', userId: null, message: `Tenant ${name} created` });
    return tenant!;
  });
}

async function ensureUserMember(
  db: Db,
  tenant: TenantRow,
  account: { email: string; password: string; firstname?: string; lastname?: string; tenantRole: TenantRole; admin?: boolean },
): Promise<void> {
  let user = await findUserByEmail(db, account.email);
  if (!user) {
    user = await insertUser(db, {
      email: account.email,
      passwordHash: await hashPassword(account.password),
      firstname: account.firstname ?? null,
      lastname: account.lastname ?? null,
      role: account.admin ? 'admin' : 'user',
    });
    await recordEvent(db, { tenantId: tenant.id, type: 'create', entity: user.id, entityType: 'user', userId: null, message: `Account ${user.email} created at start-up` });
  }
  if (!(await findMember(db, tenant.id, user.id))) {
    await insertMember(db, { tenantId: tenant.id, user, role: account.tenantRole, attributes: DEFAULT_ATTRIBUTES[account.tenantRole], membershipStatus: 'active' });
  }
}

export interface SeedResult {
  tenant: TenantRow;
  createdTenant: boolean;
  accounts: SeedAccount[];
}

/**
 * On an empty database: the default tenant, and with demoData its demo accounts.
 * The platform admin from ADMIN_EMAIL/ADMIN_PASSWORD is created when that user does not exist.
 */
export async function seed(
  db: Db,
  options: { defaultTenant: string; demoData: boolean; admin: { email: string; password: string } | undefined },
): Promise<SeedResult> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(tenants);
  let tenant = await findTenantBySlug(db, options.defaultTenant);
  const createdTenant = count === 0 && !tenant;
  if (!tenant) tenant = await createTenant(db, options.defaultTenant, options.demoData ? 'Tessera Demo' : 'Tessera');
  const accounts: SeedAccount[] = [];
  if (createdTenant && options.demoData) {
    for (const account of DEMO_ACCOUNTS) await ensureUserMember(db, tenant, account);
    const northwind = await createTenant(db, 'northwind', 'Northwind Capital', NORTHWIND_BRANDING);
    await ensureUserMember(db, northwind, DEMO_ACCOUNTS[0]!);
  }
  if (options.demoData) accounts.push(...DEMO_ACCOUNTS.map(({ email, password, role }) => ({ email, password, role })));
  if (options.admin) {
    await ensureUserMember(db, tenant, { ...options.admin, firstname: 'Platform', lastname: 'Admin', tenantRole: 'owner', admin: true });
    accounts.push({ email: options.admin.email, password: '(ADMIN_PASSWORD)', role: 'platform admin' });
  }
  return { tenant, createdTenant, accounts };
}
