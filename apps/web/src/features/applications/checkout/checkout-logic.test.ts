import { describe, expect, it } from 'vitest';
import {
  authenticationUrlOf,
  declineKeyOf,
  intentIdOf,
  isPaymentReturn,
  returnUrlOf,
  unavailableReason,
} from './checkout-logic';

describe('checkout logic', () => {
  it('takes the intent id from the client secret', () => {
    expect(intentIdOf('pi_123_secret_abc')).toBe('pi_123');
  });

  it('builds the return URL without an earlier return’s parameters', () => {
    expect(
      returnUrlOf('https://encore.test/application/a-1?payment=return&redirect_status=failed#x'),
    ).toBe('https://encore.test/application/a-1?payment=return');
    expect(
      authenticationUrlOf('https://p.test/auth?x=1', 'https://encore.test/application/a-1'),
    ).toBe(
      `https://p.test/auth?x=1&return_url=${encodeURIComponent('https://encore.test/application/a-1?payment=return')}`,
    );
  });

  it('knows a return from authentication', () => {
    expect(isPaymentReturn('?payment=return')).toBe(true);
    expect(isPaymentReturn('redirect_status=succeeded')).toBe(true);
    expect(isPaymentReturn('?tab=messages')).toBe(false);
  });

  it('prefers the decline code, then the code, and knows only its own', () => {
    expect(declineKeyOf({ code: 'card_declined', decline_code: 'insufficient_funds' })).toBe(
      'insufficient_funds',
    );
    expect(declineKeyOf({ code: 'card_declined', decline_code: 'lost_card' })).toBe(
      'card_declined',
    );
    expect(declineKeyOf({ code: 'processing_error', decline_code: null })).toBeNull();
  });

  it('says why a tier cannot be chosen', () => {
    const base = { is_available: false, slots_left: null, deadline_date: null };
    expect(unavailableReason({ ...base, slots_left: 0 })).toBe('full');
    expect(unavailableReason({ ...base, deadline_date: '2027-01-01 00:00:00' })).toBe('closed');
    expect(unavailableReason({ ...base, is_available: true })).toBeNull();
  });
});
