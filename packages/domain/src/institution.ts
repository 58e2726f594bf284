import { z } from 'zod';
import { contact } from './contact.ts';
import { pageQuery, sortDirection, timestamp } from './http.ts';
import { objectId } from './ids.ts';
import { email, isEmptyValue, isValidDate, personName } from './validation.ts';

/**
 * Institutions of a tenant (002 §3 TenantInstitution) and the pieces offers share with them:
 * custom metrics, media items and the slug rule.
 */

/**
 * The ids the published examples of the Raise side (institutions, offers, the marketplace) share, so that the offer
 * of an example names the institution of another.
 */
export const RAISE_EXAMPLE_IDS = {
  offer: '6745a1c2e4b0a1b2c3d4e601',
  institution: '6745a1c2e4b0a1b2c3d4e602',
  image: '6745a1c2e4b0a1b2c3d4e603',
  document: '6745a1c2e4b0a1b2c3d4e604',
  user: '6745a1c2e4b0a1b2c3d4e605',
  teamMember: '6745a1c2e4b0a1b2c3d4e606',
  logo: '6745a1c2e4b0a1b2c3d4e607',
  banner: '6745a1c2e4b0a1b2c3d4e608',
} as const;

// ── Slugs (002 §5) ─────────────────────────────────────────────────────────────────────────

/** Offer and institution slugs (002 §5): lowercase, spaces to hyphens, anything but word characters and hyphens removed. */
export function entitySlugify(name: string): string {
  return name
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]/g, '');
}
export const ENTITY_SLUG_PATTERN = /^[a-z0-9_](?:[a-z0-9_-]{0,98}[a-z0-9_])?$/;
export const entitySlug = z
  .string({ error: 'Slug is required' })
  .trim()
  .min(1, 'Slug is required')
  .max(100, 'Slug must be at most 100 characters')
  .regex(ENTITY_SLUG_PATTERN, 'Use lowercase letters, digits, hyphens and underscores, not starting or ending with a hyphen');
export const slugAvailabilityResult = z.object({ slug: z.string(), available: z.boolean() }).meta({
  id: 'EntitySlugAvailability',
  description: 'Whether an offer or institution slug is free in the tenant (ignoring case).',
  examples: [{ slug: 'harbor-point-apartments', available: true }],
});
export type SlugAvailabilityResult = z.infer<typeof slugAvailabilityResult>;

// ── Custom metrics and media items (002 §3) ──────────────────────────────────────────────

export const customMetric = z
  .object({
    id: z.string().trim().min(1).max(64),
    key: z.string().trim().max(100, 'Metric name must be at most 100 characters'),
    value: z.string().trim().max(500, 'Metric value must be at most 500 characters'),
    position: z.number().int().min(0),
    hidden: z.boolean().default(false),
  })
  .meta({
    id: 'CustomMetric',
    description: 'A metric of your own: a name and a value as text, in order, shown unless hidden.',
    examples: [{ id: 'units', key: 'Units', value: '212', position: 0, hidden: false }],
  });
export type CustomMetric = z.infer<typeof customMetric>;
export const CUSTOM_METRICS_MAX = 50;
export const customMetrics = z.array(customMetric).max(CUSTOM_METRICS_MAX, `At most ${CUSTOM_METRICS_MAX} metrics`);

/** Complete when at least one exists and each has a key and a value (002 §5). */
export function metricsComplete(metrics: readonly Pick<CustomMetric, 'key' | 'value'>[]): boolean {
  return metrics.length > 0 && metrics.every((m) => !isEmptyValue(m.key) && !isEmptyValue(m.value));
}

