import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@apollo/client/react';
import { REVIEW_APPLICATION_STATUSES, canReviewerMove } from '@encore/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  ReviewChangeStatusDocument,
  type ReviewApplicationFieldsFragment,
  type ReviewApplicationStatus,
} from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { ConfirmDialog } from '../../organisations/components/ConfirmDialog';
import { ApplicationStatusChip } from '../components/ApplicationStatusChip';
import { PageSection } from '../components/PageSection';

/** What each decision's button looks like: a decline stands apart from the rest. */
const BUTTON: Record<
  ReviewApplicationStatus,
  { variant: 'contained' | 'outlined'; color: 'primary' | 'success' | 'error' }
> = {
  IN_REVIEW: { variant: 'outlined', color: 'primary' },
  SHORTLISTED: { variant: 'outlined', color: 'primary' },
  ACCEPTED: { variant: 'contained', color: 'success' },
  DECLINED: { variant: 'outlined', color: 'error' },
};

function History({ application }: { application: ReviewApplicationFieldsFragment }) {
  const { t } = useTranslation('pages');
  if (application.history.length === 0) {
    return <Typography color="text.secondary">{t('applications.review.history.empty')}</Typography>;
  }
  return (
    <Box component="ol" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5, listStyle: 'none' }}>
      {application.history.map((change) => (
        <Box component="li" key={change.id} sx={{ display: 'grid', gap: 0.25 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <ApplicationStatusChip status={change.to_status} />
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(change.created_at)}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {change.actor_name
              ? t('applications.review.history.by', { name: change.actor_name })
              : t('applications.review.history.system')}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The status, the decisions the viewer may take from it, and every step so far. */
export function DecisionPanel({ application }: { application: ReviewApplicationFieldsFragment }) {
  const { t } = useTranslation('pages');
  const snackbar = useSnackbar();
  const [target, setTarget] = useState<ReviewApplicationStatus | null>(null);
  const [change, changing] = useMutation(ReviewChangeStatusDocument);
  const choices = application.viewer_can.change_status
    ? REVIEW_APPLICATION_STATUSES.filter((status) => canReviewerMove(application.status, status))
    : [];

  const confirm = async () => {
    if (!target) return;
    try {
      await change({ variables: { input: { ids: [application.id], status: target } } });
      snackbar.success(t(`applications.review.decision.done.${target}`));
      setTarget(null);
    } catch {
      // The dialog shows the error and stays open.
    }
  };

  return (
    <PageSection title={t('applications.review.decision.title')}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography>{t('applications.review.decision.current')}</Typography>
          <ApplicationStatusChip status={application.status} size="medium" />
        </Box>
        {choices.length > 0 ? (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {choices.map((status) => (
              <Button
                key={status}
                variant={BUTTON[status].variant}
                color={BUTTON[status].color}
                onClick={() => {
                  changing.reset();
                  setTarget(status);
                }}
              >
                {t(`applications.review.decision.actions.${status}`)}
              </Button>
            ))}
          </Box>
        ) : null}
        <Typography component="h3" variant="subtitle1">
          {t('applications.review.history.title')}
        </Typography>
        <History application={application} />
      </Box>
      <ConfirmDialog
        open={target !== null}
        title={target ? t(`applications.review.decision.confirm.${target}`) : ''}
        confirmLabel={target ? t(`applications.review.decision.actions.${target}`) : ''}
        destructive={target === 'DECLINED'}
        busy={changing.loading}
        error={changing.error}
        onCancel={() => setTarget(null)}
        onConfirm={() => void confirm()}
      >
        <Typography>{t('applications.review.decision.emailed')}</Typography>
      </ConfirmDialog>
    </PageSection>
  );
}
