import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { checkoutFixtures, type PaidOpportunityOptions } from '../../../test/checkout';
import { asUser, startTestServer, type TestServer } from '../../../test/harness';
import { managerAndReviewer } from '../../../test/opportunities';
import { insertOrganisation } from '../../../test/organisations';
import { connectPayoutAccount } from '../../../test/payments';
import { localRefunds } from '../../lib/payments/local/local.table';
import { payments } from './payments.table';

export const SUCCEEDS = '4242 4242 4242 4242';
/** Charged fine; its refunds fail at the bank (expired or canceled card). */
export const REFUND_FAILS = '4000 0000 0000 5126';
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The people around the organisation's paid opportunities, for tests from both sides. */
export interface MoneyPeople {
  owner: TestAccount;
  /** A view-only member of the organisation. */
  member: TestAccount;
  /** Each paid opportunity's own manager (full access), outside the organisation's team. */
  manager: TestAccount;
  /** Each paid opportunity's own reviewer (rate, comment). */
  reviewer: TestAccount;
  /** The owner of another organisation. */
  otherOwner: TestAccount;
  /** A performer with nothing to do with anything. */
  performer: TestAccount;
  /** A platform admin. */
  admin: TestAccount;
}

/**
 * A server with a clock the test moves, an organisation with a connected payout account on the
 * local processor, its people, and applicants who pay by card: what refunds, payouts and the
 * answer-by promise start from.
 */
export async function startMoneyWorld(start = new Date('2027-03-01T10:00:00Z')) {
  let now = start;
  const server: TestServer = await startTestServer({}, { clock: () => now });
  const names = ['owner', 'member', 'manager', 'reviewer', 'otherOwner', 'performer', 'admin'];
  const accounts = await Promise.all(
    names.map((name) => registerAccount(server, { name: `Pat ${name}` })),
  );
  const people = Object.fromEntries(
    names.map((name, i) => [name, accounts[i]!]),
  ) as unknown as MoneyPeople;
  people.admin = { ...people.admin, headers: asUser(people.admin.id, 'admin') };
  const organisation = await insertOrganisation(server.database.db, { name: 'Harbour Lights' }, [
    { userId: people.owner.id, email: people.owner.email, role: 'owner' },
    { userId: people.member.id, email: people.member.email, role: 'member' },
  ]);
  const otherOrganisation = await insertOrganisation(
    server.database.db,
    { name: 'Elsewhere Sounds' },
    [{ userId: people.otherOwner.id, email: people.otherOwner.email, role: 'owner' }],
  );
  const { local } = server.app.services.payments;
  if (!local) throw new Error('the local processor is not running');

  const paymentOf = async (applicationId: string) => {
    const [row] = await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.applicationId, applicationId));
    return row!;
  };

  /** Paid opportunities of one organisation, its applicants paying by card, and its balances. */
  function moneyOf(organisation: { id: string; slug: string; name: string }) {
    const fixtures = checkoutFixtures(() => ({ server, owner: people.owner, organisation }));
    return {
      organisation,
      ...fixtures,

      /** A paid opportunity of the organisation with its own manager and reviewer. */
      paidOpportunity: (options: PaidOpportunityOptions = {}) =>
        fixtures.paidOpportunity({
          seats: managerAndReviewer(people.manager, people.reviewer),
          ...options,
        }),

      /** An applicant who has paid a tier by card (optionally with a coupon). */
      async paidApplication(
        opportunityId: string,
        tierId: string,
        { card = SUCCEEDS, coupon, name }: { card?: string; coupon?: string; name?: string } = {},
      ) {
        const { applicant, applicationId } = await fixtures.awaitingPayment(opportunityId, name);
        const started = await fixtures.start(applicant, applicationId, {
          payment_option_id: tierId,
          ...(coupon ? { coupon_code: coupon } : {}),
        });
        expect(started.body.errors).toBeUndefined();
        const session = started.body.data!.startCheckout;
        const payment = await paymentOf(applicationId);
        await local!.processor.confirmIntent(
          payment.providerIntentId!,
          session.client_secret!,
          card,
        );
        await server.deliverEvents();
        await server.deliverEvents();
        const paid = await paymentOf(applicationId);
        expect(paid.status).toBe('SUCCEEDED');
        return { applicant, applicationId, payment: paid };
      },

      /** The organisation's pending and available euros, from the running balances. */
      async balances() {
        const rows = await server.app.services.payments.ledger.organisationBalances(
          organisation.id,
        );
        const of = (account: string) =>
          rows.find((row) => row.account === account && row.currency === 'EUR')?.amount ?? 0;
        return { pending: of('organisation_pending'), available: of('organisation_available') };
      },
    };
  }

  await connectPayoutAccount(server, organisation);
  let serial = 0;

  return {
    server,
    people,
    otherOrganisation,
    ...moneyOf(organisation),
    now: () => now,
    setNow(instant: Date) {
      now = instant;
    },
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },

    /** Another organisation of the same owner and member, its payout account connected. */
    async freshOrganisation() {
      serial += 1;
      const fresh = await insertOrganisation(
        server.database.db,
        { name: `Harbour Lights ${serial}` },
        [
          { userId: people.owner.id, email: people.owner.email, role: 'owner' },
          { userId: people.member.id, email: people.member.email, role: 'member' },
        ],
      );
      await connectPayoutAccount(server, fresh);
      return moneyOf(fresh);
    },

    paymentOf,

    /** The refunds the processor made of a payment's charge. */
    async processorRefundsOf(applicationId: string) {
      const payment = await paymentOf(applicationId);
      return server.database.db
        .select()
        .from(localRefunds)
        .where(eq(localRefunds.intentId, payment.providerIntentId!));
    },

    /** The platform's fee income in euros, from the books. */
    async platformFees() {
      const rows = await server.app.services.payments.ledger.balance('platform_fees');
      return rows.find((row) => row.currency === 'EUR')?.amount ?? 0;
    },
  };
}

export type MoneyWorld = Awaited<ReturnType<typeof startMoneyWorld>>;

/** The first error's code and validation map of a GraphQL answer. */
export function errorOf(body: { errors?: Array<{ extensions?: Record<string, unknown> }> }) {
  const extensions = body.errors?.[0]?.extensions;
  return {
    code: extensions?.code as string | undefined,
    validation: extensions?.validation as Record<string, string[]> | undefined,
  };
}
