import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMutation } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  ArchiveOpportunityDocument,
  CloseOpportunityDocument,
  DeleteOpportunityDocument,
  DuplicateOpportunityDocument,
  OpportunityEventsLogDocument,
  PublishOpportunityDocument,
  ReopenOpportunityDocument,
  UnpublishOpportunityDocument,
  type OpportunityFieldsFragment,
} from '../../../gql/graphql';
import { validationMapOf, type ValidationMap } from '../../../lib/field-errors';
import { formatDateTime } from '../../../lib/format';
import { describeGraphQLError } from '../../../lib/graphql-errors';
import { useSnackbar } from '../../../lib/snackbar';
import { ConfirmDialog } from '../../organisations/components/ConfirmDialog';
import { DeleteOpportunityDialog } from './DeleteOpportunityDialog';
import { lifecycleAbilities, type StatusAction } from './lifecycle';
import { PublishProblems } from './PublishProblems';

type Opportunity = OpportunityFieldsFragment;
// Each answer carries the opportunity's fields, so the cache (and this page) update by
// themselves; only the change log is fetched again.
const options = { refetchQueries: [OpportunityEventsLogDocument] };

/** The status mutations by action, and whether one of them is under way. */
function useStatusMutations() {
  const [publish, published] = useMutation(PublishOpportunityDocument, options);
  const [unpublish, unpublished] = useMutation(UnpublishOpportunityDocument, options);
  const [close, closed] = useMutation(CloseOpportunityDocument, options);
  const [reopen, reopened] = useMutation(ReopenOpportunityDocument, options);
  const [archive, archived] = useMutation(ArchiveOpportunityDocument, options);
  const run: Record<StatusAction, (id: string) => Promise<Opportunity | undefined>> = {
    publish: async (id) => (await publish({ variables: { id } })).data?.publishOpportunity,
    unpublish: async (id) => (await unpublish({ variables: { id } })).data?.unpublishOpportunity,
    close: async (id) => (await close({ variables: { id } })).data?.closeOpportunity,
    reopen: async (id) => (await reopen({ variables: { id } })).data?.reopenOpportunity,
    archive: async (id) => (await archive({ variables: { id } })).data?.archiveOpportunity,
  };
  const busy = [published, unpublished, closed, reopened, archived].some((state) => state.loading);
  return { run, busy };
}

/** Publish, unpublish, close, reopen, archive, duplicate and delete: those allowed right now. */
export function LifecycleActions({ opportunity }: { opportunity: Opportunity }) {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const abilities = lifecycleAbilities(opportunity);
  const statusMutations = useStatusMutations();
  const [duplicate, duplicating] = useMutation(DuplicateOpportunityDocument);
  const [remove, removing] = useMutation(DeleteOpportunityDocument);
  const [problems, setProblems] = useState<ValidationMap | null>(null);
  const [confirming, setConfirming] = useState<'archive' | 'delete' | null>(null);
  const [dialogError, setDialogError] = useState<unknown>(null);
  const busy = statusMutations.busy || duplicating.loading || removing.loading;
  const editPath = abilities.edit ? `/opportunity/${opportunity.slug}/edit` : null;

  const done = (action: StatusAction, result: Opportunity | undefined) => {
    if (action === 'publish' && result?.opp_status === 'SCHEDULED' && result.publish_at) {
      return t('opportunities.dashboard.status.done.scheduled', {
        date: formatDateTime(result.publish_at, { timeZone: result.time_zone }),
      });
    }
    return t(`opportunities.dashboard.status.done.${action}`);
  };

  const change = async (action: StatusAction) => {
    setProblems(null);
    try {
      const result = await statusMutations.run[action](opportunity.id);
      snackbar.success(done(action, result));
      return true;
    } catch (caught) {
      const fields = validationMapOf(caught);
      // Publishing checks completeness: list what is missing rather than one long message.
      if (action === 'publish' && Object.keys(fields).length > 0) setProblems(fields);
      else if (confirming) setDialogError(caught);
      else snackbar.error(describeGraphQLError(caught));
      return false;
    }
  };

  const copy = async () => {
    try {
      const result = await duplicate({ variables: { id: opportunity.id } });
      const created = result.data?.duplicateOpportunity;
      if (!created) return;
      snackbar.success(
        t('opportunities.dashboard.status.done.duplicate', { title: created.title }),
      );
      void navigate(`/opportunity/${created.slug}/edit`);
    } catch (caught) {
      snackbar.error(describeGraphQLError(caught));
    }
  };

  const closeDialog = () => {
    setConfirming(null);
    setDialogError(null);
  };

  const confirmArchive = async () => {
    if (await change('archive')) closeDialog();
  };

  const confirmDelete = async () => {
    setDialogError(null);
    try {
      await remove({ variables: { id: opportunity.id } });
      snackbar.success(
        t('opportunities.dashboard.status.done.delete', { title: opportunity.title }),
      );
      void navigate(`/organisation/${opportunity.organisation.slug}/opportunities`, {
        replace: true,
      });
    } catch (caught) {
      setDialogError(caught);
    }
  };

  const statusButton = (action: StatusAction) =>
    abilities.status.includes(action) ? (
      <Button
        key={action}
        variant={action === 'publish' || action === 'reopen' ? 'contained' : 'outlined'}
        disabled={busy}
        onClick={() => (action === 'archive' ? setConfirming('archive') : void change(action))}
      >
        {t(`opportunities.dashboard.status.actions.${action}`)}
      </Button>
    ) : null;

  const any = abilities.status.length > 0 || abilities.duplicate || abilities.delete;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {problems ? (
        <PublishProblems
          problems={problems}
          editPath={editPath}
          onClose={() => setProblems(null)}
        />
      ) : null}
      {any ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {statusButton('publish')}
          {statusButton('unpublish')}
          {statusButton('close')}
          {statusButton('reopen')}
          {abilities.duplicate ? (
            <Button variant="outlined" disabled={busy} onClick={() => void copy()}>
              {t('opportunities.dashboard.status.actions.duplicate')}
            </Button>
          ) : null}
          {statusButton('archive')}
          {abilities.delete ? (
            <Button color="error" disabled={busy} onClick={() => setConfirming('delete')}>
              {t('opportunities.dashboard.status.actions.delete')}
            </Button>
          ) : null}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('opportunities.dashboard.status.noActions')}
        </Typography>
      )}
      <ConfirmDialog
        open={confirming === 'archive'}
        title={t('opportunities.dashboard.confirm.archive.title', { title: opportunity.title })}
        confirmLabel={t('opportunities.dashboard.confirm.archive.action')}
        busy={busy}
        error={dialogError}
        onCancel={closeDialog}
        onConfirm={() => void confirmArchive()}
      >
        <Typography>{t('opportunities.dashboard.confirm.archive.body')}</Typography>
      </ConfirmDialog>
      <DeleteOpportunityDialog
        open={confirming === 'delete'}
        title={opportunity.title}
        busy={busy}
        error={dialogError}
        onCancel={closeDialog}
        onConfirm={() => void confirmDelete()}
      />
    </Box>
  );
}
