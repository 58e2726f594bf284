import { z } from 'zod';
import { notificationCategory, themeMode } from './enums.ts';
import { DATE_FORMATS, TIME_FORMATS } from './format.ts';
import { COUNTRY_ERROR, countryCode, DEFAULT_COUNTRY, US_STATES } from './geo.ts';
import { objectId } from './ids.ts';
import { timelineEvent } from './timeline.ts';
import { notificationPreferences, TENANT_MEMBER_EXAMPLE, tenantMember, USER_EXAMPLE, user } from './user.ts';
import { optionalPersonName, orEmpty, PHONE_INPUT_PATTERN, personName } from './validation.ts';
import { deletedEntity, timestamp } from './http.ts';

/**
 * An optional account field: left out means unchanged; an §5 empty value ('', '-', '- -', null) is saved as null;
 * anything else is trimmed and checked by `inner`.
 */
function optionalField(inner: z.ZodType<string, string>, message?: string) {
  return orEmpty(inner, message).optional();
}
const text = (label: string, max: number) => z.string().max(max, `${label} must be at most ${max} characters`);

export const PHONE_ERROR = 'Enter a valid phone number (an optional +, then 1 to 15 digits, the first not 0)';
export const ZIP_ERROR = 'Zip code must be 5 digits';
export const US_STATE_ERROR = 'Choose a US state from the list';
export const ZIP_PATTERN = /^\d{5}$/;
const US_STATE_CODES = new Set(US_STATES.map((s) => s.code));

/**
 * The address rules that depend on the country: in the US (the default when no country is set) the zip is
 * 5 digits and the state one of the USPS codes. Other countries' postal codes and regions are free text.
 */
export function addressIssues(address: {
  country?: string | null;
  state?: string | null;
  zip?: string | null;
}): { field: 'zip' | 'state'; message: string }[] {
  if ((address.country ?? DEFAULT_COUNTRY) !== 'US') return [];
  const issues: { field: 'zip' | 'state'; message: string }[] = [];
  if (address.zip && !ZIP_PATTERN.test(address.zip)) issues.push({ field: 'zip', message: ZIP_ERROR });
  if (address.state && !US_STATE_CODES.has(address.state)) issues.push({ field: 'state', message: US_STATE_ERROR });
  return issues;
}

/** PUT user/{id}: the account fields a user edits on the Account page. Fields left out are unchanged; the e-mail is not editable here. */
export const accountUpdateBody = z
  .object({
    phone: optionalField(text('Phone', 32).regex(PHONE_INPUT_PATTERN, PHONE_ERROR)),
    firstname: personName('First name').optional(),
    middlename: optionalField(optionalPersonName('Middle name')),
    lastname: personName('Last name').optional(),
    displayname: optionalField(optionalPersonName('Display name')),
    line1: optionalField(text('Street', 200)),
    line2: optionalField(text('Address 2', 200)),
    city: optionalField(text('City', 100)),
    state: optionalField(text('State', 100)).meta({
      description: `In the US (the body's country, else the stored one, else US): a USPS state code (NY, CA…), else "${US_STATE_ERROR}". Elsewhere free text.`,
    }),
    zip: optionalField(text('Zip', 20)).meta({
      description: `In the US (the body's country, else the stored one, else US): 5 digits, else "${ZIP_ERROR}". Elsewhere free text.`,
    }),
    country: optionalField(countryCode, COUNTRY_ERROR),
    themeMode: themeMode.nullable().optional(),
    timeFormat: z.enum(TIME_FORMATS).nullable().optional(),
    dateFormat: z.enum(DATE_FORMATS).nullable().optional(),
  })
  .superRefine((body, ctx) => {
    // Without the country in the body the server checks against the stored one.
    if (body.country === undefined) return;
    for (const issue of addressIssues(body)) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  })
  .meta({
    id: 'AccountUpdate',
    description:
      'The account fields to change; those left out are unchanged and empty values are saved as null. In the US (the default country) the zip is 5 digits and the state a USPS code.',
    examples: [
      { firstname: 'Jane', lastname: 'Doe', phone: '+14155550123', city: 'San Francisco', state: 'CA', zip: '94105', country: 'US' },
    ],
  });
export type AccountUpdateBody = z.input<typeof accountUpdateBody>;
export type AccountUpdate = z.output<typeof accountUpdateBody>;

/** The fields the Profile section of the Account page edits. */
export const ACCOUNT_PROFILE_FIELDS = [
  'firstname',
  'middlename',
  'lastname',
  'displayname',
  'phone',
  'line1',
  'line2',
  'city',
  'state',
  'zip',
  'country',
] as const satisfies readonly (keyof AccountUpdateBody)[];

