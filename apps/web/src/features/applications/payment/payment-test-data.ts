import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import {
  ApplicantExternalPaymentDocument,
  ApplicationPaymentCardDocument,
  RecordExternalPaymentDocument,
  type ApplicationStatus,
  type OpportunityPaymentType,
  type PaymentMethod,
  type PaymentStatus,
} from '../../../gql/graphql';

export type Mock = MockLink.MockedResponse;

export const APPLICATION_ID = 'app-1';

const money = (formatted: string) => ({ __typename: 'Money', formatted });

/** A payment as the server sends it; `more` overrides any field. */
export function paymentInfo(
  status: PaymentStatus,
  more: Partial<{
    method: PaymentMethod;
    is_external: boolean;
    coupon: string | null;
    discount: number;
    discount_percent: number;
    last_error: string | null;
    last_error_code: string | null;
    paid_at: string | null;
    receipt: string | null;
    receipt_number: number | null;
    fee: number;
  }> = {},
) {
  const paid = status === 'SUCCEEDED';
  return {
    __typename: 'PaymentInfo',
    id: 'pay-1',
    status,
    method: 'INTERNAL_PAYMENT',
    is_external: false,
    currency: 'EUR',
    amount: 1800,
    fee: 90,
    discount: 0,
    discount_percent: 0,
    coupon: null,
    payment_option: 'Early bird',
    receipt: paid ? '/receipt/tok-123' : null,
    receipt_number: paid ? 42 : null,
    last_error: null,
    last_error_code: null,
    created_at: '2026-05-01 10:00:00',
    paid_at: paid ? '2026-05-02 09:30:00' : null,
    price: money('€18.00'),
    discount_money: money('€0.00'),
    total: money('€18.00'),
    ...more,
  };
}

export type PaymentInfoMock = ReturnType<typeof paymentInfo>;

interface CardOptions {
  status?: ApplicationStatus;
  payment_status?: PaymentStatus | null;
  payment_type?: OpportunityPaymentType;
  manage_payments?: boolean;
  payment_info?: PaymentInfoMock | null;
}

export function cardApplication({
  status = 'SUBMITTED',
  payment_status = 'SUCCEEDED',
  payment_type = 'PAID_INTERNAL',
  manage_payments = true,
  payment_info = null,
}: CardOptions = {}) {
  return {
    __typename: 'Application',
    id: APPLICATION_ID,
    status,
    payment_status,
    payment: { __typename: 'PaymentOption', id: 'opt-1', title: 'Early bird' },
    payment_info,
    opportunity: {
      __typename: 'Opportunity',
      id: 'opp-1',
      payment_type,
      viewerCan: { __typename: 'OpportunityViewerCan', manage_payments },
    },
  };
}

export function cardMock(options: CardOptions = {}): Mock {
  return {
    request: { query: ApplicationPaymentCardDocument, variables: { id: APPLICATION_ID } },
    result: { data: { viewApplication: cardApplication(options) } },
  };
}

export function recordMock(result: PaymentInfoMock | GraphQLError): Mock {
  return {
    request: { query: RecordExternalPaymentDocument, variables: { application: APPLICATION_ID } },
    result:
      result instanceof GraphQLError
        ? { errors: [result] }
        : { data: { recordExternalPayment: result } },
  };
}

export const notFoundError = () =>
  new GraphQLError('The application was not found.', {
    extensions: { code: 'NOT_FOUND', category: 'not-found' },
  });

interface ApplicantOptions {
  status?: ApplicationStatus;
  payment_status?: PaymentStatus | null;
  payment_type?: OpportunityPaymentType;
  external_payment_url?: string | null;
  payment_info?: PaymentInfoMock | null;
}

export function applicantMock({
  status = 'DRAFT',
  payment_status = 'REQUIRES_CREATION',
  payment_type = 'PAID_EXTERNAL',
  external_payment_url = 'https://bluerooms.example/pay',
  payment_info = null,
}: ApplicantOptions = {}): Mock {
  return {
    request: { query: ApplicantExternalPaymentDocument, variables: { id: APPLICATION_ID } },
    result: {
      data: {
        viewApplication: {
          __typename: 'Application',
          id: APPLICATION_ID,
          status,
          payment_status,
          payment_info,
          opportunity: {
            __typename: 'Opportunity',
            id: 'opp-1',
            payment_type,
            external_payment_url,
            organisation: { __typename: 'Organisation', id: 'org-1', name: 'Blue Room' },
          },
        },
      },
    },
  };
}
