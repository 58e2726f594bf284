import {
  DEFAULT_BRANDING,
  REQUIRED_OFFER_DOCUMENTS,
  offerRequiredDocumentTypeLabels,
  type Branding,
  blankOfferClass,
  type TenantRole,
} from '@tessera/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client.ts';
import { withCrossTenant } from './scope.ts';
import { documents, images, institutions, marketplaceSettings, offers, roleAssignments, tenants, type TenantRow } from './schema/index.ts';
import { newId } from '../lib/ids.ts';
import { hashPassword } from '../lib/password.ts';
import type { FileStorage } from '../lib/storage/storage.ts';
import { DEFAULT_ATTRIBUTES, findMember, findTenantBySlug, insertMember } from '../modules/tenants/index.ts';
import { recordEvent } from '../modules/timeline/index.ts';
import { findUserByEmail, insertUser } from '../modules/users/index.ts';

export interface SeedAccount {
  email: string;
  password: string;
  role: string;
}

/** The demo accounts of the demo tenant; the README lists the same. */
export const DEMO_ACCOUNTS: readonly (SeedAccount & { firstname: string; lastname: string; tenantRole: TenantRole })[] = [
  {
    email: 'owner@demo.tessera.local',
    password: 'demo-owner-2026',
    role: 'tenant owner',
    firstname: 'Olivia',
    lastname: 'Owner',
    tenantRole: 'owner',
  },
  {
    email: 'investor@demo.tessera.local',
    password: 'demo-investor-2026',
    role: 'investor',
    firstname: 'Ivan',
    lastname: 'Investor',
    tenantRole: 'investor',
  },
];

/** A second demo tenant with its own branding, to show white-labelling at northwind.localhost. */
const NORTHWIND_BRANDING: Branding = {
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

export async function createTenant(db: DbOrTx, slug: string, name: string, branding: Branding = DEFAULT_BRANDING): Promise<TenantRow> {
  // The tenant does not exist yet, so no request can be in its scope.
  return withCrossTenant('a new tenant and its first timeline event', () =>
    db.transaction(async (tx) => {
      const [tenant] = await tx.insert(tenants).values({ id: newId(), slug, name, branding }).returning();
      await recordEvent(tx, {
        tenantId: tenant!.id,
        type: 'create',
        entity: tenant!.id,
        entityType: 'tenant',
        userId: null,
        message: `Tenant ${name} created`,
      });
      return tenant!;
    }),
  );
}

async function ensureUserMember(
  db: DbOrTx,
  tenant: TenantRow,
  account: { email: string; password: string; firstname?: string; lastname?: string; tenantRole: TenantRole; admin?: boolean },
): Promise<void> {
  // The account, its creation event and its membership together: a crash in between must not leave a user alone.
  await db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, account.email);
    if (!user) {
      user = await insertUser(tx, {
        email: account.email,
        passwordHash: await hashPassword(account.password),
        firstname: account.firstname ?? null,
        lastname: account.lastname ?? null,
        role: account.admin ? 'admin' : 'user',
      });
      await recordEvent(tx, {
        tenantId: tenant.id,
        type: 'create',
        entity: user.id,
        entityType: 'user',
        userId: null,
        message: `Account ${user.email} created at start-up`,
      });
    }
    if (!(await findMember(tx, tenant.id, user.id))) {
      await insertMember(tx, {
        tenantId: tenant.id,
        user,
        role: account.tenantRole,
        attributes: DEFAULT_ATTRIBUTES[account.tenantRole],
        membershipStatus: 'active',
      });
    }
  });
}

const DAY_MS = 86_400_000;

/** A one-pixel GIF of one colour: browsers stretch it into a plain banner or logo, and the seed stays small and fast. */
function solidGif(rgb: [number, number, number]): Buffer {
  return Buffer.from([
    0x47,
    0x49,
    0x46,
    0x38,
    0x39,
    0x61,
    1,
    0,
    1,
    0,
    0x80,
    0,
    0,
    ...rgb,
    0,
    0,
    0,
    0x2c,
    0,
    0,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    0x02,
    0x02,
    0x44,
    0x01,
    0,
    0x3b,
  ]);
}

