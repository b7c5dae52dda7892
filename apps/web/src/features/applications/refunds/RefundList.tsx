import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { RefundStatus } from '../../../gql/graphql';
import { formatDate } from '../../../lib/format';

/** One refund as both the application page and the receipt show it. */
export interface RefundLineParts {
  id: string;
  status: RefundStatus;
  automatic: boolean;
  failure_reason?: string | null;
  created_at: string;
  succeeded_at?: string | null;
  amount: { formatted: string };
}

/** "Refunded €10.00 on 3 May 2027", one line per refund, the automatic ones said to be so. */
export function RefundList({ refunds }: { refunds: readonly RefundLineParts[] }) {
  const { t } = useTranslation('pages');
  if (refunds.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 0.5 }}>
      {refunds.map((refund) => {
        const values = {
          amount: refund.amount.formatted,
          date: formatDate(refund.succeeded_at ?? refund.created_at),
        };
        let text: string;
        if (refund.status === 'SUCCEEDED') text = t('applications.refund.line.SUCCEEDED', values);
        else if (refund.status === 'PENDING') text = t('applications.refund.line.PENDING', values);
        else {
          text = t('applications.refund.line.FAILED', {
            ...values,
            reason: refund.failure_reason ?? t('applications.refund.failedFallback'),
          });
        }
        return (
          <Typography
            component="li"
            key={refund.id}
            color={refund.status === 'FAILED' ? 'error' : undefined}
            sx={{ listStyle: 'none', overflowWrap: 'anywhere' }}
          >
            {text}
            {refund.automatic ? (
              <Typography component="span" variant="body2" color="text.secondary">
                {' · '}
                {t('applications.refund.automatic')}
              </Typography>
            ) : null}
          </Typography>
        );
      })}
    </Box>
  );
}
