import { readFile } from 'node:fs/promises';
import {
  completeStep,
  DEFAULT_BRANDING,
  defaultInvestmentAmount,
  initialSteps,
  investmentWorkflowName,
  REQUIRED_OFFER_DOCUMENTS,
  WORKFLOW_TEMPLATES,
  offerRequiredDocumentTypeLabels,
  type Branding,
  type OfferDocumentItem,
  type TenantRole,
} from '@tessera/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client.ts';
import {
  ASSET_DIR,
  assetFile,
  DEMO_TENANTS,
  hasDocuments,
  metricsOf,
  type DemoOffer,
  type DemoPerson,
  type DemoStage,
  type DemoTenant,
} from './demo/catalogue.ts';
import { seedDemoAnalytics } from './demo/analytics.ts';
import { seedDemoLeads } from './demo/leads.ts';
import { withCrossTenant } from './scope.ts';
import {
  applications,
  documents,
  images,
  institutions,
  marketplaceSettings,
  offers,
  roleAssignments,
  tenantMembers,
  tenants,
  users,
  workflows,
  type TenantRow,
  type UserRow,
} from './schema/index.ts';
import { newId } from '../lib/ids.ts';
import { hashPassword } from '../lib/password.ts';
import type { FileStorage } from '../lib/storage/storage.ts';
import { DEFAULT_ATTRIBUTES, findMember, findTenantBySlug, insertMember, updateTenant } from '../modules/tenants/index.ts';
import { recordEvent } from '../modules/timeline/index.ts';
import { findUserByEmail, insertUser } from '../modules/users/index.ts';
import { grantPlan } from '../modules/billing/index.ts';

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
  account: {
    email: string;
    password: string;
    firstname?: string;
    lastname?: string;
    tenantRole: TenantRole;
    admin?: boolean;
    /** Created with investor onboarding done, so the demo opens on the dashboard rather than the questionnaire. */
    onboarded?: boolean;
  },
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
        ...(account.onboarded && { onboardingStatus: 'complete', investOnboardingStage: 'complete' }),
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

/** One committed demo file (assets/, written by demo/render.ts). */
const demoFile = (file: string) => readFile(new URL(file, ASSET_DIR));

/** Stores a demo picture as an image of the tenant (as an upload would) and returns its id. */
async function storeImage(db: DbOrTx, storage: FileStorage, tenantId: string, ownerId: string, file: string, type: string) {
  const id = newId();
  const data = await demoFile(file);
  const storageKey = `images/${tenantId}/${id}`;
  await storage.put(storageKey, data, 'image/webp');
  await db
    .insert(images)
    .values({ tenantId, id, name: file, type, mimeType: 'image/webp', size: data.length, storageKey, uploadedBy: ownerId });
  return id;
}

/** The four documents publishing asks for (002 §5), as the committed PDFs (demo/render.ts writes them), in one insert. */
async function storeDocuments(
  db: DbOrTx,
  storage: FileStorage,
  tenantId: string,
  ownerId: string,
  offer: DemoOffer,
): Promise<OfferDocumentItem[]> {
  const rows = await Promise.all(
    REQUIRED_OFFER_DOCUMENTS.map(async (type) => {
      const id = newId();
      const data = await demoFile(assetFile.document(offer.slug, type));
      const storageKey = `documents/${tenantId}/${id}`;
      await storage.put(storageKey, data, 'application/pdf');
      return {
        tenantId,
        id,
        name: offerRequiredDocumentTypeLabels[type],
        type,
        entityType: 'OFFER' as const,
        tags: ['offer'],
        mimeType: 'application/pdf',
        size: data.length,
        storageKey,
        originalName: `${offer.slug}-${type}.pdf`,
        uploadedBy: ownerId,
      };
    }),
  );
  await db.insert(documents).values(rows);
  return rows.map((row, position) => ({ document: row.id, type: row.type, position, hidden: false }));
}

/**
 * A user's profile picture, stored where PUT user/{id}/image stores one (users.service.ts), in each tenant given, so
 * the same address serves it wherever they are a member.
 */
async function storeAvatar(db: DbOrTx, storage: FileStorage, tenantIds: string[], userId: string, file: string) {
  const imageId = newId();
  const data = await demoFile(file);
  for (const tenantId of tenantIds) await storage.put(`user-images/${tenantId}/${userId}/${imageId}`, data, 'image/webp');
  const url = `/api/v1/user/${userId}/image/${imageId}`;
  await db.update(users).set({ image: url }).where(eq(users.id, userId));
  await db.update(tenantMembers).set({ image: url }).where(eq(tenantMembers.userId, userId));
}