type DemoDocument = { document: string; type: (typeof REQUIRED_OFFER_DOCUMENTS)[number]; position: number; hidden: boolean };

/** The four documents publishing asks for (002 §5), as small text files; none without file storage. */
async function demoDocuments(
  db: DbOrTx,
  storage: FileStorage | undefined,
  tenantId: string,
  ownerId: string,
  company: string,
): Promise<DemoDocument[]> {
  if (!storage) return [];
  const items: DemoDocument[] = [];
  for (const type of REQUIRED_OFFER_DOCUMENTS) {
    const id = newId();
    const label = offerRequiredDocumentTypeLabels[type];
    const data = Buffer.from(`${label}\n${company}\nDemo document of the Tessera demo tenant.\n`, 'utf8');
    const storageKey = `documents/${tenantId}/${id}`;
    await storage.put(storageKey, data, 'text/plain');
    await db.insert(documents).values({
      tenantId,
      id,
      name: label,
      type,
      entityType: 'OFFER',
      tags: ['offer'],
      mimeType: 'text/plain',
      size: data.length,
      storageKey,
      originalName: `${type}.txt`,
      uploadedBy: ownerId,
    });
    items.push({ document: id, type, position: items.length, hidden: false });
  }
  return items;
}

/** A stored demo image (a solid GIF) and its media item; none without file storage. */
async function demoImage<P extends 'banner' | 'logo'>(
  db: DbOrTx,
  storage: FileStorage | undefined,
  tenantId: string,
  ownerId: string,
  purpose: P,
  rgb: [number, number, number],
) {
  if (!storage) return [];
  const id = newId();
  const data = solidGif(rgb);
  const storageKey = `images/${tenantId}/${id}`;
  await storage.put(storageKey, data, 'image/gif');
  await db.insert(images).values({
    tenantId,
    id,
    name: `Demo ${purpose}`,
    type: purpose,
    mimeType: 'image/gif',
    size: data.length,
    storageKey,
    uploadedBy: ownerId,
  });
  return [{ id: `demo-${purpose}`, image: id, position: 0, hidden: false, purpose }];
}

/**
 * Raise mode and marketplace demo data, on the first start (and only while the tenant has no institution): the funds
 * Summit Ridge Capital (with the demo owner on its team) and Harbor Point Credit; five approved, published and visible
 * offers with classes, banners and their four required documents (when file storage is given), three of them
 * handpicked for the showcase; and a draft.
 */
