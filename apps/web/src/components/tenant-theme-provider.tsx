import { CssBaseline, type Theme } from '@mui/material';
import { ThemeProvider } from '@mui/system';
import { themeMode, type Branding, type ThemeMode } from '@tessera/domain';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { readJson, STORAGE_KEYS, writeJson } from '../lib/storage.ts';
import { ThemeModeContext } from '../lib/theme/use-theme-mode.ts';
import { buildTheme } from '../lib/theme/build-theme.ts';
import { loadFont } from '../lib/theme/load-font.ts';

interface TenantThemeProviderProps {
  branding: Branding;
  /** The signed-in member's saved preference, if any. */
  preferredMode?: ThemeMode | null;
  children: ReactNode;
}

/**
 * MUI's own ThemeProvider also holds the provider of CSS-variable themes (its colour-scheme store, storage and script:
 * ~3 KB gzip of every page's first download), which a theme of buildTheme never uses (no cssVariables, no
 * colorSchemes). Given such a theme, MUI's passes it on to @mui/system's provider with a `vars` key and no value in it
 * (components test `'vars' in theme` and `theme.vars`), as this does.
 */
const withoutCssVars = (theme: Theme): Theme => ({ ...theme, vars: undefined });

/** Light or dark: the toggle's choice on this device, else the member's preference, else the tenant's default. */
export function TenantThemeProvider({ branding, preferredMode, children }: TenantThemeProviderProps) {
  const [chosen, setChosen] = useState<ThemeMode | null>(() =>
    themeMode.nullable().catch(null).parse(readJson(localStorage, STORAGE_KEYS.themeMode)),
  );
  const mode = chosen ?? preferredMode ?? branding.theme.defaultMode;
  const theme = useMemo(() => withoutCssVars(buildTheme(branding.theme, mode)), [branding.theme, mode]);
  useEffect(() => {
    void loadFont(branding.theme.fontFamily);
  }, [branding.theme.fontFamily]);

  const toggleMode = useCallback(() => {
    const next: ThemeMode = mode === 'dark' ? 'light' : 'dark';
    writeJson(localStorage, STORAGE_KEYS.themeMode, next);
    setChosen(next);
  }, [mode]);
  const value = useMemo(() => ({ mode, toggleMode }), [mode, toggleMode]);

  return (
    <ThemeModeContext value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ThemeModeContext>
  );
}
