import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageSection } from '../components/PageSection';

/** The organiser's terms, which submitting accepts; long terms scroll in their own box. */
export function TermsNotice({ terms }: { terms: string }) {
  const { t } = useTranslation('pages');
  const noteId = useId();
  return (
    <PageSection title={t('applications.apply.terms.title')}>
      <Box
        // Scrollable, so it must be reachable by keyboard (axe: scrollable-region-focusable).
        tabIndex={0}
        role="region"
        aria-label={t('applications.apply.terms.text')}
        aria-describedby={noteId}
        sx={{
          maxHeight: 240,
          overflowY: 'auto',
          whiteSpace: 'pre-line',
          p: 2,
          bgcolor: 'action.hover',
          borderRadius: 1,
          overflowWrap: 'anywhere',
        }}
      >
        {terms}
      </Box>
      <Typography id={noteId} variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {t('applications.apply.terms.accept')}
      </Typography>
    </PageSection>
  );
}
