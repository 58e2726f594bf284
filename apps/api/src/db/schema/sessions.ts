import type { MfaMethod } from '@tessera/domain';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn } from './columns.ts';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

/**
 * Every sign-in is a session on the server (issue #21): the session token names it (`sid`) and the auth plugin
 * refuses a token whose session has ended, so signing out, ending a session from the account page or a password change
 * takes effect at once on every API node. The refresh token carries the session and its generation: refreshing moves
 * the generation on, and presenting an older one (a stolen, replayed token) ends the whole session.
 */
export const sessions = pgTable(
  'sessions',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    userId: objectIdColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The browser's User-Agent at sign-in (cut to 512 characters) and the caller's address. */
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** How the person proved who they are: 'password', or the second factor used after it. */
    method: text('method').$type<'password' | MfaMethod>().notNull().default('password'),
    /** The refresh token generation now valid; an older one presented again ends the session (reuse). */
    refreshGeneration: integer('refresh_generation').notNull().default(0),
    /** The last time a second factor (or, without one, the password) was confirmed in this session: step-up counts from it. */
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Sign-in time + SESSION_MAX_HOURS: no refresh outlives it. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** Why it ended: 'signout', 'revoked', 'others-revoked', 'password-changed', 'password-reset', 'refresh-reuse', 'mfa-changed'. */
    revokedReason: text('revoked_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('sessions_user_active_idx').on(t.tenantId, t.userId, t.lastUsedAt).where(sql`${t.revokedAt} IS NULL`),
    // Ending every session of a user (password change, suspension) crosses the user's tenants.
    index('sessions_user_idx').on(t.userId),
  ],
);
export type SessionRow = typeof sessions.$inferSelect;

/** A person's authenticator app (TOTP, RFC 6238): the shared secret, encrypted; confirmed once a first code matched. */
export const userTotp = pgTable('user_totp', {
  userId: objectIdColumn('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The base32 secret, sealed with the field-encryption key (lib/crypto). */
  secret: text('secret').notNull(),
  /** Null while enrolment waits for the first code. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  /** The last 30-second step a code was accepted for: the same code (or an older one) is refused after (replay). */
  lastStep: integer('last_step'),
  createdAt: createdAt(),
});
export type UserTotpRow = typeof userTotp.$inferSelect;

/** One-time recovery codes, shown once at enrolment, stored as hashes. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: objectIdColumn('id').primaryKey(),
    userId: objectIdColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the normalised code (codes are random, so a fast hash is enough). */
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);
export type UserRecoveryCodeRow = typeof userRecoveryCodes.$inferSelect;

/** A passkey (WebAuthn credential) of a person: the public key and signature counter the assertions are checked with. */
export const webauthnCredentials = pgTable(
  'webauthn_credentials',
  {
    id: objectIdColumn('id').primaryKey(),
    userId: objectIdColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The authenticator's credential id, base64url. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    deviceType: text('device_type'),
    backedUp: integer('backed_up').notNull().default(0),
    /** The name the person gave it ('MacBook Touch ID'). */
    name: text('name').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('webauthn_credentials_user_idx').on(t.userId)],
);
export type WebauthnCredentialRow = typeof webauthnCredentials.$inferSelect;

/**
 * A pending second step: the sign-in waiting for its second factor, or a WebAuthn challenge (registration,
 * sign-in, step-up). Kept in the database so any API node can finish what another began; single use, short-lived.
 * Platform-wide like the account it belongs to: the signed mfaToken carries the tenant the sign-in is for.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: objectIdColumn('id').primaryKey(),
    userId: objectIdColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'signin' (password passed, second factor due), 'webauthn-register', 'webauthn-signin', 'webauthn-step-up'. */
    kind: text('kind').notNull(),
    /** The WebAuthn challenge (base64url), when there is one. */
    challenge: text('challenge'),
    /** Wrong codes tried against it: past five it is spent. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_challenges_user_idx').on(t.userId, t.kind)],
);
export type MfaChallengeRow = typeof mfaChallenges.$inferSelect;
