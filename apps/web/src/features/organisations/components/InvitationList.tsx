import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMutation } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  MyOrganisationsDocument,
  MyTeamInvitationsDocument,
  RespondToTeamInvitationDocument,
  type TeamInvitationFieldsFragment,
} from '../../../gql/graphql';
import { formatDate } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { FormError } from '../../auth/components/FormError';
import { OrganisationLogo } from './OrganisationLogo';

interface InvitationCardProps {
  invitation: TeamInvitationFieldsFragment;
  /** The emailed link's token, when the invitation was opened from it. */
  token?: string;
}

/** One open invitation with its accept and decline buttons. */
export function InvitationCard({ invitation, token }: InvitationCardProps) {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const [error, setError] = useState<unknown>(null);
  const [respond, { loading }] = useMutation(RespondToTeamInvitationDocument, {
    refetchQueries: [MyOrganisationsDocument, MyTeamInvitationsDocument],
    awaitRefetchQueries: true,
  });
  const { organisation } = invitation;

  const answer = async (accept: boolean) => {
    setError(null);
    try {
      await respond({
        variables: { input: { accept, ...(token ? { token } : { id: invitation.id }) } },
      });
      if (accept) {
        snackbar.success(t('organisations.invitations.accepted', { name: organisation.name }));
        void navigate(`/organisation/${organisation.slug}/dashboard`);
      } else {
        snackbar.success(t('organisations.invitations.declined', { name: organisation.name }));
        if (token) void navigate('/organisations');
      }
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} component="article" aria-label={organisation.name}>
      <FormError error={error} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <OrganisationLogo name={organisation.name} logo={organisation.logo} />
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h6" component="h3">
            {organisation.name}
          </Typography>
          <Typography color="text.secondary">
            {invitation.invited_by
              ? t('organisations.invitations.fromPerson', {
                  person: invitation.invited_by,
                  role: t(`organisations.roles.${invitation.role}.name`),
                })
              : t('organisations.invitations.asRole', {
                  role: t(`organisations.roles.${invitation.role}.name`),
                })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`organisations.roles.${invitation.role}.description`)}{' '}
            {t('organisations.invitations.sentOn', { date: formatDate(invitation.created_at) })}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button onClick={() => void answer(false)} disabled={loading}>
            {t('organisations.invitations.decline')}
          </Button>
          <Button variant="contained" onClick={() => void answer(true)} disabled={loading}>
            {t('organisations.invitations.accept')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}

/** The viewer's open invitations, as a titled list; nothing when there are none. */
export function InvitationList({ invitations }: { invitations: TeamInvitationFieldsFragment[] }) {
  const { t } = useTranslation('pages');
  if (invitations.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="team-invitations-title" sx={{ mb: 4 }}>
      <Typography id="team-invitations-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('organisations.invitations.title', { count: invitations.length })}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {invitations.map((invitation) => (
          <InvitationCard key={invitation.id} invitation={invitation} />
        ))}
      </Box>
    </Box>
  );
}