/** A team member of a demo institution: an account without a password (it cannot sign in), a member of the tenant. */
async function ensureTeamMember(db: DbOrTx, tenant: TenantRow, person: DemoPerson): Promise<UserRow> {
  const email = `${person.slug.replace('-', '.')}@demo.tessera.local`;
  let user = await findUserByEmail(db, email);
  if (!user) {
    user = await insertUser(db, { email, passwordHash: null, firstname: person.firstname, lastname: person.lastname, role: 'user' });
    await recordEvent(db, {
      tenantId: tenant.id,
      type: 'create',
      entity: user.id,
      entityType: 'user',
      userId: null,
      message: `Demo data: ${email} created`,
    });
  }
  if (!(await findMember(db, tenant.id, user.id)))
    await insertMember(db, {
      tenantId: tenant.id,
      user,
      role: 'member',
      attributes: { ...DEFAULT_ATTRIBUTES.member, 'institution:manage': true },
      membershipStatus: 'active',
    });
  return user;
}

/** What each lifecycle stage sets on the offer row (002 §4). */
function stageColumns(stage: DemoStage, ownerId: string, at: Date) {
  const decided = { approvalDate: at, approvalBy: ownerId };
  switch (stage) {
    case 'listed':
      return {
        approvalStatus: 'approved' as const,
        ...decided,
        published: true,
        publishedAt: at,
        publishedBy: ownerId,
        visibilityStatus: 'visible' as const,
        visibilityUpdatedAt: at,
        visibilityUpdatedBy: ownerId,
      };
    case 'approved':
      return { approvalStatus: 'approved' as const, ...decided };
    case 'rejected':
      return { approvalStatus: 'rejected' as const, ...decided };
    case 'draft':
    case 'in-review':
      return {};
  }
}

/**
 * Raise mode and marketplace demo data of one demo tenant (demo/catalogue.ts), on the first start and only while the
 * tenant has no institution: its institutions with logos, their teams with portraits (the demo owner on some), and
 * offers at each step of the lifecycle with banners, rich descriptions and, past the draft, the four required PDF
 * documents; listed offers meet the publishing rule. Without file storage the pictures and documents are left out,
 * and nothing is published.
 */
