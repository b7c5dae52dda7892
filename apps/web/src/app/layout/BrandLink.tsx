import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import { Logo, LOGO_RED } from '../shell/Logo';

/** Logo + wordmark, linking home. */
export function BrandLink({ to = '/', inverted = false }: { to?: string; inverted?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      component={RouterLink}
      to={to}
      aria-label={t('nav.homeLink')}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: inverted ? 'common.white' : LOGO_RED,
        textDecoration: 'none',
        fontWeight: 800,
        fontSize: '1.35rem',
        letterSpacing: '-0.01em',
      }}
    >
      <Logo width={42} height={28} color={inverted ? '#fff' : LOGO_RED} />
      <span>Encore</span>
    </Box>
  );
}
