import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { UPGRADE_STATUSES, type UpgradeStatus } from '@encore/core';
import {
  ProfileDecideUpgradeDocument,
  ProfileUpgradeRequestsDocument,
  type ProfileUpgradeRequestsQuery,
} from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { EmptyState } from '../../../components/EmptyState';
import { FormError } from '../../auth/components/FormError';
import { LoadError, LoadingBlock } from '../../../components/PageStates';

const PAGE_SIZE = 10;
type Row = ProfileUpgradeRequestsQuery['accountUpgradeRequests']['data'][number];

function RequestCard({ request, onDecided }: { request: Row; onDecided: () => void }) {
  const { t } = useTranslation('pages');
  const snackbar = useSnackbar();
  const [decide, { loading }] = useMutation(ProfileDecideUpgradeDocument);
  const [note, setNote] = useState('');
  const [error, setError] = useState<unknown>(null);
  const headingId = `upgrade-request-${request.id}`;

  const submit = async (approve: boolean) => {
    setError(null);
    try {
      await decide({
        variables: { input: { id: request.id, approve, note: note.trim() || null } },
      });
      snackbar.success(
        approve ? t('profile.upgrade.admin.approved') : t('profile.upgrade.admin.rejected'),
      );
      onDecided();
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      // What the applicant typed (a name, a website) wraps rather than widen the list.
      sx={{ p: 2, display: 'grid', gap: 1, overflowWrap: 'anywhere' }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography
          id={headingId}
          variant="subtitle1"
          component="h3"
          sx={{ fontWeight: 600, flex: 1 }}
        >
          {request.organisation_name}
        </Typography>
        <Chip size="small" label={t(`profile.upgrade.status.${request.status}.label`)} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('profile.upgrade.admin.by', {
          name: request.user?.name ?? t('profile.upgrade.admin.deletedUser'),
          email: request.user?.email ?? '—',
          date: formatDateTime(request.created_at),
        })}
      </Typography>
      {request.website ? (
        <Link
          href={request.website}
          target="_blank"
          rel="noopener noreferrer"
          dir="ltr"
          sx={{ justifySelf: 'start' }}
        >
          {request.website}
        </Link>
      ) : null}
      <Typography sx={{ whiteSpace: 'pre-line' }}>{request.message}</Typography>
      {request.decision_note ? (
        <Typography variant="body2" color="text.secondary">
          <strong>{t('profile.upgrade.note')}</strong> {request.decision_note}
        </Typography>
      ) : null}
      {request.status === 'PENDING' ? (
        <Box sx={{ display: 'grid', gap: 1.5, mt: 1 }}>
          <FormError error={error} />
          <TextField
            id={`${headingId}-note`}
            size="small"
            label={t('profile.upgrade.admin.note')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            multiline
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button
              variant="contained"
              color="success"
              disabled={loading}
              onClick={() => void submit(true)}
            >
              {t('profile.upgrade.admin.approve')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              disabled={loading}
              onClick={() => void submit(false)}
            >
              {t('profile.upgrade.admin.reject')}
            </Button>
          </Box>
        </Box>
      ) : null}
    </Paper>
  );
}

/** For administrators: every request for an organiser account, filtered by status. */
export function UpgradeRequestsAdmin() {
  const { t } = useTranslation('pages');
  const [status, setStatus] = useState<UpgradeStatus | ''>('PENDING');
  const [page, setPage] = useState(1);
  const { data, error, loading, refetch } = useQuery(ProfileUpgradeRequestsDocument, {
    variables: { status: status === '' ? null : status, first: PAGE_SIZE, page },
    fetchPolicy: 'cache-and-network',
  });
  const list = data?.accountUpgradeRequests;

  let body;
  if (error) body = <LoadError error={error} onRetry={() => void refetch()} />;
  else if (!list && loading) body = <LoadingBlock />;
  else if (!list || list.data.length === 0)
    body = <EmptyState message={t('profile.upgrade.admin.empty')} />;
  else {
    body = (
      <>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {list.data.map((request) => (
            <RequestCard key={request.id} request={request} onDecided={() => void refetch()} />
          ))}
        </Box>
        {list.paginatorInfo.lastPage > 1 ? (
          <Pagination
            sx={{ mt: 2 }}
            count={list.paginatorInfo.lastPage}
            page={list.paginatorInfo.currentPage}
            onChange={(_event, next) => setPage(next)}
            getItemAriaLabel={(type, item) =>
              type === 'page'
                ? t('profile.upgrade.admin.pageN', { page: item })
                : t(
                    `profile.upgrade.admin.${type === 'previous' ? 'previous' : type === 'next' ? 'next' : type === 'first' ? 'first' : 'last'}`,
                  )
            }
          />
        ) : null}
      </>
    );
  }

  return (
    <Box
      component="section"
      aria-labelledby="upgrade-admin-heading"
      sx={{ display: 'grid', gap: 2 }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Typography id="upgrade-admin-heading" variant="h5" component="h2">
          {t('profile.upgrade.admin.title')}
          {list ? (
            <Typography component="span" color="text.secondary" sx={{ marginInlineStart: 1 }}>
              ({list.paginatorInfo.total})
            </Typography>
          ) : null}
        </Typography>
        <TextField
          id="upgrade-admin-status"
          select
          size="small"
          label={t('profile.upgrade.admin.filter')}
          value={status}
          onChange={(event) => {
            const value = event.target.value;
            setStatus(UPGRADE_STATUSES.find((item) => item === value) ?? '');
            setPage(1);
          }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t('profile.upgrade.admin.all')}</MenuItem>
          {UPGRADE_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`profile.upgrade.status.${value}.label`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {body}
    </Box>
  );
}