export async function seedRaiseDemo(
  db: DbOrTx,
  tenant: TenantRow,
  storage: FileStorage | undefined,
  catalogue: DemoTenant = tenant.slug === 'northwind' ? DEMO_TENANTS.northwind : DEMO_TENANTS.demo,
): Promise<void> {
  const [existing] = await db.select({ id: institutions.id }).from(institutions).where(eq(institutions.tenantId, tenant.id)).limit(1);
  const owner = await findUserByEmail(db, DEMO_ACCOUNTS[0]!.email);
  if (existing || !owner) return;
  const now = new Date();
  const days = (n: number) => new Date(now.getTime() + n * DAY_MS);
  const offerIds = new Map<string, string>();
  await db.transaction(async (tx) => {
    let age = 0;
    for (const inst of catalogue.institutions) {
      const institutionId = newId();
      const logo = storage ? await storeImage(tx, storage, tenant.id, owner.id, assetFile.logo(inst.slug), 'logo') : null;
      // The institution page's banner: the scene of its first offer.
      const cover = storage ? await storeImage(tx, storage, tenant.id, owner.id, assetFile.banner(inst.offers[0]!.slug), 'banner') : null;
      await tx.insert(institutions).values({
        tenantId: tenant.id,
        id: institutionId,
        name: inst.name,
        slug: inst.slug,
        type: inst.type,
        createdBy: owner.id,
        descriptionShort: inst.descriptionShort,
        description: inst.description,
        images:
          logo && cover
            ? [
                { id: 'logo', image: logo, position: 0, hidden: false, purpose: 'logo' },
                { id: 'banner', image: cover, position: 1, hidden: false, purpose: 'banner' },
              ]
            : [],
        customMetrics: metricsOf(inst.metrics),
        createdAt: days(-60 + age++),
      });
      // Issue #23: the demo institutions are on the Pro plan (a trial from 60 days ago would have ended).
      await grantPlan(tx, { tenantId: tenant.id, institutionId }, 'pro', 'year', now);
      await recordEvent(tx, {
        tenantId: tenant.id,
        type: 'create',
        entity: institutionId,
        entityType: 'tenant-institution',
        userId: null,
        message: `Demo data: ${inst.name} created`,
      });
      const team: { userId: string; role: 'owner' | 'member' }[] = inst.ownerOnTeam ? [{ userId: owner.id, role: 'owner' }] : [];
      for (const [i, person] of inst.team.entries()) {
        const user = await ensureTeamMember(tx, tenant, person);
        if (storage) await storeAvatar(tx, storage, [tenant.id], user.id, assetFile.avatar(person.slug));
        team.push({ userId: user.id, role: i === 0 ? 'owner' : 'member' });
      }
      for (const member of team)
        await tx.insert(roleAssignments).values({
          tenantId: tenant.id,
          id: newId(),
          userId: member.userId,
          entityType: 'institution',
          entityId: institutionId,
          role: member.role,
          createdBy: owner.id,
        });
      for (const offer of inst.offers) {
        const id = newId();
        offerIds.set(offer.slug, id);
        const created = days(-40 + age++);
        const withDocs = storage && hasDocuments(offer);
        // Publishing needs the documents (002 §5): without storage a listed offer stays approved and unpublished.
        const stage = offer.stage === 'listed' && !withDocs ? 'approved' : offer.stage;
        const banner = storage ? await storeImage(tx, storage, tenant.id, owner.id, assetFile.banner(offer.slug), 'banner') : null;
        await tx.insert(offers).values({
          tenantId: tenant.id,
          id,
          institutionId,
          name: offer.name,
          slug: offer.slug,
          type: offer.type,
          assetClass: offer.assetClass,
          equityType: offer.equityType,
          fedExemptionExclusions: offer.exemptions,
          descriptionShort: offer.descriptionShort,
          description: offer.description,
          openDate: offer.open === null ? null : days(offer.open),
          closeDate: offer.close === null ? null : days(offer.close),
          primaryCta: offer.cta ?? null,
          secondaryCta: offer.secondaryCta ?? null,
          classes: offer.classes,
          customMetrics: metricsOf(offer.metrics),
          capitalRaiseMin: offer.raise[0] || null,
          capitalRaiseMax: offer.raise[1] || null,
          capitalRaiseTotal: offer.stage === 'draft' ? null : offer.raise[2],
          documents: withDocs ? await storeDocuments(tx, storage, tenant.id, owner.id, offer) : [],
          images: banner ? [{ id: 'banner', image: banner, position: 0, hidden: false, purpose: 'banner' }] : [],
          createdBy: owner.id,
          createdAt: created,
          ...stageColumns(stage, owner.id, now),
        });
        await recordEvent(tx, {
          tenantId: tenant.id,
          type: 'create',
          entity: id,
          entityType: 'tenant-offer',
          userId: null,
          message: `Demo data: ${offer.name} created`,
          refs: [{ entity: institutionId, entityType: 'tenant-institution' }],
        });
      }
    }
    if (storage)
      await tx.insert(marketplaceSettings).values({
        tenantId: tenant.id,
        handpickedOfferIds: catalogue.handpicked.map((slug) => offerIds.get(slug)!),
        updatedBy: owner.id,
      });
  });
}

/** The demo accounts' own portraits, in every tenant they belong to. */
async function seedAccountAvatars(db: DbOrTx, storage: FileStorage | undefined, tenantIds: string[]): Promise<void> {
  if (!storage) return;
  for (const account of DEMO_ACCOUNTS) {
    const user = await findUserByEmail(db, account.email);
    const memberOf = [];
    for (const tenantId of tenantIds) if (user && (await findMember(db, tenantId, user.id))) memberOf.push(tenantId);
    if (user && !user.image) await storeAvatar(db, storage, memberOf, user.id, assetFile.account(account.email));
  }
}

/**
 * The demo accounts in the default tenant, the second demo tenant Northwind (the owner is its owner too), both
 * tenants' Raise mode and marketplace demo data, the demo institution's leads, and three months of marketplace visits.
 */
