import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from './useDocumentTitle';

/** 404: unknown paths, and 404 responses thrown by routes. */
export function NotFoundContent() {
  const { t } = useTranslation();
  useDocumentTitle(t('errors.notFound.title'));
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, md: 10 }, px: 2, maxWidth: 640, mx: 'auto' }}>
      <Typography
        aria-hidden
        sx={{
          fontSize: { xs: 72, md: 112 },
          fontWeight: 800,
          lineHeight: 1,
          color: 'primary.main',
        }}
      >
        404
      </Typography>
      <Typography variant="h4" component="h1" gutterBottom sx={{ mt: 2 }}>
        {t('errors.notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('errors.notFound.body')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button variant="contained" component={RouterLink} to="/">
          {t('errors.notFound.home')}
        </Button>
        <Button variant="outlined" component={RouterLink} to="/help">
          {t('errors.notFound.help')}
        </Button>
      </Stack>
    </Box>
  );
}
