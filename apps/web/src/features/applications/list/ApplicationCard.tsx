import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ApplicationSummaryFieldsFragment } from '../../../gql/graphql';
import { formatDate } from '../../../lib/format';
import { applicationPath, isAwaitingPayment, isOpenDraft } from '../application-state';
import { ApplicationStatusChip, AwaitingPaymentChip } from '../components/ApplicationStatusChip';

/** One of the viewer's applications: what it is for, where it stands, and what to do next. */
export function ApplicationCard({
  application,
}: {
  application: ApplicationSummaryFieldsFragment;
}) {
  const { t } = useTranslation('pages');
  const titleId = useId();
  const { opportunity } = application;
  const draft = isOpenDraft(application);
  const date = application.submitted_at
    ? t('applications.list.submitted', { date: formatDate(application.submitted_at) })
    : t('applications.list.started', { date: formatDate(application.created_at) });
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      sx={{ p: 2, display: 'grid', gap: 1 }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'baseline',
          justifyContent: 'space-between',
        }}
      >
        <Typography id={titleId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          <Link
            component={RouterLink}
            to={applicationPath(application, opportunity.slug)}
            underline="hover"
          >
            {opportunity.title}
          </Link>
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <ApplicationStatusChip status={application.status} />
          {isAwaitingPayment(application) ? <AwaitingPaymentChip /> : null}
        </Box>
      </Box>
      <Typography color="text.secondary">{opportunity.organisation.name}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('applications.list.code', { code: application.code })} · {date}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
        {draft ? (
          <Button
            component={RouterLink}
            to={`/opportunity/${opportunity.slug}/apply`}
            variant="contained"
            size="small"
            aria-describedby={titleId}
          >
            {t('applications.list.continue')}
          </Button>
        ) : null}
        <Button
          component={RouterLink}
          to={`/application/${application.id}`}
          variant={draft ? 'text' : 'outlined'}
          size="small"
          aria-describedby={titleId}
        >
          {t('applications.list.view')}
        </Button>
        {!draft && application.viewer_can.edit ? (
          <Button
            component={RouterLink}
            to={`/application/${application.id}/edit`}
            size="small"
            aria-describedby={titleId}
          >
            {t('applications.list.edit')}
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}
