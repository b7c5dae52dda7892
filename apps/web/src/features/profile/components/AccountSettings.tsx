import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApolloClient, useMutation } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSession } from '../../../app/session';
import {
  ProfileChangeEmailDocument,
  ProfileChangePasswordDocument,
  ProfileDeleteAccountDocument,
} from '../../../gql/graphql';
import { isRememberMe } from '../../../lib/cookies';
import { useSnackbar } from '../../../lib/snackbar';
import { FormError } from '../../auth/components/FormError';
import { PasswordField } from '../../auth/components/PasswordField';
import { fieldErrorsOf } from '../../../lib/field-errors';

/** Kept in step with the server's rule (auth.passwords.ts). */
const PASSWORD_MIN_LENGTH = 8;

function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {intro}
      </Typography>
      {children}
    </Paper>
  );
}

function ChangeEmailForm({ currentEmail }: { currentEmail: string | null }) {
  const { t } = useTranslation('pages');
  const [changeEmail, { loading }] = useMutation(ProfileChangeEmailDocument);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [missing, setMissing] = useState<{ email?: boolean; password?: boolean }>({});
  const [done, setDone] = useState<string | null>(null);
  const fieldErrors = fieldErrorsOf(error, ['email', 'current_password'] as const);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nextMissing = { email: email.trim() === '', password: password === '' };
    setMissing(nextMissing);
    if (nextMissing.email || nextMissing.password) return;
    setError(null);
    setDone(null);
    try {
      const { data } = await changeEmail({
        variables: { input: { email: email.trim(), current_password: password } },
      });
      setDone(
        data?.changeEmail.message || t('profile.account.email.sent', { email: email.trim() }),
      );
      setPassword('');
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Section
      id="account-email-heading"
      title={t('profile.account.email.title')}
      intro={
        currentEmail
          ? t('profile.account.email.intro', { email: currentEmail })
          : t('profile.account.email.introNoEmail')
      }
    >
      {done ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {done}
        </Alert>
      ) : null}
      <FormError error={error} />
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        <TextField
          id="account-new-email"
          name="email"
          type="email"
          label={t('profile.account.email.newEmail')}
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          slotProps={{ htmlInput: { dir: 'ltr' } }}
          error={Boolean(missing.email || fieldErrors.email)}
          helperText={missing.email ? t('profile.validation.emailRequired') : fieldErrors.email}
        />
        <PasswordField
          id="account-email-password"
          name="current_password"
          label={t('profile.account.currentPassword')}
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={Boolean(missing.password || fieldErrors.current_password)}
          helperText={
            missing.password
              ? t('profile.validation.passwordRequired')
              : fieldErrors.current_password
          }
        />
        <Box>
          <Button type="submit" variant="contained" disabled={loading}>
            {loading ? t('profile.account.sending') : t('profile.account.email.submit')}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}

