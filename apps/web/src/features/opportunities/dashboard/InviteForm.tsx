import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  InviteOpportunityMemberDocument,
  OpportunityEventsLogDocument,
  OpportunityTeamDocument,
} from '../../../gql/graphql';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { useSnackbar } from '../../../lib/snackbar';
import { FormError } from '../../auth/components/FormError';
import { RolePicker } from './RolePicker';
import { roleInput, type RoleChoice } from './team-roles';

const FIELDS = ['email', 'role', 'permissions'] as const;
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const INITIAL: RoleChoice = { role: 'reviewer', permissions: [] };

/** Invites an address as manager, reviewer or with a custom permission set; the server emails it. */
export function InviteForm({ opportunityId }: { opportunityId: string }) {
  const { t } = useTranslation('pages');
  const snackbar = useSnackbar();
  const [email, setEmail] = useState('');
  const [choice, setChoice] = useState<RoleChoice>(INITIAL);
  const [emailInvalid, setEmailInvalid] = useState(false);
  const [noPermission, setNoPermission] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [invite, { loading }] = useMutation(InviteOpportunityMemberDocument, {
    refetchQueries: [OpportunityTeamDocument, OpportunityEventsLogDocument],
  });
  const serverErrors = fieldErrorsOf(error, FIELDS);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    const badEmail = !LOOKS_LIKE_EMAIL.test(address);
    const missingPermission = choice.role === 'custom' && choice.permissions.length === 0;
    setEmailInvalid(badEmail);
    setNoPermission(missingPermission);
    if (badEmail || missingPermission) {
      document
        .getElementById(
          badEmail ? 'opportunity-invite-email' : 'opportunity-invite-permission-full_access',
        )
        ?.focus();
      return;
    }
    setError(null);
    try {
      await invite({
        variables: {
          input: { opportunity_id: opportunityId, email: address, ...roleInput(choice) },
        },
      });
      snackbar.success(t('opportunities.dashboard.team.invited', { email: address }));
      setEmail('');
      setChoice(INITIAL);
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="opportunity-invite-title">
      <Typography id="opportunity-invite-title" variant="subtitle1" component="h3" sx={{ mb: 1.5 }}>
        {t('opportunities.dashboard.team.inviteTitle')}
      </Typography>
      <FormError error={error} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { sm: '1fr 1fr' },
          alignItems: 'start',
        }}
      >
        <TextField
          id="opportunity-invite-email"
          name="email"
          type="email"
          label={t('opportunities.dashboard.team.email')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          slotProps={{ htmlInput: { dir: 'ltr' } }}
          error={emailInvalid || Boolean(serverErrors.email)}
          helperText={
            emailInvalid
              ? t('opportunities.dashboard.team.emailInvalid')
              : (serverErrors.email ?? undefined)
          }
        />
        <RolePicker
          id="opportunity-invite"
          value={choice}
          onChange={setChoice}
          disabled={loading}
          errors={{
            role: serverErrors.role,
            permissions: noPermission
              ? t('opportunities.dashboard.team.choosePermission')
              : serverErrors.permissions,
          }}
        />
      </Box>
      <Button type="submit" variant="contained" disabled={loading} sx={{ mt: 2 }}>
        {loading
          ? t('opportunities.dashboard.team.inviting')
          : t('opportunities.dashboard.team.invite')}
      </Button>
    </Box>
  );
}