export const MEDIA_ITEMS_MAX = 50;
/** An image item: `image` is the id from POST image; `url` is filled in by the server. */
export function mediaImageItem<P extends z.ZodType<string, string | undefined>>(purpose: P) {
  return z.object({
    id: z.string().trim().min(1).max(64),
    image: objectId,
    url: z.string().optional(),
    position: z.number().int().min(0),
    hidden: z.boolean().default(false),
    purpose,
  });
}
export function mediaVideoItem<P extends z.ZodType<string, string | undefined>>(purpose: P) {
  return z.object({
    id: z.string().trim().min(1).max(64),
    url: z
      .url({ error: 'Enter a valid video URL (http or https)' })
      .max(2000)
      .refine((u) => /^https?:\/\//i.test(u), 'Enter a valid video URL (http or https)'),
    position: z.number().int().min(0),
    hidden: z.boolean().default(false),
    purpose,
  });
}

/** Dragging reorders items and renumbers positions from 0 (002 §4). */
export function renumber<T extends { position: number }>(items: readonly T[]): T[] {
  return items.map((item, position) => ({ ...item, position }));
}
export function moveItem<T extends { position: number }>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return renumber(next);
  next.splice(to, 0, moved);
  return renumber(next);
}

// ── Institutions ─────────────────────────────────────────────────────────────────────────

export const institutionType = z.enum(['bank', 'broker', 'exchange', 'fund', 'lender', 'other']);
export type InstitutionType = z.infer<typeof institutionType>;
export const institutionTypeLabels: Record<InstitutionType, string> = {
  bank: 'Bank',
  broker: 'Broker',
  exchange: 'Exchange',
  fund: 'Fund',
  lender: 'Lender',
  other: 'Other',
};

export const institutionImagePurpose = z.enum(['logo', 'banner', 'gallery', 'other']);
export type InstitutionImagePurpose = z.infer<typeof institutionImagePurpose>;
export const institutionVideoPurpose = z.enum(['intro', 'about', 'team', 'other']);
export type InstitutionVideoPurpose = z.infer<typeof institutionVideoPurpose>;
export const institutionImage = mediaImageItem(institutionImagePurpose).meta({
  id: 'InstitutionImage',
  description: 'An image of an institution: `image` is the id POST image answered; `url` is filled in by the server.',
  examples: [
    {
      id: 'logo',
      image: RAISE_EXAMPLE_IDS.logo,
      url: `/api/v1/image/${RAISE_EXAMPLE_IDS.logo}`,
      position: 0,
      hidden: false,
      purpose: 'logo',
    },
  ],
});
export type InstitutionImage = z.infer<typeof institutionImage>;
export const institutionVideo = mediaVideoItem(institutionVideoPurpose.default('about')).meta({
  id: 'InstitutionVideo',
  description: 'A video of an institution, by its http(s) address.',
  examples: [{ id: 'intro', url: 'https://video.example/summit-ridge-intro', position: 0, hidden: false, purpose: 'intro' }],
});
export type InstitutionVideo = z.infer<typeof institutionVideo>;
export const institutionImagePurposeLabels: Record<InstitutionImagePurpose, string> = {
  logo: 'Logo',
  banner: 'Banner',
  gallery: 'Gallery',
  other: 'Other',
};
export const institutionVideoPurposeLabels: Record<InstitutionVideoPurpose, string> = {
  intro: 'Intro',
  about: 'About',
  team: 'Team',
  other: 'Other',
};

export const INSTITUTION_SHORT_DESCRIPTION_MAX = 360;
export const RICH_TEXT_MAX = 100_000;

/** The team role of a person on an institution (002 §3 team invite; default member). */
export const institutionTeamRole = z.enum(['owner', 'member', 'editor', 'viewer']);
export type InstitutionTeamRole = z.infer<typeof institutionTeamRole>;
export const institutionTeamRoleLabels: Record<InstitutionTeamRole, string> = {
  owner: 'Owner',
  member: 'Member',
  editor: 'Editor',
  viewer: 'Viewer',
};

