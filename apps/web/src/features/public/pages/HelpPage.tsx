import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { PublicPage } from '../components/PublicPage';

const QUESTIONS = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8'] as const;

export function HelpPage() {
  const { t } = useTranslation('pages');
  return (
    <PublicPage title={t('help.title')} lead={t('help.intro')}>
      <Box component="section" aria-labelledby="help-faq" sx={{ mb: 5 }}>
        <Typography id="help-faq" variant="h5" component="h2" sx={{ mb: 2 }}>
          {t('help.faqTitle')}
        </Typography>
        {QUESTIONS.map((question) => (
          <Accordion key={question} disableGutters slotProps={{ heading: { component: 'h3' } }}>
            <AccordionSummary
              expandIcon={<ExpandMoreIcon />}
              id={`help-${question}-summary`}
              aria-controls={`help-${question}-answer`}
            >
              <Typography sx={{ fontWeight: 600 }}>{t(`help.${question}.q`)}</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography color="text.secondary" sx={{ lineHeight: 1.7 }}>
                {t(`help.${question}.a`)}
              </Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
      <Paper elevation={0} sx={{ p: { xs: 3, md: 4 }, bgcolor: 'grey.100' }}>
        <Typography variant="h5" component="h2" gutterBottom>
          {t('help.more.title')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('help.more.body')}</Typography>
        <Button variant="contained" component={RouterLink} to="/contact">
          {t('help.more.contact')}
        </Button>
      </Paper>
    </PublicPage>
  );
}
