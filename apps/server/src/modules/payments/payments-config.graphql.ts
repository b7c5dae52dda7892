import { access } from '../../graphql/access-outcome';
import { builder } from '../../graphql/builder';

interface PaymentsConfig {
  provider: 'local' | 'stripe';
  publishableKey: string | null;
}

/**
 * What the web needs to know before a payment page: which processor takes card payments (Stripe
 * Elements loads only with `stripe`), and the publishable key it loads with. Public: the
 * publishable key is meant for browsers.
 */
export function registerPaymentsConfigGraphQL(): void {
  const ProviderEnum = builder.enumType('PaymentProviderName', {
    description:
      'LOCAL: the built-in processor (its own card page); STRIPE: Stripe, with Stripe Elements.',
    values: { LOCAL: { value: 'local' }, STRIPE: { value: 'stripe' } } as const,
  });

  const PaymentsConfigRef = builder.objectRef<PaymentsConfig>('PaymentsConfig').implement({
    description: 'How this server takes payments.',
    fields: (t) => ({
      provider: t.field({ type: ProviderEnum, resolve: (config) => config.provider }),
      publishable_key: t.exposeString('publishableKey', {
        nullable: true,
        description: "Stripe's publishable key for Stripe.js; null with the local processor.",
      }),
    }),
  });

  builder.queryFields((t) => ({
    paymentsConfig: t.field({
      type: PaymentsConfigRef,
      extensions: access({ record: 'open' }),
      authScopes: { public: true },
      resolve: (_root, _args, context): PaymentsConfig => ({
        provider: context.services.payments.provider.name,
        publishableKey: context.services.payments.publishableKey,
      }),
    }),
  }));
}
