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
import { objectId } from './ids.ts';

export const notificationPreferences = z.record(notificationCategory, z.boolean());
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  'investment-updates': true,
  'account-management': true,
  'product-updates': true,
  marketing: false,
};

const nullableText = z.string().nullable();

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
    investOnboardingStage: nullableText,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('User');
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
  expiresAt: z.string().nullable(),
});
export type Rbac = z.infer<typeof rbac>;

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
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('TenantMember');
export type TenantMember = z.infer<typeof tenantMember>;

/** §6: a permission holds only when its attribute is exactly true. */
export function hasPermission(member: Pick<TenantMember, 'rbac'> | null | undefined, name: z.infer<typeof permission>): boolean {
  return member?.rbac.attributes[name] === true;
}
export function hasRole(member: Pick<TenantMember, 'rbac'> | null | undefined, role: z.infer<typeof tenantRole>): boolean {
  return member?.rbac.role === role;
}
