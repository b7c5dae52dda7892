import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OpportunityInvitationFieldsFragment } from '../../../gql/graphql';
import { InvitationCard } from './InvitationCard';

/** The viewer's open invitations to opportunities, as a titled list; nothing without any. */
export function OpenInvitations({
  invitations,
}: {
  invitations: readonly OpportunityInvitationFieldsFragment[];
}) {
  const { t } = useTranslation('pages');
  if (invitations.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="opportunity-invitations-title" sx={{ mb: 4 }}>
      <Typography id="opportunity-invitations-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('opportunities.review.invitations.title', { count: invitations.length })}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {invitations.map((invitation) => (
          <InvitationCard key={invitation.id} invitation={invitation} />
        ))}
      </Box>
    </Box>
  );
}