export async function seedRaiseDemo(db: DbOrTx, tenant: TenantRow, storage: FileStorage | undefined): Promise<void> {
  const [existing] = await db.select({ id: institutions.id }).from(institutions).where(eq(institutions.tenantId, tenant.id)).limit(1);
  const owner = await findUserByEmail(db, DEMO_ACCOUNTS[0]!.email);
  if (existing || !owner) return;
  const now = new Date();
  const days = (n: number) => new Date(now.getTime() + n * DAY_MS);
  const institutionId = newId();
  const harborId = newId();
  const docs = {
    summit: await demoDocuments(db, storage, tenant.id, owner.id, 'Summit Ridge Apartments, LLC'),
    lakeside: await demoDocuments(db, storage, tenant.id, owner.id, 'Lakeside Storage Portfolio, LP'),
    granite: await demoDocuments(db, storage, tenant.id, owner.id, 'Granite Logistics Park, LLC'),
    harbor: await demoDocuments(db, storage, tenant.id, owner.id, 'Harbor Point Senior Loan Fund I, LP'),
    cedar: await demoDocuments(db, storage, tenant.id, owner.id, 'Cedar Point Hotel, LLC'),
  };
  const banners = {
    summit: await demoImage(db, storage, tenant.id, owner.id, 'banner', [0x1a, 0x3a, 0x65]),
    lakeside: await demoImage(db, storage, tenant.id, owner.id, 'banner', [0x2e, 0x7d, 0x6b]),
    granite: await demoImage(db, storage, tenant.id, owner.id, 'banner', [0x5b, 0x5f, 0x66]),
    harbor: await demoImage(db, storage, tenant.id, owner.id, 'banner', [0x0b, 0x4f, 0x8a]),
    cedar: await demoImage(db, storage, tenant.id, owner.id, 'banner', [0xa0, 0x5a, 0x2c]),
  };
  const logos = {
    summit: await demoImage(db, storage, tenant.id, owner.id, 'logo', [0xc4, 0xa8, 0x80]),
    harbor: await demoImage(db, storage, tenant.id, owner.id, 'logo', [0x0b, 0x6e, 0x4f]),
  };
  const published = docs.summit.length === REQUIRED_OFFER_DOCUMENTS.length;
  const listed = {
    approvalStatus: 'approved' as const,
    approvalDate: now,
    approvalBy: owner.id,
    published,
    publishedAt: published ? now : null,
    publishedBy: published ? owner.id : null,
    visibilityStatus: 'visible' as const,
    visibilityUpdatedAt: now,
    visibilityUpdatedBy: owner.id,
    createdBy: owner.id,
  };
  await db.transaction(async (tx) => {
    await tx.insert(institutions).values([
      {
        tenantId: tenant.id,
        id: institutionId,
        name: 'Summit Ridge Capital',
        slug: 'summit-ridge-capital',
        type: 'fund',
        createdBy: owner.id,
        descriptionShort: 'A Denver real estate fund buying and improving mid-size apartment communities and light-industrial sites.',
        description:
          '<p>Summit Ridge Capital has acquired and repositioned <strong>4,200 apartment units</strong> across the Mountain West since 2011.</p>',
        images: logos.summit,
        customMetrics: [
          { id: 'founded', key: 'Founded', value: '2011', position: 0, hidden: false },
          { id: 'aum', key: 'Assets under management', value: '$1.2B', position: 1, hidden: false },
        ],
      },
      {
        tenantId: tenant.id,
        id: harborId,
        name: 'Harbor Point Credit',
        slug: 'harbor-point-credit',
        type: 'lender',
        createdBy: owner.id,
        descriptionShort: 'A Boston private credit manager lending senior secured loans to middle-market real estate owners.',
        description:
          '<p>Harbor Point Credit has originated <strong>$900M</strong> of senior loans since 2015 without a principal loss.</p>',
        images: logos.harbor,
      },
    ]);
    await tx.insert(roleAssignments).values({
      tenantId: tenant.id,
      id: newId(),
      userId: owner.id,
      entityType: 'institution',
      entityId: institutionId,
      role: 'owner',
      createdBy: owner.id,
    });
    const ids = { live: newId(), draft: newId(), lakeside: newId(), granite: newId(), harbor: newId(), cedar: newId() };
    await tx.insert(offers).values([
      {
        tenantId: tenant.id,
        id: ids.live,
        institutionId,
        name: 'Summit Ridge Apartments',
        slug: 'summit-ridge-apartments',
        type: 'value-add',
        assetClass: 'multi-family',
        equityType: 'common-equity',
        fedExemptionExclusions: ['rule-506-c'],
        descriptionShort: 'A 248-unit Class B community in Aurora, CO, with a five-year renovation plan.',
        description:
          '<h2>The plan</h2><p>Renovate interiors and amenities of a <strong>248-unit</strong> community and bring rents to market over five years.</p><ul><li>94% occupied at purchase</li><li>Fixed-rate debt at 5.1%</li></ul>',
        openDate: days(-30),
        closeDate: days(90),
        primaryCta: { label: 'Invest Now', url: 'https://summitridge.example/invest' },
        secondaryCta: { label: 'Book a call', url: 'https://summitridge.example/call' },
        classes: [
          blankOfferClass({
            id: 'class-a',
            name: 'Class A',
            minimumInvestment: 50_000,
            internalRateOfReturn: 16,
            equityMultiple: 1.9,
            holdingPeriod: 60,
            preferredReturn: 8,
            distributionFrequency: 3,
          }),
          blankOfferClass({
            id: 'class-b',
            name: 'Class B',
            minimumInvestment: 250_000,
            internalRateOfReturn: 18,
            equityMultiple: 2.1,
            holdingPeriod: 60,
            preferredReturn: 9,
            distributionFrequency: 3,
          }),
        ],
        customMetrics: [
          { id: 'units', key: 'Units', value: '248', position: 0, hidden: false },
          { id: 'occupancy', key: 'Occupancy', value: '94%', position: 1, hidden: false },
        ],
        capitalRaiseMin: 5_000_000,
        capitalRaiseMax: 15_000_000,
        capitalRaiseTotal: 3_200_000,
        documents: docs.summit,
        images: banners.summit,
        ...listed,
        createdAt: days(-5),
      },
      {
        tenantId: tenant.id,
        id: ids.lakeside,
        institutionId,
        name: 'Lakeside Storage Portfolio',
        slug: 'lakeside-storage-portfolio',
        type: 'stabalized-acquisition',
        assetClass: 'storage-facilities',
        equityType: 'preferred-equity',
        fedExemptionExclusions: ['rule-506-b'],
        descriptionShort: 'Six climate-controlled self-storage facilities around Fort Collins, 91% leased.',
        description: '<p>A stabilised portfolio of <strong>2,900 units</strong> with room to raise rents toward the market.</p>',
        openDate: days(14),
        closeDate: days(104),
        primaryCta: { label: 'Reserve a spot', url: 'https://summitridge.example/lakeside' },
        classes: [
          blankOfferClass({
            id: 'pref',
            name: 'Preferred',
            minimumInvestment: 25_000,
            internalRateOfReturn: 12.5,
            equityMultiple: 1.6,
            holdingPeriod: 48,
            preferredReturn: 7,
          }),
        ],
        capitalRaiseMin: 2_000_000,
        capitalRaiseMax: 6_000_000,
        capitalRaiseTotal: 0,
        documents: docs.lakeside,
        images: banners.lakeside,
        ...listed,
        createdAt: days(-4),
      },
      {
        tenantId: tenant.id,
        id: ids.granite,
        institutionId,
        name: 'Granite Logistics Park',
        slug: 'granite-logistics-park',
        type: 'core-investment',
        assetClass: 'industrial',
        equityType: 'common-equity',
        fedExemptionExclusions: ['rule-506-c'],
        descriptionShort: 'Three leased last-mile warehouses off I-70, with ten-year tenants.',
        openDate: days(-10),
        closeDate: days(50),
        primaryCta: { label: 'Invest Now', url: 'https://summitridge.example/granite' },
        classes: [
          blankOfferClass({
            id: 'lp',
            name: 'LP units',
            minimumInvestment: 100_000,
            internalRateOfReturn: 10,
            equityMultiple: 1.5,
            holdingPeriod: 84,
          }),
          blankOfferClass({
            id: 'lp-plus',
            name: 'LP plus',
            minimumInvestment: 500_000,
            internalRateOfReturn: 11,
            equityMultiple: 1.6,
            holdingPeriod: 84,
          }),
        ],
        capitalRaiseMin: 10_000_000,
        capitalRaiseMax: 30_000_000,
        capitalRaiseTotal: 12_500_000,
        documents: docs.granite,
        images: banners.granite,
        ...listed,
        createdAt: days(-3),
      },
      {
        tenantId: tenant.id,
        id: ids.harbor,
        institutionId: harborId,
        name: 'Harbor Point Senior Loan Fund I',
        slug: 'harbor-point-senior-loan-fund-i',
        type: 'debt-investment',
        assetClass: 'mixed-use',
        equityType: 'debt',
        fedExemptionExclusions: ['rule-506-c', 'ica-3-c-7'],
        descriptionShort: 'First-lien bridge loans on mixed-use properties in New England, paid monthly.',
        openDate: days(-45),
        closeDate: days(45),
        primaryCta: { label: 'Invest Now', url: 'https://harborpoint.example/invest' },
        classes: [
          blankOfferClass({
            id: 'income',
            name: 'Income',
            minimumInvestment: 50_000,
            internalRateOfReturn: 9,
            equityMultiple: 1.3,
            holdingPeriod: 36,
            distributionFrequency: 1,
          }),
          blankOfferClass({
            id: 'institutional',
            name: 'Institutional',
            minimumInvestment: 1_000_000,
            internalRateOfReturn: 10.5,
            holdingPeriod: 36,
            distributionFrequency: 1,
          }),
        ],
        capitalRaiseMin: 20_000_000,
        capitalRaiseMax: 75_000_000,
        capitalRaiseTotal: 41_000_000,
        documents: docs.harbor,
        images: banners.harbor,
        ...listed,
        createdAt: days(-2),
      },
      {
        tenantId: tenant.id,
        id: ids.cedar,
        institutionId: harborId,
        name: 'Cedar Point Hotel',
        slug: 'cedar-point-hotel',
        type: 'opportunistic-investment',
        assetClass: 'hospitality',
        equityType: 'common-equity',
        descriptionShort: 'A 160-key lakeside hotel repositioned under a new flag; fully subscribed.',
        openDate: days(-120),
        closeDate: days(-20),
        classes: [
          blankOfferClass({
            id: 'common',
            name: 'Common',
            minimumInvestment: 75_000,
            internalRateOfReturn: 21,
            equityMultiple: 2.4,
            holdingPeriod: 60,
          }),
        ],
        capitalRaiseMin: 8_000_000,
        capitalRaiseMax: 12_000_000,
        capitalRaiseTotal: 12_000_000,
        documents: docs.cedar,
        images: banners.cedar,
        ...listed,
        createdAt: days(-1),
      },
      {
        tenantId: tenant.id,
        id: ids.draft,
        institutionId,
        name: 'Ridge Logistics Center',
        slug: 'ridge-logistics-center',
        createdBy: owner.id,
        type: 'development-project',
        assetClass: 'industrial',
        descriptionShort: 'A 180,000 sq ft last-mile warehouse near Denver International Airport.',
      },
    ]);
    if (published)
      await tx
        .insert(marketplaceSettings)
        .values({ tenantId: tenant.id, handpickedOfferIds: [ids.live, ids.harbor, ids.lakeside], updatedBy: owner.id });
    const created = (entity: string, entityType: 'tenant-institution' | 'tenant-offer', name: string, of = institutionId) =>
      recordEvent(tx, {
        tenantId: tenant.id,
        type: 'create',
        entity,
        entityType,
        userId: null,
        message: `Demo data: ${name} created`,
        ...(entityType === 'tenant-offer' && { refs: [{ entity: of, entityType: 'tenant-institution' as const }] }),
      });
    await created(institutionId, 'tenant-institution', 'Summit Ridge Capital');
    await created(harborId, 'tenant-institution', 'Harbor Point Credit');
    await created(ids.live, 'tenant-offer', 'Summit Ridge Apartments');
    await created(ids.lakeside, 'tenant-offer', 'Lakeside Storage Portfolio');
    await created(ids.granite, 'tenant-offer', 'Granite Logistics Park');
    await created(ids.harbor, 'tenant-offer', 'Harbor Point Senior Loan Fund I', harborId);
    await created(ids.cedar, 'tenant-offer', 'Cedar Point Hotel', harborId);
    await created(ids.draft, 'tenant-offer', 'Ridge Logistics Center');
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
export function seed(
  db: Db,
  options: { defaultTenant: string; demoData: boolean; admin: { email: string; password: string } | undefined; storage?: FileStorage },
): Promise<SeedResult> {
  return withCrossTenant('start-up seed of the default and demo tenants', () => seedAll(db, options));
}

async function seedAll(db: Db, options: Parameters<typeof seed>[1]): Promise<SeedResult> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(tenants);
  let tenant = await findTenantBySlug(db, options.defaultTenant);
  const createdTenant = count === 0 && !tenant;
  // The first start's writes in one transaction: a start killed half-way leaves an empty database, seeded again on
  // the next start, never a default tenant without its demo data.
  if (!tenant) {
    tenant = await db.transaction(async (tx) => {
      const created = await createTenant(tx, options.defaultTenant, options.demoData ? 'Tessera Demo' : 'Tessera');
      // Demo data is written on the first start only: what people later delete stays deleted.
      if (createdTenant && options.demoData) {
        for (const account of DEMO_ACCOUNTS) await ensureUserMember(tx, created, account);
        const northwind = await createTenant(tx, 'northwind', 'Northwind Capital', NORTHWIND_BRANDING);
        await ensureUserMember(tx, northwind, DEMO_ACCOUNTS[0]!);
        await seedRaiseDemo(tx, created, options.storage);
      }
      return created;
    });
  }
  const accounts: SeedAccount[] = [];
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
