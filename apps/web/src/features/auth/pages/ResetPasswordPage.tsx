import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useMutation } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useZodForm } from '../../../lib/form';
import { RESET_PASSWORD } from '../auth.graphql';
import { PASSWORD_MIN_LENGTH, resetPasswordSchema } from '../auth.schemas';
import { AuthCard } from '../components/AuthCard';
import { FormError } from '../components/FormError';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { PrivateForm } from '../../../components/PrivateForm';

/** Reached from the e-mailed link: /password/reset?token=... */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [resetPassword, { loading }] = useMutation(RESET_PASSWORD, { context: { skipAuth: true } });
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useZodForm(resetPasswordSchema, { password: '', password_confirmation: '' });

  const helper = (name: 'password' | 'password_confirmation') =>
    form.errors[name] ? t(form.errors[name], { min: PASSWORD_MIN_LENGTH }) : undefined;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = form.validate();
    if (!values) return;
    setError(null);
    try {
      const { data } = await resetPassword({ variables: { input: { token, ...values } } });
      setDone(data?.resetPassword.message || t('auth.reset.done'));
    } catch (caught) {
      setError(caught);
    }
  };

  let body;
  if (!token) {
    body = (
      <>
        <Alert severity="error" sx={{ mb: 3 }}>
          {t('auth.reset.missingToken')}
        </Alert>
        <Button fullWidth variant="contained" component={RouterLink} to="/password/forgot">
          {t('auth.reset.requestNew')}
        </Button>
      </>
    );
  } else if (done) {
    body = (
      <>
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          {done}
        </Alert>
        <Button fullWidth variant="contained" component={RouterLink} to="/login">
          {t('auth.login.submit')}
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <FormError error={error} />
        <PrivateForm onSubmit={submit}>
          <NewPasswordFields
            idPrefix="reset"
            passwordLabel={t('auth.fields.newPassword')}
            password={form.text('password')}
            confirmation={form.text('password_confirmation')}
            passwordError={helper('password')}
            confirmationError={helper('password_confirmation')}
          />
          <Button type="submit" variant="contained" size="large" disabled={loading}>
            {loading ? t('auth.reset.submitting') : t('auth.reset.submit')}
          </Button>
        </PrivateForm>
      </>
    );
  }

  return (
    <AuthCard
      title={t('auth.reset.title')}
      intro={token && !done ? t('auth.reset.intro') : undefined}
      footer={
        <Link component={RouterLink} to="/login">
          {t('auth.backToLogin')}
        </Link>
      }
    >
      {body}
    </AuthCard>
  );
}
