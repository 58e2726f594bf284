import { DEFAULT_BRANDING, REQUIRED_OFFER_DOCUMENTS, offerRequiredDocumentTypeLabels, type Branding, type OfferClass, type TenantRole } from '@tessera/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { documents, institutions, offers, roleAssignments, tenants, type TenantRow } from './schema/index.ts';
import { newId } from '../lib/ids.ts';
import { hashPassword } from '../lib/password.ts';
import type { FileStorage } from '../lib/storage/storage.ts';
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

const DAY_MS = 86_400_000;
const demoClass = (values: Pick<OfferClass, 'id' | 'name' | 'minimumInvestment'> & Partial<OfferClass>): OfferClass => ({
  description: null, internalRateOfReturn: null, annualizedReturn: null, cashOnCash: null, equityMultiple: null, holdingPeriod: null,
  preferredReturn: null, maximumInvestment: null, distributionFrequency: null, distributionShare: null, pricePerUnit: null, upsideSplit: null,
  customMetrics: [], ...values,
});

/**
 * Raise mode demo data, on the first start (and only while the tenant has no institution): the fund Summit Ridge Capital with the
 * demo owner on its team, an approved, published and visible offer (with its four required documents when file
 * storage is given) and a draft.
 */
export async function seedRaiseDemo(db: Db, tenant: TenantRow, storage: FileStorage | undefined): Promise<void> {
  const [existing] = await db.select({ id: institutions.id }).from(institutions).where(eq(institutions.tenantId, tenant.id)).limit(1);
  const owner = await findUserByEmail(db, DEMO_ACCOUNTS[0]!.email);
  if (existing || !owner) return;
  const now = new Date();
  const institutionId = newId();
  const documentIds: { document: string; type: (typeof REQUIRED_OFFER_DOCUMENTS)[number]; position: number; hidden: boolean }[] = [];
  if (storage) {
    for (const type of REQUIRED_OFFER_DOCUMENTS) {
      const id = newId();
      const label = offerRequiredDocumentTypeLabels[type];
      const data = Buffer.from(`${label}\nSummit Ridge Apartments, LLC\nDemo document of the Tessera demo tenant.\n`, 'utf8');
      const storageKey = `documents/${tenant.id}/${id}`;
      await storage.put(storageKey, data, 'text/plain');
      await db.insert(documents).values({
        tenantId: tenant.id, id, name: label, type, entityType: 'OFFER', tags: ['offer'], mimeType: 'text/plain', size: data.length,
        storageKey, originalName: `${type}.txt`, uploadedBy: owner.id,
      });
      documentIds.push({ document: id, type, position: documentIds.length, hidden: false });
    }
  }
  const published = documentIds.length === REQUIRED_OFFER_DOCUMENTS.length;
  await db.transaction(async (tx) => {
    await tx.insert(institutions).values({
      tenantId: tenant.id, id: institutionId, name: 'Summit Ridge Capital', slug: 'summit-ridge-capital', type: 'fund', createdBy: owner.id,
      descriptionShort: 'A Denver real estate fund buying and improving mid-size apartment communities and light-industrial sites.',
      description: '<p>Summit Ridge Capital has acquired and repositioned <strong>4,200 apartment units</strong> across the Mountain West since 2011.</p>',
    });
    await tx.insert(roleAssignments).values({
      tenantId: tenant.id, id: newId(), userId: owner.id, entityType: 'institution', entityId: institutionId, role: 'owner', createdBy: owner.id,
    });
    const live = newId();
    const draft = newId();
    await tx.insert(offers).values([
      {
        tenantId: tenant.id, id: live, institutionId, name: 'Summit Ridge Apartments', slug: 'summit-ridge-apartments', createdBy: owner.id,
        type: 'value-add', assetClass: 'multi-family', equityType: 'common-equity', fedExemptionExclusions: ['rule-506-c'],
        descriptionShort: 'A 248-unit Class B community in Aurora, CO, with a five-year renovation plan.',
        description: '<h2>The plan</h2><p>Renovate interiors and amenities of a <strong>248-unit</strong> community and bring rents to market over five years.</p><ul><li>94% occupied at purchase</li><li>Fixed-rate debt at 5.1%</li></ul>',
        openDate: new Date(now.getTime() - 30 * DAY_MS), closeDate: new Date(now.getTime() + 90 * DAY_MS),
        primaryCta: { label: 'Invest Now', url: 'https://summitridge.example/invest' }, secondaryCta: { label: 'Book a call', url: 'https://summitridge.example/call' },
        classes: [
          demoClass({ id: 'class-a', name: 'Class A', minimumInvestment: 50_000, internalRateOfReturn: 16, equityMultiple: 1.9, holdingPeriod: 60, preferredReturn: 8, distributionFrequency: 3 }),
          demoClass({ id: 'class-b', name: 'Class B', minimumInvestment: 250_000, internalRateOfReturn: 18, equityMultiple: 2.1, holdingPeriod: 60, preferredReturn: 9, distributionFrequency: 3 }),
        ],
        customMetrics: [
          { id: 'units', key: 'Units', value: '248', position: 0, hidden: false },
          { id: 'occupancy', key: 'Occupancy', value: '94%', position: 1, hidden: false },
        ],
        capitalRaiseMin: 5_000_000, capitalRaiseMax: 15_000_000, capitalRaiseTotal: 3_200_000,
        documents: documentIds,
        approvalStatus: 'approved', approvalDate: now, approvalBy: owner.id,
        published, publishedAt: published ? now : null, publishedBy: published ? owner.id : null,
        visibilityStatus: 'visible', visibilityUpdatedAt: now, visibilityUpdatedBy: owner.id,
      },
      {
        tenantId: tenant.id, id: draft, institutionId, name: 'Ridge Logistics Center', slug: 'ridge-logistics-center', createdBy: owner.id,
        type: 'development-project', assetClass: 'industrial', descriptionShort: 'A 180,000 sq ft last-mile warehouse near Denver International Airport.',
      },
    ]);
    const created = (entity: string, entityType: 'tenant-institution' | 'tenant-offer', name: string) =>
      recordEvent(tx, { tenantId: tenant.id, type: 'create', entity, entityType, userId: null, message: `Demo data: ${name} created`, ...(entityType === 'tenant-offer' && { refs: [{ entity: institutionId, entityType: 'tenant-institution' as const }] }) });
    await created(institutionId, 'tenant-institution', 'Summit Ridge Capital');
    await created(live, 'tenant-offer', 'Summit Ridge Apartments');
    await created(draft, 'tenant-offer', 'Ridge Logistics Center');
  });
}

