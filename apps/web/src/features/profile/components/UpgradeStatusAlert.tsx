import { useTranslation } from 'react-i18next';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import type { ProfileUpgradeStatusFieldsFragment } from '../../../gql/graphql';
import { formatDate } from '../../../lib/format';

export type UpgradeRequest = ProfileUpgradeStatusFieldsFragment;

const SEVERITY: Record<UpgradeRequest['status'], AlertColor> = {
  PENDING: 'info',
  APPROVED: 'success',
  REJECTED: 'warning',
  CANCELED: 'info',
};

/** The state of the viewer's latest request, with the administrator's note when there is one. */
export function UpgradeStatusAlert({ request }: { request: UpgradeRequest }) {
  const { t } = useTranslation('pages');
  return (
    <Alert severity={SEVERITY[request.status]} role="status">
      <AlertTitle>{t(`profile.upgrade.status.${request.status}.title`)}</AlertTitle>
      <Typography variant="body2">
        {t(`profile.upgrade.status.${request.status}.body`, {
          organisation: request.organisation_name,
          date: formatDate(request.decided_at ?? request.created_at),
        })}
      </Typography>
      {request.decision_note ? (
        <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
          <strong>{t('profile.upgrade.note')}</strong> {request.decision_note}
        </Typography>
      ) : null}
    </Alert>
  );
}
