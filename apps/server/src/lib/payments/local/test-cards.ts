import type { ProviderPaymentError } from '../provider';

/**
 * What the local processor does with a card number: Stripe's test cards, and a refusal for any
 * other number (as Stripe's test mode refuses a real card).
 */
export type CardOutcome =
  | {
      kind: 'succeeds';
      /** A refund of its charge is answered `pending`, then fails for this reason. */
      refundFailureReason?: string;
    }
  | { kind: 'requires_authentication' }
  | { kind: 'declined'; error: ProviderPaymentError };

const declined = (declineCode: string, message: string): CardOutcome => ({
  kind: 'declined',
  error: { code: 'card_declined', declineCode, message },
});

export const TEST_CARDS: Readonly<Record<string, CardOutcome>> = {
  '4242424242424242': { kind: 'succeeds' },
  '5555555555554444': { kind: 'succeeds' },
  '4000000000009995': declined('insufficient_funds', 'Your card has insufficient funds.'),
  '4000000000000002': declined('generic_decline', 'Your card was declined.'),
  '4000002760003184': { kind: 'requires_authentication' },
  '4000000000005126': { kind: 'succeeds', refundFailureReason: 'expired_or_canceled_card' },
};

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Digits only; spaces and dashes as people type them are dropped. */
export const cardDigits = (number: string) => number.replace(/[\s-]/g, '');

export function cardOutcome(number: string): CardOutcome {
  const digits = cardDigits(number);
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return {
      kind: 'declined',
      error: {
        code: 'incorrect_number',
        declineCode: null,
        message: 'Your card number is incorrect.',
      },
    };
  }
  return (
    TEST_CARDS[digits] ??
    declined('test_mode_live_card', 'Your card was declined: only test cards are accepted here.')
  );
}

/**
 * Why a refund of a charge made with the card ending in `last4` fails, or null. Only test cards
 * are ever charged, so the last four digits tell which one it was.
 */
export function refundFailureOf(last4: string | null): string | null {
  if (!last4) return null;
  for (const [number, outcome] of Object.entries(TEST_CARDS)) {
    if (number.endsWith(last4) && outcome.kind === 'succeeds' && outcome.refundFailureReason) {
      return outcome.refundFailureReason;
    }
  }
  return null;
}

/** Stripe's failure codes for payouts a bank refuses, and the sentence each comes with. */
export const PAYOUT_FAILURES: Readonly<Record<string, string>> = {
  account_closed: 'The bank account has been closed.',
  no_account:
    'The bank account details on file are probably incorrect. No bank account could be located with those details.',
};

/**
 * Stripe's test bank account numbers whose payouts fail, by how they end: `000111111113`, or an
 * IBAN such as `IE75AIBK93115200111113`, closed; `000111111116`, or `IE91AIBK93115200111116`, no
 * such account. Payouts to any other account are paid.
 */
export const FAILING_BANK_ACCOUNT_ENDINGS: Readonly<Record<string, string>> = {
  '111113': 'account_closed',
  '111116': 'no_account',
};

/** The failure code of a payout to this account number, or null for one that is paid. */
export function payoutFailureOf(accountNumber: string): string | null {
  const number = accountNumber.replace(/\s/g, '');
  const ending = Object.keys(FAILING_BANK_ACCOUNT_ENDINGS).find((end) => number.endsWith(end));
  return ending ? FAILING_BANK_ACCOUNT_ENDINGS[ending]! : null;
}
