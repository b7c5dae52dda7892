import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { DEFAULT_LOCALE, isSupportedLocale, textDirection } from '@encore/core';
import { SnackbarProvider } from '../lib/snackbar';
import { RealtimeConnection } from './realtime';
import { SessionProvider } from './session';
import { createAppTheme, createEmotionCache, isRtlSupportLoaded, loadRtlSupport } from './theme';

/**
 * App-wide providers. Theme and style cache follow the language's direction (Arabic is right
 * to left). Apollo is provided lower down, by the routes that use it (see ApolloBoundary). The
 * server passes the style cache it collects the page's CSS from.
 */
export function Providers({
  children,
  emotionCache,
}: {
  children: ReactNode;
  emotionCache?: EmotionCache | undefined;
}) {
  const { i18n } = useTranslation();
  const locale = isSupportedLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const direction = textDirection(locale);
  // Normally loaded before the language switches (changeLocale); this covers any other path.
  const [rtlReady, setRtlReady] = useState(isRtlSupportLoaded);
  useEffect(() => {
    if (direction === 'rtl' && !rtlReady) void loadRtlSupport().then(() => setRtlReady(true));
  }, [direction, rtlReady]);
  const styleDirection = direction === 'rtl' && !rtlReady ? 'ltr' : direction;
  const theme = useMemo(() => createAppTheme(direction), [direction]);
  const cache = useMemo(
    () => emotionCache ?? createEmotionCache(styleDirection),
    [emotionCache, styleDirection],
  );
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider>
          <SessionProvider>
            <RealtimeConnection />
            {children}
          </SessionProvider>
        </SnackbarProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
