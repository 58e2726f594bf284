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

export const brandingTheme = z.object({
  light: paletteColours,
  dark: paletteColours,
  fontFamily,
  borderRadius: z.number().int().min(0).max(32),
  defaultMode: themeMode,
});
export type BrandingTheme = z.infer<typeof brandingTheme>;

export const brandingImageType = z.enum(['icon', 'logo-dark', 'logo-light', 'banner']);
export type BrandingImageType = z.infer<typeof brandingImageType>;
export const brandingImage = z.object({ type: brandingImageType, _id: objectId, url: z.string() });

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
          .regex(/^\s*(?:\/|https?:\/\/)/, 'Link must start with / or http(s)://'),
      }),
    )
    .max(2, 'At most two buttons'),
  hidden: z.boolean(),
});
export type PromoCard = z.infer<typeof promoCard>;

/** The words the investor dashboard shows: a welcome text and promo cards. */
export const brandingMessaging = z.object({
  welcomeTitle: z.string().trim().max(120, 'Welcome title must be at most 120 characters'),
  welcomeText: z.string().trim().max(2000, 'Welcome text must be at most 2000 characters'),
  promoCards: z.array(promoCard).max(6, 'At most six promo cards'),
});
export type BrandingMessaging = z.infer<typeof brandingMessaging>;

export const branding = z.object({
  theme: brandingTheme,
  images: z.array(brandingImage),
  messaging: brandingMessaging,
});
export type Branding = z.infer<typeof branding>;

/** §9 theme defaults: primary #1A3A65, secondary #C4A880, Roboto, radius 4, light. */
export const DEFAULT_BRANDING: Branding = {
  theme: {
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
    fontFamily: 'Roboto',
    borderRadius: 4,
    defaultMode: 'light',
  },
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
  })
  .describe('TenantPublic');
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
