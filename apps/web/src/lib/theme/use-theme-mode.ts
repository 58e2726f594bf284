import type { ThemeMode } from '@tessera/domain';
import { createContext, useContext } from 'react';

interface ThemeModeValue {
  mode: ThemeMode;
  toggleMode: () => void;
}

export const ThemeModeContext = createContext<ThemeModeValue | null>(null);

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside TenantThemeProvider');
  return value;
}
