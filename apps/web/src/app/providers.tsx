import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { DEFAULT_LOCALE, isSupportedLocale, textDirection } from '@encore/core';
import { SnackbarProvider } from '../lib/snackbar';
import { SessionProvider } from './session';
import { createAppTheme, createEmotionCache } from './theme';

/** Theme and style cache follow the language's direction (Arabic is right to left). */
export function Providers({ client, children }: { client: ApolloClient; children: ReactNode }) {
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
          <ApolloProvider client={client}>
            <SessionProvider>{children}</SessionProvider>
          </ApolloProvider>
        </SnackbarProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
