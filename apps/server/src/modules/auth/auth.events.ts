import type { Locale } from '@encore/core';

/** Who an account email goes to, as the account was when the event happened. */
interface AccountHolder {
  userId: string;
  email: string;
  name: string;
  locale: Locale;
}

/**
 * What the auth feature tells the rest of the product. A link's token travels sealed
 * (lib/sealed.ts): the outbox keeps events for a while, and the database keeps only a token's hash.
 */
export interface AuthEvents {
  EmailVerificationRequested: AccountHolder & { sealedToken: string };
  PasswordResetRequested: AccountHolder & { sealedToken: string };
  PasswordChanged: AccountHolder;
  EmailChangeRequested: AccountHolder & { newEmail: string; sealedToken: string };
}

export const accountAggregate = (userId: string) => `user:${userId}`;
