import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { domainEvents } from '../../events/events.table';
import type { TestAccount } from '../../../test/accounts';
import { errorOf, startMoneyWorld, type MoneyWorld } from './money-back.fixtures';

let world: MoneyWorld;

// Each test pays by card over real HTTP and moves the clock by weeks: minutes on a busy machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

const MARCH = new Date('2027-03-01T10:00:00Z');
const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

beforeAll(async () => {
  world = await startMoneyWorld(MARCH);
});
afterEach(async () => {
  world.setNow(MARCH);
  await world.server.deliverEvents();
  expect(await world.server.app.services.payments.audit.problems()).toEqual([]);
});
afterAll(async () => {
  await world?.server.close();
});

const BALANCE = `query($organisation: ID!) { accountBalance(organisation: $organisation) {
  available { amount currency } total { amount }
  per_currency { available { amount currency } pending { amount } total { amount } }
  upcoming_releases { opportunity_id opportunity_slug amount { amount currency } release_at can_request_early }
  hold_days } }`;
const PAYOUT_FIELDS = `id amount { amount currency } status failure_code failure_message automatic arrival_date`;
const PAYOUTS = `query($organisation: ID!) { organisationPayouts(organisation: $organisation) { ${PAYOUT_FIELDS} } }`;
const CREATE_PAYOUT = `mutation($organisation: ID!, $currency: String) {
  createPayout(organisation: $organisation, currency: $currency) { ${PAYOUT_FIELDS} } }`;
const SCHEDULE = `mutation($organisation: ID!, $interval: PayoutInterval!) {
  updatePayoutSchedule(organisation: $organisation, interval: $interval) { payout_interval next_payout_at } }`;
const EARLY = `mutation($opportunity: ID!) { requestEarlyRelease(opportunity: $opportunity) {
  opportunity_id amount { amount } release_at can_request_early } }`;
const ACCOUNT_FIELDS = 'id last4 currency default_for_currency status';
const EXTERNAL = `query($organisation: ID!) { externalAccounts(organisation: $organisation) { ${ACCOUNT_FIELDS} } }`;
const ADD = `mutation($organisation: ID!, $input: ExternalAccountInput!) {
  addExternalAccount(organisation: $organisation, input: $input) { ${ACCOUNT_FIELDS} } }`;
const SET_DEFAULT = `mutation($organisation: ID!, $id: ID!) {
  setDefaultExternalAccount(organisation: $organisation, id: $id) { ${ACCOUNT_FIELDS} } }`;
const REMOVE = `mutation($organisation: ID!, $id: ID!) {
  removeExternalAccount(organisation: $organisation, id: $id) { ${ACCOUNT_FIELDS} } }`;
const HELD_UNTIL = `query($id: ID!) { viewApplication(id: $id) { payment_info { held_until } } }`;
const UPDATE_DATES = `mutation($input: UpdateOpportunityInput!) { updateOpportunity(input: $input) { id } }`;
const CHANGE_STATUS = `mutation($input: ChangeApplicationStatusInput!) { changeApplicationStatus(input: $input) { id } }`;
const REFUND = `mutation($id: ID!) { refundApplication(id: $id) { status } }`;

interface Balance {
  available: { amount: number; currency: string };
  per_currency: Array<{ available: { amount: number }; pending: { amount: number } }>;
  upcoming_releases: Array<{
    opportunity_id: string;
    amount: { amount: number };
    release_at: string | null;
    can_request_early: boolean;
  }>;
  hold_days: number;
}
interface Payout {
  id: string;
  amount: { amount: number; currency: string };
  status: string;
  failure_code: string | null;
  failure_message: string | null;
  automatic: boolean;
}
interface ExternalAccount {
  id: string;
  last4: string;
  currency: string;
  default_for_currency: boolean;
}

const gql = <Data>(
  query: string,
  variables: Record<string, unknown>,
  who?: TestAccount,
  headers: Record<string, string> = {},
) => world.server.graphql<Data>(query, variables, { ...(who?.headers ?? {}), ...headers });

async function ok<Data>(query: string, variables: Record<string, unknown>, who?: TestAccount) {
  const answer = await gql<Data>(query, variables, who);
  expect(answer.body.errors, query).toBeUndefined();
  return answer.body.data!;
}

const balanceOf = async (organisation: string) =>
  (await ok<{ accountBalance: Balance }>(BALANCE, { organisation }, world.people.owner))
    .accountBalance;
const payoutsOf = async (organisation: string) =>
  (await ok<{ organisationPayouts: Payout[] }>(PAYOUTS, { organisation }, world.people.owner))
    .organisationPayouts;
