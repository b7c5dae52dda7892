import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@apollo/client/react';
import { REVIEW_APPLICATION_STATUSES, canReviewerMove } from '@encore/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  ChangeApplicationsStatusDocument,
  DashboardApplicationsDocument,
  type DashboardApplicationRowFieldsFragment,
  type ReviewApplicationStatus,
} from '../../../../gql/graphql';
import { useSnackbar } from '../../../../lib/snackbar';
import { ConfirmDialog } from '../../../organisations/components/ConfirmDialog';

type Row = Pick<DashboardApplicationRowFieldsFragment, 'id' | 'status'>;

/**
 * What a change to `status` does to the chosen rows: those it moves (each applicant is emailed),
 * and those it leaves out: already there, or not the team's to move (a draft, a withdrawal).
 * Only the movable ones are sent, as the server moves all it is given or none.
 */
export function bulkPlan(rows: readonly Row[], status: ReviewApplicationStatus) {
  const moving = rows.filter((row) => canReviewerMove(row.status, status));
  return { ids: moving.map((row) => row.id), skipped: rows.length - moving.length };
}

interface BulkStatusBarProps {
  selected: readonly Row[];
  onDone: () => void;
}

/** Shortlist, accept, decline or put in review every chosen application at once. */
export function BulkStatusBar({ selected, onDone }: BulkStatusBarProps) {
  const { t } = useTranslation('pages');
  const snackbar = useSnackbar();
  const [target, setTarget] = useState<ReviewApplicationStatus | null>(null);
  const [change, changing] = useMutation(ChangeApplicationsStatusDocument, {
    refetchQueries: [DashboardApplicationsDocument],
    awaitRefetchQueries: true,
  });
  const plan = target ? bulkPlan(selected, target) : null;

  const confirm = async () => {
    if (!target || !plan || plan.ids.length === 0) return;
    try {
      await change({ variables: { input: { ids: plan.ids, status: target } } });
      snackbar.success(
        t(`opportunities.dashboard.applications.bulk.done.${target}`, { count: plan.ids.length }),
      );
      setTarget(null);
      onDone();
    } catch {
      // The dialog shows the error and stays open; nothing was moved.
    }
  };

  return (
    <Box
      role="region"
      aria-label={t('opportunities.dashboard.applications.bulk.label')}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        alignItems: 'center',
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'action.selected',
      }}
    >
      <Typography sx={{ me: 1 }} aria-live="polite">
        {t('opportunities.dashboard.applications.bulk.selected', { count: selected.length })}
      </Typography>
      {REVIEW_APPLICATION_STATUSES.map((status) => (
        <Button
          key={status}
          size="small"
          variant="outlined"
          color={status === 'DECLINED' ? 'error' : 'primary'}
          onClick={() => {
            changing.reset();
            setTarget(status);
          }}
        >
          {t(`opportunities.dashboard.applications.bulk.actions.${status}`)}
        </Button>
      ))}
      <ConfirmDialog
        open={target !== null}
        title={
          target
            ? t(`opportunities.dashboard.applications.bulk.confirm.${target}`, {
                count: plan?.ids.length ?? 0,
              })
            : ''
        }
        confirmLabel={
          target ? t(`opportunities.dashboard.applications.bulk.actions.${target}`) : ''
        }
        destructive={target === 'DECLINED'}
        busy={changing.loading}
        error={changing.error}
        confirmDisabled={!plan || plan.ids.length === 0}
        onCancel={() => setTarget(null)}
        onConfirm={() => void confirm()}
      >
        {plan ? (
          <Box sx={{ display: 'grid', gap: 1 }}>
            <Typography>
              {plan.ids.length > 0
                ? t('opportunities.dashboard.applications.bulk.emailed', {
                    count: plan.ids.length,
                  })
                : t('opportunities.dashboard.applications.bulk.nothing')}
            </Typography>
            {plan.skipped > 0 ? (
              <Typography color="text.secondary">
                {t('opportunities.dashboard.applications.bulk.skipped', { count: plan.skipped })}
              </Typography>
            ) : null}
          </Box>
        ) : null}
      </ConfirmDialog>
    </Box>
  );
}