export interface SeedResult {
  tenant: TenantRow;
  createdTenant: boolean;
  accounts: SeedAccount[];
}

/**
 * On an empty database: the default tenant, and with demoData its demo accounts and Raise mode demo data.
 * The platform admin from ADMIN_EMAIL/ADMIN_PASSWORD is created when that user does not exist.
 */
export async function seed(
  db: Db,
  options: { defaultTenant: string; demoData: boolean; admin: { email: string; password: string } | undefined; storage?: FileStorage },
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
  // Demo data is written on the first start only: what people later delete stays deleted.
  if (createdTenant && options.demoData) await seedRaiseDemo(db, tenant, options.storage);
  // The console lists the demo accounts only where they exist (a database first started with DEMO_DATA=0 has none).
  if (options.demoData && (await findUserByEmail(db, DEMO_ACCOUNTS[0]!.email))) {
    accounts.push(...DEMO_ACCOUNTS.map(({ email, password, role }) => ({ email, password, role })));
  }
  if (options.admin) {
    await ensureUserMember(db, tenant, { ...options.admin, firstname: 'Platform', lastname: 'Admin', tenantRole: 'owner', admin: true });
    accounts.push({ email: options.admin.email, password: '(ADMIN_PASSWORD)', role: 'platform admin' });
  }
  return { tenant, createdTenant, accounts };
}