/** An instant as the DateTime scalar writes it (UTC, `YYYY-MM-DD HH:mm:ss`). */
const instant = (written: string) => new Date(`${written.replace(' ', 'T')}Z`);
const writtenAs = (moment: Date) => moment.toISOString().slice(0, 19).replace('T', ' ');

const releaseDue = () => world.server.app.services.payments.payouts.releaseDue();

/** Moves an opportunity's event (wall-clock times in Lisbon). */
const moveEvent = (id: string, start: string, end: string) =>
  ok(UPDATE_DATES, { input: { id, start_date: start, end_date: end } }, world.people.owner);

/** A fresh organisation with one paid application (20 EUR; 19 EUR its share), and its release. */
async function paidAndHeld() {
  const own = await world.freshOrganisation();
  const { opportunity, regular, early } = await own.paidOpportunity();
  const paid = await own.paidApplication(opportunity.id, regular.id);
  const share = paid.payment.amount - paid.payment.platformFee;
  const [release] = (await balanceOf(own.organisation.id)).upcoming_releases;
  return {
    own,
    opportunity,
    regular,
    early,
    paid,
    share,
    releaseAt: instant(release!.release_at!),
  };
}

describe('money held until the event', () => {
  it('is pending after payment and released once the event’s end and the hold have passed', async () => {
    const { own, opportunity, paid, share, releaseAt } = await paidAndHeld();
    const organisation = own.organisation.id;
    const balance = await balanceOf(organisation);
    expect(balance).toMatchObject({
      available: { amount: 0, currency: 'EUR' },
      per_currency: [{ available: { amount: 0 }, pending: { amount: share } }],
      upcoming_releases: [
        { opportunity_id: opportunity.id, amount: { amount: share }, can_request_early: false },
      ],
      hold_days: 7,
    });
    expect(share).toBeGreaterThan(0);
    // The event ends on 2 May, 23:00 in Lisbon; the hold is a week.
    expect(releaseAt.toISOString()).toBe('2027-05-09T22:00:00.000Z');
    const heldUntil = await ok<{ viewApplication: { payment_info: { held_until: string } } }>(
      HELD_UNTIL,
      { id: paid.applicationId },
      world.people.owner,
    );
    expect(heldUntil.viewApplication.payment_info.held_until).toBe(writtenAs(releaseAt));

    world.setNow(new Date(releaseAt.getTime() - MINUTE_MS));
    await releaseDue();
    expect(await own.balances()).toEqual({ pending: share, available: 0 });
    expect((await world.paymentOf(paid.applicationId)).releasedAt).toBeNull();

    world.setNow(new Date(releaseAt.getTime() + MINUTE_MS));
    await releaseDue();
    expect(await own.balances()).toEqual({ pending: 0, available: share });
    expect((await balanceOf(organisation)).upcoming_releases).toEqual([]);
    const after = await ok<{ viewApplication: { payment_info: { held_until: string | null } } }>(
      HELD_UNTIL,
      { id: paid.applicationId },
      world.people.owner,
    );
    expect(after.viewApplication.payment_info.held_until).toBeNull();
    // Released once: running it again moves nothing.
    await releaseDue();
    expect(await own.balances()).toEqual({ pending: 0, available: share });
    expect(await world.server.app.services.payments.ledger.problems()).toEqual([]);
  });
});

describe('a payout asked for', () => {
  it('pays the available balance to the bank, and refuses when nothing is available', async () => {
    const { own, share, releaseAt } = await paidAndHeld();
    const organisation = own.organisation.id;
    const early = await gql(CREATE_PAYOUT, { organisation }, world.people.owner);
    expect(errorOf(early.body)).toMatchObject({
      code: 'VALIDATION',
      validation: { currency: [expect.any(String)] },
    });

    world.setNow(new Date(releaseAt.getTime() + DAY_MS));
    await releaseDue();
    const { createPayout: payout } = await ok<{ createPayout: Payout }>(
      CREATE_PAYOUT,
      { organisation, currency: 'eur' },
      world.people.owner,
    );
    expect(payout).toMatchObject({
      amount: { amount: share, currency: 'EUR' },
      automatic: false,
      failure_code: null,
    });
    expect(['IN_TRANSIT', 'PENDING']).toContain(payout.status);
    expect(await own.balances()).toEqual({ pending: 0, available: 0 });
    expect((await payoutsOf(organisation)).map((row) => row.id)).toEqual([payout.id]);
    const again = await gql(CREATE_PAYOUT, { organisation }, world.people.owner);
    expect(errorOf(again.body)).toMatchObject({
      code: 'VALIDATION',
      validation: { currency: [expect.any(String)] },
    });

    // The bank credits it a few days later.
    world.advance(3 * DAY_MS);
    await world.server.app.services.payments.payouts.reconcile();
    await world.server.deliverEvents();
    expect((await payoutsOf(organisation))[0]).toMatchObject({ id: payout.id, status: 'PAID' });
    expect(await world.server.app.services.payments.ledger.problems()).toEqual([]);
  });
});

