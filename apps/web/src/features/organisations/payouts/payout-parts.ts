import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import {
  OrganisationBalanceDocument,
  type OrganisationBalanceQuery,
  type PayoutStatus,
} from '../../../gql/graphql';

/** Translation keys of the organisation's money (balance, payouts, payout accounts). */
export const PAYOUTS = 'app.organisations.payouts';

export type OrganisationBalance = NonNullable<OrganisationBalanceQuery['accountBalance']>;
export type PayoutSchedule = NonNullable<OrganisationBalanceQuery['organisationAccount']>;
export type CurrencyBalance = OrganisationBalance['per_currency'][number];

/** How each payout status reads at a glance; the chip always says it in words as well. */
export const PAYOUT_STATUS_TONE: Record<
  PayoutStatus,
  'default' | 'info' | 'success' | 'error' | 'warning'
> = {
  PENDING: 'default',
  IN_TRANSIT: 'info',
  PAID: 'success',
  FAILED: 'error',
  CANCELED: 'warning',
};

/**
 * The balance per currency, the money still held for events, and the payout schedule: one
 * query for the page, asked again whenever `refreshKey` grows (after a recheck).
 */
export function useOrganisationBalance(organisationId: string, refreshKey: number, skip = false) {
  const query = useQuery(OrganisationBalanceDocument, {
    variables: { organisation: organisationId },
    fetchPolicy: 'cache-and-network',
    skip,
  });
  const { refetch } = query;
  useEffect(() => {
    if (refreshKey > 0 && !skip) void refetch();
  }, [refreshKey, refetch, skip]);
  return query;
}

export type BalanceQuery = ReturnType<typeof useOrganisationBalance>;
