import { describe, expect, it } from 'vitest';
import { alpha, brandFontStack, brandPaper, contrastText, lighten, pickBrandLogo } from './brand-theme.ts';

describe('brand theme maths', () => {
  it('works out colours as MUI does for #rrggbb', () => {
    expect(lighten('#121212', 0.06)).toBe('rgb(32, 32, 32)');
    expect(alpha('#1a3a65', 0.5)).toBe('rgba(26, 58, 101, 0.5)');
    expect(contrastText('#1a3a65')).toBe('#fff');
    expect(contrastText('#ffc107')).toBe('rgba(0, 0, 0, 0.87)');
    // MUI truncates the luminance to 3 digits before comparing: this one is white text there, black without it.
    expect(contrastText('#0099ff')).toBe('#fff');
    expect(brandPaper('#121212', 'dark')).toBe('rgb(32, 32, 32)');
    expect(brandPaper('#f5f5f5', 'light')).toBe('#ffffff');
  });

  it('stacks a tenant face before Roboto, and a copy of Roboto just before it', () => {
    expect(brandFontStack('Roboto')).toBe('"Roboto", "Helvetica Neue", Arial, sans-serif');
    expect(brandFontStack('Inter')).toBe('"Inter", "Roboto", "Helvetica Neue", Arial, sans-serif');
    expect(brandFontStack('Inter', 'Copy')).toBe('"Inter", "Copy", "Roboto", "Helvetica Neue", Arial, sans-serif');
    expect(brandFontStack('Roboto', 'Copy')).toBe('"Copy", "Roboto", "Helvetica Neue", Arial, sans-serif');
  });

  it('picks the logo made for the mode, else the other', () => {
    const light = { type: 'logo-light', _id: 'a'.repeat(24), url: '/l' } as const;
    const dark = { type: 'logo-dark', _id: 'b'.repeat(24), url: '/d' } as const;
    expect(pickBrandLogo([light, dark], 'dark')).toBe(dark);
    expect(pickBrandLogo([light], 'dark')).toBe(light);
    expect(pickBrandLogo([], 'light')).toBeUndefined();
  });
});