describe('the weekly schedule', () => {
  it('pays out once a week: a second run in the same week makes none, the next week one', async () => {
    const { own, share } = await paidAndHeld();
    const organisation = own.organisation.id;
    const later = await own.paidOpportunity();
    const paidLater = await own.paidApplication(later.opportunity.id, later.early.id);
    const laterShare = paidLater.payment.amount - paidLater.payment.platformFee;
    // The second event ends on Wednesday 5 May: its money is released a week later.
    await moveEvent(later.opportunity.id, '2027-05-04 19:00', '2027-05-05 23:00');
    const weekly = await ok<{ updatePayoutSchedule: { payout_interval: string } }>(
      SCHEDULE,
      { organisation, interval: 'WEEKLY' },
      world.people.owner,
    );
    expect(weekly.updatePayoutSchedule.payout_interval).toBe('WEEKLY');
    const { runSchedule } = world.server.app.services.payments.payouts;

    world.setNow(new Date('2027-05-10T06:00:00Z')); // Monday
    await releaseDue();
    await runSchedule();
    const first = await payoutsOf(organisation);
    expect(first).toMatchObject([{ amount: { amount: share }, automatic: true }]);

    world.setNow(new Date('2027-05-13T06:00:00Z')); // Thursday, the same week
    await releaseDue();
    expect(await own.balances()).toEqual({ pending: 0, available: laterShare });
    await runSchedule();
    expect(await payoutsOf(organisation)).toHaveLength(1);

    world.setNow(new Date('2027-05-17T06:00:00Z')); // Monday, the next week
    await runSchedule();
    await runSchedule();
    const next = await payoutsOf(organisation);
    expect(next).toHaveLength(2);
    expect(next[0]).toMatchObject({ amount: { amount: laterShare }, automatic: true });
    expect(await own.balances()).toEqual({ pending: 0, available: 0 });
  });
});

describe('a payout to a closed bank account', () => {
  it('fails, says why in the reader’s language, and gives the money back to the balance', async () => {
    const { own, share, releaseAt } = await paidAndHeld();
    const organisation = own.organisation.id;
    const { owner } = world.people;
    const added = await ok<{ addExternalAccount: ExternalAccount }>(
      ADD,
      {
        organisation,
        input: {
          country: 'PT',
          currency: 'EUR',
          holder_name: 'Harbour Lights',
          account_number: '000123111113',
        },
      },
      owner,
    );
    expect(added.addExternalAccount).toMatchObject({ last4: '1113' });
    const switched = await ok<{ setDefaultExternalAccount: ExternalAccount[] }>(
      SET_DEFAULT,
      { organisation, id: added.addExternalAccount.id },
      owner,
    );
    expect(
      switched.setDefaultExternalAccount.find((account) => account.default_for_currency)?.id,
    ).toBe(added.addExternalAccount.id);

    world.setNow(new Date(releaseAt.getTime() + DAY_MS));
    await releaseDue();
    await ok(CREATE_PAYOUT, { organisation }, owner);
    await world.server.deliverEvents();
    await world.server.deliverEvents();
    const [failed] = await payoutsOf(organisation);
    expect(failed).toMatchObject({ status: 'FAILED', failure_code: 'account_closed' });
    expect(failed!.failure_message).toMatch(/closed/i);
    const german = await gql<{ organisationPayouts: Payout[] }>(PAYOUTS, { organisation }, owner, {
      'accept-language': 'de',
    });
    const inGerman = german.body.data!.organisationPayouts[0]!.failure_message;
    expect(inGerman).toBeTruthy();
    expect(inGerman).not.toBe(failed!.failure_message);
    expect(inGerman).not.toContain('payout_failure');
    expect(await own.balances()).toEqual({ pending: 0, available: share });
    expect(await world.server.app.services.payments.ledger.problems()).toEqual([]);

    // The processor tells of the failure again (a webhook replayed): the money comes back once.
    const db = world.server.database.db;
    const told = (
      await db
        .select()
        .from(domainEvents)
        .where(eq(domainEvents.name, 'PaymentProviderEventReceived'))
    ).filter((row) => JSON.stringify(row.payload).includes('payout.failed'));
    expect(told.length).toBeGreaterThan(0);
    for (const event of told) {
      await db.insert(domainEvents).values({
        name: event.name,
        aggregate: event.aggregate,
        payload: event.payload,
        occurredAt: world.now(),
        nextAttemptAt: world.now(),
      });
    }
    await world.server.deliverEvents();
    expect(await own.balances()).toEqual({ pending: 0, available: share });
    expect(await payoutsOf(organisation)).toHaveLength(1);
  });
});