/** PUT user/{id}/notifications: categories left out keep their setting. */
export const notificationsUpdateBody = z.object({ notificationPreferences: notificationPreferences.partial() }).meta({
  id: 'NotificationPreferencesUpdate',
  description: 'Notification categories to turn on or off; categories left out keep their setting.',
  examples: [{ notificationPreferences: { marketing: true } }],
});
export type NotificationsUpdateBody = z.input<typeof notificationsUpdateBody>;

export const notificationCategoryLabels: Record<z.infer<typeof notificationCategory>, { label: string; description: string }> = {
  'investment-updates': {
    label: 'Investment updates',
    description: 'News, documents and status changes for offers you follow or invested in.',
  },
  'account-management': { label: 'Account management', description: 'Security notices, verification results and changes to your account.' },
  'product-updates': { label: 'Product updates', description: 'New features and improvements to the platform.' },
  marketing: { label: 'Marketing', description: 'Newsletters, events and offers from us and our partners.' },
};

/** PUT user/{id}/tenant-member/preferences: 'Set as default' stores these on the membership of this tenant. */
export const memberPreferencesBody = z
  .object({
    themeMode: themeMode.nullable().optional(),
    timeFormat: z.enum(TIME_FORMATS).nullable().optional(),
    dateFormat: z.enum(DATE_FORMATS).nullable().optional(),
  })
  .meta({
    id: 'MemberPreferencesUpdate',
    description: "The default theme mode and time and date formats kept on the membership of this address's tenant.",
    examples: [{ themeMode: 'dark', timeFormat: null, dateFormat: null }],
  });
export type MemberPreferencesBody = z.input<typeof memberPreferencesBody>;

/** A user as platform admins see them after archive and un-archive. */
export const adminUser = user.extend({ archivedAt: z.string().nullable().describe('When the account was archived, or null') }).meta({
  id: 'AdminUser',
  description: 'An account as platform admins see it, across tenants: its profile, platform role, statuses and archiving.',
  examples: [
    {
      _id: '6745a1c2e4b0a1b2c3d4e5f8',
      email: 'ivan@example.com',
      phone: '+1 415 555 0134',
      firstname: 'Ivan',
      middlename: null,
      lastname: 'Investor',
      displayname: null,
      image: null,
      line1: '1 Market Street',
      line2: null,
      city: 'San Francisco',
      state: 'CA',
      zip: '94105',
      country: 'US',
      role: 'user',
      themeMode: null,
      timeFormat: null,
      dateFormat: null,
      notificationPreferences: { 'investment-updates': true, 'account-management': true, 'product-updates': true, marketing: false },
      accreditationApplicationId: null,
      signupStatus: 'complete',
      accountStatus: 'active',
      onboardingStatus: 'complete',
      identityVerificationStatus: 'approved',
      investOnboardingStage: null,
      investOnboarding: null,
      createdAt: '2026-10-02T08:15:00.000Z',
      updatedAt: '2026-11-27T09:30:00.000Z',
      archivedAt: null,
    },
  ],
});
export type AdminUser = z.infer<typeof adminUser>;

export const userDeleted = deletedEntity.describe('UserDeleted');

export const EXPORT_FORMAT = 'tessera-export';
export const EXPORT_VERSION = 1;

/**
 * GET user/{id}/export: everything the platform holds on the user in one tenant. Besides the fixed parts, each
 * further section (individualProfiles, legalEntityProfiles, govPhotoIds, financialAccounts, documents, businesses,
 * applications, images, accessGrantsHeld, accessGrantsGiven…) is a list of that table's rows about the user. Files are
 * described (ids, names, urls, dates), never included.
 */
export const userExport = z
  .looseObject({
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(EXPORT_VERSION),
    exportedAt: timestamp,
    tenant: z.object({ _id: objectId, slug: z.string(), name: z.string() }),
    account: user,
    membership: tenantMember.nullable(),
    timelineEvents: z.array(timelineEvent),
  })
  .meta({
    id: 'UserExport',
    description:
      'Everything the platform holds on a user in one tenant; besides these parts, each further section is a list of one table’s rows about the user.',
    examples: [
      {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        exportedAt: '2026-11-27T09:30:00.000Z',
        tenant: { _id: '6745a1c2e4b0a1b2c3d4e5a0', slug: 'acme', name: 'Acme Capital' },
        account: USER_EXAMPLE,
        membership: TENANT_MEMBER_EXAMPLE,
        timelineEvents: [],
        individualProfiles: [],
      },
    ],
  });
export type UserExport = z.infer<typeof userExport>;

/** 'tessera-export-2026-05-01.json' */
export function exportFileName(date: Date): string {
  return `tessera-export-${date.toISOString().slice(0, 10)}.json`;
}
