import { describe, expect, it } from 'vitest';
import { canRecordExternalPayment, paymentStageOf } from './payment-state';

describe('paymentStageOf', () => {
  it('reads the payment before the application', () => {
    expect(paymentStageOf({ payment_status: null })).toBeNull();
    expect(paymentStageOf({ payment_status: 'REQUIRES_CREATION' })).toBe('awaiting');
    expect(
      paymentStageOf({
        payment_status: 'REQUIRES_CREATION',
        payment_info: { status: 'SUCCEEDED' },
      }),
    ).toBe('paid');
    expect(paymentStageOf({ payment_status: 'PROCESSING' })).toBe('paying');
    expect(paymentStageOf({ payment_status: 'REQUIRES_ACTION' })).toBe('paying');
    expect(paymentStageOf({ payment_status: 'CANCELED' })).toBe('canceled');
    expect(paymentStageOf({ payment_status: 'FAILED' })).toBe('declined');
    expect(paymentStageOf({ payment_status: 'REFUNDED' })).toBe('refunded');
    expect(paymentStageOf({ payment_status: 'REFUND_FAIL' })).toBe('refund_failed');
  });

  it('a card asked for again after a refusal is a decline; before any attempt, awaiting', () => {
    const info = (last_error: string | null) => ({
      status: 'REQUIRES_METHOD' as const,
      last_error,
    });
    expect(
      paymentStageOf({ payment_status: 'REQUIRES_METHOD', payment_info: info('Declined') }),
    ).toBe('declined');
    expect(paymentStageOf({ payment_status: 'REQUIRES_METHOD', payment_info: info(null) })).toBe(
      'awaiting',
    );
  });
});

describe('canRecordExternalPayment', () => {
  const waiting = {
    status: 'DRAFT',
    payment_status: 'REQUIRES_CREATION',
    opportunity: { payment_type: 'PAID_EXTERNAL', viewerCan: { manage_payments: true } },
  } as const;

  it('a manager, PAID_EXTERNAL, sent and awaiting payment', () => {
    expect(canRecordExternalPayment(waiting)).toBe(true);
  });

  it('no one else, nothing else', () => {
    const opportunity = waiting.opportunity;
    expect(
      canRecordExternalPayment({
        ...waiting,
        opportunity: { ...opportunity, viewerCan: { manage_payments: false } },
      }),
    ).toBe(false);
    expect(
      canRecordExternalPayment({ ...waiting, opportunity: { payment_type: 'PAID_EXTERNAL' } }),
    ).toBe(false);
    expect(
      canRecordExternalPayment({
        ...waiting,
        opportunity: { ...opportunity, payment_type: 'PAID_INTERNAL' },
      }),
    ).toBe(false);
    expect(canRecordExternalPayment({ ...waiting, payment_status: 'SUCCEEDED' })).toBe(false);
    expect(canRecordExternalPayment({ ...waiting, status: 'SUBMITTED' })).toBe(false);
    expect(canRecordExternalPayment({ ...waiting, payment_status: null })).toBe(false);
  });
});