describe('a refund after a payout', () => {
  it('leaves the balance below zero, and the next release nets it', async () => {
    const { own, paid, share, releaseAt } = await paidAndHeld();
    const organisation = own.organisation.id;
    const later = await own.paidOpportunity();
    const paidLater = await own.paidApplication(later.opportunity.id, later.regular.id);
    const laterShare = paidLater.payment.amount - paidLater.payment.platformFee;
    await moveEvent(later.opportunity.id, '2027-05-20 19:00', '2027-05-21 23:00');

    world.setNow(new Date(releaseAt.getTime() + DAY_MS));
    await releaseDue();
    await ok(CREATE_PAYOUT, { organisation }, world.people.owner);
    expect(await own.balances()).toEqual({ pending: laterShare, available: 0 });

    await ok(REFUND, { id: paid.applicationId }, world.people.owner);
    expect(await own.balances()).toEqual({ pending: laterShare, available: -share });
    const nothing = await gql(CREATE_PAYOUT, { organisation }, world.people.owner);
    expect(errorOf(nothing.body).code).toBe('VALIDATION');

    world.setNow(new Date('2027-05-29T12:00:00Z'));
    await releaseDue();
    expect(await own.balances()).toEqual({ pending: 0, available: laterShare - share });
    expect(await world.server.app.services.payments.ledger.problems()).toEqual([]);
  });
});

describe('an early release', () => {
  it('is refused for a first event, allowed once an earlier event was released and all are decided', async () => {
    const { own, opportunity: first, paid, share, releaseAt } = await paidAndHeld();
    const organisation = own.organisation.id;
    const { owner, admin, manager } = world.people;
    const second = await own.paidOpportunity();
    const paidSecond = await own.paidApplication(second.opportunity.id, second.regular.id);
    await moveEvent(second.opportunity.id, '2027-06-01 19:00', '2027-06-02 23:00');
    const decide = (id: string, status: string) =>
      ok(CHANGE_STATUS, { input: { ids: [id], status } }, owner);

    // After the deadline, every application decided: still the organisation's first event.
    world.setNow(new Date('2027-04-05T10:00:00Z'));
    await decide(paid.applicationId, 'ACCEPTED');
    for (const who of [owner, admin, manager]) {
      const refused = await gql(EARLY, { opportunity: first.id }, who);
      expect(errorOf(refused.body).code).toBe('CONFLICT');
    }

    world.setNow(new Date(releaseAt.getTime() + DAY_MS));
    await releaseDue();
    const undecided = await gql(EARLY, { opportunity: second.opportunity.id }, manager);
    expect(errorOf(undecided.body).code).toBe('CONFLICT');
    expect((await balanceOf(organisation)).upcoming_releases).toMatchObject([
      { opportunity_id: second.opportunity.id, can_request_early: false },
    ]);

    await decide(paidSecond.applicationId, 'ACCEPTED');
    expect((await balanceOf(organisation)).upcoming_releases).toMatchObject([
      { opportunity_id: second.opportunity.id, can_request_early: true },
    ]);
    const released = await ok<{
      requestEarlyRelease: { opportunity_id: string; amount: { amount: number } };
    }>(EARLY, { opportunity: second.opportunity.id }, manager);
    const secondShare = paidSecond.payment.amount - paidSecond.payment.platformFee;
    expect(released.requestEarlyRelease).toMatchObject({
      opportunity_id: second.opportunity.id,
      amount: { amount: secondShare },
    });
    expect(await own.balances()).toEqual({ pending: 0, available: share + secondShare });
    expect((await balanceOf(organisation)).upcoming_releases).toEqual([]);
    // Asked again: nothing more moves.
    await ok(EARLY, { opportunity: second.opportunity.id }, owner);
    expect(await own.balances()).toEqual({ pending: 0, available: share + secondShare });
  });
});

