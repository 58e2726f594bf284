import { z } from 'zod';
import { appType, fontFamily, themeMode } from './enums.ts';
import { objectId } from './ids.ts';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex value like #1A3A65');

export const paletteColours = z.object({
  primary: hexColor,
  secondary: hexColor,
  tertiary: hexColor,
  info: hexColor,
  success: hexColor,
  error: hexColor,
  warning: hexColor,
  background: hexColor,
});
export type PaletteColours = z.infer<typeof paletteColours>;

/** §9 theme defaults: primary #1A3A65, secondary #C4A880, Roboto, radius 4, light. */
const DEFAULT_THEME = {
  light: {
    primary: '#1A3A65',
    secondary: '#C4A880',
    tertiary: '#5B7FA6',
    info: '#0288D1',
    success: '#2E7D32',
    error: '#D32F2F',
    warning: '#ED6C02',
    background: '#F7F8FA',
  },
  dark: {
    primary: '#8FB3E0',
    secondary: '#C4A880',
    tertiary: '#7F9FC4',
    info: '#29B6F6',
    success: '#66BB6A',
    error: '#F44336',
    warning: '#FFA726',
    background: '#0F1724',
  },
  fontFamily: 'Roboto' as const,
  borderRadius: 4,
  defaultMode: 'light' as const,
};

export const brandingTheme = z
  .object({
    light: paletteColours,
    dark: paletteColours,
    fontFamily,
    borderRadius: z.number().int().min(0).max(32),
    defaultMode: themeMode,
  })
  .meta({
    id: 'BrandingTheme',
    description: "A tenant's theme: a palette per mode, the font family, the border radius and the default mode.",
    examples: [DEFAULT_THEME],
  });
export type BrandingTheme = z.infer<typeof brandingTheme>;

export const brandingImageType = z.enum(['icon', 'logo-dark', 'logo-light', 'banner']);
export type BrandingImageType = z.infer<typeof brandingImageType>;
export const brandingImage = z.object({
  type: brandingImageType,
  _id: objectId,
  url: z.string().describe('Where the image is served, under /api/v1'),
});

/**
 * A promo button leads into the app (a path of this site), to a secure web page or to an e-mail (the spec's 'Contact
 * Us'); never to a script or another site posing as a path. '//evil.example/x' and '/\\evil.example/x' start with '/'
 * but browsers open them on evil.example, so a path is '/' followed by anything but a second '/' or '\\'; no
 * backslash, space or control character anywhere (browsers drop tabs and line breaks from addresses, so '/\t/evil'
 * is '//evil').
 */
