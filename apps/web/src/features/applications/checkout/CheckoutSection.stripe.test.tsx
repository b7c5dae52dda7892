import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import i18next, { type i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ThemeProvider } from '@mui/material/styles';
import type { PaymentIntentResult, StripeElementsOptionsClientSecret } from '@stripe/stripe-js';
import common from '../../../../public/locales/en/common.json';
import pages from '../../../../public/locales/en/pages.json';
import arPages from '../../../../public/locales/ar/pages.json';
import { createAppTheme, PRIMARY_RED } from '../../../app/theme';
import {
  APPLICATION_ID,
  PAID,
  checkoutMock,
  payment,
  previewMock,
  refreshMock,
  startMock,
  type Mock,
} from './checkout-test-data';
import { CheckoutSection } from './CheckoutSection';

/**
 * Stripe's servers cannot be reached from the tests, so `@stripe/stripe-js` (which fetches
 * Stripe.js from js.stripe.com) is replaced by a fake Stripe object answering as Stripe documents
 * (https://docs.stripe.com/js/payment_intents/confirm_payment). `@stripe/react-stripe-js`, the
 * checkout and Apollo are the real ones.
 */
const stripeJs = vi.hoisted(() => ({ loadStripe: vi.fn() }));
vi.mock('@stripe/stripe-js', () => stripeJs);

type Confirm = (options: {
  elements: unknown;
  redirect: string;
  confirmParams: { return_url: string };
}) => Promise<PaymentIntentResult>;

/** A Stripe object with Elements whose Payment Element mounts a frame and reports ready. */
function fakeStripe(confirm: Confirm) {
  const elementsOptions: StripeElementsOptionsClientSecret[] = [];
  const created: string[] = [];
  const makeElements = (options: StripeElementsOptionsClientSecret) => {
    elementsOptions.push(options);
    return {
      create: (type: string) => {
        created.push(type);
        return {
          mount: (node: HTMLElement) => {
            const frame = document.createElement('iframe');
            frame.title = 'Secure payment input frame';
            node.appendChild(frame);
          },
          on: (event: string, callback: () => void) => {
            if (event === 'ready') setTimeout(callback, 0);
          },
          off: () => {},
          update: () => {},
          destroy: () => {},
        };
      },
      update: () => {},
      submit: () => Promise.resolve({}),
    };
  };
  const stripe = {
    elements: vi.fn(makeElements),
    confirmPayment: vi.fn(confirm),
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    registerAppInfo: vi.fn(),
    _registerWrapper: vi.fn(),
  };
  return { stripe, elementsOptions, created };
}

const intent = (status: string, lastError: Record<string, unknown> | null = null) =>
  ({
    id: 'pi_3Abc123',
    object: 'payment_intent',
    status,
    client_secret: SECRET,
    last_payment_error: lastError,
  }) as unknown as NonNullable<PaymentIntentResult['paymentIntent']>;

let english: i18n;
let arabic: i18n;

beforeAll(async () => {
  english = i18next.createInstance();
  await english.init({
    lng: 'en',
    ns: ['common', 'pages'],
    defaultNS: 'common',
    resources: { en: { common, pages } },
    interpolation: { escapeValue: false },
  });
  arabic = i18next.createInstance();
  await arabic.init({
    lng: 'ar',
    ns: ['common', 'pages'],
    defaultNS: 'common',
    resources: { ar: { common, pages: arPages } },
    interpolation: { escapeValue: false },
  });
});

beforeEach(() => stripeJs.loadStripe.mockReset());
afterEach(cleanup);

const REGULAR = { payment_option_id: 'opt-regular', coupon_code: null };
const SECRET = 'pi_3Abc123_secret_XyZ789';
const KEY = 'pk_test_encore';

function renderCheckout(mocks: Mock[], { language = english, rtl = false } = {}) {
  return render(
    <ThemeProvider theme={createAppTheme(rtl ? 'rtl' : 'ltr')}>
      <I18nextProvider i18n={language}>
        <MockedProvider mocks={mocks}>
          <MemoryRouter initialEntries={[`/application/${APPLICATION_ID}`]}>
            <Routes>
              <Route
                path="/application/:id"
                element={<CheckoutSection applicationId={APPLICATION_ID} />}
              />
            </Routes>
          </MemoryRouter>
        </MockedProvider>
      </I18nextProvider>
    </ThemeProvider>,
  );
}

const stripeMocks = (...more: Mock[]) => [
  checkoutMock(undefined, { provider: 'STRIPE', publishableKey: KEY, uses: 2 }),
  previewMock(REGULAR),
  startMock(REGULAR, payment(), SECRET),
  ...more,
];

