import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import {
  ApplicationCheckoutDocument,
  CheckoutPreviewDocument,
  RefreshPaymentDocument,
  StartCheckoutDocument,
  type CheckoutInput,
} from '../../../gql/graphql';

/** Mocked answers for the checkout's tests (Apollo's cache needs `__typename`). */

export type Mock = MockLink.MockedResponse;
export const APPLICATION_ID = 'app-1';

export function money(amount: number, currency = 'EUR') {
  return {
    __typename: 'Money',
    amount,
    currency,
    formatted: `€${(amount / 100).toFixed(2)}`,
    decimal_digits: 2,
  };
}

export function option(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'PaymentOption',
    id: 'opt-regular',
    title: 'Regular',
    description: 'Standard entry',
    cost: 5000,
    currency: 'EUR',
    slots: 10,
    filled_slots: 3,
    slots_left: 7,
    is_available: true,
    deadline_date: null,
    ...overrides,
  };
}

export const EARLY_BIRD_FULL = option({
  id: 'opt-early',
  title: 'Early bird',
  cost: 3000,
  slots: 5,
  filled_slots: 5,
  slots_left: 0,
  is_available: false,
});

export function payment(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'PaymentInfo',
    id: 'pay-1',
    status: 'REQUIRES_METHOD',
    method: 'INTERNAL_PAYMENT',
    amount: 5000,
    currency: 'EUR',
    coupon: null,
    discount_percent: 0,
    payment_option: 'Regular',
    receipt: null,
    receipt_number: null,
    last_error: null,
    last_error_code: null,
    paid_at: null,
    total: money(5000),
    ...overrides,
  };
}

export const PAID = payment({
  status: 'SUCCEEDED',
  receipt: '/receipt/tok-123',
  receipt_number: 42,
  paid_at: '2027-04-02 10:00:00',
});

export function checkoutMock(
  options: unknown[] = [EARLY_BIRD_FULL, option()],
  {
    paymentInfo = null,
    provider = 'LOCAL',
    publishableKey = null,
    uses = 1,
    answerBy = null,
  }: {
    paymentInfo?: unknown;
    provider?: string;
    publishableKey?: string | null;
    uses?: number;
    /** The organiser's answer-by promise (UTC), if any. */
    answerBy?: string | null;
  } = {},
): Mock {
  return {
    request: { query: ApplicationCheckoutDocument, variables: { id: APPLICATION_ID } },
    maxUsageCount: uses,
    result: {
      data: {
        viewApplication: {
          __typename: 'Application',
          id: APPLICATION_ID,
          status: paymentInfo ? 'SUBMITTED' : 'DRAFT',
          payment_status: paymentInfo ? 'SUCCEEDED' : 'REQUIRES_CREATION',
          payment_option_id: null,
          payment_info: paymentInfo,
          opportunity: {
            __typename: 'Opportunity',
            id: 'opp-1',
            time_zone: 'Europe/Lisbon',
            answer_by_date: answerBy,
            payment_options: options,
          },
        },
        paymentsConfig: {
          __typename: 'PaymentsConfig',
          provider,
          publishable_key: publishableKey,
        },
      },
    },
  };
}

export function previewMock(
  input: CheckoutInput,
  { price = 5000, percent = 0 }: { price?: number; percent?: number } = {},
): Mock {
  const discount = Math.round((price * percent) / 100);
  const total = price - discount;
  const fee = Math.round(total * 0.05);
  return {
    request: {
      query: CheckoutPreviewDocument,
      variables: { application: APPLICATION_ID, input },
    },
    result: {
      data: {
        checkoutPreview: {
          __typename: 'CheckoutPreview',
          method: total === 0 ? 'FREE_COUPON' : 'INTERNAL_PAYMENT',
          currency: 'EUR',
          coupon: input.coupon_code ?? null,
          discount_percent: percent,
          slots_left: 7,
          applied_count: 12,
          price: money(price),
          discount: money(discount),
          total: money(total),
          platform_fee: money(fee),
          organisation_receives: money(total - fee),
          minimum_charge: money(50),
          payment_option: { __typename: 'PaymentOption', id: 'opt-regular', title: 'Regular' },
        },
      },
    },
  };
}

export function couponErrorMock(input: CheckoutInput, message: string): Mock {
  return {
    request: {
      query: CheckoutPreviewDocument,
      variables: { application: APPLICATION_ID, input },
    },
    result: {
      errors: [
        new GraphQLError('Validation failed.', {
          extensions: {
            category: 'validation',
            validation: { 'input.coupon_code': [message] },
          },
        }),
      ],
    },
  };
}

function session(paymentInfo: unknown, clientSecret: string | null) {
  return {
    __typename: 'CheckoutSession',
    client_secret: clientSecret,
    next_action_url: null,
    provider: null,
    payment: paymentInfo,
  };
}

export function startMock(input: CheckoutInput, paymentInfo: unknown, clientSecret: string | null) {
  return {
    request: { query: StartCheckoutDocument, variables: { application: APPLICATION_ID, input } },
    result: { data: { startCheckout: session(paymentInfo, clientSecret) } },
  };
}

export function startFailureMock(input: CheckoutInput): Mock {
  return {
    request: { query: StartCheckoutDocument, variables: { application: APPLICATION_ID, input } },
    result: {
      errors: [
        new GraphQLError('The payment processor could not be reached.', {
          extensions: { code: 'PAYMENT_FAILED', category: 'bad-request' },
        }),
      ],
    },
  };
}

export function refreshMock(paymentInfo: unknown): Mock {
  return {
    request: { query: RefreshPaymentDocument, variables: { application: APPLICATION_ID } },
    result: { data: { refreshPayment: session(paymentInfo, null) } },
  };
}
