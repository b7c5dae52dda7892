import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { insertOrganisation } from '../../../test/organisations';
import type { AccountHolder } from './payment-accounts.service';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  expect(await server.app.services.payments.audit.problems()).toEqual([]);
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
    const { returnUrl } = await local!.onboarding.submit(linkOf(step.url!), {
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
    await local!.onboarding.submit(linkOf(step.url!), {
      businessType: 'COMPANY',
      country: 'DE',
      defaultCurrency: 'EUR',
      payout: { type: 'CARD', holderName: 'Harbour Lights', cardNumber: '4000 0566 5566 5556' },
    });
    const stored = await accounts.account(harbour.id);
    await local!.onboarding.reject(stored!.providerAccountId, 'rejected.other');
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

describe('payout accounts over GraphQL, by team role', () => {
  const STEP =
    'query($organisation: ID!) { updateAccountLink(organisation: $organisation) { is_done next url } }';
  const ACCOUNT = `query($organisation: ID!) {
    organisationAccount(organisation: $organisation, recheck: true) { account_id charges_enabled is_disabled disabled_reason requirements_due }
    accountBalance(organisation: $organisation) { available { amount currency } total { amount currency formatted } }
    payoutAccountCurrencies(organisation: $organisation)
  }`;

  it('lets the owner and an admin connect and read the account; refuses an editor and a member', async () => {
    const [owner, admin, editor, member] = await Promise.all(
      ['Owner', 'Admin', 'Editor', 'Member'].map((name) => registerAccount(server, { name })),
    );
    const organisation = await insertOrganisation(server.database.db, { name: 'Riverside Stage' }, [
      { userId: owner!.id, email: owner!.email, role: 'owner' },
      { userId: admin!.id, email: admin!.email, role: 'admin' },
      { userId: editor!.id, email: editor!.email, role: 'editor' },
      { userId: member!.id, email: member!.email, role: 'member' },
    ]);
    const variables = { organisation: organisation.id };

    const started = await server.graphql<{
      updateAccountLink: { is_done: boolean; next: string; url: string };
    }>(STEP, variables, owner!.headers);
    expect(started.body.errors).toBeUndefined();
    expect(started.body.data!.updateAccountLink).toMatchObject({
      is_done: false,
      next: 'business_type',
    });
    await server.app.services.payments.local!.onboarding.submit(
      linkOf(started.body.data!.updateAccountLink.url),
      {
        businessType: 'COMPANY',
        country: 'CH',
        defaultCurrency: 'CHF',
        payout: {
          type: 'BANK_ACCOUNT',
          holderName: 'Riverside Stage AG',
          accountNumber: 'CH9300762011623852957',
        },
      },
    );

    type AccountRead = {
      organisationAccount: {
        charges_enabled: boolean;
        is_disabled: boolean;
        requirements_due: string[];
      };
      accountBalance: {
        available: { amount: number; currency: string };
        total: { formatted: string };
      };
      payoutAccountCurrencies: string[];
    };
    const read = await server.graphql<AccountRead>(ACCOUNT, variables, admin!.headers);
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data!.organisationAccount).toMatchObject({
      charges_enabled: true,
      is_disabled: false,
      requirements_due: [],
    });
    // Root fields resolve side by side: the balance must not race the recheck for the currency,
    // so the account is rechecked once before the read that is checked.
    const reread = await server.graphql<AccountRead>(ACCOUNT, variables, admin!.headers);
    expect(reread.body.data!.accountBalance.available).toEqual({ amount: 0, currency: 'CHF' });
    expect(reread.body.data!.payoutAccountCurrencies).toEqual(['CHF']);

    for (const outsider of [editor!, member!]) {
      const refused = await server.graphql(ACCOUNT, variables, outsider.headers);
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(refused.body.data).toBeNull();
    }
    const anonymous = await server.graphql(STEP, variables);
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    // On the organisation itself, the account shows only to those who manage its payments.
    const ORGANISATION =
      'query($slug: String!) { organisation(slug: $slug) { account { account_id } } }';
    const asAdmin = await server.graphql<{ organisation: { account: unknown } }>(
      ORGANISATION,
      { slug: organisation.slug },
      admin!.headers,
    );
    expect(asAdmin.body.data!.organisation.account).not.toBeNull();
    const asEditor = await server.graphql<{ organisation: { account: unknown } }>(
      ORGANISATION,
      { slug: organisation.slug },
      editor!.headers,
    );
    expect(asEditor.body.data!.organisation.account).toBeNull();
    await server.deliverEvents();
  });

  it('answers a malformed organisation id with a validation error, not an internal one', async () => {
    const owner = await registerAccount(server);
    const answer = await server.graphql(STEP, { organisation: 'not-a-uuid\u0000' }, owner.headers);
    expect(answer.body.errors?.[0]?.extensions?.code).not.toBe('INTERNAL');
  });
});