/** Starts the checkout and waits for Stripe's card form to be ready. */
async function openStripeForm(payName: RegExp = /^Pay /, formName = 'Card details') {
  fireEvent.click(await screen.findByRole('button', { name: payName }));
  const form = await screen.findByRole('form', { name: formName });
  const pay = within(form).getByRole('button', { name: payName });
  await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
  return { form, pay };
}

describe('CheckoutSection with Stripe Elements', () => {
  it('confirms with Stripe, asks the server how it ended, and shows the payment received', async () => {
    const { stripe, elementsOptions, created } = fakeStripe(() =>
      Promise.resolve({ paymentIntent: intent('succeeded') }),
    );
    stripeJs.loadStripe.mockResolvedValue(stripe);
    renderCheckout(stripeMocks(refreshMock(PAID)));

    const { form, pay } = await openStripeForm();
    expect(stripeJs.loadStripe).toHaveBeenCalledWith(KEY);
    expect(created).toEqual(['payment']);
    expect(form.querySelector('iframe[title="Secure payment input frame"]')).not.toBeNull();
    // The local processor's own card fields are not shown for Stripe.
    expect(within(form).queryByLabelText(/Card number/)).toBeNull();
    const [options] = elementsOptions;
    expect(options).toMatchObject({ clientSecret: SECRET, locale: 'en' });
    expect(options?.appearance?.variables?.colorPrimary).toBe(PRIMARY_RED);
    expect(form.closest('[dir]')?.getAttribute('dir')).toBe('ltr');

    fireEvent.click(pay);
    expect(await screen.findByText(/Payment received/)).toBeTruthy();
    expect(screen.getByText('View receipt no. 42').getAttribute('href')).toBe('/receipt/tok-123');
    expect(screen.queryByRole('form', { name: 'Card details' })).toBeNull();

    expect(stripe.confirmPayment).toHaveBeenCalledTimes(1);
    const call = stripe.confirmPayment.mock.calls[0]?.[0];
    expect(call?.redirect).toBe('if_required');
    expect(call?.elements).toBeTruthy();
    const back = new URL(call?.confirmParams.return_url ?? '');
    expect(back.origin).toBe(window.location.origin);
    expect(back.searchParams.get('payment')).toBe('return');
  });

  it('explains a declined card in the viewer’s words and succeeds on the retry', async () => {
    const { stripe } = fakeStripe(() => Promise.resolve({ paymentIntent: intent('succeeded') }));
    stripe.confirmPayment.mockResolvedValueOnce({
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
        payment_intent: intent('requires_payment_method'),
      },
    });
    stripeJs.loadStripe.mockResolvedValue(stripe);
    renderCheckout(stripeMocks(refreshMock(PAID)));

    const { pay } = await openStripeForm();
    fireEvent.click(pay);
    const declined = await screen.findByText(
      /The card was declined: there are not enough funds on it\./,
    );
    expect(declined.textContent).toContain('You can try again, with this card or another one.');
    expect(screen.queryByText(/insufficient funds\./)).toBeNull();

    // Still on the same form (the intent can be confirmed again), and the retry goes through.
    const again = screen.getByRole('form', { name: 'Card details' });
    fireEvent.click(within(again).getByRole('button', { name: /^Pay / }));
    expect(await screen.findByText(/Payment received/)).toBeTruthy();
    expect(stripe.confirmPayment).toHaveBeenCalledTimes(2);
  });

  it('says Stripe could not be loaded, with a retry that brings the card form', async () => {
    const { stripe } = fakeStripe(() => Promise.resolve({ paymentIntent: intent('succeeded') }));
    stripeJs.loadStripe
      .mockRejectedValueOnce(new Error('Failed to load Stripe.js'))
      .mockResolvedValue(stripe);
    renderCheckout(stripeMocks());

    fireEvent.click(await screen.findByRole('button', { name: /^Pay / }));
    const alert = await screen.findByText(/The secure card form \(Stripe\) could not be loaded/);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByRole('form', { name: 'Card details' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Card details' })).toBeTruthy();
    expect(stripeJs.loadStripe).toHaveBeenCalledTimes(2);
  });

  it('gives Stripe the viewer’s language and lays it out right to left in Arabic', async () => {
    const { stripe, elementsOptions } = fakeStripe(() =>
      Promise.resolve({ paymentIntent: intent('succeeded') }),
    );
    stripeJs.loadStripe.mockResolvedValue(stripe);
    renderCheckout(stripeMocks(), { language: arabic, rtl: true });

    const payName = new RegExp(`^${arPages.applications.checkout.pay.split('{{')[0]}`);
    const { form } = await openStripeForm(payName, arPages.applications.checkout.card.label);
    expect(elementsOptions[0]?.locale).toBe('ar');
    expect(form.closest('[dir]')?.getAttribute('dir')).toBe('rtl');
  });
});
