import Paper from '@mui/material/Paper';
import type { OpportunityFieldsFragment } from '../../../gql/graphql';
import { CouponsPanel } from './CouponsPanel';

/** Whether the viewer may see and change the opportunity's coupons. */
export function managesCoupons(opportunity: Pick<OpportunityFieldsFragment, 'viewerCan'>): boolean {
  return opportunity.viewerCan.manage_payments;
}

/** The dashboard's coupons block; nothing for a viewer who does not manage payments. */
export function CouponsSection({
  opportunity,
}: {
  opportunity: Pick<OpportunityFieldsFragment, 'id' | 'payment_type' | 'viewerCan'>;
}) {
  if (!managesCoupons(opportunity)) return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <CouponsPanel opportunityId={opportunity.id} paymentType={opportunity.payment_type} />
    </Paper>
  );
}
