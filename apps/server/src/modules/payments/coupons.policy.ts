import {
  holdsOnOpportunity,
  opportunityPolicy,
  type OpportunityGrant,
} from '../opportunities/opportunities.service';

/**
 * Who may see and change an opportunity's coupons (ARCHITECTURE §5): whoever manages its payments,
 * that is the organisation's owners and admins (full access on its opportunities), the
 * opportunity's managers, and anyone given `manage_payments` on it. Applicants never list coupons;
 * they only redeem a code they were given.
 */
export const couponPolicy = {
  manage: (grant: OpportunityGrant) => holdsOnOpportunity(grant, 'manage_payments'),
  /**
   * Whether a refusal may say so: the opportunity's team knows it has coupons; to anyone else a
   * coupon they may not touch does not exist, so ids cannot be probed.
   */
  admitsRefusal: (grant: OpportunityGrant) => opportunityPolicy.isTeam(grant),
};
