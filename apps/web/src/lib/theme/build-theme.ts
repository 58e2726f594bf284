import { createTheme, lighten, type Theme } from '@mui/material/styles';
import type { BrandingTheme, ThemeMode } from '@tessera/domain';

declare module '@mui/material/styles' {
  interface Palette {
    tertiary: Palette['primary'];
  }
  interface PaletteOptions {
    tertiary?: PaletteOptions['primary'];
  }
}

/** §9: breakpoints at 600, 900 and 1200 px. */
const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 };

function fontStack(family: string): string {
  return [`"${family}"`, family === 'Roboto' ? null : '"Roboto"', '"Helvetica Neue"', 'Arial', 'sans-serif'].filter(Boolean).join(', ');
}

/** The MUI theme of a tenant's branding in one mode. */
export function buildTheme(branding: BrandingTheme, mode: ThemeMode): Theme {
  const colours = branding[mode];
  return createTheme({
    breakpoints: { values: BREAKPOINTS },
    palette: {
      mode,
      primary: { main: colours.primary },
      secondary: { main: colours.secondary },
      tertiary: { main: colours.tertiary },
      info: { main: colours.info },
      success: { main: colours.success },
      error: { main: colours.error },
      warning: { main: colours.warning },
      background: {
        default: colours.background,
        paper: mode === 'dark' ? lighten(colours.background, 0.06) : '#ffffff',
      },
    },
    shape: { borderRadius: branding.borderRadius },
    typography: {
      fontFamily: fontStack(branding.fontFamily),
      button: { textTransform: 'none', fontWeight: 600 },
      h1: { fontWeight: 600 },
      h2: { fontWeight: 600 },
      h3: { fontWeight: 600 },
      h4: { fontWeight: 600 },
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiLink: { defaultProps: { underline: 'hover' } },
    },
  });
}
