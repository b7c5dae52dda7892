import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import axe from 'axe-core';
import i18next, { type i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import common from '../../../../public/locales/en/common.json';
import pages from '../../../../public/locales/en/pages.json';
import { ExternalPaymentPanel } from './ExternalPaymentPanel';
import { APPLICATION_ID, applicantMock, paymentInfo, type Mock } from './payment-test-data';

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

function renderPanel(mocks: Mock[]) {
  return render(
    <I18nextProvider i18n={english}>
      <MockedProvider mocks={mocks}>
        <MemoryRouter>
          <ExternalPaymentPanel applicationId={APPLICATION_ID} />
        </MemoryRouter>
      </MockedProvider>
    </I18nextProvider>,
  );
}

const panel = () => screen.findByRole('region', { name: 'Payment' });

describe("ExternalPaymentPanel: paying on the organisation's own site", () => {
  it('while awaiting payment: where to pay, in a new tab, and that the organiser confirms', async () => {
    renderPanel([applicantMock()]);
    const region = await panel();
    expect(
      await within(region).findByText(
        'Blue Room takes the fee on its own website. Pay there to complete your application.',
      ),
    ).toBeTruthy();
    const link = within(region).getByRole('link', { name: /Pay on the organisers' website/ });
    expect(link.getAttribute('href')).toBe('https://bluerooms.example/pay');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(
      within(region).getByText(
        'Blue Room will confirm here once they have received your payment; your application then reaches them.',
      ),
    ).toBeTruthy();
    const results = await axe.run(region);
    expect(results.violations).toEqual([]);
  });

  it('without a payment address: asks to contact the organisers', async () => {
    renderPanel([applicantMock({ external_payment_url: null })]);
    const region = await panel();
    expect(
      await within(region).findByText(
        'The organisers have not given a payment link yet. Please contact them.',
      ),
    ).toBeTruthy();
    expect(within(region).queryByRole('link')).toBeNull();
  });

  it('once recorded: by the organiser, when, and the receipt', async () => {
    renderPanel([
      applicantMock({
        status: 'SUBMITTED',
        payment_status: 'SUCCEEDED',
        payment_info: paymentInfo('SUCCEEDED', {
          method: 'EXTERNAL_PAYMENT',
          is_external: true,
          fee: 0,
        }),
      }),
    ]);
    const region = await panel();
    expect(await within(region).findByText('Payment recorded by the organiser')).toBeTruthy();
    expect(within(region).getByText(/^Recorded on .*2026/)).toBeTruthy();
    const receipt = within(region).getByRole('link', { name: 'View receipt no. 42' });
    expect(receipt.getAttribute('href')).toBe('/receipt/tok-123');
    expect(within(region).queryByRole('link', { name: /organisers' website/ })).toBeNull();
  });

  it('nothing on an opportunity paid here', async () => {
    const { container } = renderPanel([applicantMock({ payment_type: 'PAID_INTERNAL' })]);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(container.textContent).toBe('');
  });

  it('an error loading it, with a retry', async () => {
    renderPanel([{ request: applicantMock().request, error: new Error('Network down') }]);
    expect(await screen.findByRole('button', { name: /retry|again/i })).toBeTruthy();
  });
});
