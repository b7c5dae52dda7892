import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { DEFAULT_LOCALE, isSupportedLocale, textDirection } from '@encore/core';
import { SnackbarProvider } from '../lib/snackbar';
import { SessionProvider } from './session';
import { createAppTheme, createEmotionCache } from './theme';

/**
 * App-wide providers. Theme and style cache follow the language's direction (Arabic is right
 * to left). Apollo is provided lower down, by the routes that use it (see ApolloBoundary).
 */
export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = isSupportedLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const direction = textDirection(locale);
  const theme = useMemo(() => createAppTheme(direction), [direction]);
  const cache = useMemo(() => createEmotionCache(direction), [direction]);
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider>
          <SessionProvider>{children}</SessionProvider>
        </SnackbarProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
