import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import axe from 'axe-core';
import i18next, { type i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import common from '../../../../public/locales/en/common.json';
import pages from '../../../../public/locales/en/pages.json';
import { SnackbarProvider } from '../../../lib/snackbar';
import { PaymentCard } from './PaymentCard';
import {
  APPLICATION_ID,
  cardMock,
  notFoundError,
  paymentInfo,
  recordMock,
  type Mock,
} from './payment-test-data';

let english: i18n;

beforeAll(async () => {
  english = i18next.createInstance();
  await english.init({
    lng: 'en',
    ns: ['common', 'pages'],
    defaultNS: 'common',
    resources: { en: { common, pages } },
    interpolation: { escapeValue: false },
  });
});

afterEach(cleanup);

function renderCard(mocks: Mock[], onRecorded?: () => void) {
  return render(
    <I18nextProvider i18n={english}>
      <MockedProvider mocks={mocks}>
        <SnackbarProvider>
          <MemoryRouter>
            <PaymentCard applicationId={APPLICATION_ID} onRecorded={onRecorded} />
          </MemoryRouter>
        </SnackbarProvider>
      </MockedProvider>
    </I18nextProvider>,
  );
}

const card = async () => screen.findByRole('region', { name: 'Payment' });
const recordButton = () => screen.queryByRole('button', { name: 'Record payment received' });

/** The value shown against a label in the card's list of facts. */
function fact(region: HTMLElement, label: string): string {
  const term = within(region)
    .getAllByRole('term')
    .find((item) => item.textContent === label);
  if (!term) throw new Error(`no fact "${label}"`);
  return term.nextElementSibling?.textContent ?? '';
}

const AWAITING = { status: 'DRAFT', payment_status: 'REQUIRES_CREATION' } as const;

describe('PaymentCard: where the payment stands', () => {
  it('awaiting payment before checkout: the words of the dashboard and the tier chosen', async () => {
    renderCard([cardMock({ ...AWAITING, payment_type: 'PAID_INTERNAL' })]);
    const region = await card();
    expect(await within(region).findByText('Awaiting payment')).toBeTruthy();
    expect(
      within(region).getByText(
        'Sent, and waiting for the applicant to pay. It reaches the team once paid.',
      ),
    ).toBeTruthy();
    expect(fact(region, 'Price')).toBe('Early bird');
    expect(within(region).queryByText('Total')).toBeNull();
    expect(recordButton()).toBeNull();
  });

  it('paying: the processor is confirming', async () => {
    renderCard([
      cardMock({
        status: 'DRAFT',
        payment_status: 'PROCESSING',
        payment_info: paymentInfo('PROCESSING'),
      }),
    ]);
    const region = await card();
    expect(await within(region).findByText('Processing')).toBeTruthy();
    expect(
      within(region).getByText('The applicant is paying; the payment processor is confirming it.'),
    ).toBeTruthy();
    expect(fact(region, 'Total')).toBe('€18.00');
  });

  it('a declined card, with the reason in words', async () => {
    renderCard([
      cardMock({
        status: 'DRAFT',
        payment_status: 'REQUIRES_METHOD',
        payment_info: paymentInfo('REQUIRES_METHOD', {
          last_error: 'Your card has insufficient funds.',
          last_error_code: 'insufficient_funds',
        }),
      }),
    ]);
    const region = await card();
    expect(
      await within(region).findByText(
        "The applicant's card was declined: there were not enough funds on it. They can try again.",
      ),
    ).toBeTruthy();
  });

  it("a decline without a known code keeps the processor's own words", async () => {
    renderCard([
      cardMock({
        status: 'DRAFT',
        payment_status: 'FAILED',
        payment_info: paymentInfo('FAILED', {
          last_error: 'The card has expired.',
          last_error_code: 'expired_card',
        }),
      }),
    ]);
    const region = await card();
    expect(await within(region).findByText('Payment failed')).toBeTruthy();
    expect(
      within(region).getByText(
        "The applicant's card was declined: The card has expired. They can try again.",
      ),
    ).toBeTruthy();
  });

  it('paid with a coupon: tier, discount, total, fee, date and the receipt', async () => {
    renderCard([
      cardMock({
        payment_info: {
          ...paymentInfo('SUCCEEDED', {
            coupon: 'EARLY50',
            discount: 900,
            discount_percent: 50,
          }),
          discount_money: { __typename: 'Money', formatted: '€9.00' },
          total: { __typename: 'Money', formatted: '€9.00' },
        },
      }),
    ]);
    const region = await card();
    expect(await within(region).findByText('Paid')).toBeTruthy();
    expect(within(region).getByText('Paid through Encore.')).toBeTruthy();
    expect(fact(region, 'Price')).toBe('Early bird');
    expect(fact(region, 'Paid by')).toBe('Card, through Encore');
    expect(fact(region, 'Full price')).toBe('€18.00');
    expect(fact(region, 'Discount')).toBe('−€9.00 (50%, code EARLY50)');
    expect(fact(region, 'Total')).toBe('€9.00');
    expect(fact(region, 'Platform fee')).toMatch(/0[.,]90/);
    expect(fact(region, 'Paid on')).toMatch(/2026/);
    const receipt = within(region).getByRole('link', { name: 'Receipt no. 42' });
    expect(receipt.getAttribute('href')).toBe('/receipt/tok-123');
    expect(recordButton()).toBeNull();
    const results = await axe.run(region);
    expect(results.violations).toEqual([]);
  });

  it('canceled', async () => {
    renderCard([
      cardMock({
        status: 'DRAFT',
        payment_status: 'CANCELED',
        payment_info: paymentInfo('CANCELED'),
      }),
    ]);
    const region = await card();
    expect(await within(region).findByText('Cancelled')).toBeTruthy();
    expect(within(region).getByText('The payment was cancelled.')).toBeTruthy();
  });

  it('nothing on a free opportunity', async () => {
    const { container } = renderCard([
      cardMock({ payment_type: 'FREE', payment_status: null, status: 'SUBMITTED' }),
    ]);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(container.textContent).toBe('');
  });

  it('an error loading it, with a retry', async () => {
    renderCard([
      {
        request: cardMock().request,
        error: new Error('Network down'),
      },
    ]);
    expect(await screen.findByRole('button', { name: /retry|again/i })).toBeTruthy();
  });
});

describe('PaymentCard: recording a payment taken on the organisation’s site', () => {
  it('is offered to whoever manages payments, for PAID_EXTERNAL awaiting payment', async () => {
    renderCard([cardMock({ ...AWAITING, payment_type: 'PAID_EXTERNAL' })]);
    const region = await card();
    expect(
      await within(region).findByText(
        "The applicant pays on your organisation's own website. Record the payment here once you have received it.",
      ),
    ).toBeTruthy();
    expect(recordButton()).toBeTruthy();
  });

  it('is hidden from a team member who does not manage payments', async () => {
    renderCard([cardMock({ ...AWAITING, payment_type: 'PAID_EXTERNAL', manage_payments: false })]);
    const region = await card();
    expect(await within(region).findByText('Awaiting payment')).toBeTruthy();
    expect(recordButton()).toBeNull();
  });

  it('is hidden on an opportunity paid here, and once paid', async () => {
    renderCard([cardMock({ ...AWAITING, payment_type: 'PAID_INTERNAL' })]);
    expect(await within(await card()).findByText('Awaiting payment')).toBeTruthy();
    expect(recordButton()).toBeNull();
    cleanup();
    renderCard([
      cardMock({
        payment_type: 'PAID_EXTERNAL',
        payment_info: paymentInfo('SUCCEEDED', { method: 'EXTERNAL_PAYMENT', is_external: true }),
      }),
    ]);
    expect(await within(await card()).findByText('Paid')).toBeTruthy();
    expect(recordButton()).toBeNull();
  });

  it('asks first, records, then shows the paid state', async () => {
    const onRecorded = vi.fn();
    const recorded = paymentInfo('SUCCEEDED', {
      method: 'EXTERNAL_PAYMENT',
      is_external: true,
      fee: 0,
    });
    renderCard(
      [
        cardMock({ ...AWAITING, payment_type: 'PAID_EXTERNAL' }),
        recordMock(recorded),
        cardMock({ payment_type: 'PAID_EXTERNAL', payment_info: recorded }),
      ],
      onRecorded,
    );
    await card();
    fireEvent.click((await screen.findByRole('button', { name: 'Record payment received' }))!);
    const dialog = await screen.findByRole('dialog', { name: 'Record the payment as received?' });
    expect(within(dialog).getByText(/sent to your team as paid/)).toBeTruthy();
    // Cancelling records nothing (no mock would answer a second time).
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(recordButton()!);
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Record payment' }));

    const region = await card();
    expect(
      await within(region).findByText(
        "Recorded by your team as paid on your organisation's website.",
      ),
    ).toBeTruthy();
    expect(fact(region, 'Paid by')).toBe("On the organisation's website");
    expect(within(region).getByRole('link', { name: 'Receipt no. 42' })).toBeTruthy();
    expect(
      await screen.findByText('Payment recorded. The application has been sent as paid.'),
    ).toBeTruthy();
    await waitFor(() => expect(onRecorded).toHaveBeenCalledTimes(1));
    expect(recordButton()).toBeNull();
  });

  it('a refusal (NOT_FOUND) is said plainly in the dialog', async () => {
    renderCard([
      cardMock({ ...AWAITING, payment_type: 'PAID_EXTERNAL' }),
      recordMock(notFoundError()),
    ]);
    fireEvent.click((await screen.findByRole('button', { name: 'Record payment received' }))!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(
      "This payment could not be recorded: you may not manage this opportunity's payments, or the application no longer exists.",
    );
    expect(document.activeElement).toBe(alert);
  });
});
