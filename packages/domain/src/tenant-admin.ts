import { z } from 'zod';
import { ANALYTICS_SERIES_EXAMPLE, analyticsRanked, analyticsSeries } from './analytics-dashboard.ts';
import { contact } from './contact.ts';
import { dashboardWindowShape, withDashboardWindowChecks } from './institution.ts';
import { identityVerificationStatus, membershipStatus, tenantRole, type MembershipStatus } from './enums.ts';
import { timestamp } from './http.ts';
import { objectId } from './ids.ts';
import { website } from './legal-entity-profile.ts';
import { timelineEvent } from './timeline.ts';
import { EMAIL_ERROR, EMAIL_PATTERN, isEmptyValue } from './validation.ts';

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
    supportEmail: z
      .string()
      .trim()
      .max(254, 'Support email must be at most 254 characters')
      .refine((v) => v === '' || EMAIL_PATTERN.test(v), EMAIL_ERROR)
      .nullable()
      .transform((v) => (v ? v.toLowerCase() : null))
      .optional()
      .describe('Where investors write for help (the rejection screens show it); empty clears it, left out keeps it'),
    highMinimumPath: z
      .boolean()
      .optional()
      .describe(
        'Whether investors may use the high-minimum-investment path (SEC staff no-action letter of 12 March 2025); left out keeps it',
      ),
  })
  .meta({
    id: 'TenantDetailsUpdate',
    description:
      "A tenant's name, description and website (empty clears the last two), and optionally its support address and whether the high-minimum-investment path of accreditation is offered.",
    examples: [
      {
        name: 'Acme Capital',
        description: 'Private credit and real estate for qualified investors.',
        website: 'https://acme-capital.example',
        supportEmail: 'support@acme-capital.example',
        highMinimumPath: false,
      },
    ],
  });

/**
 * The 2025 high-minimum path as the tenant's settings explain it: under the SEC staff's no-action letter of 12 March 2025
 * an issuer may rely on written representations instead of documents when the minimum investment is high enough.
 */
export const HIGH_MINIMUM_PATH_LABEL = 'Allow the high-minimum-investment path';
export const HIGH_MINIMUM_PATH_HELP =
  "Under the SEC staff no-action letter of 12 March 2025, an offer whose minimum investment is at least $200,000 for an individual ($1,000,000 for an entity) may verify accreditation with the investor's written representations (that they are accredited and that the investment is not financed by a third party) instead of documents. When on, investors can choose this path in the accreditation application.";
export type TenantDetailsBody = z.input<typeof tenantDetailsBody>;
export type TenantDetailsInput = z.output<typeof tenantDetailsBody>;

export const tenantVerificationBody = z.object({ verificationStatus: identityVerificationStatus }).meta({
  id: 'TenantVerificationUpdate',
  description: "The platform provider's verification status of the organisation behind a tenant.",
  examples: [{ verificationStatus: 'approved' }],
});
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
    /** The tenant's own support address; null when it uses the platform's. */
    supportEmail: z.string().nullable(),
    highMinimumPath: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'TenantDetails',
    description:
      "What a tenant's owners see and edit: name, description, website, contact, verification status, support address and the high-minimum path setting.",
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5a0',
        slug: 'acme',
        name: 'Acme Capital',
        description: 'Private credit and real estate for qualified investors.',
        website: 'https://acme-capital.example',
        contact: { addresses: [], emails: [], phones: [], faxes: [], links: [] },
        verificationStatus: 'approved',
        supportEmail: 'support@acme-capital.example',
        highMinimumPath: false,
        createdAt: '2026-11-27T09:30:00.000Z',
        updatedAt: '2026-11-27T09:30:00.000Z',
      },
    ],
  });
export type TenantDetails = z.infer<typeof tenantDetails>;

/** The periods the dashboard's new-members chart offers, in days. */
export const DASHBOARD_DAYS = [7, 30, 90] as const;
export type DashboardDays = (typeof DASHBOARD_DAYS)[number];
export const DASHBOARD_DAYS_DEFAULT: DashboardDays = 30;

export const tenantDashboardQuery = withDashboardWindowChecks(
  z.object({
    ...dashboardWindowShape,
    days: z.coerce
      .number()
      .refine((d): d is DashboardDays => (DASHBOARD_DAYS as readonly number[]).includes(d), 'days must be 7, 30 or 90')
      .default(DASHBOARD_DAYS_DEFAULT)
      .meta({ enum: [...DASHBOARD_DAYS], description: 'The period of the new-members chart, in days: 7, 30 or 90' }),
  }),
);
export type TenantDashboardQuery = z.input<typeof tenantDashboardQuery>;

export const tenantDashboard = z
  .object({
    members: z.object({
      total: z.number().int(),
      /** Every membership status, zero when none (an object of the statuses, so the published schema names each one). */
      byStatus: z.object(
        Object.fromEntries(membershipStatus.options.map((status) => [status, z.number().int()])) as {
          [K in MembershipStatus]: z.ZodNumber;
        },
      ),
    }),
    newMembers: z.object({
      days: z.number().int(),
      /** One point per calendar day (UTC, oldest first, today last), zero when none joined. */
      series: z.array(z.object({ date: z.string().meta({ format: 'date' }), count: z.number().int() })),
    }),
    offers: z.number().int(),
    institutions: z.number().int(),
    recentActivity: z.array(timelineEvent),
    /** The marketplace's analytics over the window (start/end/scale, default the last month by day), from the rollups (#25). */
    analytics: analyticsSeries,
    /** The offers and institutions with the most impressions in the window, at most ANALYTICS_TOP_N each. */
    topOffers: z.array(analyticsRanked),
    topInstitutions: z.array(analyticsRanked),
  })
  .meta({
    id: 'TenantDashboard',
    description: "A tenant's dashboard: members by status, new members per day, offer and institution counts and recent activity.",
    examples: [
      {
        members: {
          total: 42,
          byStatus: { active: 38, invited: 3, 'invite-rejected': 0, requested: 1, 'request-denied': 0, suspended: 0 },
        },
        newMembers: { days: 7, series: [{ date: '2026-11-27', count: 2 }] },
        offers: 5,
        institutions: 2,
        recentActivity: [],
        analytics: ANALYTICS_SERIES_EXAMPLE,
        topOffers: [],
        topInstitutions: [],
      },
    ],
  });
export type TenantDashboard = z.infer<typeof tenantDashboard>;

/** A tenant the signed-in user is an active member of, with the address that opens it. */
export const myTenant = z
  .object({
    _id: objectId,
    slug: z.string(),
    name: z.string(),
    role: tenantRole,
    url: z.string().describe('The address that opens the tenant'),
    current: z.boolean().describe("Whether it is this address's tenant"),
  })
  .meta({
    id: 'MyTenant',
    description: 'A tenant the signed-in user is an active member of, with their role and the address that opens it.',
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5a0',
        slug: 'acme',
        name: 'Acme Capital',
        role: 'owner',
        url: 'https://acme.tessera.example',
        current: true,
      },
    ],
  });
export type MyTenant = z.infer<typeof myTenant>;
