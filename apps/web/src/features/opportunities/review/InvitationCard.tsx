import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  MyOpportunitiesDocument,
  MyOpportunityInvitationsDocument,
  RespondToOpportunityInvitationDocument,
  type OpportunityInvitationFieldsFragment,
} from '../../../gql/graphql';
import { formatDate } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { FormError } from '../../auth/components/FormError';
import { useRoleLabel } from './useRoleLabel';

interface InvitationCardProps {
  invitation: OpportunityInvitationFieldsFragment;
  /** The emailed link's token, when the invitation was opened from it. */
  token?: string;
  /** Called once the answer is recorded (and the lists are fresh). */
  onAnswered?: (accepted: boolean) => void;
  /** The invitation opened from a link is the page's main subject. */
  prominent?: boolean;
}

/** An invitation to manage or review an opportunity, to accept or decline. */
export function InvitationCard({
  invitation,
  token,
  onAnswered,
  prominent = false,
}: InvitationCardProps) {
  const { t } = useTranslation('pages');
  const snackbar = useSnackbar();
  const roleLabel = useRoleLabel();
  const [error, setError] = useState<unknown>(null);
  const [respond, { loading }] = useMutation(RespondToOpportunityInvitationDocument, {
    refetchQueries: [MyOpportunitiesDocument, MyOpportunityInvitationsDocument],
    awaitRefetchQueries: true,
  });
  const { opportunity } = invitation;
  const role = roleLabel(invitation.role, invitation.permissions);
  const titleId = `opportunity-invitation-${invitation.id}`;

  const answer = async (accept: boolean) => {
    setError(null);
    try {
      await respond({
        variables: { input: { accept, ...(token ? { token } : { id: invitation.id }) } },
      });
      snackbar.success(
        accept
          ? t('opportunities.review.invitations.accepted', { title: opportunity.title, role })
          : t('opportunities.review.invitations.declined', { title: opportunity.title }),
      );
      onAnswered?.(accept);
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: 2.5, ...(prominent ? { borderColor: 'primary.main', borderWidth: 2 } : {}) }}
    >
      <FormError error={error} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Typography id={titleId} variant="h6" component="h3">
            {opportunity.title}
          </Typography>
          <Typography color="text.secondary">{opportunity.organisation.name}</Typography>
          <Typography sx={{ mt: 0.5 }}>
            {invitation.invited_by
              ? t('opportunities.review.invitations.fromPerson', {
                  person: invitation.invited_by,
                  role,
                })
              : t('opportunities.review.invitations.asRole', { role })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`opportunities.review.roleDescriptions.${invitation.role}`)}{' '}
            {t('opportunities.review.invitations.sentOn', {
              date: formatDate(invitation.created_at),
            })}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button onClick={() => void answer(false)} disabled={loading}>
            {t('opportunities.review.invitations.decline')}
          </Button>
          <Button variant="contained" onClick={() => void answer(true)} disabled={loading}>
            {t('opportunities.review.invitations.accept')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
