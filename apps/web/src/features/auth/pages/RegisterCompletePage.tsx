import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { useMutation } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import BusinessIcon from '@mui/icons-material/Business';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import PersonIcon from '@mui/icons-material/Person';
import SearchIcon from '@mui/icons-material/Search';
import { useSession } from '../../../app/session';
import { useDocumentTitle } from '../../../app/shell/useDocumentTitle';
import { VERIFY_EMAIL, type AccountType } from '../auth.graphql';
import { FormError } from '../components/FormError';

const STEPS = [
  { key: 'profile', to: '/profile/update', Icon: PersonIcon },
  { key: 'search', to: '/opportunities', Icon: SearchIcon },
  { key: 'organisation', to: '/organisation/connect', Icon: BusinessIcon },
] as const;

/** Right after sign-up: confirm the address, then the first useful steps. */
export function RegisterCompletePage() {
  const { t } = useTranslation();
  const { status } = useSession();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const type = (location.state as { type?: AccountType } | null)?.type;
  const [verifyEmail, verification] = useMutation(VERIFY_EMAIL, { context: { skipAuth: true } });
  // The emailed link carries a single-use token: spend it once, even if the effect runs twice.
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verifyEmail({ variables: { input: { token } } }).catch(() => undefined);
  }, [token, verifyEmail]);
  useDocumentTitle(t('auth.complete.title'));
  // Organisations usually start by creating their organisation; artists with their profile.
  const steps =
    type === 'ORGANISATION' ? [STEPS[2], STEPS[0], STEPS[1]] : [STEPS[0], STEPS[1], STEPS[2]];

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Box sx={{ textAlign: 'center', mb: 5 }}>
        <MarkEmailReadOutlinedIcon color="primary" sx={{ fontSize: 64 }} aria-hidden />
        <Typography variant="h4" component="h1" gutterBottom>
          {t('auth.complete.title')}
        </Typography>
        {token ? null : (
          <Typography color="text.secondary" sx={{ maxWidth: 600, mx: 'auto' }}>
            {t('auth.complete.body')}
          </Typography>
        )}
        {token && verification.loading ? (
          <Box role="status" sx={{ display: 'flex', gap: 2, justifyContent: 'center', mt: 2 }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>{t('auth.complete.verifying')}</Typography>
          </Box>
        ) : null}
        {verification.data?.verifyEmail.is_verified ? (
          <Alert severity="success" sx={{ maxWidth: 600, mx: 'auto', mt: 2, textAlign: 'start' }}>
            {t('auth.complete.verified', { email: verification.data.verifyEmail.email ?? '' })}
          </Alert>
        ) : null}
        {verification.error ? (
          <Box sx={{ maxWidth: 600, mx: 'auto', mt: 2, textAlign: 'start' }}>
            <FormError error={verification.error} />
          </Box>
        ) : null}
      </Box>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('auth.complete.nextTitle')}
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
      >
        {steps.map((step) =>
          step ? (
            <Paper
              key={step.key}
              variant="outlined"
              sx={{ p: 3, display: 'flex', flexDirection: 'column' }}
            >
              <step.Icon color="primary" sx={{ fontSize: 36, mb: 1 }} aria-hidden />
              <Typography variant="h6" component="h3" gutterBottom>
                {t(`auth.complete.steps.${step.key}.title`)}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2, flexGrow: 1 }}>
                {t(`auth.complete.steps.${step.key}.body`)}
              </Typography>
              <Button
                variant="outlined"
                component={RouterLink}
                to={
                  status === 'authenticated'
                    ? step.to
                    : `/login?next=${encodeURIComponent(step.to)}`
                }
              >
                {t(`auth.complete.steps.${step.key}.action`)}
              </Button>
            </Paper>
          ) : null,
        )}
      </Box>
    </Container>
  );
}