export const institution = z
  .object({
    _id: objectId,
    name: z.string(),
    /** Only owners and platform admins see the slug (002 §5); null for everyone else. */
    slug: z.string().nullable(),
    type: institutionType,
    description: z.string().nullable(),
    descriptionShort: z.string().nullable(),
    customMetrics: z.array(customMetric),
    images: z.array(institutionImage),
    videos: z.array(institutionVideo),
    contact,
    /** The logo: the first visible image with purpose logo, as a URL. */
    logoUrl: z.string().nullable(),
    offersCount: z.number().int(),
    /** Whether the caller is on the team. */
    isTeamMember: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'Institution',
    description:
      'An institution of the tenant as the Raise side sees it: details, media, contact, logo, offer count and whether the caller is on its team (the slug only for owners).',
    examples: [
      {
        _id: RAISE_EXAMPLE_IDS.institution,
        name: 'Summit Ridge Capital',
        slug: 'summit-ridge-capital',
        type: 'fund',
        description: '<p>Value-add multifamily in the Southeast since 2009.</p>',
        descriptionShort: 'Value-add multifamily in the Southeast since 2009.',
        customMetrics: [{ id: 'aum', key: 'Assets under management', value: '$1.2B', position: 0, hidden: false }],
        images: [
          {
            id: 'logo',
            image: RAISE_EXAMPLE_IDS.logo,
            url: `/api/v1/image/${RAISE_EXAMPLE_IDS.logo}`,
            position: 0,
            hidden: false,
            purpose: 'logo',
          },
        ],
        videos: [],
        contact: { addresses: [], emails: [], phones: [], faxes: [], links: [] },
        logoUrl: `/api/v1/image/${RAISE_EXAMPLE_IDS.logo}`,
        offersCount: 3,
        isTeamMember: true,
        createdAt: '2026-10-02T08:00:00.000Z',
        updatedAt: '2026-11-20T15:05:00.000Z',
      },
    ],
  });
export type Institution = z.infer<typeof institution>;

export const institutionSort = z.enum(['createdAt', 'name', 'updatedAt']);
export const institutionListQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional().describe('Text searched in the name (and the slug, for owners), ignoring case'),
  type: institutionType.optional().describe('Only institutions of this type'),
  /** true: only institutions the caller is on the team of (the picker). */
  isTeamMember: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .describe('true: only the institutions whose team the caller is on'),
  sort: institutionSort.default('createdAt').describe('The field to sort by'),
  direction: sortDirection.default('desc').describe('The sort direction'),
});
export type InstitutionListQuery = z.input<typeof institutionListQuery>;

const shortDescription = z
  .string({ error: 'Short description is required' })
  .trim()
  .min(1, 'Short description is required')
  .max(INSTITUTION_SHORT_DESCRIPTION_MAX, `Short description must be at most ${INSTITUTION_SHORT_DESCRIPTION_MAX} characters`);
const richText = z.string().max(RICH_TEXT_MAX, 'Description is too long').nullable();

export const institutionCreateBody = z
  .object({
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
    slug: entitySlug,
    type: institutionType.default('fund'),
    descriptionShort: shortDescription,
  })
  .meta({
    id: 'InstitutionCreate',
    description: 'A new institution: its name, a slug unique in the tenant, its type (default fund) and a short description.',
    examples: [
      {
        name: 'Summit Ridge Capital',
        slug: 'summit-ridge-capital',
        type: 'fund',
        descriptionShort: 'Value-add multifamily in the Southeast since 2009.',
      },
    ],
  });
export type InstitutionCreateBody = z.input<typeof institutionCreateBody>;

/** PUT …/details: name, slug, type and short description required (002 §5); description is sanitised HTML. */
export const institutionDetailsBody = institutionCreateBody.extend({ description: richText, customMetrics });
export type InstitutionDetailsBody = z.input<typeof institutionDetailsBody>;