function ChangePasswordForm() {
  const { t } = useTranslation('pages');
  const { signIn } = useSession();
  const snackbar = useSnackbar();
  const [changePassword, { loading }] = useMutation(ProfileChangePasswordDocument);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [rememberMe, setRememberMe] = useState(isRememberMe);
  const [error, setError] = useState<unknown>(null);
  const [local, setLocal] = useState<
    Partial<Record<'current' | 'password' | 'confirmation', string>>
  >({});
  const fieldErrors = fieldErrorsOf(error, [
    'current_password',
    'password',
    'password_confirmation',
  ] as const);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems: typeof local = {};
    if (current === '') problems.current = t('profile.validation.passwordRequired');
    if (password.length < PASSWORD_MIN_LENGTH) {
      problems.password = t('profile.validation.passwordMin', { min: PASSWORD_MIN_LENGTH });
    }
    if (confirmation !== password) problems.confirmation = t('profile.validation.passwordMismatch');
    setLocal(problems);
    if (Object.keys(problems).length > 0) return;
    setError(null);
    try {
      const { data } = await changePassword({
        variables: {
          input: {
            current_password: current,
            password,
            password_confirmation: confirmation,
            remember_me: rememberMe,
          },
        },
      });
      if (!data) return;
      const payload = data.changePassword;
      // Every other session has ended: this answer is the session of this device from now on.
      signIn(
        { ...payload, user: { ...payload.user, email: payload.user.email ?? '' } },
        { rememberMe },
      );
      setCurrent('');
      setPassword('');
      setConfirmation('');
      snackbar.success(t('profile.account.password.done'));
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Section
      id="account-password-heading"
      title={t('profile.account.password.title')}
      intro={t('profile.account.password.intro')}
    >
      <FormError error={error} />
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        <PasswordField
          id="account-current-password"
          name="current_password"
          label={t('profile.account.currentPassword')}
          autoComplete="current-password"
          required
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          error={Boolean(local.current ?? fieldErrors.current_password)}
          helperText={local.current ?? fieldErrors.current_password}
        />
        <PasswordField
          id="account-new-password"
          name="password"
          label={t('profile.account.password.newPassword')}
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={Boolean(local.password ?? fieldErrors.password)}
          helperText={
            local.password ??
            fieldErrors.password ??
            t('profile.account.password.hint', { min: PASSWORD_MIN_LENGTH })
          }
        />
        <PasswordField
          id="account-new-password-confirmation"
          name="password_confirmation"
          label={t('profile.account.password.confirmation')}
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={Boolean(local.confirmation ?? fieldErrors.password_confirmation)}
          helperText={local.confirmation ?? fieldErrors.password_confirmation}
        />
        <FormControlLabel
          control={
            <Checkbox
              name="remember_me"
              checked={rememberMe}
              onChange={(event) => setRememberMe(event.target.checked)}
            />
          }
          label={t('profile.account.password.rememberMe')}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={loading}>
            {loading ? t('profile.account.saving') : t('profile.account.password.submit')}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}

function DeleteAccountForm() {
  const { t } = useTranslation('pages');
  const { signOut } = useSession();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const client = useApolloClient();
  const [deleteAccount, { loading }] = useMutation(ProfileDeleteAccountDocument);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const fieldErrors = fieldErrorsOf(error, ['current_password'] as const);

  const close = () => {
    if (loading) return;
    setOpen(false);
    setPassword('');
    setMissing(false);
    setError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    setError(null);
    try {
      const { data } = await deleteAccount({
        variables: { input: { current_password: password } },
      });
      if (!data) return;
      // In one go, so RequireAuth does not send the visitor to /login first.
      signOut();
      void navigate('/', { replace: true });
      snackbar.success(data.deleteAccount.message || t('profile.account.delete.done'));
      void client.clearStore();
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Section
      id="account-delete-heading"
      title={t('profile.account.delete.title')}
      intro={t('profile.account.delete.intro')}
    >
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        {t('profile.account.delete.open')}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby="account-delete-dialog-title"
        aria-describedby="account-delete-dialog-text"
      >
        <Box component="form" noValidate onSubmit={submit}>
          <DialogTitle id="account-delete-dialog-title">
            {t('profile.account.delete.confirmTitle')}
          </DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            <DialogContentText id="account-delete-dialog-text">
              {t('profile.account.delete.confirmBody')}
            </DialogContentText>
            <FormError error={error} />
            <PasswordField
              id="account-delete-password"
              name="current_password"
              label={t('profile.account.currentPassword')}
              autoComplete="current-password"
              required
              autoFocus
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={missing || Boolean(fieldErrors.current_password)}
              helperText={
                missing ? t('profile.validation.passwordRequired') : fieldErrors.current_password
              }
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={loading}>
              {t('profile.account.cancel')}
            </Button>
            <Button type="submit" color="error" variant="contained" disabled={loading}>
              {loading ? t('profile.account.delete.deleting') : t('profile.account.delete.confirm')}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Section>
  );
}

/** The Account tab of /profile/update: e-mail address, password, deletion. */
export function AccountSettings({ email }: { email: string | null }) {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <ChangeEmailForm currentEmail={email} />
      <ChangePasswordForm />
      <DeleteAccountForm />
    </Box>
  );
}
