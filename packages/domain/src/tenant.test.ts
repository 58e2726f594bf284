import { describe, expect, it } from 'vitest';
import { branding, DEFAULT_BRANDING, SLUG_PATTERN, slugify, tenantPublic, tenantSlug } from './tenant.ts';

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
