import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestAccount } from '../../../test/accounts';
import { errorOf, startMoneyWorld, type MoneyWorld } from './money-back.fixtures';

let world: MoneyWorld;

// Thirteen card payments over real HTTP: minutes on a busy machine, not seconds.
vi.setConfig({ testTimeout: 600_000, hookTimeout: 600_000 });

const MARCH = new Date('2027-03-01T10:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;

const PAYMENTS = `query($slug: String!, $page: Int, $filters: PaymentsFilterInput) {
  opportunityPayments(opportunitySlug: $slug, page: $page, filters: $filters) {
    paginatorInfo { total count perPage currentPage lastPage }
    data { payment_id application_id name fee_title amount { amount currency } status refund_status
      refunded { amount } coupon created_at method } } }`;
const REVENUE = `query($slug: String!) { opportunityRevenue(opportunitySlug: $slug) {
  total_applications collected { amount currency } refunded { amount } available { amount }
  pending { amount } release_at timeline { date collected refunded } } }`;
const REFUND = `mutation($id: ID!, $amount: Int) { refundApplication(id: $id, amount: $amount) { status } }`;

interface Row {
  application_id: string;
  name: string;
  amount: { amount: number };
  status: string;
  refunded: { amount: number };
}
interface Page {
  paginatorInfo: {
    total: number;
    count: number;
    perPage: number;
    currentPage: number;
    lastPage: number;
  };
  data: Row[];
}

/** The payers, in the order they pay; the first eleven on 1 March, the last on 2 March. */
const NAMES = [
  'Ana Lopes',
  'Bruno Alves',
  'Carla Dias',
  'Duarte Reis',
  'Eva Costa',
  'Filipe Sousa',
  'Gil Pinto',
  'Helena Rocha',
  'Ines Matos',
  'Joao Nunes',
  'Kiko Zanzibar',
  'Lia Moura',
];

let slug: string;
let paid: Array<Awaited<ReturnType<MoneyWorld['paidApplication']>>>;

beforeAll(async () => {
  world = await startMoneyWorld(MARCH);
  const { opportunity, early, regular } = await world.paidOpportunity();
  slug = opportunity.slug;
  paid = [];
  for (const [index, name] of NAMES.entries()) {
    if (index === NAMES.length - 1) world.advance(DAY_MS);
    paid.push(
      await world.paidApplication(opportunity.id, index % 2 === 0 ? regular.id : early.id, {
        name,
      }),
    );
  }
  // One who started paying and stopped: not a payment of the list.
  const waiting = await world.awaitingPayment(opportunity.id, 'Nuno Waiting');
  await world.start(waiting.applicant, waiting.applicationId, { payment_option_id: regular.id });
  // On 3 March: Ana is refunded in full, Bruno in part.
  world.advance(DAY_MS);
  const { owner } = world.people;
  for (const [applicationId, amount] of [
    [paid[0]!.applicationId, null],
    [paid[1]!.applicationId, 300],
  ] as const) {
    const answer = await world.server.graphql(REFUND, { id: applicationId, amount }, owner.headers);
    expect(answer.body.errors).toBeUndefined();
  }
});
afterEach(async () => {
  await world.server.deliverEvents();
  expect(await world.server.app.services.payments.audit.problems()).toEqual([]);
});
afterAll(async () => {
  await world?.server.close();
});

const list = async (variables: Record<string, unknown> = {}, who?: TestAccount) => {
  const answer = await world.server.graphql<{ opportunityPayments: Page }>(
    PAYMENTS,
    { slug, ...variables },
    (who ?? world.people.owner).headers,
  );
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data!.opportunityPayments;
};
const names = (page: Page) => page.data.map((row) => row.name);

describe('the payments list', () => {
  it('pages by ten, newest first, and leaves out payments never made', async () => {
    const first = await list();
    expect(first.paginatorInfo).toEqual({
      total: 12,
      count: 10,
      perPage: 10,
      currentPage: 1,
      lastPage: 2,
    });
    expect(first.data[0]).toMatchObject({ name: 'Lia Moura', status: 'SUCCEEDED' });
    const second = await list({ page: 2 });
    expect(second.paginatorInfo).toMatchObject({ count: 2, currentPage: 2 });
    expect(new Set([...names(first), ...names(second)])).toEqual(new Set(NAMES));
  });

  it('finds by part of a name or an email, by status, and those refunded', async () => {
    expect(names(await list({ filters: { q: 'zanzi' } }))).toEqual(['Kiko Zanzibar']);
    expect(names(await list({ filters: { q: paid[3]!.applicant.email } }))).toEqual([
      'Duarte Reis',
    ]);
    expect(names(await list({ filters: { q: '100%_' } }))).toEqual([]);
    const refunded = await list({ filters: { status: 'REFUNDED' } });
    expect(refunded.data).toMatchObject([
      { name: 'Ana Lopes', refunded: { amount: 2000 }, amount: { amount: 2000 } },
    ]);
    const anyRefund = await list({ filters: { refunded: true, sort: 'NAME', asc: true } });
    expect(anyRefund.data).toMatchObject([
      { name: 'Ana Lopes', status: 'REFUNDED' },
      { name: 'Bruno Alves', status: 'SUCCEEDED', refunded: { amount: 300 } },
    ]);
    expect((await list({ filters: { status: 'REQUIRES_METHOD' } })).data).toMatchObject([
      { name: 'Nuno Waiting' },
    ]);
  });

  it('sorts by name and by amount, either way', async () => {
    const sorted = [...NAMES].sort();
    expect(names(await list({ filters: { sort: 'NAME', asc: true } }))).toEqual(
      sorted.slice(0, 10),
    );
    expect(names(await list({ filters: { sort: 'NAME', asc: false } }))).toEqual(
      [...sorted].reverse().slice(0, 10),
    );
    const amounts = async (asc: boolean, page = 1) =>
      (await list({ page, filters: { sort: 'AMOUNT', asc } })).data.map((row) => row.amount.amount);
    const ascending = [...(await amounts(true)), ...(await amounts(true, 2))];
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(ascending[0]).toBe(1000);
    expect((await amounts(false))[0]).toBe(2000);
  });

  it('refuses filters it cannot take, naming them', async () => {
    const answer = await world.server.graphql(
      PAYMENTS,
      { slug, filters: { q: 'a\u0000b' } },
      world.people.owner.headers,
    );
    expect(errorOf(answer.body).code).toBe('VALIDATION');
    expect(Object.keys(errorOf(answer.body).validation ?? {})).toEqual(['filters.q']);
    const badSlug = await world.server.graphql(
      PAYMENTS,
      { slug: 'no such slug!' },
      world.people.owner.headers,
    );
    expect(errorOf(badSlug.body).code).toBe('VALIDATION');
  });
});

describe('the revenue', () => {
  it('adds up what came in and went back, held until the event, by day', async () => {
    const rows = await Promise.all(paid.map((entry) => world.paymentOf(entry.applicationId)));
    const collected = rows.reduce((sum, row) => sum + row.amount, 0);
    const share = rows.reduce(
      (sum, row) => sum + row.amount - row.platformFee - row.shareRefunded,
      0,
    );
    const answer = await world.server.graphql<{
      opportunityRevenue: Record<string, unknown>;
    }>(REVENUE, { slug }, world.people.owner.headers);
    expect(answer.body.errors).toBeUndefined();
    const lastDay = rows[rows.length - 1]!.amount;
    expect(answer.body.data!.opportunityRevenue).toEqual({
      total_applications: 12,
      collected: { amount: collected, currency: 'EUR' },
      refunded: { amount: 2300 },
      available: { amount: 0 },
      pending: { amount: share },
      release_at: '2027-05-09 22:00:00',
      timeline: [
        { date: '2027-03-01', collected: collected - lastDay, refunded: 0 },
        { date: '2027-03-02', collected: lastDay, refunded: 0 },
        { date: '2027-03-03', collected: 0, refunded: 2300 },
      ],
    });

    // Once the hold has passed, the share is the organisation's to be paid out.
    world.setNow(new Date('2027-05-10T10:00:00Z'));
    await world.server.app.services.payments.payouts.releaseDue();
    const released = await world.server.graphql<{
      opportunityRevenue: { available: { amount: number }; pending: { amount: number } };
    }>(REVENUE, { slug }, world.people.owner.headers);
    expect(released.body.data!.opportunityRevenue).toMatchObject({
      available: { amount: share },
      pending: { amount: 0 },
    });
  });
});

describe('who reads an opportunity’s payments', () => {
  it('lets the owner, a platform admin and its manager; tells everyone else there is none', async () => {
    const { owner, admin, manager, member, reviewer, otherOwner, performer } = world.people;
    for (const query of [PAYMENTS, REVENUE]) {
      for (const who of [owner, admin, manager]) {
        const answer = await world.server.graphql(query, { slug }, who.headers);
        expect(answer.body.errors, query).toBeUndefined();
      }
      for (const who of [member, reviewer, otherOwner, performer]) {
        const answer = await world.server.graphql(query, { slug }, who.headers);
        expect(errorOf(answer.body).code, query).toBe('NOT_FOUND');
      }
      const anonymous = await world.server.graphql(query, { slug });
      expect(errorOf(anonymous.body).code, query).toBe('UNAUTHENTICATED');
    }
  });
});
