import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import type { OpportunityInvitationFieldsFragment } from '../../../gql/graphql';
import { InvitationCard } from './InvitationCard';

interface LinkedInvitationProps {
  token: string;
  invitation: OpportunityInvitationFieldsFragment | null | undefined;
  error: unknown;
  onRetry: () => void;
  onAnswered: () => void;
}

/** The invitation behind an emailed link, first on the page, or word that it has closed. */
export function LinkedInvitation({
  token,
  invitation,
  error,
  onRetry,
  onAnswered,
}: LinkedInvitationProps) {
  const { t } = useTranslation('pages');
  let body;
  if (error) body = <LoadError error={error} onRetry={onRetry} />;
  else if (invitation === undefined) body = <LoadingBlock />;
  else if (invitation === null) {
    body = (
      <EmptyState
        icon={<LinkOffIcon fontSize="inherit" aria-hidden />}
        message={t('opportunities.review.linked.closed')}
        hint={t('opportunities.review.linked.closedHint')}
      />
    );
  } else {
    body = (
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography color="text.secondary">
          {t('opportunities.review.linked.sentTo', { email: invitation.email })}
        </Typography>
        <InvitationCard invitation={invitation} token={token} prominent onAnswered={onAnswered} />
      </Box>
    );
  }
  return (
    <Box component="section" aria-labelledby="linked-invitation-title" sx={{ mb: 4 }}>
      <Typography id="linked-invitation-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('opportunities.review.linked.title')}
      </Typography>
      {body}
    </Box>
  );
}
