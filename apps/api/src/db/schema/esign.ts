import type { EsignEnvelopeStatus, EsignEventType, EsignProviderKind } from '@tessera/domain';
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

/**
 * One signing of a workflow's subscription agreement (001 §2 e-signature step): who signs, with which provider, the
 * filled agreement's hash before signing, and the signed file and certificate of completion once done. A workflow may
 * have several (a voided one, then a new one); the newest counts.
 */
export const esignEnvelopes = pgTable(
  'esign_envelopes',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    workflowId: objectIdColumn('workflow_id').notNull(),
    signerId: objectIdColumn('signer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<EsignProviderKind>().notNull(),
    status: text('status').$type<EsignEnvelopeStatus>().notNull().default('created'),
    /** The offer's subscription agreement the filled copy was made from (null: the built-in template). */
    templateDocumentId: objectIdColumn('template_document_id'),
    /** The external provider's envelope id and template id (external provider only). */
    externalId: text('external_id'),
    /** SHA-256 (hex) of the filled agreement as shown to the signer, before the signature was stamped. */
    unsignedSha256: text('unsigned_sha256'),
    /** The signed, sealed subscription agreement and the certificate of completion, as documents. */
    signedDocumentId: objectIdColumn('signed_document_id'),
    certificateDocumentId: objectIdColumn('certificate_document_id'),
    /** SHA-256 (hex) of the signed, sealed file as stored: the verification call compares a file against it. */
    signedSha256: text('signed_sha256'),
    signerName: text('signer_name'),
    /** What the agreement was filled with, as signed (amount, class, profiles…): the record outlives later edits. */
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('esign_envelopes_workflow_idx').on(t.tenantId, t.workflowId, t.createdAt),
    // The verification call finds the record of a file by its hash.
    index('esign_envelopes_signed_sha256_idx').on(t.tenantId, t.signedSha256),
  ],
);
export type EsignEnvelopeRow = typeof esignEnvelopes.$inferSelect;
export type NewEsignEnvelopeRow = typeof esignEnvelopes.$inferInsert;

/** Every event of a signing, with time, address and browser: the certificate of completion lists them. */
export const esignEvents = pgTable(
  'esign_events',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    envelopeId: objectIdColumn('envelope_id').notNull(),
    type: text('type').$type<EsignEventType>().notNull(),
    actorId: objectIdColumn('actor_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('esign_events_envelope_idx').on(t.tenantId, t.envelopeId, t.at)],
);
export type EsignEventRow = typeof esignEvents.$inferSelect;
