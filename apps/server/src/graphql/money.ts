import { formatMoney, getCurrency } from '@encore/core';
import { builder } from './builder';

export interface Money {
  /** Integer minor units (cents); never a float. */
  amount: number;
  currency: string;
}

export const MoneyRef = builder.objectRef<Money>('Money');

export function registerMoney(): void {
  MoneyRef.implement({
    description: 'An amount in integer minor units of an ISO 4217 currency.',
    fields: (t) => ({
      amount: t.exposeInt('amount', { description: 'Integer minor units, e.g. cents.' }),
      currency: t.string({ resolve: (money) => money.currency.toUpperCase() }),
      decimal_digits: t.int({ resolve: (money) => getCurrency(money.currency).decimalDigits }),
      formatted: t.string({
        description: "The amount formatted in the caller's language.",
        resolve: (money, _args, context) =>
          formatMoney(money.amount, money.currency, context.locale),
      }),
    }),
  });
}
