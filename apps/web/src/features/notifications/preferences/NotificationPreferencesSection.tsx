import { useTranslation } from 'react-i18next';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../../app/shell/visuallyHidden';
import { LoadError } from '../../../components/PageStates';
import {
  NotificationPreferencesDocument,
  type NotificationChannel,
  type NotificationType,
} from '../../../gql/graphql';
import { describeGraphQLError } from '../../../lib/graphql-errors';
import { currentLocale } from '../../../lib/i18n';
import { channelLabelKey, digestTimeOfDay, kindLabelKey } from './notification-kinds';
import { PreferencesMatrix } from './PreferencesMatrix';
import { usePreferenceSave, type PreferenceSaveStatus } from './use-preference-save';

const HEADING_ID = 'notification-settings-heading';
/** As many placeholder rows as there are kinds to tune today, so the page does not jump. */
const SKELETON_ROWS = 8;

/**
 * "Notifications" in the account settings: how the signed-in person hears of each kind of
 * notification. Each choice is saved as it is made.
 */
export function NotificationPreferencesSection() {
  const { t } = useTranslation('pages');
  const preferences = useQuery(NotificationPreferencesDocument);
  const { choose, status } = usePreferenceSave();
  const rows = preferences.data?.notificationPreferences;

  const onChoose = (type: NotificationType, channel: NotificationChannel) => {
    const previous = rows?.find((row) => row.type === type)?.channel;
    if (!previous || previous === channel) return;
    void choose(type, channel, previous);
  };

  let body;
  if (rows) body = <PreferencesMatrix rows={rows} onChoose={onChoose} />;
  else if (preferences.error) {
    body = <LoadError error={preferences.error} onRetry={() => void preferences.refetch()} />;
  } else body = <MatrixSkeleton label={t('notificationSettings.loading')} />;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={HEADING_ID}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id={HEADING_ID} variant="h6" component="h2" gutterBottom>
        {t('notificationSettings.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('notificationSettings.intro')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('notificationSettings.channelsHelp')}
      </Typography>
      {body}
      <SaveStatus status={status} />
      <Box sx={{ display: 'grid', gap: 1, mt: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('notificationSettings.alwaysByEmail')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('notificationSettings.digestTime', { time: digestTimeOfDay(currentLocale()) })}
        </Typography>
      </Box>
    </Paper>
  );
}

/** Quiet while things go well (a polite status line); a visible alert when a choice is undone. */
function SaveStatus({ status }: { status: PreferenceSaveStatus }) {
  const { t } = useTranslation('pages');
  const { t: tCommon } = useTranslation();
  let message = '';
  if (status.state === 'saving') message = t('notificationSettings.status.saving');
  if (status.state === 'saved') {
    message = t('notificationSettings.status.saved', {
      kind: t(kindLabelKey(status.type)),
      channel: t(channelLabelKey(status.channel)),
    });
  }
  return (
    <>
      {/* Always in the page: a live region added together with its text is often not read. */}
      <Typography
        role="status"
        variant="body2"
        color="text.secondary"
        sx={{ minHeight: '1.5em', mt: 1 }}
      >
        {message}
      </Typography>
      {status.state === 'failed' ? (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
          {t('notificationSettings.status.failed', {
            kind: t(kindLabelKey(status.type)),
            channel: t(channelLabelKey(status.restored)),
          })}
          {'\n'}
          {describeGraphQLError(status.error, (key) => tCommon(key))}
        </Alert>
      ) : null}
    </>
  );
}

function MatrixSkeleton({ label }: { label: string }) {
  return (
    <Box role="status" sx={{ display: 'grid', gap: 1 }}>
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={48} />
      ))}
    </Box>
  );
}
