import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import { useMutation } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useSession } from '../../../app/session';
import { DASHBOARD_PATH } from '../../../lib/constants';
import { useZodForm } from '../../../lib/form';
import { useSnackbar } from '../../../lib/snackbar';
import { LOGIN } from '../auth.graphql';
import { loginSchema, safeNextPath } from '../auth.schemas';
import { AuthCard } from '../components/AuthCard';
import { FormError } from '../components/FormError';
import { PasswordField } from '../components/PasswordField';
import { PrivateForm } from '../../../components/PrivateForm';

export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const rawNext = params.get('next');
  const next = safeNextPath(rawNext, DASHBOARD_PATH);
  const { status, signIn } = useSession();
  const snackbar = useSnackbar();
  const [login, { loading }] = useMutation(LOGIN, { context: { skipAuth: true } });
  const [error, setError] = useState<unknown>(null);
  const form = useZodForm(loginSchema, { email: '', password: '', remember_me: false });

  // Signed in already (or just now): continue where the visitor was going.
  if (status === 'authenticated') return <Navigate to={next} replace />;

  const helper = (name: 'email' | 'password') =>
    form.errors[name] ? t(form.errors[name]) : undefined;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = form.validate();
    if (!values) return;
    setError(null);
    try {
      const { data } = await login({ variables: { input: values } });
      if (!data) return;
      signIn(data.login, { rememberMe: values.remember_me });
      snackbar.success(t('auth.login.welcome', { name: data.login.user.name }));
    } catch (caught) {
      setError(caught);
    }
  };

  const registerLink = rawNext ? `/register?next=${encodeURIComponent(next)}` : '/register';

  return (
    <AuthCard
      title={t('auth.login.title')}
      intro={t('auth.login.intro')}
      footer={
        <>
          {t('auth.login.noAccount')}{' '}
          <Link component={RouterLink} to={registerLink}>
            {t('auth.login.register')}
          </Link>
        </>
      }
    >
      <FormError error={error} />
      <PrivateForm onSubmit={submit}>
        <TextField
          {...form.text('email')}
          id="login-email"
          type="email"
          label={t('auth.fields.email')}
          autoComplete="email"
          required
          helperText={helper('email')}
        />
        <PasswordField
          {...form.text('password')}
          id="login-password"
          label={t('auth.fields.password')}
          autoComplete="current-password"
          required
          helperText={helper('password')}
        />
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1,
          }}
        >
          <FormControlLabel
            control={
              <Checkbox
                name="remember_me"
                checked={form.values.remember_me}
                onChange={(event) => form.setValue('remember_me', event.target.checked)}
              />
            }
            label={t('auth.fields.rememberMe')}
          />
          <Link component={RouterLink} to="/password/forgot">
            {t('auth.login.forgot')}
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={loading}>
          {loading ? t('auth.login.submitting') : t('auth.login.submit')}
        </Button>
      </PrivateForm>
    </AuthCard>
  );
}
