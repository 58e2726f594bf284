import { getContrastRatio } from '@mui/material/styles';
import { DEFAULT_BRANDING, type BrandingTheme } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { buildTheme, readableOnPaper } from './build-theme.ts';

describe('readableOnPaper', () => {
  it('gives every status colour of the default branding a label that reads at 4.5:1 on paper, in both modes', () => {
    for (const mode of ['light', 'dark'] as const) {
      const theme = buildTheme(DEFAULT_BRANDING.theme, mode);
      for (const colour of ['error', 'warning', 'info', 'success'] as const) {
        const label = readableOnPaper(theme, theme.palette[colour].main);
        expect(getContrastRatio(label, theme.palette.background.paper), `${mode} ${colour}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it("keeps a colour that already reads, and shades a tenant's red that does not on dark paper", () => {
    const dark: BrandingTheme = { ...DEFAULT_BRANDING.theme, dark: { ...DEFAULT_BRANDING.theme.dark, error: '#d32f2f' } };
    const theme = buildTheme(dark, 'dark');
    expect(getContrastRatio('#d32f2f', theme.palette.background.paper)).toBeLessThan(4.5);
    expect(readableOnPaper(theme, '#d32f2f')).not.toBe('#d32f2f');
    expect(readableOnPaper(theme, '#ffffff')).toBe('#ffffff');
  });
});
