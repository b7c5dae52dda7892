import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PublicPage } from '../components/PublicPage';

const STEPS = ['s1', 's2', 's3', 's4'] as const;
const VALUES = ['v1', 'v2', 'v3'] as const;

function Steps({ audience }: { audience: 'artists' | 'organisers' }) {
  const { t } = useTranslation('pages');
  return (
    <Box component="section" aria-labelledby={`about-${audience}`} sx={{ mb: 5 }}>
      <Typography id={`about-${audience}`} variant="h5" component="h2" gutterBottom>
        {t(`about.${audience}.title`)}
      </Typography>
      <Box component="ol" sx={{ pl: 3, m: 0, '& li': { mb: 1.5, lineHeight: 1.7 } }}>
        {STEPS.map((step) => (
          <li key={step}>
            <Typography component="span">{t(`about.${audience}.${step}`)}</Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}

export function AboutPage() {
  const { t } = useTranslation('pages');
  return (
    <PublicPage title={t('about.title')} lead={t('about.intro')}>
      <Box component="section" aria-labelledby="about-mission" sx={{ mb: 5 }}>
        <Typography id="about-mission" variant="h5" component="h2" gutterBottom>
          {t('about.mission.title')}
        </Typography>
        <Typography sx={{ mb: 1.5, lineHeight: 1.7 }}>{t('about.mission.p1')}</Typography>
        <Typography sx={{ lineHeight: 1.7 }}>{t('about.mission.p2')}</Typography>
      </Box>
      <Steps audience="artists" />
      <Steps audience="organisers" />
      <Box component="section" aria-labelledby="about-values" sx={{ mb: 5 }}>
        <Typography id="about-values" variant="h5" component="h2" gutterBottom>
          {t('about.values.title')}
        </Typography>
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
        >
          {VALUES.map((value) => (
            <Paper key={value} variant="outlined" sx={{ p: 2.5 }}>
              <Typography variant="h6" component="h3" gutterBottom>
                {t(`about.values.${value}.title`)}
              </Typography>
              <Typography color="text.secondary">{t(`about.values.${value}.body`)}</Typography>
            </Paper>
          ))}
        </Box>
      </Box>
      <Paper sx={{ p: { xs: 3, md: 4 }, bgcolor: 'grey.100' }} elevation={0}>
        <Typography variant="h5" component="h2" gutterBottom>
          {t('about.cta.title')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('about.cta.body')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button variant="contained" component={RouterLink} to="/register">
            {t('about.cta.register')}
          </Button>
          <Button variant="outlined" component={RouterLink} to="/contact">
            {t('about.cta.contact')}
          </Button>
        </Stack>
      </Paper>
    </PublicPage>
  );
}
