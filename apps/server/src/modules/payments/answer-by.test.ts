import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { publishedOpportunity } from '../../../test/opportunities';
import { domainEvents } from '../../events/events.table';
import { errorOf, startMoneyWorld, type MoneyWorld } from './money-back.fixtures';

let world: MoneyWorld;

// Each test pays by card over real HTTP: minutes on a busy machine, not seconds.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

const MARCH = new Date('2027-03-01T10:00:00Z');
const HOUR_MS = 60 * 60 * 1000;

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

const UPDATE = `mutation($input: UpdateOpportunityInput!) { updateOpportunity(input: $input) { id answer_by_date } }`;
const CHANGE_STATUS = `mutation($input: ChangeApplicationStatusInput!) { changeApplicationStatus(input: $input) { id } }`;
const PAYMENT = `query($id: ID!) { viewApplication(id: $id) { status payment_info { status refunded { amount }
  refunds { automatic status amount { amount } } } } }`;

const promise = (id: string, answerBy: string) =>
  world.server.graphql<{ updateOpportunity: { answer_by_date: string | null } }>(
    UPDATE,
    { input: { id, answer_by_date: answerBy } },
    world.people.owner.headers,
  );

/** The warnings told of an opportunity: how many hours were left each time. */
async function warningsOf(opportunityId: string): Promise<number[]> {
  const rows = await world.server.database.db
    .select()
    .from(domainEvents)
    .where(eq(domainEvents.name, 'AnswerByApproaching'));
  return rows
    .map((row) => row.payload as { opportunityId: string; hoursLeft: number })
    .filter((payload) => payload.opportunityId === opportunityId)
    .map((payload) => payload.hoursLeft);
}

