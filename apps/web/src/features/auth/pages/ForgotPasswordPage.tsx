import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMutation } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useZodForm } from '../../../lib/form';
import { FORGOT_PASSWORD } from '../auth.graphql';
import { forgotPasswordSchema } from '../auth.schemas';
import { AuthCard } from '../components/AuthCard';
import { FormError } from '../components/FormError';
import { PrivateForm } from '../../../components/PrivateForm';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [forgotPassword, { loading }] = useMutation(FORGOT_PASSWORD, {
    context: { skipAuth: true },
  });
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm(forgotPasswordSchema, { email: '' });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = form.validate();
    if (!values) return;
    setError(null);
    try {
      const { data } = await forgotPassword({ variables: { input: values } });
      setSent(data?.forgotPassword.message || t('auth.forgot.sent'));
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <AuthCard
      title={t('auth.forgot.title')}
      intro={t('auth.forgot.intro')}
      footer={
        <Link component={RouterLink} to="/login">
          {t('auth.backToLogin')}
        </Link>
      }
    >
      <FormError error={error} />
      {sent ? (
        <Alert severity="success" role="status">
          {sent}
        </Alert>
      ) : (
        <PrivateForm onSubmit={submit}>
          <TextField
            {...form.text('email')}
            id="forgot-email"
            type="email"
            label={t('auth.fields.email')}
            autoComplete="email"
            required
            helperText={form.errors.email ? t(form.errors.email) : undefined}
          />
          <Button type="submit" variant="contained" size="large" disabled={loading}>
            {loading ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
          </Button>
        </PrivateForm>
      )}
    </AuthCard>
  );
}
