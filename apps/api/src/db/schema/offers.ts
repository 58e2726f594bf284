import type {
  ApprovalStatus, Cta, CustomMetric, OfferAssetClass, OfferClass, OfferDocumentItem, OfferEquityType, OfferImage, OfferType, OfferVideo,
  SecuritiesExemption, VisibilityStatus,
} from '@tessera/domain';
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';
import { institutions } from './institutions.ts';
import { tenants } from './tenants.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Offers of a tenant, each issued by one institution. What lists filter and sort on are columns; the
 * nested parts an offer page edits as a whole (classes, metrics, media, documents, CTAs) are JSON.
 */
export const offers = pgTable(
  'offers',
  {
    tenantId: objectIdColumn('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    institutionId: objectIdColumn('institution_id').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    type: text('type').$type<OfferType>(),
    assetClass: text('asset_class').$type<OfferAssetClass>(),
    equityType: text('equity_type').$type<OfferEquityType>(),
    /** Sanitised HTML. */
    description: text('description'),
    descriptionShort: text('description_short'),
    fedExemptionExclusions: jsonb('fed_exemption_exclusions').$type<SecuritiesExemption[]>().notNull().default([]),
    openDate: at('open_date'),
    closeDate: at('close_date'),
    primaryCta: jsonb('primary_cta').$type<Cta>(),
    secondaryCta: jsonb('secondary_cta').$type<Cta>(),
    published: boolean('published').notNull().default(false),
    publishedAt: at('published_at'),
    publishedBy: objectIdColumn('published_by'),
    approvalStatus: text('approval_status').$type<ApprovalStatus>().notNull().default('pending'),
    approvalDate: at('approval_date'),
    approvalBy: objectIdColumn('approval_by'),
    visibilityStatus: text('visibility_status').$type<VisibilityStatus>().notNull().default('hidden'),
    visibilityUpdatedAt: at('visibility_updated_at'),
    visibilityUpdatedBy: objectIdColumn('visibility_updated_by'),
    classes: jsonb('classes').$type<OfferClass[]>().notNull().default([]),
    customMetrics: jsonb('custom_metrics').$type<CustomMetric[]>().notNull().default([]),
    capitalRaiseMin: doublePrecision('capital_raise_min'),
    capitalRaiseMax: doublePrecision('capital_raise_max'),
    capitalRaiseTotal: doublePrecision('capital_raise_total'),
    esignTemplateId: text('esign_template_id'),
    documents: jsonb('documents').$type<OfferDocumentItem[]>().notNull().default([]),
    images: jsonb('images').$type<OfferImage[]>().notNull().default([]),
    videos: jsonb('videos').$type<OfferVideo[]>().notNull().default([]),
    createdBy: objectIdColumn('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.institutionId], foreignColumns: [institutions.tenantId, institutions.id] }).onDelete('cascade'),
    uniqueIndex('offers_tenant_slug_key').on(t.tenantId, sql`lower(${t.slug})`),
    index('offers_tenant_created_idx').on(t.tenantId, t.createdAt),
    // Offer lists sorted by name (lower(name), as the list sorts): page 1 of 10,000 offers in 0.04 ms instead of 15 ms.
    index('offers_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`),
    index('offers_tenant_institution_idx').on(t.tenantId, t.institutionId, t.createdAt),
    index('offers_tenant_type_idx').on(t.tenantId, t.type, t.createdAt),
    // The marketplace lists visible, published offers.
    index('offers_tenant_marketplace_idx').on(t.tenantId, t.visibilityStatus, t.published, t.createdAt),
  ],
);
export type OfferRow = typeof offers.$inferSelect;
