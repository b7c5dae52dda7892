import { openTestDatabase } from '../../../../test/harness';
import { describeProviderContract } from '../provider.contract';
import type { ProviderEvent } from '../provider';
import { createLocalProvider } from './local-provider';
import { createLocalOnboarding } from './onboarding';
import { createLocalProcessor } from './processor';

describeProviderContract('local', async () => {
  const database = await openTestDatabase();
  const events: ProviderEvent[] = [];
  let msAhead = 0;
  const options = {
    db: database.db,
    clock: () => new Date(Date.now() + msAhead),
    publicUrl: 'http://encore.test',
    onEvent: async (_tx: unknown, event: ProviderEvent) => {
      events.push(event);
    },
  };
  const processor = createLocalProcessor(options);
  const onboarding = createLocalOnboarding(processor, options);
  return {
    provider: createLocalProvider(processor),
    world: {
      async completeOnboarding(linkUrl, bank) {
        await onboarding.submit(new URL(linkUrl).searchParams.get('link') ?? '', {
          businessType: 'COMPANY',
          country: 'IE',
          defaultCurrency: 'EUR',
          payout: {
            type: 'BANK_ACCOUNT',
            holderName: 'Harbour Lights Ltd',
            accountNumber: bank?.accountNumber ?? 'IE29AIBK93115212345678',
          },
        });
      },
      async pay(intent, cardNumber) {
        await processor.confirmIntent(intent.id, intent.clientSecret, cardNumber);
      },
      async authenticate(intent, approved) {
        await processor.authenticate(intent.id, approved);
      },
      takeEvents: async () => events.splice(0),
      async advanceTime(ms) {
        msAhead += ms;
      },
    },
    close: () => database.close(),
  };
});
