import { useTranslation } from 'react-i18next';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { PaymentStatus, RefundRequestStatus } from '../../../gql/graphql';

const PAYMENT_COLOURS: Record<PaymentStatus, ChipProps['color']> = {
  REQUIRES_CREATION: 'default',
  REQUIRES_METHOD: 'warning',
  REQUIRES_CONFIRMATION: 'warning',
  REQUIRES_ACTION: 'warning',
  REQUIRES_CAPTURE: 'default',
  PROCESSING: 'default',
  CANCELED: 'default',
  SUCCEEDED: 'success',
  REFUNDED: 'default',
  REFUND_FAIL: 'error',
  FAILED: 'error',
};

const REFUND_COLOURS: Record<RefundRequestStatus, ChipProps['color']> = {
  REQUESTED: 'warning',
  APPROVED: 'default',
  PROCESSING: 'default',
  DECLINED: 'default',
  CANCELED: 'default',
  FAILED: 'error',
  SUCCEEDED: 'success',
};

/**
 * Outlined warnings keep the text's own colour: the palette's orange on white is below the
 * WCAG AA contrast a label needs (axe).
 */
function legible(color: ChipProps['color']): ChipProps['sx'] {
  return color === 'warning' ? { color: 'text.primary' } : undefined;
}

/** Where a payment stands, in the reader's language. */
export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('pages');
  const color = PAYMENT_COLOURS[status];
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      label={t(`applications.review.payment.${status}`)}
      sx={legible(color)}
    />
  );
}

/** Where a refund request stands, in the reader's language. */
export function RefundStatusChip({ status }: { status: RefundRequestStatus }) {
  const { t } = useTranslation('pages');
  const color = REFUND_COLOURS[status];
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      label={t(`opportunities.payments.refundStatus.${status}`)}
      sx={legible(color)}
    />
  );
}