export const institutionImagesBody = z.object({ images: z.array(institutionImage).max(MEDIA_ITEMS_MAX) }).meta({
  id: 'InstitutionImagesUpdate',
  description: "An institution's whole image list, in order.",
  examples: [{ images: [{ id: 'logo', image: RAISE_EXAMPLE_IDS.logo, position: 0, hidden: false, purpose: 'logo' }] }],
});
export const institutionVideosBody = z.object({ videos: z.array(institutionVideo).max(MEDIA_ITEMS_MAX) }).meta({
  id: 'InstitutionVideosUpdate',
  description: "An institution's whole video list, in order.",
  examples: [{ videos: [{ id: 'intro', url: 'https://video.example/summit-ridge-intro', position: 0, hidden: false, purpose: 'intro' }] }],
});
export const institutionContactBody = z.object({ contact }).meta({
  id: 'InstitutionContactUpdate',
  description: "An institution's whole contact: addresses, e-mails, phones, faxes and links, at most one primary of each kind.",
  examples: [
    {
      contact: {
        addresses: [],
        emails: [
          {
            _id: '6745a1c2e4b0a1b2c3d4e611',
            isEnabled: true,
            isPrimary: true,
            enabledCommunications: [],
            email: 'investors@summit-ridge.example',
            emailType: 'work',
          },
        ],
        phones: [],
        faxes: [],
        links: [],
      },
    },
  ],
});

/**
 * PUT …/details as sent: the slug may be left out (kept as it is). Only owners and platform admins see the
 * slug, so the team's GPs send the details without it.
 */
export const institutionDetailsUpdateBody = institutionDetailsBody.extend({ slug: entitySlug.optional() }).meta({
  id: 'InstitutionDetailsUpdate',
  description: "An institution's details: name, slug (left out to keep it; owners only), type, descriptions and custom metrics.",
  examples: [
    {
      name: 'Summit Ridge Capital',
      type: 'fund',
      descriptionShort: 'Value-add multifamily in the Southeast since 2009.',
      description: '<p>Value-add multifamily in the Southeast since 2009.</p>',
      customMetrics: [{ id: 'aum', key: 'Assets under management', value: '$1.2B', position: 0, hidden: false }],
    },
  ],
});
export type InstitutionDetailsUpdateBody = z.input<typeof institutionDetailsUpdateBody>;

/** GET tenant/{t}/institutions/slug-available: whether `slug` is free, ignoring the institution `except` (the one being edited). */
export const institutionSlugAvailabilityQuery = z.object({
  slug: entitySlug.describe('The slug to check'),
  except: objectId.optional().describe('The institution being edited, whose own slug does not count'),
});
export type InstitutionSlugAvailabilityQuery = z.input<typeof institutionSlugAvailabilityQuery>;

// ── Team ─────────────────────────────────────────────────────────────────────────────────

export const teamInviteBody = z
  .object({
    email,
    firstname: personName('First name'),
    lastname: personName('Last name'),
    role: institutionTeamRole.default('member'),
    /** 'Leave blank for no expiration'. */
    expiresAt: z.iso.datetime({ offset: true, error: 'Enter a valid date' }).nullable().default(null),
    attributes: z.object({}).default({}),
  })
  .meta({
    id: 'InstitutionTeamInvite',
    description: 'Who to put on the team: e-mail, names, team role (default member) and an optional expiry (null for none).',
    examples: [{ email: 'grace@summit-ridge.example', firstname: 'Grace', lastname: 'Hopper', role: 'editor', expiresAt: null }],
  });
export type TeamInviteBody = z.input<typeof teamInviteBody>;
export const teamRoleBody = z
  .object({ role: institutionTeamRole })
  .meta({ id: 'InstitutionTeamRoleUpdate', description: "A team member's new role.", examples: [{ role: 'viewer' }] });
/** GET …/team: the team, newest first, paginated. */
export const teamListQuery = pageQuery;
export type TeamListQuery = z.input<typeof teamListQuery>;
/** The invite dialog: the expiry as a calendar day ('' for none), sent as `expiresAt`. */
export const teamInviteForm = teamInviteBody
  .omit({ expiresAt: true, attributes: true })
  .extend({ expiresOn: z.string().refine((v) => v === '' || isValidDate(v), 'Enter a valid date') });
