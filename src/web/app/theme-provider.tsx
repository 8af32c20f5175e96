import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { applyTheme, readStoredTheme, storeTheme, type Theme } from '@/app/theme';
import { ThemeContext, type ThemeContextValue } from '@/app/theme-context';

/**
 * Light or dark, dark by default, stored in localStorage under `theme` (docs/product.md, Constants and
 * limits).
 */
export function ThemeProvider({ children, initial }: { children: ReactNode; initial?: Theme }) {
  // main.tsx already applied the stored theme to <html>; this only mirrors it in React state. A server
  // render has no storage: it passes the theme the browser's view cookie names.
  const [theme, setThemeState] = useState<Theme>(() => initial ?? readStoredTheme());

  const setTheme = useCallback((next: Theme) => {
    setThemeState(next);
    applyTheme(next);
    storeTheme(next);
  }, []);

  const value = useMemo<ThemeContextValue>(
    () => ({ theme, setTheme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') }),
    [theme, setTheme],
  );

  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
