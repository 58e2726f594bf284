import type { IdentityDocumentType, IdentityInquiryStatus, IdentityOutcome, IdentityProvider } from '@tessera/domain';
import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

/**
 * A user's identity inquiries (spec 001 §2 'Identity verification screen', issue #18). Personal data is encrypted at
 * rest (FieldCipher, lib/pii.ts): `typed_encrypted` holds what the person typed (JSON), `decision_encrypted` the
 * verdict's checks and the document's fields (JSON; the checks' sentences quote names and dates). The pictures are
 * documents (file storage), named here by id.
 */
export const identityInquiries = pgTable(
  'identity_inquiries',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    userId: objectIdColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<IdentityProvider>().notNull(),
    /** Persona's inquiry id (inq_…); null for the built-in verifier. */
    providerInquiryId: text('provider_inquiry_id'),
    status: text('status').$type<IdentityInquiryStatus>().notNull().default('started'),
    documentType: text('document_type').$type<IdentityDocumentType>(),
    typedEncrypted: text('typed_encrypted'),
    frontDocumentId: objectIdColumn('front_document_id'),
    backDocumentId: objectIdColumn('back_document_id'),
    selfieDocumentId: objectIdColumn('selfie_document_id'),
    outcome: text('outcome').$type<IdentityOutcome>(),
    decisionEncrypted: text('decision_encrypted'),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    /**
     * Until when a node is verifying the submitted inquiry (it renews this while it works): no other node starts it
     * meanwhile. Past it, with no verdict (the node stopped), any node's sweep takes the inquiry up again.
     */
    verificationLeaseUntil: timestamp('verification_lease_until', { withTimezone: true, mode: 'date' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // The user's latest inquiry (the screen, the reviewer).
    index('identity_inquiries_user_idx').on(t.tenantId, t.userId, t.createdAt),
    // A Persona webhook or confirmation names the provider's inquiry id.
    uniqueIndex('identity_inquiries_provider_key').on(t.provider, t.providerInquiryId).where(sql`${t.providerInquiryId} is not null`),
    // Built-in inquiries left submitted without a verdict (a restart during verification) are picked up again.
    index('identity_inquiries_pending_idx').on(t.status, t.submittedAt).where(sql`${t.outcome} is null and ${t.status} = 'submitted'`),
  ],
);
export type IdentityInquiryRow = typeof identityInquiries.$inferSelect;

/** Persona webhook events already applied, by their event id: a redelivery changes nothing. */
export const identityWebhookEvents = pgTable(
  'identity_webhook_events',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    inquiryId: objectIdColumn('inquiry_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.eventId] })],
);