export type TeamInviteFormValues = z.input<typeof teamInviteForm>;

/** A team row (002 §3: subject with _id and user email). `_id` is the team membership id. */
export const teamMember = z
  .object({
    _id: objectId,
    institution: objectId,
    subject: z.object({
      _id: objectId.nullable().describe('The account, once the person has accepted; null while the invitation is pending'),
      email: z.string(),
      firstname: z.string().nullable(),
      lastname: z.string().nullable(),
    }),
    role: institutionTeamRole,
    /** invited until the person has accepted the invitation to the tenant (names are then the inviter's). */
    status: z.enum(['active', 'invited']),
    expiresAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'InstitutionTeamMember',
    description:
      "A person on an institution's team: the membership's id, the person, the team role, whether they have accepted the invitation (until then the names are the inviter's and the account is not named), and the expiry.",
    examples: [
      {
        _id: RAISE_EXAMPLE_IDS.teamMember,
        institution: RAISE_EXAMPLE_IDS.institution,
        subject: { _id: RAISE_EXAMPLE_IDS.user, email: 'grace@summit-ridge.example', firstname: 'Grace', lastname: 'Hopper' },
        role: 'editor',
        status: 'invited',
        expiresAt: null,
        createdAt: '2026-11-21T10:00:00.000Z',
        updatedAt: '2026-11-21T10:00:00.000Z',
      },
    ],
  });
export type TeamMember = z.infer<typeof teamMember>;

// ── Dashboard (002 §2 institution dashboard) ─────────────────────────────────────────────

export const dashboardPreset = z.enum(['24hrs', '7days', '1month', '1year', 'all-time']);
export type DashboardPreset = z.infer<typeof dashboardPreset>;
export const DEFAULT_DASHBOARD_PRESET: DashboardPreset = '1month';
export const dashboardScale = z.enum(['hour', 'day', 'month']);
export type DashboardScale = z.infer<typeof dashboardScale>;
export const dashboardPresets: Record<DashboardPreset, { label: string; scale: DashboardScale; ticks: number }> = {
  '24hrs': { label: '24 hrs', scale: 'hour', ticks: 24 },
  '7days': { label: '7 days', scale: 'day', ticks: 7 },
  '1month': { label: '1 month', scale: 'day', ticks: 30 },
  '1year': { label: '1 year', scale: 'month', ticks: 12 },
  'all-time': { label: 'All time', scale: 'month', ticks: 36 },
};

/** The start of the window ending at `now`: `ticks` buckets of `scale`, the last one holding now. */
export function presetRange(preset: DashboardPreset, now: Date = new Date()): { start: Date; end: Date; scale: DashboardScale } {
  const { scale, ticks } = dashboardPresets[preset];
  const start = new Date(now);
  start.setUTCMinutes(0, 0, 0);
  if (scale === 'hour') start.setUTCHours(start.getUTCHours() - (ticks - 1));
  else {
    start.setUTCHours(0);
    if (scale === 'day') start.setUTCDate(start.getUTCDate() - (ticks - 1));
    else {
      start.setUTCDate(1);
      start.setUTCMonth(start.getUTCMonth() - (ticks - 1));
    }
  }
  return { start, end: now, scale };
}

export const dashboardQuery = z
  .object({
    start: z.iso.datetime({ offset: true, error: 'start must be an ISO date-time' }).describe('The start of the window (ISO date-time)'),
    end: z.iso
      .datetime({ offset: true, error: 'end must be an ISO date-time' })
      .describe('The end of the window (ISO date-time), after start'),
    scale: dashboardScale.describe('The bucket size, in UTC'),
  })
  .refine((q) => new Date(q.start) < new Date(q.end), { message: 'start must be before end', path: ['start'] });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/**
 * The same window, optional as a whole (#25): start, end and scale together, or none of them for the default preset
 * (1 month, daily, ending now).
 */
