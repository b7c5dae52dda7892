import { holdsOnOpportunity, type OpportunityGrant } from '../opportunities/opportunities.service';

/**
 * Who may act on an opportunity's payments (record one made elsewhere, and in issue 21 refund):
 * whoever holds `manage_payments` on it. An applicant acts only on their own application's.
 */
export const paymentsPolicy = {
  manage: (grant: OpportunityGrant) => holdsOnOpportunity(grant, 'manage_payments'),
  /** A paid application's receipt: its applicant's, and the payments team's. */
  readsReceipt: (grant: OpportunityGrant, viewerId: string, payerId: string | null) =>
    viewerId === payerId || holdsOnOpportunity(grant, 'manage_payments'),
};
