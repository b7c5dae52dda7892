import type { TestServer } from './harness';

/**
 * Connects the organisation's payout account on the local processor, as its owner would through
 * the onboarding pages, and lets the processor's word arrive: charges and payouts enabled.
 */
export async function connectPayoutAccount(
  server: TestServer,
  organisation: { id: string; slug: string; name: string },
  { currency = 'EUR', country = 'PT' }: { currency?: string; country?: string } = {},
) {
  const { accounts, local } = server.app.services.payments;
  if (!local) throw new Error('the local processor is not running');
  const holder = { ...organisation, email: `payments@${organisation.slug}.test` };
  const step = await accounts.updateAccountLink(holder);
  if (!step.url) return;
  await local.onboarding.submit(new URL(step.url).searchParams.get('link')!, {
    businessType: 'COMPANY',
    country,
    defaultCurrency: currency,
    payout: {
      type: 'BANK_ACCOUNT',
      holderName: organisation.name,
      accountNumber: 'PT50000201231234567890154',
    },
  });
  await server.deliverEvents();
}