describe('the answer-by date', () => {
  it('is set by the team between the deadline and the start, on card-paid opportunities only', async () => {
    const { opportunity } = await world.paidOpportunity();
    // The deadline is 1 April 23:59 and the event starts 1 May 19:00, in Lisbon.
    const before = await promise(opportunity.id, '2027-03-20 12:00');
    expect(errorOf(before.body)).toMatchObject({
      code: 'VALIDATION',
      validation: { 'input.answer_by_date': [expect.any(String)] },
    });
    const after = await promise(opportunity.id, '2027-05-02 12:00');
    expect(errorOf(after.body).validation).toHaveProperty('input.answer_by_date');
    const free = await publishedOpportunity(world.server, {
      organisationId: world.organisation.id,
      owner: world.people.owner,
      title: 'Free Open Call',
    });
    const onFree = await promise(free.id, '2027-04-10 12:00');
    expect(errorOf(onFree.body).validation).toHaveProperty('input.answer_by_date');
    const external = await world.paidOpportunity({ type: 'PAID_EXTERNAL' });
    const onExternal = await promise(external.opportunity.id, '2027-04-10 12:00');
    expect(errorOf(onExternal.body).validation).toHaveProperty('input.answer_by_date');

    const set = await promise(opportunity.id, '2027-04-10 12:00');
    expect(set.body.errors).toBeUndefined();
    // Noon in Lisbon (summer time) is 11:00 UTC.
    expect(set.body.data!.updateOpportunity.answer_by_date).toBe('2027-04-10 11:00:00');
    const asMember = await world.server.graphql(
      UPDATE,
      { input: { id: opportunity.id, answer_by_date: '2027-04-11 12:00' } },
      world.people.member.headers,
    );
    expect(['FORBIDDEN', 'NOT_FOUND']).toContain(errorOf(asMember.body).code);
  });

  it('warns 48 and 24 hours before, once each, then refunds the undecided in full and keeps the decided', async () => {
    const { opportunity, regular, early } = await world.paidOpportunity();
    const paid = {
      submitted: await world.paidApplication(opportunity.id, regular.id, { name: 'Ada Waiting' }),
      shortlisted: await world.paidApplication(opportunity.id, early.id, {
        name: 'Bo Shortlisted',
      }),
      accepted: await world.paidApplication(opportunity.id, regular.id, { name: 'Cy Accepted' }),
      declined: await world.paidApplication(opportunity.id, regular.id, { name: 'Di Declined' }),
    };
    expect((await promise(opportunity.id, '2027-04-10 12:00')).body.errors).toBeUndefined();
    const answerBy = new Date('2027-04-10T11:00:00Z').getTime();
    const { run } = world.server.app.services.payments.answerBy;
    const at = (hoursBefore: number) => world.setNow(new Date(answerBy - hoursBefore * HOUR_MS));

    at(49);
    await run();
    expect(await warningsOf(opportunity.id)).toEqual([]);

    at(47);
    await run();
    await run();
    expect(await warningsOf(opportunity.id)).toEqual([48]);

    const decide = (applicationId: string, status: string) =>
      world.server.graphql(
        CHANGE_STATUS,
        { input: { ids: [applicationId], status } },
        world.people.owner.headers,
      );
    expect(
      (await decide(paid.shortlisted.applicationId, 'SHORTLISTED')).body.errors,
    ).toBeUndefined();
    expect((await decide(paid.accepted.applicationId, 'ACCEPTED')).body.errors).toBeUndefined();
    expect((await decide(paid.declined.applicationId, 'DECLINED')).body.errors).toBeUndefined();

    at(23);
    await run();
    await run();
    expect(await warningsOf(opportunity.id)).toEqual([48, 24]);
    const [, last] = (
      await world.server.database.db
        .select()
        .from(domainEvents)
        .where(eq(domainEvents.name, 'AnswerByApproaching'))
    )
      .map((row) => row.payload as { opportunityId: string; undecided: number })
      .filter((payload) => payload.opportunityId === opportunity.id);
    expect(last!.undecided).toBe(2);

    // Nothing is refunded before the date.
    at(0.01);
    await run();
    expect((await world.paymentOf(paid.submitted.applicationId)).amountRefunded).toBe(0);

    at(-0.01);
    await run();
    await world.server.deliverEvents();
    for (const { applicant, applicationId, payment } of [paid.submitted, paid.shortlisted]) {
      const seen = await world.server.graphql<{
        viewApplication: { payment_info: { status: string; refunded: { amount: number } } };
      }>(PAYMENT, { id: applicationId }, applicant.headers);
      expect(seen.body.data!.viewApplication.payment_info).toMatchObject({
        status: 'REFUNDED',
        refunded: { amount: payment.amount },
        refunds: [{ automatic: true, status: 'SUCCEEDED', amount: { amount: payment.amount } }],
      });
    }
    for (const { applicationId } of [paid.accepted, paid.declined]) {
      expect(await world.paymentOf(applicationId)).toMatchObject({
        status: 'SUCCEEDED',
        amountRefunded: 0,
      });
    }
    // Kept once: running again refunds nothing more, and no warning comes after the date.
    world.advance(HOUR_MS);
    await run();
    expect(await world.processorRefundsOf(paid.submitted.applicationId)).toHaveLength(1);
    expect(await world.processorRefundsOf(paid.accepted.applicationId)).toHaveLength(0);
    expect(await warningsOf(opportunity.id)).toEqual([48, 24]);
    expect(await world.server.app.services.payments.ledger.problems()).toEqual([]);
  });

  it('warns nobody when every paid application is decided', async () => {
    const { opportunity, regular } = await world.paidOpportunity();
    const paid = await world.paidApplication(opportunity.id, regular.id);
    expect((await promise(opportunity.id, '2027-04-10 12:00')).body.errors).toBeUndefined();
    const accepted = await world.server.graphql(
      CHANGE_STATUS,
      { input: { ids: [paid.applicationId], status: 'ACCEPTED' } },
      world.people.owner.headers,
    );
    expect(accepted.body.errors).toBeUndefined();
    const answerBy = new Date('2027-04-10T11:00:00Z').getTime();
    for (const hours of [47, 23, -1]) {
      world.setNow(new Date(answerBy - hours * HOUR_MS));
      await world.server.app.services.payments.answerBy.run();
    }
    expect(await warningsOf(opportunity.id)).toEqual([]);
    expect((await world.paymentOf(paid.applicationId)).amountRefunded).toBe(0);
  });
});
