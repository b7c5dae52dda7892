import { useTranslation } from 'react-i18next';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  OrganisationChangeLogDocument,
  type OrganisationChangeLogQuery,
} from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { TEAM_ROLES } from '../organisation-roles';

type ChangeEvent = OrganisationChangeLogQuery['organisationEvents'][number];

const roleIn = (details: unknown, key: string): string | undefined => {
  if (!details || typeof details !== 'object') return undefined;
  const value = (details as Record<string, unknown>)[key];
  return TEAM_ROLES.find((role) => role === value);
};

/** Who changed what and when: the organisation's recorded history, newest first. */
export function ChangeLog({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('pages');
  const log = useQuery(OrganisationChangeLogDocument, {
    variables: { organisationId },
  });

  const describe = (event: ChangeEvent) => {
    const roleName = (key: string) => {
      const role = roleIn(event.details, key);
      return role ? t(`organisations.roles.${role}.name`) : '';
    };
    return t(`organisations.log.${event.action}`, {
      defaultValue: t('organisations.log.unknown'),
      actor: event.actor?.name ?? t('organisations.log.someone'),
      email: event.member_email ?? '',
      role: roleName('role'),
      from: roleName('from'),
      to: roleName('to'),
    });
  };

  let body;
  if (log.error) {
    body = <LoadError error={log.error} onRetry={() => void log.refetch()} />;
  } else if (!log.data) {
    body = <LoadingBlock />;
  } else if (log.data.organisationEvents.length === 0) {
    body = <Typography color="text.secondary">{t('organisations.log.empty')}</Typography>;
  } else {
    body = (
      <Box component="ol" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {log.data.organisationEvents.map((event) => (
          <Box component="li" key={event.id} sx={{ listStyle: 'none' }}>
            <Typography>{describe(event)}</Typography>
            <Typography variant="caption" color="text.secondary">
              <time dateTime={String(event.created_at)}>{formatDateTime(event.created_at)}</time>
            </Typography>
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="change-log-title" sx={{ p: 3 }}>
      <Typography id="change-log-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('organisations.log.title')}
      </Typography>
      {body}
    </Paper>
  );
}