export const PROMO_LINK_ERROR = 'Link must be a path of this site (/…), an https:// address or mailto:';
// eslint-disable-next-line no-control-regex -- control characters are what a link must not hold
const SAME_SITE_PATH = /^\/(?![/\\])[^\\\s\x00-\x1f\x7f]*$/;
const HTTPS_URL = /^[Hh][Tt][Tt][Pp][Ss]:\/\/[^\s/?#\\@]+(?:[/?#][^\s\\]*)?$/;
const MAILTO = /^[Mm][Aa][Ii][Ll][Tt][Oo]:[^\s@]+@[^\s@]+$/;

/** Whether a link stays on this site: '/' then anything but '/' or '\\', and nothing a browser would read as another host. */
export function isSameSitePath(url: string): boolean {
  return SAME_SITE_PATH.test(url);
}

/** A promo button's link: a path of this site, an https address with a host, or a mailto: address. */
export function isPromoLink(url: string): boolean {
  if (isSameSitePath(url) || MAILTO.test(url)) return true;
  if (!HTTPS_URL.test(url)) return false;
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/** A promo card of the investor dashboard (§ branding/messaging): shown or hidden, with up to two buttons. */
export const promoCard = z.object({
  _id: z.string().regex(/^[0-9a-f]{24}$/, 'Must be a 24-character hexadecimal id'),
  title: z.string().trim().min(1, 'Title is required').max(120, 'Title must be at most 120 characters'),
  body: z.string().trim().max(1000, 'Body must be at most 1000 characters'),
  buttons: z
    .array(
      z.object({
        label: z.string().trim().min(1, 'Button label is required').max(40),
        url: z
          .string()
          .trim()
          .max(2048)
          .refine(isPromoLink, PROMO_LINK_ERROR)
          .meta({ description: 'A path of this site (/…, not //…), an https:// address, or mailto:' }),
      }),
    )
    .max(2, 'At most two buttons'),
  hidden: z.boolean(),
});
export type PromoCard = z.infer<typeof promoCard>;

/** The words the investor dashboard shows: a welcome text and promo cards. */
export const brandingMessaging = z
  .object({
    welcomeTitle: z.string().trim().max(120, 'Welcome title must be at most 120 characters'),
    welcomeText: z.string().trim().max(2000, 'Welcome text must be at most 2000 characters'),
    promoCards: z.array(promoCard).max(6, 'At most six promo cards'),
  })
  .meta({
    id: 'BrandingMessaging',
    description: 'The welcome title and text and the promo cards of the investor dashboard.',
    examples: [
      {
        welcomeTitle: 'Welcome to Acme Capital',
        welcomeText: 'Private credit and real estate offers, verified once.',
        promoCards: [
          {
            _id: '6745a1c2e4b0a1b2c3d4e5a5',
            title: 'Harbor Fund II is open',
            body: 'Senior secured loans to mid-market companies.',
            buttons: [{ label: 'See the offer', url: '/marketplace/offers/harbor-fund-ii' }],
            hidden: false,
          },
        ],
      },
    ],
  });
export type BrandingMessaging = z.infer<typeof brandingMessaging>;

export const branding = z.object({
  theme: brandingTheme,
  images: z.array(brandingImage),
  messaging: brandingMessaging,
});
export type Branding = z.infer<typeof branding>;

/** §9: the default theme, no images, a generic welcome. */
export const DEFAULT_BRANDING: Branding = {
  theme: DEFAULT_THEME,
  images: [],
  messaging: {
    welcomeTitle: 'Welcome',
    welcomeText: 'Discover private investment opportunities, verified once and tracked in one place.',
    promoCards: [],
  },
};

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const tenantSlug = z
  .string()
  .regex(SLUG_PATTERN, 'Slug must be lowercase letters, digits and dashes, not starting or ending with a dash');

/** Latin letters that Unicode normalisation does not decompose into ascii. */
const LATIN_LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', þ: 'th' };

/** Derives a URL slug from a name: lowercase, ascii, dashes between words, at most 63 characters. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[ßæœøłđþ]/g, (ch) => LATIN_LIGATURES[ch] ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/g, '');
}

export const tenantPublic = z
  .object({
    _id: objectId,
    slug: z.string(),
    name: z.string(),
    branding,
    /** Where the tenant's users write for help (001 §2 rejection screens): its own address, else the platform's. */
    supportEmail: z.string(),
    /** Whether applicants may use the 2025 high-minimum-investment accreditation path (a tenant setting, off by default). */
    highMinimumPath: z.boolean(),
  })
  .meta({
    id: 'TenantPublic',
    description:
      "A tenant's public view: slug, name, branding, support address and the accreditation paths it offers; no members, no keys.",
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5a0',
        slug: 'acme',
        name: 'Acme Capital',
        branding: {
          theme: DEFAULT_THEME,
          messaging: { welcomeTitle: 'Welcome', welcomeText: 'Private credit and real estate offers, verified once.', promoCards: [] },
          images: [
            {
              type: 'logo-light',
              _id: '6745a1c2e4b0a1b2c3d4e5a9',
              url: '/api/v1/tenant/6745a1c2e4b0a1b2c3d4e5a0/branding/media/6745a1c2e4b0a1b2c3d4e5a9',
            },
          ],
        },
        supportEmail: 'support@acme.example',
        highMinimumPath: false,
      },
    ],
  });
export type TenantPublic = z.infer<typeof tenantPublic>;

export const TENANT_ID_HEADER = 'x-tenant-id';
export const TENANT_SLUG_HEADER = 'x-tenant-slug';
export const APP_TYPE_HEADER = 'x-app-type';

/**
 * What the tenant headers and the public view say, written by the API into every page it serves as a JSON script
 * with this id, so the web app knows its tenant before its first render without two round trips.
 */
export const TENANT_BOOTSTRAP_ID = 'tenant-bootstrap';
export const tenantBootstrap = z.object({
  tenantId: objectId.nullable(),
  tenantSlug: z.string().nullable(),
  appType,
  tenant: tenantPublic.nullable(),
});
export type TenantBootstrap = z.infer<typeof tenantBootstrap>;

/**
 * The answers to the GETs a landing page makes for its first render, written by the API into the page it serves as
 * a JSON script with this id: an object from the request's path under /api/v1 (with its query) to the response body,
 * as a signed-out visitor would get it. The web app checks each with the schema its fetcher uses.
 */
export const PAGE_ANSWERS_ID = 'page-answers';
