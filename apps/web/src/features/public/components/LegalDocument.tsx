import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../../lib/format';
import { PublicPage } from './PublicPage';

export const LEGAL_SECTIONS = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'] as const;
/** When the documents were last revised (shown in the reader's date format). */
export const LEGAL_UPDATED_ON = '2026-11-01';

/** Terms and privacy: numbered sections, each a heading and its paragraphs. */
export function LegalDocument({ document }: { document: 'terms' | 'privacy' }) {
  const { t } = useTranslation('pages');
  return (
    <PublicPage title={t(`${document}.title`)} lead={t(`${document}.intro`)}>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('legal.updated', { date: formatDate(LEGAL_UPDATED_ON) })}
      </Typography>
      {LEGAL_SECTIONS.map((section, index) => (
        <Box
          component="section"
          key={section}
          aria-labelledby={`${document}-${section}`}
          sx={{ mb: 4 }}
        >
          <Typography id={`${document}-${section}`} variant="h5" component="h2" gutterBottom>
            {`${index + 1}. ${t(`${document}.${section}.title`)}`}
          </Typography>
          {t(`${document}.${section}.body`)
            .split('\n')
            .filter(Boolean)
            .map((paragraph, paragraphIndex) => (
              <Typography key={paragraphIndex} sx={{ mb: 1.5, lineHeight: 1.7 }}>
                {paragraph}
              </Typography>
            ))}
        </Box>
      ))}
    </PublicPage>
  );
}
