import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import type { OpportunityFieldsFragment, OpportunityPaymentType } from '../../../gql/graphql';
import { CouponsPanel } from './CouponsPanel';
import { managesCoupons } from './CouponsSection';

interface WizardCouponsProps {
  /** The opportunity as last saved; coupons need its id. */
  saved?: Pick<OpportunityFieldsFragment, 'id' | 'viewerCan'>;
  /** The payment type chosen in the step, saved or not. */
  paymentType: OpportunityPaymentType;
}

/** The payment step's coupons: the panel once the draft is saved, a hint before. */
export function WizardCoupons({ saved, paymentType }: WizardCouponsProps) {
  const { t } = useTranslation('pages');
  if (saved && !managesCoupons(saved)) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Divider />
      {saved ? (
        <CouponsPanel opportunityId={saved.id} paymentType={paymentType} headingLevel="h3" />
      ) : (
        <Alert severity="info">{t('opportunities.coupons.saveFirst')}</Alert>
      )}
    </Box>
  );
}
