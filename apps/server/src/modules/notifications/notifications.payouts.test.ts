import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  deliverAgain,
  jazz,
  mailsTo,
  noticesOf,
  organisation,
  OUTSIDERS,
  PAYMENTS_TEAM,
  payoutAggregate,
  people,
  recipients,
  setUpPaymentsWorld,
  tell,
  world,
} from './notifications.payments-world';

setUpPaymentsWorld();

describe('the answer-by date nearing', () => {
  it('tells the payments team 48 and 24 hours before, with the date in the opportunity’s time', async () => {
    // 23:59 in Lisbon (summer time), the opportunity's zone.
    const promise = { opportunityId: jazz.id, organisationId: organisation.id, undecided: 3 };
    const answerBy = '2027-04-03T22:59:00.000Z';
    await tell('AnswerByApproaching', `opportunity:${jazz.id}`, {
      ...promise,
      answerBy,
      hoursLeft: 48,
    });
    expect(await recipients('answer_by_soon', `opportunity:${jazz.id}`)).toEqual(PAYMENTS_TEAM);
    const [notice] = await noticesOf(people.manager, 'answer_by_soon');
    expect(notice).toMatchObject({
      title: '48 hours left to answer paid applications to Harbour Jazz Nights',
      url_path: `/opportunity/${jazz.slug}/dashboard?status=SUBMITTED,IN_REVIEW,SHORTLISTED&payment=SUCCEEDED`,
    });
    expect(notice!.message).toMatch(
      /^Paid applications still undecided: 3\. Those still undecided on April 3, 2027 at 11:59\sPM GMT\+1 are refunded in full automatically\.$/,
    );
    const [german] = await noticesOf(people.admin, 'answer_by_soon');
    expect(german!.title).toBe(
      'Noch 48 Stunden, um bezahlte Bewerbungen für Harbour Jazz Nights zu beantworten',
    );
    expect(german!.message).toContain('am 3. April 2027 um 23:59');
    await world.smtp.waitFor(people.owner.email, 'hours left to answer paid applications');

    await tell('AnswerByApproaching', `opportunity:${jazz.id}`, {
      ...promise,
      answerBy,
      hoursLeft: 24,
    });
    expect((await noticesOf(people.owner, 'answer_by_soon'))[0]!.title).toBe(
      '24 hours left to answer paid applications to Harbour Jazz Nights',
    );
    for (const role of [...OUTSIDERS, 'applicant' as const]) {
      expect(await noticesOf(people[role], 'answer_by_soon'), role).toEqual([]);
      expect(mailsTo(people[role]), role).toEqual([]);
    }
  });
});

describe('a payout', () => {
  const payout = () => ({
    payoutId: randomUUID(),
    organisationId: organisation.id,
    amount: 25000,
    currency: 'eur',
  });
  const ORGANISATION_TEAM = ['admin', 'owner'];

  it('tells the organisation’s payments team it was sent, in the notification centre only', async () => {
    const sent = { ...payout(), arrivalDate: '2027-03-04T00:00:00.000Z', automatic: true };
    await tell('PayoutSent', payoutAggregate(), sent);
    expect(await recipients('payout_sent', `payout:${sent.payoutId}`)).toEqual(ORGANISATION_TEAM);
    expect((await noticesOf(people.owner, 'payout_sent'))[0]).toEqual({
      type: 'payout_sent',
      title: '€250.00 is on its way to the bank account of Harbour Lights',
      message: 'Expected to arrive by March 4, 2027.',
      url_path: `/organisation/${organisation.slug}/payment/account`,
      is_read: false,
    });
    // Its default channel is the notification centre: nobody is mailed.
    expect(world.smtp.received).toEqual([]);
    // The opportunity's manager handles its applicants' money, not the organisation's balance.
    for (const role of [...OUTSIDERS, 'manager' as const]) {
      expect(await noticesOf(people[role], 'payout_sent'), role).toEqual([]);
    }
  });

  it('tells them by email that it failed, why, and that the money is back in the balance', async () => {
    const closed = { ...payout(), failureCode: 'account_closed' };
    await tell('PayoutFailed', payoutAggregate(), closed);
    expect(await recipients('payout_failed', `payout:${closed.payoutId}`)).toEqual(
      ORGANISATION_TEAM,
    );
    expect((await noticesOf(people.owner, 'payout_failed'))[0]).toMatchObject({
      title: 'The payout of €250.00 to the bank account of Harbour Lights failed',
      message:
        'The bank account has been closed. The money is back in your balance: check the bank account before the next payout.',
      url_path: `/organisation/${organisation.slug}/payment/account`,
    });
    await world.smtp.waitFor(people.owner.email, 'to the bank account of Harbour Lights failed');
    await world.smtp.waitFor(people.admin.email, 'Die Auszahlung von 250,00');

    await tell('PayoutFailed', payoutAggregate(), {
      ...payout(),
      failureCode: 'no_account',
    });
    await tell('PayoutFailed', payoutAggregate(), {
      ...payout(),
      failureCode: 'could_not_process',
    });
    const [generic, missing] = await noticesOf(people.owner, 'payout_failed');
    expect(missing!.message).toMatch(/^The bank account does not exist\. /);
    expect(generic!.message).toMatch(/^The bank refused the payout\. /);
    for (const role of [...OUTSIDERS, 'manager' as const]) {
      expect(await noticesOf(people[role], 'payout_failed'), role).toEqual([]);
      expect(mailsTo(people[role]), role).toEqual([]);
    }
  });
});

describe('delivering the events again', () => {
  it('writes no notice twice and sends no email twice', async () => {
    const { before, after, undelivered } = await deliverAgain(
      ['AnswerByApproaching', 'PayoutSent', 'PayoutFailed'],
      ['answer_by_soon', 'payout_sent', 'payout_failed'],
    );
    expect(after.map((row) => row.id).sort()).toEqual(before.map((row) => row.id).sort());
    expect(new Set(before.map((row) => row.type)).size).toBe(3);
    expect(world.smtp.received).toEqual([]);
    expect(undelivered).toEqual([]);
  });
});
