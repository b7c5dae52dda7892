import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import axe from 'axe-core';
import i18next, { type i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import common from '../../../../public/locales/en/common.json';
import pages from '../../../../public/locales/en/pages.json';
import {
  APPLICATION_ID,
  PAID,
  checkoutMock,
  couponErrorMock,
  option,
  payment,
  previewMock,
  refreshMock,
  startFailureMock,
  startMock,
  type Mock,
} from './checkout-test-data';
import { CheckoutSection } from './CheckoutSection';

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

const REGULAR = { payment_option_id: 'opt-regular', coupon_code: null };
const SECRET = 'pi_3Abc123_secret_XyZ789';

interface Options {
  url?: string;
  fetcher?: typeof fetch;
  redirect?: (url: string) => void;
  onPaid?: () => void;
}

function renderCheckout(mocks: Mock[], { url, fetcher, redirect, onPaid }: Options = {}) {
  return render(
    <I18nextProvider i18n={english}>
      <MockedProvider mocks={mocks}>
        <MemoryRouter initialEntries={[url ?? `/application/${APPLICATION_ID}`]}>
          <Routes>
            <Route
              path="/application/:id"
              element={
                <CheckoutSection
                  applicationId={APPLICATION_ID}
                  fetcher={fetcher}
                  redirect={redirect}
                  onPaid={onPaid}
                />
              }
            />
          </Routes>
        </MemoryRouter>
      </MockedProvider>
    </I18nextProvider>,
  );
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

async function openCardForm() {
  fireEvent.click(await screen.findByRole('button', { name: /^Pay / }));
  return screen.findByRole('form', { name: 'Card details' });
}

function payWithCard(form: HTMLElement, number: string) {
  fireEvent.change(within(form).getByLabelText(/Card number/), { target: { value: number } });
  fireEvent.click(within(form).getByRole('button', { name: /^Pay / }));
}

describe('CheckoutSection', () => {
  it('lists the tiers, says why one cannot be chosen, and shows the breakdown', async () => {
    renderCheckout([checkoutMock(), previewMock(REGULAR)]);

    const list = await screen.findByLabelText('Price breakdown');
    expect(within(list).getByText('Price (Regular)')).toBeTruthy();
    expect(within(list).getByText('Total')).toBeTruthy();
    expect(within(list).getByText('The organisation receives')).toBeTruthy();
    expect(within(list).getByText('Platform fee')).toBeTruthy();
    expect(list.textContent).toContain('50.00');
    expect(list.textContent).toContain('47.50');
    expect(list.textContent).toContain('2.50');
    expect(screen.getByText(/Places left at this price: 7/)).toBeTruthy();
    expect(screen.getByText(/Applied so far: 12/)).toBeTruthy();
    expect(screen.getAllByText(/Refunds are decided by the organiser/).length).toBeGreaterThan(0);

    const early = screen.getByRole('radio', { name: /Early bird/ });
    expect((early as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Full: no places left')).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Regular/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows the server’s coupon error under the coupon field', async () => {
    renderCheckout([
      checkoutMock(),
      previewMock(REGULAR),
      couponErrorMock({ ...REGULAR, coupon_code: 'NOPE' }, 'This coupon cannot be used.'),
    ]);
    await screen.findByLabelText('Price breakdown');
    const field = screen.getByRole('textbox', { name: 'Coupon code' });
    fireEvent.change(field, { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = field.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('This coupon cannot be used.');
  });

  it('applies a 100 % coupon and is paid at once, with the receipt', async () => {
    const free = { ...REGULAR, coupon_code: 'FREE100' };
    const onPaid = vi.fn();
    renderCheckout(
      [
        checkoutMock(undefined, { uses: 2 }),
        previewMock(REGULAR),
        previewMock(free, { percent: 100 }),
        startMock(
          free,
          payment({
            ...PAID,
            method: 'FREE_COUPON',
            amount: 0,
            coupon: 'FREE100',
            discount_percent: 100,
          }),
          null,
        ),
      ],
      { onPaid },
    );
    await screen.findByLabelText('Price breakdown');
    fireEvent.change(screen.getByRole('textbox', { name: 'Coupon code' }), {
      target: { value: 'FREE100' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Coupon FREE100 applied')).toBeTruthy();
    expect(await screen.findByText('Discount 100% (code FREE100)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm (free with your coupon)' }));
    expect(await screen.findByText(/Payment received/)).toBeTruthy();
    expect(screen.getByText('Free (coupon)')).toBeTruthy();
    const receipts = screen.getAllByRole('link', { name: /receipt/ });
    expect(receipts[0]?.getAttribute('href')).toBe('/receipt/tok-123');
    expect(onPaid).toHaveBeenCalled();
  });

  it('explains a declined card, keeps the form, and succeeds on the retry', async () => {
    const fetcher = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(
        jsonResponse({
          id: 'pi_3Abc123',
          status: 'requires_payment_method',
          next_action_url: null,
          last_payment_error: {
            code: 'card_declined',
            decline_code: 'insufficient_funds',
            message: 'Your card has insufficient funds.',
          },
        }),
      )
      .mockResolvedValueOnce(
        jsonResponse({
          id: 'pi_3Abc123',
          status: 'succeeded',
          next_action_url: null,
          last_payment_error: null,
        }),
      );
    renderCheckout(
      [
        checkoutMock(undefined, { uses: 2 }),
        previewMock(REGULAR),
        startMock(REGULAR, payment(), SECRET),
        refreshMock(PAID),
      ],
      { fetcher },
    );
    const form = await openCardForm();
    payWithCard(form, '4000 0000 0000 9995');

    expect(
      await screen.findByText(/The card was declined: there are not enough funds on it\./),
    ).toBeTruthy();
    const [url, init] = fetcher.mock.calls[0] ?? [];
    expect(url).toBe('/processor/v1/payment_intents/pi_3Abc123/confirm');
    expect(JSON.parse(String(init?.body))).toEqual({
      client_secret: SECRET,
      card_number: '4000000000009995',
    });

    const again = screen.getByRole('form', { name: 'Card details' });
    payWithCard(again, '4242 4242 4242 4242');
    expect(await screen.findByText(/Payment received/)).toBeTruthy();
    expect(screen.getByText('View receipt no. 42').getAttribute('href')).toBe('/receipt/tok-123');
    expect(screen.queryByRole('form', { name: 'Card details' })).toBeNull();
  });

  it('sends the browser to the authentication page with a return URL', async () => {
    const fetcher = vi.fn<typeof fetch>().mockResolvedValueOnce(
      jsonResponse({
        id: 'pi_3Abc123',
        status: 'requires_action',
        next_action_url: 'http://localhost:3000/processor/authenticate/pi_3Abc123?client_secret=s',
        last_payment_error: null,
      }),
    );
    const redirect = vi.fn();
    renderCheckout([checkoutMock(), previewMock(REGULAR), startMock(REGULAR, payment(), SECRET)], {
      fetcher,
      redirect,
    });
    const form = await openCardForm();
    payWithCard(form, '4000 0027 6000 3184');

    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));
    const target = new URL(String(redirect.mock.calls[0]?.[0]));
    expect(target.pathname).toBe('/processor/authenticate/pi_3Abc123');
    expect(target.searchParams.get('client_secret')).toBe('s');
    const back = new URL(target.searchParams.get('return_url') ?? '');
    expect(back.origin).toBe(window.location.origin);
    expect(back.searchParams.get('payment')).toBe('return');
  });

  it('asks how the payment ended when back from authentication', async () => {
    renderCheckout(
      [checkoutMock(undefined, { uses: 2 }), previewMock(REGULAR), refreshMock(PAID)],
      { url: `/application/${APPLICATION_ID}?payment=return` },
    );
    expect(await screen.findByText(/Payment received/)).toBeTruthy();
  });

  it('says when the processor cannot be reached, with a retry', async () => {
    renderCheckout([checkoutMock(), previewMock(REGULAR), startFailureMock(REGULAR)]);
    fireEvent.click(await screen.findByRole('button', { name: /^Pay / }));
    expect(await screen.findByText(/payment processor cannot be reached/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('has no accessibility violations with the card form open', async () => {
    const { container } = renderCheckout([
      checkoutMock(),
      previewMock(REGULAR),
      startMock(REGULAR, payment(), SECRET),
    ]);
    const form = await openCardForm();
    expect(
      within(form)
        .getByLabelText(/Card number/)
        .getAttribute('autocomplete'),
    ).toBe('cc-number');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it('says so when Stripe is the processor but the site has no publishable key', async () => {
    const fetcher = vi.fn<typeof fetch>();
    renderCheckout(
      [
        checkoutMock(undefined, { provider: 'STRIPE' }),
        previewMock(REGULAR),
        startMock(REGULAR, payment(), SECRET),
      ],
      { fetcher },
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Pay / }));
    expect(await screen.findByText(/Card payments cannot be taken on this site/)).toBeTruthy();
    // Neither the local processor's card form nor its confirmation.
    expect(screen.queryByRole('form', { name: 'Card details' })).toBeNull();
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('shows the paid summary when the application is paid', async () => {
    renderCheckout([checkoutMock(undefined, { paymentInfo: PAID })]);
    expect(await screen.findByText('Paid')).toBeTruthy();
    expect(screen.getByText('View receipt no. 42').getAttribute('href')).toBe('/receipt/tok-123');
  });

  it('shows a fully refunded payment as paid, then refunded, without the refund policy', async () => {
    renderCheckout([checkoutMock(undefined, { paymentInfo: { ...PAID, status: 'REFUNDED' } })]);
    expect(await screen.findByText('Paid, then refunded')).toBeTruthy();
    expect(screen.queryByText(/Refunds are decided by the organiser/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
  });

  it("states the organiser's answer-by promise before paying", async () => {
    renderCheckout([
      checkoutMock(undefined, { answerBy: '2099-07-01 16:00:00' }),
      previewMock(REGULAR),
    ]);
    const promise = await screen.findByText(/The organiser promises an answer by/);
    // In the opportunity's zone: Lisbon is an hour ahead of UTC in July.
    expect(promise.textContent).toContain('5:00');
    expect(promise.textContent).toContain('refunded in full automatically');
  });

  it('makes no promise when the organiser gave no answer-by date', async () => {
    renderCheckout([checkoutMock(), previewMock(REGULAR)]);
    await screen.findByLabelText('Price breakdown');
    expect(screen.queryByText(/The organiser promises an answer by/)).toBeNull();
  });

  it('says so when the opportunity has no prices', async () => {
    renderCheckout([checkoutMock([])]);
    expect(await screen.findByText(/no prices to choose from yet/)).toBeTruthy();
  });

  it('says a closed tier closed on its date', async () => {
    renderCheckout([
      checkoutMock([
        option({
          id: 'opt-late',
          title: 'Late',
          is_available: false,
          slots_left: null,
          deadline_date: '2027-03-01 12:00:00',
        }),
        option(),
      ]),
      previewMock(REGULAR),
    ]);
    expect(await screen.findByText(/^Closed on /)).toBeTruthy();
  });
});
