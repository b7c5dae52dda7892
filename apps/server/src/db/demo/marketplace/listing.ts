import type { DemoAccount, DemoOpportunity, DemoOrganisation } from '../demo-data';

/** One organiser's corner of the marketplace: the organisation and what it has published. */
export interface MarketplaceCatalogue {
  organisation: DemoOrganisation;
  opportunities: DemoOpportunity[];
}

type ListingInput = Omit<
  DemoOpportunity,
  'publishInDays' | 'approvalType' | 'paymentType' | 'organisation' | 'by'
> &
  Partial<Pick<DemoOpportunity, 'approvalType' | 'paymentType'>> & { publishedDaysAgo: number };

/**
 * A published, listed opportunity of the marketplace: reviewed applications, paid through Encore
 * when it has prices and free otherwise, unless it says so.
 */
export const listingsOf =
  (organisation: DemoOrganisation) =>
  (entry: ListingInput): DemoOpportunity => ({
    organisation: organisation.slug,
    by: organisation.owner,
    publishInDays: 0,
    approvalType: 'ON_REVIEW',
    paymentType: entry.paymentOptions?.length ? 'PAID_INTERNAL' : 'FREE',
    ...entry,
  });

/** An organiser of the marketplace, in the organisation's city. */
export const organiser = (account: Omit<DemoAccount, 'role' | 'selectedType'>): DemoAccount => ({
  ...account,
  role: 'organiser',
  selectedType: 'ORGANISATION',
});
