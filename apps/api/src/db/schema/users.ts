import type {
  AccountStatus,
  IdentityVerificationStatus,
  InvestOnboarding,
  NotificationPreferences,
  OnboardingStage,
  OnboardingStatus,
  SignupStatus,
  ThemeMode,
  UserRole,
} from '@tessera/domain';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';

/** Users are global: one financial passport across every tenant they belong to. */
export const users = pgTable(
  'users',
  {
    id: objectIdColumn('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    /** Bumped on password change or reset: tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    phone: text('phone'),
    firstname: text('firstname'),
    middlename: text('middlename'),
    lastname: text('lastname'),
    displayname: text('displayname'),
    image: text('image'),
    /** The storage key of the person's saved signature (PUT user/{id}/signature), a PNG they drew or uploaded. */
    signature: text('signature'),
    signatureUpdatedAt: timestamp('signature_updated_at', { withTimezone: true, mode: 'date' }),
    line1: text('line1'),
    line2: text('line2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    country: text('country'),
    role: text('role').$type<UserRole>().notNull().default('user'),
    themeMode: text('theme_mode').$type<ThemeMode>(),
    timeFormat: text('time_format'),
    dateFormat: text('date_format'),
    notificationPreferences: jsonb('notification_preferences').$type<NotificationPreferences>().notNull(),
    accreditationApplicationId: objectIdColumn('accreditation_application_id'),
    signupStatus: text('signup_status').$type<SignupStatus>().notNull().default('complete'),
    accountStatus: text('account_status').$type<AccountStatus>().notNull().default('active'),
    onboardingStatus: text('onboarding_status').$type<OnboardingStatus>().notNull().default('overview'),
    identityVerificationStatus: text('identity_verification_status').$type<IdentityVerificationStatus>().notNull().default('not-started'),
    investOnboardingStage: text('invest_onboarding_stage').$type<OnboardingStage>(),
    /** The questionnaire's saved answers, one section per stage (001 §3 investOnboarding). */
    investOnboarding: jsonb('invest_onboarding').$type<InvestOnboarding>(),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    // The platform admin's user list filters by role and account status, newest first.
    index('users_role_status_created_idx').on(t.role, t.accountStatus, t.createdAt),
    index('users_created_idx').on(t.createdAt),
  ],
);
export type UserRow = typeof users.$inferSelect;
