import { z } from 'zod';
import {
  accountStatus,
  appMode,
  identityVerificationStatus,
  membershipStatus,
  notificationCategory,
  onboardingStatus,
  permission,
  signupStatus,
  tenantRole,
  themeMode,
  userRole,
} from './enums.ts';
import { timestamp } from './http.ts';
import { objectId } from './ids.ts';
import { investOnboarding, onboardingStage } from './onboarding-state.ts';

/** Every category on or off: an object of the four categories (not a record), so the published schema names each one. */
export const notificationPreferences = z
  .object(
    Object.fromEntries(notificationCategory.options.map((category) => [category, z.boolean()])) as {
      [K in z.infer<typeof notificationCategory>]: z.ZodBoolean;
    },
  )
  .strict();
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  'investment-updates': true,
  'account-management': true,
  'product-updates': true,
  marketing: false,
};

const nullableText = z.string().nullable();

/** The examples the reference shows, reused by the schemas that embed a user or a membership. */
export const USER_EXAMPLE = {
  _id: '6745a1c2e4b0a1b2c3d4e5f6',
  email: 'jane.doe@example.com',
  phone: '+14155550123',
  firstname: 'Jane',
  middlename: null,
  lastname: 'Doe',
  displayname: 'Jane Doe',
  image: null,
  line1: '1 Market Street',
  line2: null,
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  country: 'US',
  role: 'user',
  themeMode: 'light',
  timeFormat: null,
  dateFormat: null,
  notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES },
  accreditationApplicationId: null,
  signupStatus: 'complete',
  accountStatus: 'active',
  onboardingStatus: 'complete',
  identityVerificationStatus: 'not-started',
  investOnboardingStage: null,
  investOnboarding: null,
  createdAt: '2026-11-27T09:30:00.000Z',
  updatedAt: '2026-11-27T09:30:00.000Z',
};

export const user = z
  .object({
    _id: objectId,
    email: z.string(),
    phone: nullableText,
    firstname: nullableText,
    middlename: nullableText,
    lastname: nullableText,
    displayname: nullableText,
    image: nullableText,
    line1: nullableText,
    line2: nullableText,
    city: nullableText,
    state: nullableText,
    zip: nullableText,
    country: nullableText,
    role: userRole,
    themeMode: themeMode.nullable(),
    timeFormat: nullableText,
    dateFormat: nullableText,
    notificationPreferences,
    accreditationApplicationId: objectId.nullable(),
    signupStatus,
    accountStatus,
    onboardingStatus,
    identityVerificationStatus,
    /** The questionnaire stage to do next (001 §2); null for users who never had to walk it (invited, created by an admin). */
    investOnboardingStage: onboardingStage.nullable(),
    investOnboarding: investOnboarding.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'User',
    description: "A person's account: names, contact, address, display preferences and onboarding state.",
    examples: [USER_EXAMPLE],
  });
export type User = z.infer<typeof user>;

export const memberAttributes = z.partialRecord(permission, z.boolean());
export type MemberAttributes = z.infer<typeof memberAttributes>;

export const memberPreferences = z.object({
  themeMode: themeMode.nullable(),
  timeFormat: nullableText,
  dateFormat: nullableText,
  /** Invest or Raise (002 §1), kept per member; null is the app type's default. */
  appMode: appMode.nullable().default(null),
  /** The institution picked in Raise mode. */
  institution: objectId.nullable().default(null),
});
export type MemberPreferences = z.infer<typeof memberPreferences>;

export const rbac = z.object({
  _id: objectId,
  role: tenantRole,
  attributes: memberAttributes,
  expiresAt: timestamp.nullable(),
});
export type Rbac = z.infer<typeof rbac>;

export const TENANT_MEMBER_EXAMPLE = {
  _id: '6745a1c2e4b0a1b2c3d4e5f7',
  tenant: '6745a1c2e4b0a1b2c3d4e5a0',
  user: USER_EXAMPLE._id,
  firstname: 'Jane',
  middlename: null,
  lastname: 'Doe',
  email: 'jane.doe@example.com',
  image: null,
  tags: [],
  groups: [],
  membershipStatus: 'active',
  rbac: {
    _id: '6745a1c2e4b0a1b2c3d4e5f8',
    role: 'investor',
    attributes: { 'investment:make': true, 'marketplace:view': true },
    expiresAt: null,
  },
  preferences: { themeMode: null, timeFormat: null, dateFormat: null, appMode: null, institution: null },
  createdAt: '2026-11-27T09:30:00.000Z',
  updatedAt: '2026-11-27T09:30:00.000Z',
};

export const tenantMember = z
  .object({
    _id: objectId,
    tenant: objectId,
    user: objectId,
    firstname: nullableText,
    middlename: nullableText,
    lastname: nullableText,
    email: z.string(),
    image: nullableText,
    tags: z.array(z.string()),
    groups: z.array(objectId),
    membershipStatus,
    rbac,
    preferences: memberPreferences,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'TenantMember',
    description: "A person's membership of one tenant: role, permissions, status, groups and default preferences.",
    examples: [TENANT_MEMBER_EXAMPLE],
  });
export type TenantMember = z.infer<typeof tenantMember>;

/** §6: a permission holds only when its attribute is exactly true. */
export function hasPermission(member: Pick<TenantMember, 'rbac'> | null | undefined, name: z.infer<typeof permission>): boolean {
  return member?.rbac.attributes[name] === true;
}
export function hasRole(member: Pick<TenantMember, 'rbac'> | null | undefined, role: z.infer<typeof tenantRole>): boolean {
  return member?.rbac.role === role;
}

/** The answer of POST user/{id}/onboarding/{stage}: the saved user and the stage to show next (001 §7). */
export const onboardingStageResult = z
  .object({ user, nextStage: onboardingStage.describe('The stage to show next; `complete` once Review is saved') })
  .meta({
    id: 'OnboardingStageResult',
    description: 'The user with the stage saved, and the stage the questionnaire goes to next.',
    examples: [{ user: { ...USER_EXAMPLE, investOnboardingStage: 'about' }, nextStage: 'about' }],
  });
export type OnboardingStageResult = z.infer<typeof onboardingStageResult>;
