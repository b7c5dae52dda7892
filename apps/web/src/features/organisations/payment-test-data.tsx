import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SessionContext, type Session } from '../../app/session/session';
import {
  OrganisationAccountLinkDocument,
  OrganisationBySlugDocument,
  OrganisationPaymentAccountDocument,
  OrganisationPayoutDestinationsDocument,
  RecheckOrganisationAccountDocument,
  VerifyOrganisationAccountLinkDocument,
  type OrganisationBySlugQuery,
  type OrganisationPayoutDestinationsQuery,
  type PaymentAccountFieldsFragment,
} from '../../gql/graphql';
import { SnackbarProvider } from '../../lib/snackbar';

/** Mocked answers for the payout account pages' tests (Apollo's cache needs `__typename`). */

type WithTypenames<T> = T extends readonly (infer U)[]
  ? WithTypenames<U>[]
  : T extends object
    ? { [K in keyof T]: WithTypenames<T[K]> } & { __typename: string }
    : T;
type MockOrganisation = WithTypenames<NonNullable<OrganisationBySlugQuery['organisation']>>;
export type MockAccount = WithTypenames<PaymentAccountFieldsFragment>;
type MockDestination = WithTypenames<
  OrganisationPayoutDestinationsQuery['externalAccounts'][number]
>;

export const SLUG = 'sons-do-atlantico';
const ORGANISATION_ID = '6f1c0a52-7d4e-4f4a-9a51-0c2b6f0e9a10';
const variables = { organisation: ORGANISATION_ID };

/** The organisation as its owner (manages payments) or as a member (does not) sees it. */
export function organisation(managesPayments: boolean): MockOrganisation {
  return {
    __typename: 'Organisation',
    id: ORGANISATION_ID,
    slug: SLUG,
    name: 'Sons do Atlântico',
    description: null,
    website: null,
    email: 'ola@sons.example',
    phone: null,
    members_count: 2,
    created_at: '2026-01-01 09:00:00',
    logo: null,
    cover: null,
    city: null,
    country: null,
    social_links: [],
    team_role: {
      __typename: 'OrganisationTeamRole',
      role: managesPayments ? 'owner' : 'member',
      permissions: [],
    },
    viewerCan: {
      __typename: 'OrganisationViewerCan',
      view_team: true,
      update: managesPayments,
      delete: managesPayments,
      manage_team: managesPayments,
      manage_owners: managesPayments,
      create_opportunity: true,
      manage_payments: managesPayments,
      leave: true,
    },
  };
}

/** An account that takes payments and is paid out, nothing due. */
export function account(overrides: Partial<MockAccount> = {}): MockAccount {
  return {
    __typename: 'PaymentAccount',
    id: ORGANISATION_ID,
    account_id: 'acct_1PqRsTuVwXyZ',
    name: 'Sons do Atlântico',
    email: 'ola@sons.example',
    country_code: 'PT',
    business_type: 'NON_PROFIT',
    default_currency: 'EUR',
    charges_enabled: true,
    payouts_enabled: true,
    has_external_account: true,
    is_disabled: false,
    disabled_reason: null,
    requirements_due: [],
    created_at: '2026-02-03 10:00:00',
    ...overrides,
  };
}

/** A new account: nothing given yet at the processor's onboarding. */
export const NEW_ACCOUNT: Partial<MockAccount> = {
  country_code: 'PT',
  business_type: null,
  charges_enabled: false,
  payouts_enabled: false,
  has_external_account: false,
  is_disabled: true,
  disabled_reason: 'requirements.past_due',
  requirements_due: [
    'business_type',
    'external_account',
    'tos_acceptance.date',
    'tos_acceptance.ip',
  ],
};

export const BANK_ACCOUNT: MockDestination = {
  __typename: 'ExternalAccount',
  id: 'ba_1',
  type: 'BANK_ACCOUNT',
  country: 'PT',
  currency: 'EUR',
  default_for_currency: true,
  holder_name: 'Associação Sons do Atlântico',
  last4: '6789',
  routing_number: null,
  account_type: 'company',
  status: 'new',
};

export const organisationAnswer = (managesPayments = true): MockLink.MockedResponse => ({
  request: { query: OrganisationBySlugDocument, variables: { slug: SLUG } },
  result: { data: { organisation: organisation(managesPayments) } },
});

export const accountAnswer = (found: MockAccount | null): MockLink.MockedResponse => ({
  request: { query: OrganisationPaymentAccountDocument, variables },
  result: { data: { organisationAccount: found } },
});

export const destinationsAnswer = (
  destinations: MockDestination[] = [BANK_ACCOUNT],
  currencies: string[] = ['EUR'],
): MockLink.MockedResponse => ({
  request: { query: OrganisationPayoutDestinationsDocument, variables },
  result: { data: { externalAccounts: destinations, payoutAccountCurrencies: currencies } },
});

export const recheckAnswer = (found: MockAccount): MockLink.MockedResponse => ({
  request: { query: RecheckOrganisationAccountDocument, variables },
  result: { data: { organisationAccount: found } },
});

const step = (isDone: boolean, url: string | null) => ({
  __typename: 'AccountConnectStep',
  is_done: isDone,
  next: isDone ? null : 'business_type',
  url,
});

export const ONBOARDING_URL = 'https://connect.processor.example/setup/s/acct_1PqRsTuVwXyZ';

export const linkAnswer = (isDone: boolean): MockLink.MockedResponse => ({
  request: { query: OrganisationAccountLinkDocument, variables },
  result: { data: { updateAccountLink: step(isDone, isDone ? null : ONBOARDING_URL) } },
});

export const verifyAnswer = (isDone: boolean): MockLink.MockedResponse => ({
  request: { query: VerifyOrganisationAccountLinkDocument, variables },
  result: { data: { verifyAccountLink: step(isDone, isDone ? null : ONBOARDING_URL) } },
});

/** An operation's refusal as the server words it for someone who does not manage payments. */
export const refused = (query: MockLink.MockedResponse['request']['query']) => ({
  request: { query, variables },
  result: {
    errors: [
      new GraphQLError('You are not allowed to do this.', {
        extensions: { code: 'FORBIDDEN', category: 'authorization' },
      }),
    ],
  },
});

/** The processor could not be reached. */
export const unreachable = (query: MockLink.MockedResponse['request']['query']) => ({
  request: { query, variables },
  result: {
    errors: [
      new GraphQLError('The payment processor could not be reached.', {
        extensions: {
          code: 'PAYMENT_FAILED',
          category: 'bad-request',
          debugMessage: 'The payment processor could not be reached.',
        },
      }),
    ],
  },
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

/** Renders one page at its route, signed in, with the given answers. */
export function renderPaymentPage(
  path: string,
  page: ReactElement,
  responses: MockLink.MockedResponse[],
  search = '',
) {
  const session: Session = {
    status: 'authenticated',
    user: null,
    signIn: () => {},
    signOut: () => {},
  };
  return render(
    <SessionContext.Provider value={session}>
      <SnackbarProvider>
        <MockedProvider mocks={responses}>
          <MemoryRouter initialEntries={[`/organisation/${SLUG}/payment/${path}${search}`]}>
            <Routes>
              <Route path={`/organisation/:slug/payment/${path}`} element={page} />
            </Routes>
            <Address />
          </MemoryRouter>
        </MockedProvider>
      </SnackbarProvider>
    </SessionContext.Provider>,
  );
}
