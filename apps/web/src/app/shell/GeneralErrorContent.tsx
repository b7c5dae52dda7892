import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useDocumentTitle } from './useDocumentTitle';

/**
 * The general error page. Used by /error-pages/general and by the error boundaries, so it must
 * not need the router: its links are plain anchors (a full reload is what we want after a crash).
 */
export function GeneralErrorContent() {
  const { t } = useTranslation();
  useDocumentTitle(t('errors.general.title'));
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, md: 10 }, px: 2, maxWidth: 640, mx: 'auto' }}>
      <ErrorOutlineIcon color="primary" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h4" component="h1" gutterBottom>
        {t('errors.general.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('errors.general.body')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('errors.general.retry')}
        </Button>
        <Button variant="outlined" href="/">
          {t('errors.general.home')}
        </Button>
      </Stack>
    </Box>
  );
}
