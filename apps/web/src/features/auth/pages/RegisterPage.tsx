import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSession } from '../../../app/session';
import { DASHBOARD_PATH } from '../../../lib/constants';
import { useZodForm } from '../../../lib/form';
import { currentLocale } from '../../../lib/i18n';
import { useSnackbar } from '../../../lib/snackbar';
import { REGISTER, type AccountType } from '../auth.graphql';
import { ACCOUNT_TYPES, PASSWORD_MIN_LENGTH, registerSchema, safeNextPath } from '../auth.schemas';
import { AuthCard } from '../components/AuthCard';
import { FormError } from '../components/FormError';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { PrivateForm } from '../../../components/PrivateForm';

type TextFieldName = 'name' | 'email' | 'password' | 'password_confirmation';

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Where the visitor was going (e.g. an emailed team invitation) before being asked to sign up.
  const rawNext = params.get('next');
  const next = rawNext ? safeNextPath(rawNext, DASHBOARD_PATH) : null;
  const { status, signIn } = useSession();
  const snackbar = useSnackbar();
  const [register, { loading }] = useMutation(REGISTER, { context: { skipAuth: true } });
  const [error, setError] = useState<unknown>(null);
  // Set together with signIn so the "already signed in" notice never flashes before navigating.
  const [justRegistered, setJustRegistered] = useState(false);
  const form = useZodForm(registerSchema, {
    name: '',
    email: '',
    password: '',
    password_confirmation: '',
    type: '' as AccountType,
    accept_terms: false,
  });

  const helper = (name: TextFieldName) =>
    form.errors[name] ? t(form.errors[name], { min: PASSWORD_MIN_LENGTH }) : undefined;

  if (status === 'authenticated' && !justRegistered) {
    return (
      <AuthCard title={t('auth.register.title')}>
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('auth.register.alreadySignedIn')}
        </Alert>
        <Button fullWidth variant="contained" component={RouterLink} to={next ?? DASHBOARD_PATH}>
          {t('nav.dashboard')}
        </Button>
      </AuthCard>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = form.validate();
    if (!values) return;
    setError(null);
    try {
      const { accept_terms: _accepted, ...input } = values;
      const { data } = await register({
        variables: { input: { ...input, locale: currentLocale() } },
      });
      if (!data) return;
      setJustRegistered(true);
      signIn(data.register, { rememberMe: false });
      snackbar.success(t('auth.register.success'));
      if (next) void navigate(next);
      else void navigate('/register/complete', { state: { type: values.type } });
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <AuthCard
      title={t('auth.register.title')}
      intro={t('auth.register.intro')}
      footer={
        <>
          {t('auth.register.haveAccount')}{' '}
          <Link
            component={RouterLink}
            to={next ? `/login?next=${encodeURIComponent(next)}` : '/login'}
          >
            {t('auth.register.login')}
          </Link>
        </>
      }
    >
      <FormError error={error} />
      <PrivateForm onSubmit={submit}>
        <FormControl error={Boolean(form.errors.type)} required>
          <FormLabel id="register-type-label">{t('auth.fields.type')}</FormLabel>
          <RadioGroup
            name="type"
            aria-labelledby="register-type-label"
            value={form.values.type}
            onChange={(event) => form.setValue('type', event.target.value as AccountType)}
          >
            {ACCOUNT_TYPES.map((type) => (
              <FormControlLabel
                key={type}
                value={type}
                control={<Radio />}
                label={
                  <Box sx={{ py: 0.5 }}>
                    <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                      {t(`auth.types.${type}.label`)}
                    </Typography>
                    <Typography component="span" variant="body2" color="text.secondary">
                      {t(`auth.types.${type}.hint`)}
                    </Typography>
                  </Box>
                }
              />
            ))}
          </RadioGroup>
          {form.errors.type ? <FormHelperText>{t(form.errors.type)}</FormHelperText> : null}
        </FormControl>
        <TextField
          {...form.text('name')}
          id="register-name"
          label={t('auth.fields.name')}
          autoComplete="name"
          required
          helperText={helper('name')}
        />
        <TextField
          {...form.text('email')}
          id="register-email"
          type="email"
          label={t('auth.fields.email')}
          autoComplete="email"
          required
          helperText={helper('email')}
        />
        <NewPasswordFields
          idPrefix="register"
          passwordLabel={t('auth.fields.password')}
          password={form.text('password')}
          confirmation={form.text('password_confirmation')}
          passwordError={helper('password')}
          confirmationError={helper('password_confirmation')}
        />
        <FormControl error={Boolean(form.errors.accept_terms)} required>
          <FormControlLabel
            control={
              <Checkbox
                name="accept_terms"
                checked={form.values.accept_terms}
                onChange={(event) => form.setValue('accept_terms', event.target.checked)}
              />
            }
            label={
              <Trans
                i18nKey="auth.fields.acceptTerms"
                components={{
                  termsLink: <Link component={RouterLink} to="/terms-conditions" />,
                  privacyLink: <Link component={RouterLink} to="/privacy" />,
                }}
              />
            }
          />
          {form.errors.accept_terms ? (
            <FormHelperText>{t(form.errors.accept_terms)}</FormHelperText>
          ) : null}
        </FormControl>
        <Button type="submit" variant="contained" size="large" disabled={loading}>
          {loading ? t('auth.register.submitting') : t('auth.register.submit')}
        </Button>
      </PrivateForm>
    </AuthCard>
  );
}
