import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ApplicationStatusChangeFieldsFragment } from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { ApplicationStatusChip } from '../components/ApplicationStatusChip';

/** Every step the application took, oldest first: what it became, who moved it, and when. */
export function HistoryList({
  history,
}: {
  history: readonly ApplicationStatusChangeFieldsFragment[];
}) {
  const { t } = useTranslation('pages');
  if (history.length === 0) {
    return <Typography color="text.secondary">{t('applications.view.history.empty')}</Typography>;
  }
  return (
    <Box component="ol" sx={{ m: 0, p: 0, display: 'grid', gap: 0 }}>
      {history.map((change, index) => (
        <Box
          component="li"
          key={change.id}
          sx={{
            listStyle: 'none',
            display: 'grid',
            gridTemplateColumns: '16px 1fr',
            columnGap: 2,
          }}
        >
          <Box
            aria-hidden
            sx={{ display: 'grid', justifyItems: 'center', gridTemplateRows: '16px 1fr' }}
          >
            <Box
              sx={{
                width: 12,
                height: 12,
                mt: 0.5,
                borderRadius: '50%',
                bgcolor: index === history.length - 1 ? 'primary.main' : 'grey.400',
              }}
            />
            {index < history.length - 1 ? (
              <Box sx={{ width: 2, bgcolor: 'divider', minHeight: 24 }} />
            ) : null}
          </Box>
          <Box sx={{ pb: index < history.length - 1 ? 2 : 0, display: 'grid', gap: 0.5 }}>
            <Box>
              <ApplicationStatusChip status={change.to_status} />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {change.actor_name
                ? t('applications.view.history.by', {
                    name: change.actor_name,
                    date: formatDateTime(change.created_at),
                  })
                : t('applications.view.history.automatic', {
                    date: formatDateTime(change.created_at),
                  })}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
