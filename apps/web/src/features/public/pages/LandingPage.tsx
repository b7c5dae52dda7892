import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AlbumIcon from '@mui/icons-material/Album';
import CampaignIcon from '@mui/icons-material/Campaign';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import FestivalIcon from '@mui/icons-material/Festival';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import SchoolIcon from '@mui/icons-material/School';
import { useDocumentTitle } from '../../../app/shell/useDocumentTitle';
import {
  OpportunitySearchForm,
  opportunitySearchPath,
} from '../../../components/OpportunitySearchForm';

const POPULAR = ['p1', 'p2', 'p3', 'p4'] as const;
const STEPS = ['s1', 's2', 's3'] as const;
const CATEGORIES = [
  { key: 'c1', Icon: CampaignIcon },
  { key: 'c2', Icon: FestivalIcon },
  { key: 'c3', Icon: EmojiEventsIcon },
  { key: 'c4', Icon: HomeWorkIcon },
  { key: 'c5', Icon: SchoolIcon },
  { key: 'c6', Icon: AlbumIcon },
] as const;

function HowItWorks({ audience }: { audience: 'artists' | 'organisers' }) {
  const { t } = useTranslation('pages');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, height: '100%' }}>
      <Typography variant="h5" component="h3" gutterBottom>
        {t(`landing.${audience}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(`landing.${audience}.body`)}
      </Typography>
      <Box component="ol" sx={{ pl: 0, m: 0, listStyle: 'none', counterReset: 'step' }}>
        {STEPS.map((step) => (
          <Box
            component="li"
            key={step}
            sx={{
              display: 'flex',
              gap: 2,
              alignItems: 'flex-start',
              mb: 2,
              counterIncrement: 'step',
              '&::before': {
                content: 'counter(step)',
                flexShrink: 0,
                width: 32,
                height: 32,
                borderRadius: '50%',
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                display: 'grid',
                placeItems: 'center',
                fontWeight: 700,
              },
            }}
          >
            <Typography sx={{ pt: 0.5 }}>{t(`landing.${audience}.${step}`)}</Typography>
          </Box>
        ))}
      </Box>
      <Button variant="contained" component={RouterLink} to="/register" sx={{ mt: 1 }}>
        {t(`landing.${audience}.cta`)}
      </Button>
    </Paper>
  );
}

export function LandingPage() {
  const { t } = useTranslation('pages');
  useDocumentTitle(undefined);
  return (
    <>
      <Box
        component="section"
        aria-labelledby="landing-title"
        sx={{
          background: 'linear-gradient(135deg, #7f0000 0%, #b71c1c 55%, #c62828 100%)',
          color: 'common.white',
          py: { xs: 6, md: 10 },
        }}
      >
        <Container maxWidth="md">
          <Typography
            id="landing-title"
            variant="h3"
            component="h1"
            sx={{ fontSize: { xs: '2rem', md: '3rem' }, mb: 2 }}
          >
            {t('landing.hero.title')}
          </Typography>
          <Typography sx={{ fontSize: { xs: '1.05rem', md: '1.25rem' }, mb: 4, maxWidth: 680 }}>
            {t('landing.hero.subtitle')}
          </Typography>
          <OpportunitySearchForm />
          <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography component="span" variant="body2">
              {t('landing.popular.title')}
            </Typography>
            {POPULAR.map((item) => {
              const label = t(`landing.popular.${item}`);
              return (
                <Chip
                  key={item}
                  label={label}
                  component={RouterLink}
                  to={opportunitySearchPath(label, '')}
                  clickable
                  sx={{
                    bgcolor: 'rgba(0,0,0,0.28)',
                    color: 'common.white',
                    '&:hover, &:focus-visible': { bgcolor: 'rgba(0,0,0,0.45)' },
                  }}
                />
              );
            })}
          </Stack>
        </Container>
      </Box>

      <Container maxWidth="lg" component="section" aria-labelledby="how-title" sx={{ py: 8 }}>
        <Typography id="how-title" variant="h4" component="h2" align="center" gutterBottom>
          {t('landing.how.title')}
        </Typography>
        <Typography color="text.secondary" align="center" sx={{ mb: 5, maxWidth: 720, mx: 'auto' }}>
          {t('landing.how.body')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <HowItWorks audience="artists" />
          <HowItWorks audience="organisers" />
        </Box>
      </Container>

      <Box
        component="section"
        aria-labelledby="categories-title"
        sx={{ bgcolor: 'grey.100', py: 8 }}
      >
        <Container maxWidth="lg">
          <Typography
            id="categories-title"
            variant="h4"
            component="h2"
            align="center"
            sx={{ mb: 5 }}
          >
            {t('landing.categories.title')}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
            }}
          >
            {CATEGORIES.map(({ key, Icon }) => (
              <Paper key={key} variant="outlined" sx={{ p: 3 }}>
                <Icon color="primary" sx={{ fontSize: 36, mb: 1 }} aria-hidden />
                <Typography variant="h6" component="h3" gutterBottom>
                  {t(`landing.categories.${key}.title`)}
                </Typography>
                <Typography color="text.secondary">
                  {t(`landing.categories.${key}.body`)}
                </Typography>
              </Paper>
            ))}
          </Box>
        </Container>
      </Box>

      <Container
        maxWidth="md"
        component="section"
        aria-labelledby="cta-title"
        sx={{ py: 8, textAlign: 'center' }}
      >
        <Typography id="cta-title" variant="h4" component="h2" gutterBottom>
          {t('landing.cta.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('landing.cta.body')}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'center' }}
        >
          <Button variant="contained" size="large" component={RouterLink} to="/register">
            {t('landing.cta.register')}
          </Button>
          <Button variant="outlined" size="large" component={RouterLink} to="/about">
            {t('landing.cta.learnMore')}
          </Button>
        </Stack>
      </Container>
    </>
  );
}
