import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { visuallyHidden } from '../../../app/shell/visuallyHidden';

/** Tells screen reader users that a link leaves the page for a new tab. */
export function NewTabHint() {
  const { t } = useTranslation('pages');
  return (
    <Box component="span" sx={visuallyHidden}>
      {` ${t('opportunities.public.newTab')}`}
    </Box>
  );
}
