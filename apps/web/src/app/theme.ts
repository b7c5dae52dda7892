import { createTheme, type Theme } from '@mui/material/styles';
import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';
import { prefixer } from 'stylis';
import { BREAKPOINTS, SPACING_PX } from '@encore/core';

/** Dark enough for white text (5.6:1) and for links on white (5.6:1). */
export const PRIMARY_RED = '#c62828';

export type Direction = 'ltr' | 'rtl';

export function createAppTheme(direction: Direction): Theme {
  return createTheme({
    direction,
    breakpoints: { values: { ...BREAKPOINTS } },
    spacing: SPACING_PX,
    palette: {
      primary: { main: PRIMARY_RED, dark: '#8e0000', light: '#ff5f52', contrastText: '#fff' },
      secondary: { main: '#37474f', contrastText: '#fff' },
      background: { default: '#fafafa', paper: '#fff' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Noto Sans Arabic", Arial, sans-serif',
      h1: { fontWeight: 700 },
      h2: { fontWeight: 700 },
      h3: { fontWeight: 700 },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      // A chip's label wraps when it runs out of room. MUI keeps it on one line, and a line that
      // cannot break makes every grid column and flex row around it at least as wide: on a
      // phone, a long role or place chip pushed the whole page sideways.
      MuiChip: {
        styleOverrides: {
          root: { height: 'auto', minHeight: 32, maxWidth: '100%' },
          sizeSmall: { minHeight: 24 },
          // 'anywhere', not 'break-word': a long word someone typed (a name, an address) then also
          // narrows the chip's smallest width, so a row of chips never widens its column.
          label: { whiteSpace: 'normal', overflowWrap: 'anywhere', paddingBlock: 2 },
        },
      },
      // An alert can quote what someone typed (a request, a reason): long words wrap in it.
      MuiAlert: { styleOverrides: { message: { overflowWrap: 'anywhere' } } },
      // Links inside text stay underlined so they are not told apart by colour alone.
      MuiLink: { defaultProps: { underline: 'always' } },
    },
  });
}

// stylis-plugin-rtl (with cssjanus) is only fetched for right-to-left languages.
let rtlPlugin: StylisPlugin | undefined;

export function isRtlSupportLoaded(): boolean {
  return rtlPlugin !== undefined;
}

export async function loadRtlSupport(): Promise<void> {
  rtlPlugin ??= (await import('stylis-plugin-rtl')).default as unknown as StylisPlugin;
}

/**
 * Right-to-left languages get their CSS flipped by stylis-plugin-rtl; call loadRtlSupport()
 * first (until then the left-to-right cache is returned).
 */
export function createEmotionCache(direction: Direction): EmotionCache {
  return direction === 'rtl' && rtlPlugin
    ? createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] })
    : createCache({ key: 'mui', stylisPlugins: [prefixer] });
}
