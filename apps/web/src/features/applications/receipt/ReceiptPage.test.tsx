import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import pages from '../../../../public/locales/en/pages.json';
import { ApplicationReceiptDocument, type ApplicationReceiptQuery } from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { ReceiptPage } from './ReceiptPage';

// Translations are not loaded in most of these tests: texts show as their keys.

const TOKEN = 'ran4Jsnt3HYRr0CxlbOXdezJ';

// The typed result leaves __typename out of nested objects; the cache wants it.
const RECEIPT = {
  __typename: 'ApplicationReceipt',
  payment_id: '5f0c1c57-4d0e-4d55-9a55-5b6f0e0c2a10',
  number: 1001,
  paid_at: '2027-03-01 10:00:00',
  organisation_name: 'Harbour Lights',
  opportunity_title: 'Riverside Open Call',
  application_code: 'HLF-7K3M9Q',
  applicant_name: 'Sam Performer',
  applicant_email: 'sam@example.test',
  tier_title: 'Early bird',
  coupon_code: 'EARLY50',
  discount_percent: 50,
  currency: 'EUR',
  method: 'INTERNAL_PAYMENT',
  status: 'SUCCEEDED',
  pdf_url: `/api/receipts/${TOKEN}.pdf`,
  price: { __typename: 'Money', amount: 1000, formatted: '€10.00' },
  discount: { __typename: 'Money', amount: 500, formatted: '€5.00' },
  platform_fee: { __typename: 'Money', amount: 25, formatted: '€0.25' },
  total: { __typename: 'Money', amount: 500, currency: 'EUR', formatted: '€5.00' },
  refunded: { __typename: 'Money', amount: 0, formatted: '€0.00' },
  kept: { __typename: 'Money', amount: 500, formatted: '€5.00' },
  refunds: [],
} as ApplicationReceiptQuery['applicationReceipt'];

function receiptMock(
  result: MockLink.MockedResponse['result'],
  variables: Record<string, unknown> = { receipt_url: TOKEN, payment_id: null },
): MockLink.MockedResponse {
  return { request: { query: ApplicationReceiptDocument, variables }, result, delay: 20 };
}

function pageAt(path: string, mocks: MockLink.MockedResponse[]) {
  return (
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/receipt/:token" element={<ReceiptPage />} />
        </Routes>
      </MemoryRouter>
    </MockedProvider>
  );
}

function renderAt(path: string, mocks: MockLink.MockedResponse[]) {
  return render(pageAt(path, mocks));
}

/** The real English texts, so a test reads the amounts and dates people read. */
async function renderInEnglish(path: string, mocks: MockLink.MockedResponse[]) {
  const english = i18next.createInstance();
  await english.init({
    lng: 'en',
    ns: ['pages'],
    defaultNS: 'pages',
    resources: { en: { pages } },
    interpolation: { escapeValue: false },
  });
  return render(<I18nextProvider i18n={english}>{pageAt(path, mocks)}</I18nextProvider>);
}

describe('ReceiptPage', () => {
  afterEach(cleanup);

  it('loads, then shows the receipt with its total, a print button and the PDF link', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderAt(`/receipt/${TOKEN}`, [receiptMock({ data: { applicationReceipt: RECEIPT } })]);
    expect(screen.getByRole('status', { name: 'receipt.loading' })).toBeTruthy();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'receipt.titleNumber' }),
    ).toBeTruthy();
    expect(screen.getByTestId('receipt-total').textContent).toBe('€5.00');
    for (const text of ['Harbour Lights', 'Riverside Open Call', 'HLF-7K3M9Q', 'Early bird']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByText('receipt.couponValue')).toBeTruthy();
    expect(screen.getByText('receipt.methods.INTERNAL_PAYMENT')).toBeTruthy();
    expect(screen.getByText('receipt.statuses.SUCCEEDED')).toBeTruthy();

    const download = screen.getByRole('link', { name: 'receipt.download' });
    expect(download.getAttribute('href')).toBe(`/api/receipts/${TOKEN}.pdf`);
    fireEvent.click(screen.getByRole('button', { name: 'receipt.print' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('passes the payment id of the address along', async () => {
    const paymentId = RECEIPT.payment_id;
    renderAt(`/receipt/${TOKEN}?payment_id=${paymentId}`, [
      receiptMock(
        { data: { applicationReceipt: RECEIPT } },
        { receipt_url: TOKEN, payment_id: paymentId },
      ),
    ]);
    expect(await screen.findByTestId('receipt-total')).toBeTruthy();
  });

  it('reads as paid when a refund failed, and as refunded once given back', async () => {
    renderAt(`/receipt/${TOKEN}`, [
      receiptMock({ data: { applicationReceipt: { ...RECEIPT, status: 'REFUND_FAIL' } } }),
    ]);
    expect(await screen.findByText('receipt.statuses.SUCCEEDED')).toBeTruthy();
    cleanup();
    renderAt(`/receipt/${TOKEN}`, [
      receiptMock({ data: { applicationReceipt: { ...RECEIPT, status: 'REFUNDED' } } }),
    ]);
    expect(await screen.findByText('receipt.statuses.REFUNDED')).toBeTruthy();
  });

  it('lists each refund with its date and what was kept once anything was given back', async () => {
    await renderInEnglish(`/receipt/${TOKEN}`, [
      receiptMock({
        data: {
          applicationReceipt: {
            ...RECEIPT,
            status: 'REFUNDED',
            refunded: { __typename: 'Money', amount: 300, formatted: '€3.00' },
            kept: { __typename: 'Money', amount: 200, formatted: '€2.00' },
            refunds: [
              {
                __typename: 'ReceiptRefund',
                refunded_at: '2027-03-05 09:30:00',
                amount: { __typename: 'Money', amount: 100, formatted: '€1.00' },
              },
              {
                __typename: 'ReceiptRefund',
                refunded_at: '2027-03-09 16:00:00',
                amount: { __typename: 'Money', amount: 200, formatted: '€2.00' },
              },
            ],
          },
        },
      }),
    ]);
    const refunds = await screen.findAllByTestId('receipt-refund');
    expect(refunds.map((line) => line.textContent)).toEqual([
      `Refunded €1.00 on ${formatDateTime('2027-03-05 09:30:00')}`,
      `Refunded €2.00 on ${formatDateTime('2027-03-09 16:00:00')}`,
    ]);
    expect(screen.getByTestId('receipt-kept').textContent).toBe('Kept €2.00');
    expect(screen.getByText('Refunded')).toBeTruthy();
  });

  it('shows no refund lines while nothing was refunded', async () => {
    renderAt(`/receipt/${TOKEN}`, [receiptMock({ data: { applicationReceipt: RECEIPT } })]);
    expect(await screen.findByTestId('receipt-total')).toBeTruthy();
    expect(screen.queryByTestId('receipt-refund')).toBeNull();
    expect(screen.queryByTestId('receipt-kept')).toBeNull();
  });

  it('says the link is not valid for an unknown token, without a download', async () => {
    renderAt(`/receipt/${TOKEN}`, [
      receiptMock({
        errors: [new GraphQLError('Not found', { extensions: { code: 'NOT_FOUND' } })],
      }),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('receipt.notFound.title');
    expect(screen.queryByRole('link', { name: 'receipt.download' })).toBeNull();
  });

  it('tells of any other failure', async () => {
    renderAt(`/receipt/${TOKEN}`, [
      receiptMock({
        errors: [new GraphQLError('Boom', { extensions: { code: 'INTERNAL_SERVER_ERROR' } })],
      }),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('receipt.failed');
  });
});
