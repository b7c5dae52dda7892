import { useTranslation } from 'react-i18next';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import { OpportunityEventsLogDocument } from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { Section } from '../public/Section';
import { describeEvent } from './change-log';

/** Who changed what and when on the opportunity, newest first (the server keeps the last 100). */
export function ChangeLog({ opportunityId }: { opportunityId: string }) {
  const { t } = useTranslation('pages');
  const log = useQuery(OpportunityEventsLogDocument, {
    variables: { id: opportunityId },
    fetchPolicy: 'cache-and-network',
  });
  const events = log.data?.opportunityEventsLog;

  let body;
  if (log.error) {
    body = <LoadError error={log.error} onRetry={() => void log.refetch()} />;
  } else if (!events) {
    body = <LoadingBlock />;
  } else if (events.length === 0) {
    body = <Typography color="text.secondary">{t('opportunities.dashboard.log.empty')}</Typography>;
  } else {
    const locale = currentLocale();
    body = (
      <Box component="ol" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {events.map((event) => (
          <Box component="li" key={event.id} sx={{ listStyle: 'none' }}>
            <Typography>{describeEvent(event, t, locale)}</Typography>
            <Typography variant="caption" color="text.secondary">
              <time dateTime={String(event.created_at)}>{formatDateTime(event.created_at)}</time>
            </Typography>
          </Box>
        ))}
      </Box>
    );
  }

  return <Section title={t('opportunities.dashboard.log.title')}>{body}</Section>;
}
