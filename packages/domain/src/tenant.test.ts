import { describe, expect, it } from 'vitest';
import {
  branding,
  DEFAULT_BRANDING,
  isPromoLink,
  isSameSitePath,
  promoCard,
  PROMO_LINK_ERROR,
  SLUG_PATTERN,
  slugify,
  tenantPublic,
  tenantSlug,
} from './tenant.ts';

describe('slugify', () => {
  it.each([
    ['Acme Capital', 'acme-capital'],
    ['  Acme   Capital, LLC.  ', 'acme-capital-llc'],
    ['Café Déjà Vu', 'cafe-deja-vu'],
    ['Straße Æon Øst', 'strasse-aeon-ost'],
    ['100% Growth!', '100-growth'],
    ['--already-sluggy--', 'already-sluggy'],
    ['UPPER_case', 'upper-case'],
    ['', ''],
    ['日本', ''],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('caps slugs at 63 characters without a trailing dash', () => {
    const slug = slugify(`${'a'.repeat(62)} b`);
    expect(slug).toBe('a'.repeat(62));
    expect(slugify('word '.repeat(40)).length).toBeLessThanOrEqual(63);
    expect(slugify('word '.repeat(40))).toMatch(SLUG_PATTERN);
  });

  it('produces slugs the slug rule accepts', () => {
    for (const name of ['Acme Capital', 'Café Déjà Vu', 'x', 'A-1 Fund 2024'])
      expect(tenantSlug.safeParse(slugify(name)).success).toBe(true);
  });
});

describe('tenantSlug', () => {
  it.each(['a', 'acme', 'acme-capital', 'a1', '9-lives'])('accepts %s', (slug) => {
    expect(tenantSlug.safeParse(slug).success).toBe(true);
  });

  it.each(['', '-acme', 'acme-', 'Acme', 'acme capital', 'acme_capital', 'a'.repeat(64)])('rejects %j', (slug) => {
    expect(tenantSlug.safeParse(slug).success).toBe(false);
  });
});

describe('branding', () => {
  it('defaults to the §9 theme', () => {
    expect(branding.parse(DEFAULT_BRANDING)).toEqual(DEFAULT_BRANDING);
    expect(DEFAULT_BRANDING.theme.light.primary).toBe('#1A3A65');
    expect(DEFAULT_BRANDING.theme.light.secondary).toBe('#C4A880');
    expect(DEFAULT_BRANDING.theme.fontFamily).toBe('Roboto');
    expect(DEFAULT_BRANDING.theme.borderRadius).toBe(4);
    expect(DEFAULT_BRANDING.theme.defaultMode).toBe('light');
  });

  it('rejects colours that are not #RRGGBB, unknown fonts and out-of-range radii', () => {
    const theme = DEFAULT_BRANDING.theme;
    const withLight = (primary: string) => ({ ...DEFAULT_BRANDING, theme: { ...theme, light: { ...theme.light, primary } } });
    expect(branding.safeParse(withLight('#1a3a65')).success).toBe(true);
    expect(branding.safeParse(withLight('1A3A65')).success).toBe(false);
    expect(branding.safeParse(withLight('#FFF')).success).toBe(false);
    expect(branding.safeParse({ ...DEFAULT_BRANDING, theme: { ...theme, fontFamily: 'Comic Sans' } }).success).toBe(false);
    expect(branding.safeParse({ ...DEFAULT_BRANDING, theme: { ...theme, borderRadius: 33 } }).success).toBe(false);
    expect(branding.safeParse({ ...DEFAULT_BRANDING, theme: { ...theme, borderRadius: -1 } }).success).toBe(false);
  });

  it('describes the public tenant view', () => {
    const tenant = {
      _id: '65a1f0c2e4b0a1b2c3d4e5f6',
      slug: 'acme',
      name: 'Acme',
      branding: DEFAULT_BRANDING,
      supportEmail: 'support@acme.example',
      highMinimumPath: false,
    };
    expect(tenantPublic.parse(tenant)).toEqual(tenant);
    expect(tenantPublic.safeParse({ ...tenant, _id: 'acme' }).success).toBe(false);
  });
});

describe('promo card links (issue #21)', () => {
  it.each([
    '/',
    '/marketplace/institutions/harbor-point-credit',
    '/user/passport?tab=documents#top',
    'https://www.sba.gov/funding-programs/loans/7a-loans',
    'HTTPS://example.com',
    'mailto:loans@harborpointcredit.example?subject=Conventional%20loan%20application',
  ])('takes %j', (url) => {
    expect(isPromoLink(url)).toBe(true);
  });

  it.each([
    ['another site posing as a path', '//evil.example/x'],
    ['a backslash browsers read as a slash', '/\\evil.example/x'],
    ['a tab browsers drop', '/\t/evil.example'],
    ['a line break browsers drop', '/\n/evil.example'],
    ['a backslash later in the path', '/a\\b'],
    ['plain http', 'http://example.com'],
    ['credentials before the host', 'https://bank.example@evil.example/'],
    ['no host', 'https:///x'],
    ['a script', 'javascript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'marketplace'],
    ['mailto without an address', 'mailto:'],
  ])('refuses %s', (_why, url) => {
    expect(isPromoLink(url)).toBe(false);
  });

  it('keeps a path on this site, and only a path', () => {
    expect(isSameSitePath('/offers')).toBe(true);
    expect(isSameSitePath('//offers')).toBe(false);
    expect(isSameSitePath('https://example.com/offers')).toBe(false);
  });

  it('says what a link may be, in the schema both the form and the API use', () => {
    const card = { _id: 'a'.repeat(24), title: 'Loans', body: '', hidden: false, buttons: [{ label: 'Go', url: '//evil.example/x' }] };
    const result = promoCard.safeParse(card);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['buttons', 0, 'url'], message: PROMO_LINK_ERROR });
    expect(promoCard.parse({ ...card, buttons: [{ label: 'Go', url: '  /offers  ' }] }).buttons[0]?.url).toBe('/offers');
  });
});
