import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { insertOrganisation } from '../../../test/organisations';
import type { AccountHolder } from './payment-accounts.service';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  expect(await server.app.services.payments.ledger.problems()).toEqual([]);
});
afterAll(async () => {
  await server?.close();
});

async function holder(name: string): Promise<AccountHolder> {
  const row = await insertOrganisation(server.database.db, { name }, []);
  return { id: row.id, slug: row.slug, name: row.name, email: `payments@${row.slug}.test` };
}

const linkOf = (url: string) => new URL(url).searchParams.get('link')!;

describe('connecting a payout account (local processor)', () => {
  it('makes one account however often the organiser starts, and sends them to onboarding', async () => {
    const { accounts } = server.app.services.payments;
    const harbour = await holder('Harbour Lights');
    const [first, second] = await Promise.all([
      accounts.updateAccountLink(harbour),
      accounts.updateAccountLink(harbour),
    ]);
    expect(first).toMatchObject({ is_done: false, next: 'business_type' });
    expect(first!.url).toMatch(`${server.config.publicUrl}/processor/onboarding?link=`);
    expect(linkOf(second!.url!)).not.toBe(linkOf(first!.url!));
    const stored = await accounts.account(harbour.id);
    expect(stored).toMatchObject({
      provider: 'local',
      chargesEnabled: false,
      disabledReason: 'requirements.past_due',
    });
  });

  it('hears of the finished onboarding through the outbox, once, and reports the step done', async () => {
    const { accounts, local } = server.app.services.payments;
    const harbour = await holder('Harbour Lights Two');
    const step = await accounts.updateAccountLink(harbour);
    const { returnUrl } = await local.onboarding.submit(linkOf(step.url!), {
      businessType: 'NON_PROFIT',
      country: 'IE',
      defaultCurrency: 'EUR',
      payout: {
        type: 'BANK_ACCOUNT',
        holderName: 'Harbour Lights',
        accountNumber: 'IE29AIBK93115212345678',
      },
    });
    expect(returnUrl).toBe(
      `${server.config.publicUrl}/organisation/${harbour.slug}/payment/account?connected=1`,
    );
    // Before the event is delivered, the stored account is as it was …
    expect((await accounts.account(harbour.id))!.chargesEnabled).toBe(false);
    await server.deliverEvents();
    // … and after it, as the processor says.
    expect(await accounts.account(harbour.id)).toMatchObject({
      chargesEnabled: true,
      payoutsEnabled: true,
      hasExternalAccount: true,
      businessType: 'NON_PROFIT',
      countryCode: 'IE',
      defaultCurrency: 'EUR',
      disabledReason: null,
      requirementsDue: [],
    });
    expect(await accounts.verifyAccountLink(harbour)).toEqual({
      is_done: true,
      next: null,
      url: null,
    });
    expect(await accounts.externalAccounts(harbour.id)).toEqual([
      expect.objectContaining({ type: 'BANK_ACCOUNT', last4: '5678' }),
    ]);
  });

  it('reports an account the processor stopped, on a recheck', async () => {
    const { accounts, local } = server.app.services.payments;
    const harbour = await holder('Harbour Lights Three');
    const step = await accounts.updateAccountLink(harbour);
    await local.onboarding.submit(linkOf(step.url!), {
      businessType: 'COMPANY',
      country: 'DE',
      defaultCurrency: 'EUR',
      payout: { type: 'CARD', holderName: 'Harbour Lights', cardNumber: '4000 0566 5566 5556' },
    });
    const stored = await accounts.account(harbour.id);
    await local.onboarding.reject(stored!.providerAccountId, 'rejected.other');
    expect(await accounts.account(harbour.id, true)).toMatchObject({
      chargesEnabled: false,
      payoutsEnabled: false,
      disabledReason: 'rejected.other',
    });
    await server.deliverEvents();
  });

  it('answers an organisation without an account with no account', async () => {
    const { accounts } = server.app.services.payments;
    const quiet = await holder('No Payments Yet');
    expect(await accounts.account(quiet.id, true)).toBeUndefined();
    expect(await accounts.verifyAccountLink(quiet)).toEqual({
      is_done: false,
      next: 'account',
      url: null,
    });
    expect(await accounts.externalAccounts(quiet.id)).toEqual([]);
  });
});