export async function seedDemo(db: DbOrTx, tenant: TenantRow, storage: FileStorage | undefined): Promise<TenantRow> {
  for (const account of DEMO_ACCOUNTS) await ensureUserMember(db, tenant, { ...account, onboarded: true });
  const { messaging } = DEMO_TENANTS.demo;
  if (messaging) await updateTenant(db, tenant.id, { branding: { ...tenant.branding, messaging } });
  const northwind = await createTenant(db, 'northwind', 'Northwind Capital', NORTHWIND_BRANDING);
  await ensureUserMember(db, northwind, DEMO_ACCOUNTS[0]!);
  await seedRaiseDemo(db, tenant, storage);
  await seedRaiseDemo(db, northwind, storage);
  await seedAccountAvatars(db, storage, [tenant.id, northwind.id]);
  await seedDemoApplication(db, tenant);
  await seedDemoWorkflow(db, tenant);
  const owner = await findUserByEmail(db, DEMO_ACCOUNTS[0]!.email);
  if (owner) await seedDemoLeads(db, tenant.id, DEMO_ACCOUNTS[1]!.email, owner.id);
  // Visits on both tenants' marketplaces, so their dashboards open on three months of charts.
  for (const t of [tenant, northwind]) await seedDemoAnalytics(db, t.id, new Date());
  return northwind;
}

/**
 * The demo investor's accreditation application, submitted by license and waiting for review, so the demo owner has
 * one in 'To review' to approve (which issues the sealed letter) and the investor sees it under review.
 */
async function seedDemoApplication(db: DbOrTx, tenant: TenantRow): Promise<void> {
  const investor = await findUserByEmail(db, DEMO_ACCOUNTS[1]!.email);
  if (!investor) return;
  const id = newId();
  await db.insert(applications).values({
    tenantId: tenant.id,
    id,
    userId: investor.id,
    status: 'submitted',
    currentQuestionId: 'individual-submitted',
    completedQuestionIds: ['identity', 'individual-method', 'individual-license'],
    questionData: {
      identity: 'individual',
      individualMethod: 'license',
      individualLicenseType: 'series-65',
      individualLicenseCrd: '7654321',
      individualLicenseConfirm: true,
    },
    verificationMethod: 'license',
  });
  await db.update(users).set({ accreditationApplicationId: id }).where(eq(users.id, investor.id));
  await recordEvent(db, {
    tenantId: tenant.id,
    type: 'status',
    entity: id,
    entityType: 'application',
    userId: investor.id,
    message: 'Ivan Investor submitted an accreditation application (demo data)',
    meta: { change: { status: { old: null, new: 'submitted' } } },
    refs: [{ entity: investor.id, entityType: 'user' }],
  });
}

/**
 * The demo investor's investment in the first listed offer, started from 'Invest Now' with the documents reviewed and
 * the contribution chosen, so the investments screen has a card to continue from.
 */
async function seedDemoWorkflow(db: DbOrTx, tenant: TenantRow): Promise<void> {
  const investor = await findUserByEmail(db, DEMO_ACCOUNTS[1]!.email);
  const [offer] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.tenantId, tenant.id), eq(offers.published, true), eq(offers.visibilityStatus, 'visible')))
    .orderBy(asc(offers.createdAt))
    .limit(1);
  const firstClass = offer?.classes[0];
  if (!investor || !offer || !firstClass) return;
  const documentIds = offer.documents.filter((d) => !d.hidden).map((d) => d.document);
  const amount = defaultInvestmentAmount(offer.classes) ?? firstClass.minimumInvestment;
  let move = completeStep(initialSteps(WORKFLOW_TEMPLATES.investment), 'diligence', {
    viewedDocuments: documentIds.slice(0, 1),
    downloadedDocuments: [],
    diligenceConfirm: true,
  });
  move = completeStep(move.steps, 'contribution', {
    unitClass: firstClass.id,
    unitQuantity: firstClass.pricePerUnit ? Math.round(firstClass.minimumInvestment / firstClass.pricePerUnit) : null,
    amount: firstClass.minimumInvestment,
  });
  const id = newId();
  await db.insert(workflows).values({
    tenantId: tenant.id,
    id,
    ownerId: investor.id,
    createdBy: investor.id,
    type: 'investment',
    status: move.status,
    name: investmentWorkflowName(offer.name),
    currentStepKey: move.currentStepKey,
    steps: move.steps,
    config: { offer: offer.id, institution: offer.institutionId, documents: documentIds, amount, esignTemplateId: null },
    offerId: offer.id,
    institutionId: offer.institutionId,
  });
  await recordEvent(db, {
    tenantId: tenant.id,
    type: 'create',
    entity: id,
    entityType: 'workflow',
    userId: investor.id,
    message: `Ivan Investor started an investment in ${offer.name} (demo data)`,
    meta: {},
    refs: [{ entity: offer.id, entityType: 'offer' }],
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
        await seedDemo(tx, created, options.storage);
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
