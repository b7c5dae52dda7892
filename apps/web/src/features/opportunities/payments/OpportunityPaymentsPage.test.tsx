import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { OpportunityDocument } from '../../../gql/graphql';
import { SnackbarProvider } from '../../../lib/snackbar';
import { MANAGER, makeOpportunity, type MockOpportunity } from '../public/test-opportunity';
import { OpportunityPaymentsPage } from './OpportunityPaymentsPage';
import { PaymentsDashboardLink } from './PaymentsDashboardLink';
import {
  SLUG,
  englishI18n,
  paymentRow,
  paymentsMock,
  refundRequest,
  refundRequestsMock,
  renderWith,
  revenue,
  revenueMock,
} from './payments-test-data';

vi.setConfig({ testTimeout: 60_000 });

let english: i18n;

beforeAll(async () => {
  english = await englishI18n();
});

afterEach(cleanup);

/** A reviewer of the opportunity: reads and rates applications, does not handle money. */
const REVIEWER = { ...MANAGER, manage_payments: false, manage_team: false, delete: false };

function renderPage(opportunity: MockOpportunity, more: MockLink.MockedResponse[] = []) {
  const mocks: MockLink.MockedResponse[] = [
    {
      request: { query: OpportunityDocument, variables: { slug: SLUG } },
      result: { data: { opportunity } },
    },
    ...more,
  ];
  return render(
    <I18nextProvider i18n={english}>
      <MemoryRouter initialEntries={[`/opportunity/${SLUG}/payments/details`]}>
        <MockedProvider mocks={mocks}>
          <SnackbarProvider>
            <Routes>
              <Route
                path="/opportunity/:slug/payments/details"
                element={<OpportunityPaymentsPage />}
              />
            </Routes>
          </SnackbarProvider>
        </MockedProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('OpportunityPaymentsPage', () => {
  it('shows the revenue, the refund requests and the payments to whoever manages payments', async () => {
    renderPage(makeOpportunity({ slug: SLUG, viewerCan: MANAGER }), [
      revenueMock(revenue()),
      refundRequestsMock([refundRequest()]),
      paymentsMock([paymentRow()]),
    ]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Revenue' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Refund requests' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Payments' })).toBeTruthy();
    expect(await screen.findByText('€300.00')).toBeTruthy();
    expect(await screen.findByText('I broke my wrist, sorry.')).toBeTruthy();
    expect(await screen.findByText('Ana Lima')).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: /breadcrumb/i });
    expect(crumbs.textContent).toContain('Dashboard');
  });

  it('shows no money, and no export, to a reviewer', async () => {
    renderPage(makeOpportunity({ slug: SLUG, viewerCan: REVIEWER }));
    expect(await screen.findByText(english.t('pages:opportunities.gate.noAccess'))).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Revenue' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });
});

describe('PaymentsDashboardLink', () => {
  it('leads whoever manages payments of a paid opportunity to the payments page', () => {
    renderWith(
      english,
      <PaymentsDashboardLink
        opportunity={{ slug: SLUG, payment_type: 'PAID_INTERNAL', viewerCan: MANAGER }}
      />,
      [],
    );
    const link = screen.getByRole('link', { name: 'See payments' });
    expect(link.getAttribute('href')).toBe(`/opportunity/${SLUG}/payments/details`);
  });

  it('is not there for a reviewer, nor on a free opportunity', () => {
    const { container } = renderWith(
      english,
      <>
        <PaymentsDashboardLink
          opportunity={{ slug: SLUG, payment_type: 'PAID_INTERNAL', viewerCan: REVIEWER }}
        />
        <PaymentsDashboardLink
          opportunity={{ slug: SLUG, payment_type: 'FREE', viewerCan: MANAGER }}
        />
      </>,
      [],
    );
    expect(container.textContent).toBe('');
  });
});
