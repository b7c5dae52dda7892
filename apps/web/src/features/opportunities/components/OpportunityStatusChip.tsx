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

/**
 * The palette's info and warning fills are too light for a white label to reach the 4.5:1
 * contrast of WCAG AA (axe flags them): a darker fill, and a dark label on the orange.
 */
const LEGIBLE: Partial<Record<OpportunityStatus, ChipProps['sx']>> = {
  SCHEDULED: { bgcolor: 'info.dark' },
  CLOSED: { color: 'text.primary' },
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
      sx={LEGIBLE[status]}
    />
  );
}
