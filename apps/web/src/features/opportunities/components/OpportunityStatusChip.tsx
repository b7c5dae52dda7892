import { useTranslation } from 'react-i18next';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { OpportunityStatus } from '../../../gql/graphql';

const COLOURS: Record<OpportunityStatus, ChipProps['color']> = {
  DRAFT: 'default',
  SCHEDULED: 'info',
  PUBLISHED: 'success',
  ACTIVE: 'primary',
  CLOSED: 'warning',
  ARCHIVED: 'default',
  DELETED: 'error',
};

/** One opportunity's lifecycle status (singular labels, unlike the organisation's tabs). */
export function OpportunityStatusChip({
  status,
  size = 'small',
}: {
  status: OpportunityStatus;
  size?: ChipProps['size'];
}) {
  const { t } = useTranslation('pages');
  return (
    <Chip
      size={size}
      color={COLOURS[status]}
      variant={status === 'DRAFT' || status === 'ARCHIVED' ? 'outlined' : 'filled'}
      label={t(`opportunities.status.${status}`)}
    />
  );
}
