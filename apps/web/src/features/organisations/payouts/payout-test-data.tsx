import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { MemoryRouter } from 'react-router';
import {
  AddExternalAccountDocument,
  CreatePayoutDocument,
  OrganisationBalanceDocument,
  OrganisationPayoutsDocument,
  PayoutCountriesDocument,
  RemoveExternalAccountDocument,
  RequestEarlyReleaseDocument,
  SetDefaultExternalAccountDocument,
  UpdatePayoutScheduleDocument,
  type ExternalAccountInput,
  type OrganisationBalanceQuery,
  type PayoutFieldsFragment,
  type PayoutInterval,
  type PayoutReleaseFieldsFragment,
} from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import { SnackbarProvider } from '../../../lib/snackbar';
import { organisation, type BANK_ACCOUNT } from '../payment-test-data';

/** Mocked answers for the organisation's money (Apollo's cache needs `__typename`). */

type WithTypenames<T> = T extends readonly (infer U)[]
  ? WithTypenames<U>[]
  : T extends object
    ? { [K in keyof T]: WithTypenames<T[K]> } & { __typename: string }
    : T;
type MockBalance = WithTypenames<NonNullable<OrganisationBalanceQuery['accountBalance']>>;
type MockSchedule = WithTypenames<NonNullable<OrganisationBalanceQuery['organisationAccount']>>;
type MockPayout = WithTypenames<PayoutFieldsFragment>;
type MockRelease = WithTypenames<PayoutReleaseFieldsFragment>;

export const ORGANISATION_ID = organisation(true).id;
const variables = { organisation: ORGANISATION_ID };

export const money = (amount: number, currency = 'EUR') => ({
  __typename: 'Money',
  amount,
  currency,
  formatted: formatMoney(amount, currency),
});

export function schedule(overrides: Partial<MockSchedule> = {}): MockSchedule {
  return {
    __typename: 'PaymentAccount',
    id: ORGANISATION_ID,
    payout_interval: 'WEEKLY',
    next_payout_at: '2027-05-03 08:00:00',
    manages_external_accounts: true,
    ...overrides,
  };
}

export function release(overrides: Partial<MockRelease> = {}): MockRelease {
  return {
    __typename: 'PayoutRelease',
    opportunity_id: 'opp-1',
    opportunity_title: 'Riverside Open Call',
    opportunity_slug: 'riverside-open-call',
    release_at: '2027-06-20 22:00:00',
    can_request_early: false,
    amount: money(45000),
    ...overrides,
  };
}

export function balance({
  available = 123456,
  pending = 26544,
  releases = [release()],
}: { available?: number; pending?: number; releases?: MockRelease[] } = {}): MockBalance {
  return {
    __typename: 'AccountBalance',
    hold_days: 7,
    per_currency: [
      {
        __typename: 'CurrencyBalance',
        available: money(available),
        pending: money(pending),
        total: money(available + pending),
      },
    ],
    upcoming_releases: releases,
  };
}

export function payout(overrides: Partial<MockPayout> = {}): MockPayout {
  return {
    __typename: 'Payout',
    id: 'po-1',
    currency: 'EUR',
    description: null,
    status: 'PAID',
    failure_code: null,
    failure_message: null,
    automatic: true,
    created_at: '2027-04-26 08:00:00',
    arrival_date: '2027-04-28 00:00:00',
    amount: money(80000),
    created_by: null,
    ...overrides,
  };
}

export const balanceAnswer = (
  found: MockBalance | null = balance(),
  account: MockSchedule | null = schedule(),
): MockLink.MockedResponse => ({
  request: { query: OrganisationBalanceDocument, variables },
  result: { data: { organisationAccount: account, accountBalance: found } },
});

export const payoutsAnswer = (payouts: MockPayout[] = [payout()]): MockLink.MockedResponse => ({
  request: { query: OrganisationPayoutsDocument, variables },
  result: { data: { organisationPayouts: payouts } },
});

export const createPayoutAnswer = (created: MockPayout): MockLink.MockedResponse => ({
  request: { query: CreatePayoutDocument, variables: { ...variables, currency: 'EUR' } },
  result: { data: { createPayout: created } },
});

export const scheduleAnswer = (interval: PayoutInterval): MockLink.MockedResponse => ({
  request: { query: UpdatePayoutScheduleDocument, variables: { ...variables, interval } },
  result: {
    data: {
      updatePayoutSchedule: schedule({
        payout_interval: interval,
        next_payout_at: interval === 'WEEKLY' ? '2027-05-03 08:00:00' : null,
      }),
    },
  },
});

export const earlyReleaseAnswer = (released: MockRelease): MockLink.MockedResponse => ({
  request: {
    query: RequestEarlyReleaseDocument,
    variables: { opportunity: released.opportunity_id },
  },
  result: { data: { requestEarlyRelease: released } },
});

export const countriesAnswer = (): MockLink.MockedResponse => ({
  request: { query: PayoutCountriesDocument },
  result: {
    data: {
      countries: [
        { __typename: 'Country', code: 'DE', name: 'Germany' },
        { __typename: 'Country', code: 'PT', name: 'Portugal' },
      ],
    },
  },
});

export const addAccountAnswer = (
  input: ExternalAccountInput,
  outcome: { added: typeof BANK_ACCOUNT } | { validation: Record<string, string[]> },
): MockLink.MockedResponse => ({
  request: { query: AddExternalAccountDocument, variables: { ...variables, input } },
  result:
    'added' in outcome
      ? { data: { addExternalAccount: outcome.added } }
      : {
          errors: [
            new GraphQLError('Validation failed.', {
              extensions: { category: 'validation', validation: outcome.validation },
            }),
          ],
        },
});

type MockDestination = typeof BANK_ACCOUNT;

export const setDefaultAnswer = (
  id: string,
  accounts: MockDestination[],
): MockLink.MockedResponse => ({
  request: { query: SetDefaultExternalAccountDocument, variables: { ...variables, id } },
  result: { data: { setDefaultExternalAccount: accounts } },
});

export const removeAnswer = (id: string, accounts: MockDestination[]): MockLink.MockedResponse => ({
  request: { query: RemoveExternalAccountDocument, variables: { ...variables, id } },
  result: { data: { removeExternalAccount: accounts } },
});

/** Renders one part of the account page with the given answers. */
export function renderPart(part: ReactElement, responses: MockLink.MockedResponse[]) {
  return render(
    <SnackbarProvider>
      <MockedProvider mocks={responses}>
        <MemoryRouter>{part}</MemoryRouter>
      </MockedProvider>
    </SnackbarProvider>,
  );
}