export const dashboardWindowShape = {
  start: dashboardQuery.shape.start.optional(),
  end: dashboardQuery.shape.end.optional(),
  scale: dashboardScale.optional().describe('The bucket size, in UTC'),
};
/** The checks of an optional window, for a query object that has `dashboardWindowShape` among its fields. */
export function withDashboardWindowChecks<T extends z.ZodObject<typeof dashboardWindowShape & z.ZodRawShape>>(schema: T) {
  return schema
    .refine(
      (q: DashboardWindowFields) =>
        (q.start === undefined) === (q.end === undefined) && (q.start === undefined) === (q.scale === undefined),
      { message: 'give start, end and scale together, or none of them for the last month by day', path: ['start'] },
    )
    .refine((q: DashboardWindowFields) => q.start === undefined || q.end === undefined || new Date(q.start) < new Date(q.end), {
      message: 'start must be before end',
      path: ['start'],
    });
}
type DashboardWindowFields = { start?: string | undefined; end?: string | undefined; scale?: DashboardScale | undefined };
export const dashboardWindowQuery = z
  .object(dashboardWindowShape)
  .refine((q) => (q.start === undefined) === (q.end === undefined) && (q.start === undefined) === (q.scale === undefined), {
    message: 'give start, end and scale together, or none of them for the last month by day',
    path: ['start'],
  })
  .refine((q) => q.start === undefined || q.end === undefined || new Date(q.start) < new Date(q.end), {
    message: 'start must be before end',
    path: ['start'],
  });
export type DashboardWindowQuery = z.infer<typeof dashboardWindowQuery>;

export const seriesPoint = z.object({ bucket: timestamp.describe("The bucket's start, in UTC"), count: z.number().int() });
export type SeriesPoint = z.infer<typeof seriesPoint>;

/** The bucket starts of a dashboard window, in UTC, as ISO strings: every bucket of `scale` from the one holding `start` to the one holding `end`. */
export function dashboardBuckets(start: Date, end: Date, scale: DashboardScale): string[] {
  const cursor = new Date(start);
  cursor.setUTCMinutes(0, 0, 0);
  if (scale !== 'hour') cursor.setUTCHours(0);
  if (scale === 'month') cursor.setUTCDate(1);
  const buckets: string[] = [];
  while (cursor <= end) {
    buckets.push(cursor.toISOString());
    if (scale === 'hour') cursor.setUTCHours(cursor.getUTCHours() + 1);
    else if (scale === 'day') cursor.setUTCDate(cursor.getUTCDate() + 1);
    else cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return buckets;
}
/** A dashboard window holds at most this many buckets (3 years of days). */
export const DASHBOARD_BUCKETS_MAX = 1100;

// ── Raise mode (002 §1) ──────────────────────────────────────────────────────────────────

/** The exact refusal of 002 §1, shown by the client and sent by the server. */
export const RAISE_MODE_REFUSED = 'To access the GP / Institution mode, you must contact your admin.';
/** Invest (investor) or Raise (institution). */
export const raiseAppMode = z.enum(['investor', 'institution']);
export type RaiseAppMode = z.infer<typeof raiseAppMode>;
export const raiseAppModeLabels: Record<RaiseAppMode, string> = { investor: 'Invest', institution: 'Raise' };

/**
 * PUT user/{id}/tenant-member/mode: the member's mode and picked institution. `institution` left out keeps the
 * current pick; null clears it.
 */
export const appModeBody = z
  .object({
    appMode: raiseAppMode.describe('investor (Invest) or institution (Raise)'),
    institution: objectId.nullable().optional().describe('The institution to work on: left out keeps the current pick, null clears it'),
  })
  .meta({
    id: 'AppModeUpdate',
    description: "The caller's mode in this tenant and, in Raise mode, the institution they work on.",
    examples: [{ appMode: 'institution', institution: RAISE_EXAMPLE_IDS.institution }],
  });
export type AppModeBody = z.input<typeof appModeBody>;
