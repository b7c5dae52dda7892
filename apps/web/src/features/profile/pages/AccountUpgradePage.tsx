import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageFrame } from '../../../app/layout/PageFrame';
import { ProfileCancelUpgradeDocument, ProfileUpgradeStatusDocument } from '../../../gql/graphql';
import { useSnackbar } from '../../../lib/snackbar';
import { FormError } from '../../auth/components/FormError';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import { UpgradeRequestForm } from '../components/UpgradeRequestForm';
import { UpgradeRequestsAdmin } from '../components/UpgradeRequestsAdmin';
import { UpgradeStatusAlert, type UpgradeRequest } from '../components/UpgradeStatusAlert';

function PerformerUpgrade({ request }: { request: UpgradeRequest | null }) {
  const { t } = useTranslation('pages');
  const snackbar = useSnackbar();
  const [cancel, cancelState] = useMutation(ProfileCancelUpgradeDocument);
  const pending = request?.status === 'PENDING';

  const cancelRequest = async () => {
    try {
      await cancel();
      snackbar.success(t('profile.upgrade.canceled'));
    } catch {
      // Shown below by FormError from the mutation's state.
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('profile.upgrade.why.title')}
        </Typography>
        <Typography color="text.secondary">{t('profile.upgrade.why.body')}</Typography>
      </Paper>
      {request ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <UpgradeStatusAlert request={request} />
          {pending ? (
            <Box>
              <FormError error={cancelState.error} />
              <Button
                variant="outlined"
                color="error"
                disabled={cancelState.loading}
                onClick={() => void cancelRequest()}
              >
                {cancelState.loading ? t('profile.upgrade.canceling') : t('profile.upgrade.cancel')}
              </Button>
            </Box>
          ) : null}
          {request.status === 'APPROVED' ? (
            <Box>
              <Button variant="contained" component={RouterLink} to="/organisations/create">
                {t('profile.upgrade.createOrganisation')}
              </Button>
            </Box>
          ) : null}
        </Box>
      ) : null}
      {!pending && request?.status !== 'APPROVED' ? (
        <Paper
          component="section"
          variant="outlined"
          aria-labelledby="upgrade-form-heading"
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography id="upgrade-form-heading" variant="h6" component="h2" gutterBottom>
            {request ? t('profile.upgrade.form.again') : t('profile.upgrade.form.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('profile.upgrade.form.intro')}
          </Typography>
          <UpgradeRequestForm />
        </Paper>
      ) : null}
    </Box>
  );
}

/** /account/upgrade: performers ask for an organiser account; administrators decide. */
export function AccountUpgradePage() {
  const { t } = useTranslation('pages');
  const { data, error, refetch } = useQuery(ProfileUpgradeStatusDocument);
  const title = t('profile.upgrade.title');
  const role = data?.me.role.name;

  let body;
  if (error) body = <LoadError error={error} onRetry={() => void refetch()} />;
  else if (!data) body = <LoadingBlock />;
  else if (role === 'performer') body = <PerformerUpgrade request={data.upgradeStatus} />;
  else {
    body = (
      <Box sx={{ display: 'grid', gap: 4 }}>
        <Alert
          severity="success"
          action={
            <Button color="inherit" component={RouterLink} to="/organisations/create">
              {t('profile.upgrade.createOrganisation')}
            </Button>
          }
        >
          {role === 'admin'
            ? t('profile.upgrade.alreadyAdmin')
            : t('profile.upgrade.alreadyOrganiser')}
        </Alert>
        {role === 'admin' ? (
          <Box>
            <Button variant="outlined" component={RouterLink} to="/admin/events">
              {t('admin.events.link')}
            </Button>
          </Box>
        ) : null}
        {role === 'admin' ? <UpgradeRequestsAdmin /> : null}
      </Box>
    );
  }

  return (
    <PageFrame title={title} breadcrumbs={[{ label: title }]}>
      {body}
    </PageFrame>
  );
}
