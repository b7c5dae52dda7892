import { useTranslation } from 'react-i18next';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { ApplicationStatus } from '../../../gql/graphql';

const COLOURS: Record<ApplicationStatus, ChipProps['color']> = {
  DRAFT: 'default',
  SUBMITTED: 'info',
  IN_REVIEW: 'secondary',
  SHORTLISTED: 'primary',
  ACCEPTED: 'success',
  DECLINED: 'error',
  WITHDRAWN: 'default',
};

/** The palette's info fill is too light for a white label to reach WCAG AA contrast (axe). */
const LEGIBLE: Partial<Record<ApplicationStatus, ChipProps['sx']>> = {
  SUBMITTED: { bgcolor: 'info.dark' },
};

/** Where an application stands, in the reader's language. */
export function ApplicationStatusChip({
  status,
  size = 'small',
}: {
  status: ApplicationStatus;
  size?: ChipProps['size'];
}) {
  const { t } = useTranslation('pages');
  return (
    <Chip
      size={size}
      color={COLOURS[status]}
      variant={status === 'DRAFT' || status === 'WITHDRAWN' ? 'outlined' : 'filled'}
      label={t(`applications.status.${status}`)}
      sx={LEGIBLE[status]}
    />
  );
}

/** Submitted to a paid opportunity and waiting for the fee. */
export function AwaitingPaymentChip({ size = 'small' }: { size?: ChipProps['size'] }) {
  const { t } = useTranslation('pages');
  return (
    <Chip
      size={size}
      variant="outlined"
      color="warning"
      label={t('applications.payment.awaiting')}
      sx={{ color: 'text.primary' }}
    />
  );
}
