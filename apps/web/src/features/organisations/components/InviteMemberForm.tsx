import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  InviteTeamMemberDocument,
  OrganisationChangeLogDocument,
  OrganisationTeamDocument,
  type OrganisationRole,
} from '../../../gql/graphql';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { useSnackbar } from '../../../lib/snackbar';
import { FormError } from '../../auth/components/FormError';
import { assignableRoles } from '../organisation-roles';
import type { Organisation } from './OrganisationGate';

const FIELDS = ['email', 'role'] as const;
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Invites an address with a role; the server emails the invitation link. */
export function InviteMemberForm({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('pages');
  const snackbar = useSnackbar();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrganisationRole>('editor');
  const [emailInvalid, setEmailInvalid] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [invite, { loading }] = useMutation(InviteTeamMemberDocument, {
    refetchQueries: [OrganisationTeamDocument, OrganisationChangeLogDocument],
  });
  const serverErrors = fieldErrorsOf(error, FIELDS);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!LOOKS_LIKE_EMAIL.test(email.trim())) {
      setEmailInvalid(true);
      document.getElementById('invite-email')?.focus();
      return;
    }
    setEmailInvalid(false);
    setError(null);
    try {
      await invite({
        variables: { input: { organisation_id: organisation.id, email: email.trim(), role } },
      });
      snackbar.success(t('organisations.team.invited', { email: email.trim() }));
      setEmail('');
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="invite-title">
      <Typography id="invite-title" variant="subtitle1" component="h3" sx={{ mb: 1.5 }}>
        {t('organisations.team.inviteTitle')}
      </Typography>
      <FormError error={error} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { sm: '1fr 180px auto' },
          alignItems: 'start',
        }}
      >
        <TextField
          id="invite-email"
          name="email"
          type="email"
          label={t('organisations.team.inviteEmail')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          slotProps={{ htmlInput: { dir: 'ltr' } }}
          error={emailInvalid || Boolean(serverErrors.email)}
          helperText={
            emailInvalid ? t('organisations.validation.email') : (serverErrors.email ?? undefined)
          }
        />
        <TextField
          id="invite-role"
          name="role"
          select
          label={t('organisations.team.role')}
          value={role}
          onChange={(event) => setRole(event.target.value as OrganisationRole)}
          error={Boolean(serverErrors.role)}
          helperText={serverErrors.role}
        >
          {assignableRoles(organisation.viewerCan.manage_owners).map((option) => (
            <MenuItem key={option} value={option}>
              {t(`organisations.roles.${option}.name`)}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" size="large" disabled={loading} sx={{ mt: 0.5 }}>
          {loading ? t('organisations.team.inviting') : t('organisations.team.invite')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t(`organisations.roles.${role}.description`)}
      </Typography>
    </Box>
  );
}
