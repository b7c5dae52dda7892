import type { ProviderPaymentError } from '../provider';

/**
 * What the local processor does with a card number: Stripe's test cards, and a refusal for any
 * other number (as Stripe's test mode refuses a real card).
 */
export type CardOutcome =
  | { kind: 'succeeds' }
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