describe('bank accounts to pay out to', () => {
  it('are added (refusals name the field), made the default and removed', async () => {
    const own = await world.freshOrganisation();
    const organisation = own.organisation.id;
    const { owner } = world.people;
    const input = {
      country: 'PT',
      currency: 'EUR',
      holder_name: 'Harbour Lights',
      account_number: 'PT50000201231234567890154',
    };
    for (const account_number of ['12', 'PT00000201231234567890154', 'a\u0000b']) {
      const refused = await gql(ADD, { organisation, input: { ...input, account_number } }, owner);
      expect(errorOf(refused.body), account_number).toMatchObject({
        code: 'VALIDATION',
        validation: { 'input.account_number': [expect.any(String)] },
      });
    }
    const nul = await gql(
      ADD,
      { organisation, input: { ...input, holder_name: 'A\u0000B' } },
      owner,
    );
    expect(errorOf(nul.body)).toMatchObject({
      code: 'VALIDATION',
      validation: { 'input.holder_name': [expect.any(String)] },
    });
    const [onboarded] = (
      await ok<{ externalAccounts: ExternalAccount[] }>(EXTERNAL, { organisation }, owner)
    ).externalAccounts;
    expect(onboarded).toMatchObject({ default_for_currency: true, currency: 'EUR' });
    const added = (
      await ok<{ addExternalAccount: ExternalAccount }>(
        ADD,
        { organisation, input: { ...input, account_number: 'DE89370400440532013000' } },
        owner,
      )
    ).addExternalAccount;
    expect(added).toMatchObject({ last4: '3000', default_for_currency: false });
    const made = (
      await ok<{ setDefaultExternalAccount: ExternalAccount[] }>(
        SET_DEFAULT,
        { organisation, id: added.id },
        owner,
      )
    ).setDefaultExternalAccount;
    expect(made.filter((account) => account.default_for_currency).map((a) => a.id)).toEqual([
      added.id,
    ]);
    const left = (
      await ok<{ removeExternalAccount: ExternalAccount[] }>(
        REMOVE,
        { organisation, id: onboarded!.id },
        owner,
      )
    ).removeExternalAccount;
    expect(left.map((account) => account.id)).toEqual([added.id]);
    for (const id of ['ba_nothing', 'ba_\u0000', 'x'.repeat(500)]) {
      const unknown = await gql(REMOVE, { organisation, id }, owner);
      // A NUL byte is refused at the door, before any resolver: never INTERNAL.
      expect(['NOT_FOUND', 'VALIDATION'], id).toContain(errorOf(unknown.body).code);
    }
  });
});

describe('who handles the organisation’s money', () => {
  it('lets the owner and a platform admin; refuses its member, an opportunity’s team, strangers', async () => {
    const { own, opportunity } = await paidAndHeld();
    const organisation = own.organisation.id;
    const { owner, admin, member, manager, reviewer, otherOwner, performer } = world.people;
    const [onboarded] = (
      await ok<{ externalAccounts: ExternalAccount[] }>(EXTERNAL, { organisation }, owner)
    ).externalAccounts;
    const operations: Array<[string, Record<string, unknown>]> = [
      [BALANCE, { organisation }],
      [PAYOUTS, { organisation }],
      [CREATE_PAYOUT, { organisation }],
      [SCHEDULE, { organisation, interval: 'WEEKLY' }],
      [
        ADD,
        {
          organisation,
          input: {
            country: 'PT',
            currency: 'EUR',
            holder_name: 'Harbour Lights',
            account_number: 'DE89370400440532013000',
          },
        },
      ],
      [SET_DEFAULT, { organisation, id: onboarded!.id }],
      [REMOVE, { organisation, id: 'ba_nothing' }],
    ];
    for (const [query, variables] of operations) {
      for (const who of [member, manager, reviewer, otherOwner, performer]) {
        expect(errorOf((await gql(query, variables, who)).body).code, query).toBe('FORBIDDEN');
      }
      expect(errorOf((await gql(query, variables)).body).code, query).toBe('UNAUTHENTICATED');
      for (const who of [owner, admin]) {
        const { code } = errorOf((await gql(query, variables, who)).body);
        // Reached: answered, or told what is wrong with the request itself.
        expect([undefined, 'VALIDATION', 'NOT_FOUND'], query).toContain(code);
      }
    }
    for (const who of [member, reviewer, otherOwner, performer]) {
      const refused = await gql(EARLY, { opportunity: opportunity.id }, who);
      expect(errorOf(refused.body).code).toBe('FORBIDDEN');
    }
    expect(errorOf((await gql(EARLY, { opportunity: opportunity.id })).body).code).toBe(
      'UNAUTHENTICATED',
    );
    // The refusals moved no money.
    expect(await payoutsOf(organisation)).toEqual([]);
  });
});
