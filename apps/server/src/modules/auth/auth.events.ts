import type { Locale } from '@encore/core';

/** Who an account email goes to, as the account was when the event happened. */
interface AccountHolder {
  userId: string;
  email: string;
  name: string;
  locale: Locale;
}

/**
 * What the auth feature tells the rest of the product. A link with a token in it travels sealed
 * (`sealedPath`, lib/sealed.ts): the outbox keeps events for a while, and the database keeps only
 * a token's hash.
 */
export interface AuthEvents {
  EmailVerificationRequested: AccountHolder & { sealedPath: string };
  PasswordResetRequested: AccountHolder & { sealedPath: string };
  PasswordChanged: AccountHolder;
  EmailChangeRequested: AccountHolder & { newEmail: string; sealedPath: string };
}

export const accountAggregate = (userId: string) => `user:${userId}`;
