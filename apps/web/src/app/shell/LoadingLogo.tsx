import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';
import { LOADING_LOGO_SIZE } from '@encore/core';
import { i18next } from '../../lib/i18n';
import { Logo } from './Logo';
import { visuallyHidden } from './visuallyHidden';

const pulse = keyframes`
  0%, 100% { transform: scale(1); opacity: 1; }
  50% { transform: scale(0.92); opacity: 0.55; }
`;

/**
 * Full-screen pulsing logo shown while the session (or the first translations) load. It may
 * render before translations exist, so it reads i18next directly with an English default.
 */
export function LoadingLogo() {
  const label = i18next.isInitialized
    ? i18next.t('loading', { defaultValue: 'Loading…' })
    : 'Loading…';
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: 2000,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        backgroundColor: '#fff',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          animation: `${pulse} 1.4s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animationDuration: '4s' },
        }}
      >
        <Logo width={LOADING_LOGO_SIZE.width} height={LOADING_LOGO_SIZE.height} />
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </Box>
  );
}
