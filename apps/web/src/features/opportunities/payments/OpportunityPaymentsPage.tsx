import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { OpportunityGate } from '../components/OpportunityGate';
import { PaymentsSection } from './PaymentsSection';
import { RefundRequestsSection } from './RefundRequestsSection';
import { RevenueSection } from './RevenueSection';

/**
 * /opportunity/{slug}/payments/details: the money of one opportunity for whoever manages its
 * payments: what came in and when it can be paid out, every payment, refunds and requests.
 */
export function OpportunityPaymentsPage() {
  const { t } = useTranslation('pages');
  return (
    <OpportunityGate
      page={t('opportunities.payments.pageTitle')}
      requires="manage_payments"
      parent={(opportunity) => ({
        label: t('opportunities.dashboard.title'),
        to: `/opportunity/${opportunity.slug}/dashboard`,
      })}
    >
      {(opportunity) => (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <RevenueSection slug={opportunity.slug} />
          <RefundRequestsSection slug={opportunity.slug} />
          <PaymentsSection slug={opportunity.slug} />
        </Box>
      )}
    </OpportunityGate>
  );
}
