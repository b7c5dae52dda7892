import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BrandLink } from './BrandLink';

const FOOTER_LINKS = [
  { to: '/about', key: 'nav.about' },
  { to: '/help', key: 'nav.help' },
  { to: '/contact', key: 'nav.contact' },
  { to: '/terms-conditions', key: 'nav.terms' },
  { to: '/privacy', key: 'nav.privacy' },
] as const;

export function PublicFooter() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 4, mt: 6 }}
    >
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={3}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', md: 'center' } }}
        >
          <Box>
            <BrandLink />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, maxWidth: 420 }}>
              {t('footer.tagline')}
            </Typography>
          </Box>
          <Box component="nav" aria-label={t('nav.footer')}>
            <Stack
              component="ul"
              direction="row"
              sx={{ listStyle: 'none', p: 0, m: 0, flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}
            >
              {FOOTER_LINKS.map((item) => (
                <li key={item.to}>
                  <Link component={RouterLink} to={item.to} color="text.primary" underline="hover">
                    {t(item.key)}
                  </Link>
                </li>
              ))}
            </Stack>
          </Box>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </Typography>
      </Container>
    </Box>
  );
}
