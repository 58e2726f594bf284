import { createTheme, darken, getContrastRatio, lighten, type Theme } from '@mui/material/styles';
import { brandFontStack, brandPaper, contrastText, type BrandingTheme, type ThemeMode } from '@tessera/domain';

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

/** A palette colour with its text colour worked out as the server's first paint does (MUI's own rule, in @tessera/domain). */
const paletteColour = (main: string) => ({ main, contrastText: contrastText(main) });

/**
 * The colour a label written in a palette colour (an outlined chip, a text or outlined button) takes on paper: the
 * colour itself when it reads at 4.5:1 or more, else a shade of it that does (axe color-contrast, WCAG 1.4.3).
 */
export function readableOnPaper(theme: Theme, main: string): string {
  if (getContrastRatio(main, theme.palette.background.paper) >= 4.5) return main;
  return theme.palette.mode === 'dark' ? lighten(main, 0.35) : darken(main, 0.4);
}

/** The MUI theme of a tenant's branding in one mode. */
export function buildTheme(branding: BrandingTheme, mode: ThemeMode): Theme {
  const colours = branding[mode];
  return createTheme({
    breakpoints: { values: BREAKPOINTS },
    palette: {
      mode,
      primary: paletteColour(colours.primary),
      secondary: paletteColour(colours.secondary),
      // MUI does not complete a palette entry of its own (no contrastText): as before.
      tertiary: { main: colours.tertiary },
      info: paletteColour(colours.info),
      success: paletteColour(colours.success),
      error: paletteColour(colours.error),
      warning: paletteColour(colours.warning),
      background: { default: colours.background, paper: brandPaper(colours.background, mode) },
    },
    shape: { borderRadius: branding.borderRadius },
    typography: {
      fontFamily: brandFontStack(branding.fontFamily),
      button: { textTransform: 'none', fontWeight: 600 },
      h1: { fontWeight: 600 },
      h2: { fontWeight: 600 },
      h3: { fontWeight: 600 },
      h4: { fontWeight: 600 },
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600 },
    },
    components: {
      // Toasts (notistack) on the dark shade of their colour: white on notistack's own green, blue and orange reads
      // below 4.5:1 (axe color-contrast).
      MuiCssBaseline: {
        styleOverrides: (theme: Theme) =>
          Object.fromEntries(
            (['success', 'error', 'warning', 'info'] as const).map((variant) => [
              `.notistack-MuiContent.notistack-MuiContent-${variant}`,
              { backgroundColor: theme.palette[variant].dark, color: theme.palette.getContrastText(theme.palette[variant].dark) },
            ]),
          ),
      },
      // A disabled field's hint is still there to be read ("Contact support to change your email"): full contrast.
      MuiFormHelperText: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) } },
      // MUI's default avatar (white initials on grey 400) reads at 1.9:1; grey 700 under white reads at 6:1, in both modes.
      MuiAvatar: {
        styleOverrides: { colorDefault: ({ theme }) => ({ backgroundColor: theme.palette.grey[700], color: theme.palette.common.white }) },
      },
      // Text and outlined buttons write their label in the colour itself: a tenant's error red on dark paper reads near
      // 4:1 ('Sign out all other sessions'), so below 4.5:1 the label takes a readable shade (axe color-contrast).
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: ({ theme, ownerState }: { theme: Theme; ownerState: { variant?: string; color?: string } }) => {
            const color = ownerState.color;
            if (
              ownerState.variant === 'contained' ||
              !(color === 'error' || color === 'warning' || color === 'info' || color === 'success')
            )
              return {};
            const readable = readableOnPaper(theme, theme.palette[color].main);
            return { color: readable, ...(ownerState.variant === 'outlined' ? { borderColor: readable } : {}) };
          },
        },
      },
      MuiTextField: { defaultProps: { fullWidth: true } },
      // A link in running text is told apart by more than its colour (WCAG 1.4.1, axe link-in-text-block).
      MuiLink: { defaultProps: { underline: 'always' } },
      // Outlined status chips ('Pending', 'Incomplete', the API reference's GET/PUT) write their label in the colour
      // itself, which for warning and info reads near 3:1 on paper: a shade that reads at 4.5:1 instead (axe color-contrast).
      MuiChip: {
        styleOverrides: {
          root: ({ theme, ownerState }: { theme: Theme; ownerState: { variant?: string; color?: string } }) => {
            const color = ownerState.color;
            if (ownerState.variant !== 'outlined' || !(color === 'warning' || color === 'info' || color === 'success')) return {};
            const readable = readableOnPaper(theme, theme.palette[color].main);
            return { color: readable, borderColor: readable };
          },
        },
      },
    },
  });
}
