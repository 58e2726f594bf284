import { z } from 'zod';
import { contact } from './contact.ts';
import {
  identityVerificationStatus,
  membershipStatus,
  tenantRole,
  type IdentityVerificationStatus,
  type MembershipStatus,
} from './enums.ts';
import { objectId } from './ids.ts';
import { website } from './legal-entity-profile.ts';
import { timelineEvent } from './timeline.ts';
import { isEmptyValue } from './validation.ts';

/** Tenant admin (§2 tenant admin area, §7 tenant): details, contact, verification, dashboard and switching. */

export const TENANT_NAME_MAX = 120;
export const TENANT_DESCRIPTION_MAX = 2000;

export const tenantDetailsBody = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(TENANT_NAME_MAX, `Name must be at most ${TENANT_NAME_MAX} characters`),
    description: z
      .string()
      .max(TENANT_DESCRIPTION_MAX, `Description must be at most ${TENANT_DESCRIPTION_MAX} characters`)
      .nullable()
      .transform((v) => (isEmptyValue(v) ? null : v!.trim())),
    website,
  })
  .describe('TenantDetailsBody');
export type TenantDetailsBody = z.input<typeof tenantDetailsBody>;
export type TenantDetailsInput = z.output<typeof tenantDetailsBody>;

export const tenantVerificationBody = z.object({ verificationStatus: identityVerificationStatus }).describe('TenantVerificationBody');
export type TenantVerificationBody = z.infer<typeof tenantVerificationBody>;

/** What a tenant's owners see and edit on /tenant/settings. */
export const tenantDetails = z
  .object({
    _id: objectId,
    slug: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    website: z.string().nullable(),
    contact,
    verificationStatus: identityVerificationStatus,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('TenantDetails');
export type TenantDetails = z.infer<typeof tenantDetails>;

export const identityVerificationStatusLabels: Record<IdentityVerificationStatus, string> = {
  approved: 'Approved',
  rejected: 'Rejected',
  started: 'Started',
  'not-started': 'Not started',
  submitted: 'Submitted',
  error: 'Error',
};

export const membershipStatusLabels: Record<MembershipStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  'invite-rejected': 'Invite rejected',
  requested: 'Requested',
  'request-denied': 'Request denied',
  suspended: 'Suspended',
};

/** The periods the dashboard's new-members chart offers, in days. */
export const DASHBOARD_DAYS = [7, 30, 90] as const;
export type DashboardDays = (typeof DASHBOARD_DAYS)[number];
export const DASHBOARD_DAYS_DEFAULT: DashboardDays = 30;

export const tenantDashboardQuery = z.object({
  days: z.coerce
    .number()
    .refine((d): d is DashboardDays => (DASHBOARD_DAYS as readonly number[]).includes(d), 'days must be 7, 30 or 90')
    .default(DASHBOARD_DAYS_DEFAULT),
});
export type TenantDashboardQuery = z.input<typeof tenantDashboardQuery>;

export const tenantDashboard = z
  .object({
    members: z.object({
      total: z.number().int(),
      /** Every membership status, zero when none. */
      byStatus: z.record(membershipStatus, z.number().int()),
    }),
    newMembers: z.object({
      days: z.number().int(),
      /** One point per calendar day (UTC, oldest first, today last), zero when none joined. */
      series: z.array(z.object({ date: z.string(), count: z.number().int() })),
    }),
    offers: z.number().int(),
    institutions: z.number().int(),
    recentActivity: z.array(timelineEvent),
  })
  .describe('TenantDashboard');
export type TenantDashboard = z.infer<typeof tenantDashboard>;

/** A tenant the signed-in user is an active member of, with the address that opens it. */
export const myTenant = z
  .object({
    _id: objectId,
    slug: z.string(),
    name: z.string(),
    role: tenantRole,
    url: z.string(),
    current: z.boolean(),
  })
  .describe('MyTenant');
export type MyTenant = z.infer<typeof myTenant>;
