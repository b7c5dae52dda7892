import { and, inArray, ne } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { applyTo, noticesOf as noticesOfAccount, recipientsOf } from '../../../test/notices';
import { managerAndReviewer, publishedOpportunity } from '../../../test/opportunities';
import { insertOrganisation } from '../../../test/organisations';
import { startTestSmtp } from '../../../test/smtp';
import { domainEvent, type DomainEventMap, type DomainEventName } from '../../events/domain-events';
import { domainEventHandled, domainEvents } from '../../events/events.table';
import type { OrganisationRow } from '../organisations/organisations.table';
import { payoutAggregate, refundAggregate } from '../payments/refunds.events';
import { notifications } from './notifications.table';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let now = new Date('2027-03-01T10:00:00Z');
const ROLES = [
  'owner',
  'admin',
  'editor',
  'member',
  'manager',
  'reviewer',
  'applicant',
  'other',
  'stranger',
] as const;
type Role = (typeof ROLES)[number];
const people = {} as Record<Role, TestAccount>;
let organisation: OrganisationRow;
let jazz: Awaited<ReturnType<typeof publishedOpportunity>>;
let application: { id: string; code: string };
/** Who hears of the opportunity's money, and who does not. */
const PAYMENTS_TEAM = ['admin', 'manager', 'owner'];
const OUTSIDERS: Role[] = ['editor', 'member', 'reviewer', 'other', 'stranger'];

const noticesOf = (who: TestAccount, type: string) => noticesOfAccount(server, who, type);
const recipients = (type: string, subject: string) => recipientsOf(server, people, type, subject);
const mailsTo = (who: TestAccount) => smtp.received.filter((mail) => mail.to.includes(who.email));
const choose = (who: TestAccount, type: string, channel: string) =>
  server.graphql(
    `mutation($type: NotificationType!, $channel: NotificationChannel!) {
      updateNotificationPreference(type: $type, channel: $channel) { channel } }`,
    { type, channel },
    who.headers,
  );

/** Records an event as the payments feature would, and delivers it (and the mail it causes). */
async function tell<Name extends DomainEventName>(
  name: Name,
  aggregate: string,
  payload: DomainEventMap[Name],
) {
  // A minute apart, so that the newest notice comes first.
  now = new Date(now.getTime() + 60_000);
  await server.app.services.events.outbox.transaction(async (_tx, record) => {
    await record(domainEvent(name, aggregate, payload));
  });
  await server.deliverEvents();
}

const parties = () => ({
  applicationId: application.id,
  opportunityId: jazz.id,
  organisationId: organisation.id,
  userId: people.applicant.id,
});
const refund = (fields: Partial<DomainEventMap['RefundSucceeded']> = {}) => ({
  ...parties(),
  refundId: randomUUID(),
  requestId: null,
  amount: 1200,
  currency: 'eur',
  automatic: false,
  full: true,
  ...fields,
});

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ smtpUrl: smtp.url }, { clock: () => now });
  for (const role of ROLES) {
    const name = `Pat ${role[0]!.toUpperCase()}${role.slice(1)}`;
    // The admin reads German: amounts and dates are written the way their language writes them.
    people[role] = await registerAccount(server, {
      name,
      ...(role === 'admin' ? { locale: 'de' } : {}),
    });
  }
  const seat = (role: 'owner' | 'admin' | 'editor' | 'member') => ({
    userId: people[role].id,
    email: people[role].email,
    role,
  });
  organisation = await insertOrganisation(server.database.db, { name: 'Harbour Lights' }, [
    seat('owner'),
    seat('admin'),
    seat('editor'),
    seat('member'),
  ]);
  jazz = await publishedOpportunity(server, {
    organisationId: organisation.id,
    owner: people.owner,
    title: 'Harbour Jazz Nights',
    seats: managerAndReviewer(people.manager, people.reviewer),
  });
  application = await applyTo(server, jazz.id, people.applicant);
  await applyTo(server, jazz.id, people.other);
  await server.deliverEvents();
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

describe('a refund request', () => {
  it('tells the payments team (owner, admin, manager) by notice and email, in each one’s language', async () => {
    await tell('RefundRequested', refundAggregate(application.id), {
      ...parties(),
      requestId: randomUUID(),
      reason: 'CANT_ATTEND',
      message: 'I broke my wrist.',
      amount: 1200,
      currency: 'eur',
    });

    expect(await recipients('refund_request', `application:${application.id}`)).toEqual(
      PAYMENTS_TEAM,
    );
    const [notice] = await noticesOf(people.owner, 'refund_request');
    expect(notice).toEqual({
      type: 'refund_request',
      title: 'Ada Lovelace asked for a refund of €12.00',
      message: `Harbour Jazz Nights · ${application.code} · Can no longer attend · I broke my wrist.`,
      url_path: `/opportunity/${jazz.slug}/payments/details`,
      is_read: false,
    });
    const [german] = await noticesOf(people.admin, 'refund_request');
    expect(german!.title).toMatch(/^Ada Lovelace bittet um Erstattung von 12,00\s€$/);
    expect(german!.message).toContain('Kann nicht mehr teilnehmen');

    const mail = await smtp.waitFor(people.manager.email, 'asked for a refund of');
    expect(mail.decoded).toContain(`/opportunity/${jazz.slug}/payments/details`);
    expect(mail.decoded).toMatch(/^List-Unsubscribe:\s*</im);
    for (const role of [...OUTSIDERS, 'applicant' as const]) {
      expect(await noticesOf(people[role], 'refund_request'), role).toEqual([]);
      expect(mailsTo(people[role]), role).toEqual([]);
    }
  });

  it('tells the same team when the applicant takes it back', async () => {
    await tell('RefundRequestCanceled', refundAggregate(application.id), {
      ...parties(),
      requestId: randomUUID(),
    });
    const notices = await noticesOf(people.manager, 'refund_request');
    expect(notices[0]).toMatchObject({
      title: 'Ada Lovelace withdrew their refund request',
      message: `Harbour Jazz Nights · ${application.code}`,
    });
    for (const role of PAYMENTS_TEAM) {
      expect(await noticesOf(people[role as Role], 'refund_request')).toHaveLength(2);
    }
    for (const role of OUTSIDERS) {
      expect(await noticesOf(people[role], 'refund_request'), role).toEqual([]);
    }
  });
});

describe('the team’s answer', () => {
  it('tells only the applicant, with the team’s note, by notice and email', async () => {
    await tell('RefundRequestDecided', refundAggregate(application.id), {
      ...parties(),
      requestId: randomUUID(),
      decision: 'DECLINED',
      note: 'The festival goes ahead as planned.',
      decidedBy: people.manager.id,
    });
    const [declined] = await noticesOf(people.applicant, 'refund_status');
    expect(declined).toMatchObject({
      title: 'Your refund request for Harbour Jazz Nights was declined',
      message: `Application ${application.code}. The team’s note: “The festival goes ahead as planned.”`,
      url_path: `/application/${application.id}`,
    });
    const mail = await smtp.waitFor(people.applicant.email, 'was declined');
    expect(mail.decoded).toContain(`/application/${application.id}`);

    await tell('RefundRequestDecided', refundAggregate(application.id), {
      ...parties(),
      requestId: randomUUID(),
      decision: 'APPROVED',
      note: null,
      decidedBy: people.manager.id,
    });
    const [approved] = await noticesOf(people.applicant, 'refund_status');
    expect(approved).toMatchObject({
      title: 'Your refund request for Harbour Jazz Nights was approved',
      message: 'The refund is under way: we will tell you when the money is sent.',
    });
    for (const role of [...PAYMENTS_TEAM, ...OUTSIDERS]) {
      expect(await noticesOf(people[role as Role], 'refund_status'), role).toEqual([]);
    }
  });
});

describe('a refund sent', () => {
  it('tells the applicant that the money is on its way, and not the team that made it', async () => {
    await tell('RefundSucceeded', refundAggregate(application.id), refund());
    const [sent] = await noticesOf(people.applicant, 'refund_status');
    expect(sent).toMatchObject({
      title: '€12.00 is on its way back to you',
      message:
        'Your fee for Harbour Jazz Nights is refunded in full. Your bank may take a few days to show it.',
      url_path: `/application/${application.id}`,
    });
    await smtp.waitFor(people.applicant.email, 'is on its way back to you');

    await tell(
      'RefundSucceeded',
      refundAggregate(application.id),
      refund({ amount: 500, full: false }),
    );
    expect((await noticesOf(people.applicant, 'refund_status'))[0]).toMatchObject({
      title: '€5.00 is on its way back to you',
      message:
        'Part of your fee for Harbour Jazz Nights is refunded. Your bank may take a few days to show it.',
    });
    for (const role of [...PAYMENTS_TEAM, ...OUTSIDERS]) {
      expect(await noticesOf(people[role as Role], 'refund_outcome'), role).toEqual([]);
    }
  });

  it('tells the applicant and the payments team when the answer-by date made it', async () => {
    const automatic = refund({ automatic: true });
    await tell('RefundSucceeded', refundAggregate(application.id), automatic);
    expect((await noticesOf(people.applicant, 'refund_status'))[0]).toMatchObject({
      title: '€12.00 is on its way back to you',
      message:
        'The answer-by date of Harbour Jazz Nights passed without a decision on your application, so your fee is refunded in full. Your bank may take a few days to show it.',
    });
    expect(await recipients('refund_outcome', `application:${application.id}`)).toEqual(
      PAYMENTS_TEAM,
    );
    expect((await noticesOf(people.owner, 'refund_outcome'))[0]).toEqual({
      type: 'refund_outcome',
      title: '€12.00 was refunded automatically to Ada Lovelace',
      message: `Harbour Jazz Nights · ${application.code} · The answer-by date passed without a decision.`,
      url_path: `/opportunity/${jazz.slug}/payments/details`,
      is_read: false,
    });
    await smtp.waitFor(people.owner.email, 'was refunded automatically to Ada Lovelace');
    for (const role of OUTSIDERS) expect(mailsTo(people[role]), role).toEqual([]);
  });
});

describe('a refund that failed', () => {
  it('tells the applicant and the payments team why', async () => {
    await tell('RefundFailed', refundAggregate(application.id), {
      ...refund(),
      failureReason: 'expired_or_canceled_card',
    });
    expect((await noticesOf(people.applicant, 'refund_status'))[0]).toMatchObject({
      title: 'Your refund of €12.00 for Harbour Jazz Nights could not be made',
      message: 'The card was canceled or has expired. The organiser has been told.',
    });
    expect((await noticesOf(people.manager, 'refund_outcome'))[0]).toMatchObject({
      title: 'The refund of €12.00 to Ada Lovelace failed',
      message: `Harbour Jazz Nights · ${application.code} · The card was canceled or has expired.`,
    });
    await smtp.waitFor(people.applicant.email, 'could not be made');
    await smtp.waitFor(people.admin.email, 'Erstattung von 12,00');

    // A reason the product has no words for is told plainly.
    await tell('RefundFailed', refundAggregate(application.id), {
      ...refund(),
      failureReason: 'charge_for_pending_refund_disputed',
    });
    expect((await noticesOf(people.applicant, 'refund_status'))[0]!.message).toBe(
      'The payment processor could not refund this payment. The organiser has been told.',
    );
    for (const role of OUTSIDERS) {
      expect(await noticesOf(people[role], 'refund_outcome'), role).toEqual([]);
      expect(await noticesOf(people[role], 'refund_status'), role).toEqual([]);
    }
  });
});

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
    await smtp.waitFor(people.owner.email, 'hours left to answer paid applications');

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
    await tell('PayoutSent', payoutAggregate(organisation.id), sent);
    expect(await recipients('payout_sent', `payout:${sent.payoutId}`)).toEqual(ORGANISATION_TEAM);
    expect((await noticesOf(people.owner, 'payout_sent'))[0]).toEqual({
      type: 'payout_sent',
      title: '€250.00 is on its way to the bank account of Harbour Lights',
      message: 'Expected to arrive by March 4, 2027.',
      url_path: `/organisation/${organisation.slug}/payment/account`,
      is_read: false,
    });
    // Its default channel is the notification centre: nobody is mailed.
    expect(smtp.received).toEqual([]);
    // The opportunity's manager handles its applicants' money, not the organisation's balance.
    for (const role of [...OUTSIDERS, 'manager' as const]) {
      expect(await noticesOf(people[role], 'payout_sent'), role).toEqual([]);
    }
  });

  it('tells them by email that it failed, why, and that the money is back in the balance', async () => {
    const closed = { ...payout(), failureCode: 'account_closed' };
    await tell('PayoutFailed', payoutAggregate(organisation.id), closed);
    expect(await recipients('payout_failed', `payout:${closed.payoutId}`)).toEqual(
      ORGANISATION_TEAM,
    );
    expect((await noticesOf(people.owner, 'payout_failed'))[0]).toMatchObject({
      title: 'The payout of €250.00 to the bank account of Harbour Lights failed',
      message:
        'The bank account has been closed. The money is back in your balance: check the bank account before the next payout.',
      url_path: `/organisation/${organisation.slug}/payment/account`,
    });
    await smtp.waitFor(people.owner.email, 'to the bank account of Harbour Lights failed');
    await smtp.waitFor(people.admin.email, 'Die Auszahlung von 250,00');

    await tell('PayoutFailed', payoutAggregate(organisation.id), {
      ...payout(),
      failureCode: 'no_account',
    });
    await tell('PayoutFailed', payoutAggregate(organisation.id), {
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

describe('preferences', () => {
  it('writes nothing for a kind turned off, and mails nothing for one kept in the centre', async () => {
    expect((await choose(people.owner, 'refund_request', 'off')).body.errors).toBeUndefined();
    expect((await choose(people.manager, 'refund_request', 'in_app')).body.errors).toBeUndefined();
    const before = await noticesOf(people.owner, 'refund_request');
    await tell('RefundRequested', refundAggregate(application.id), {
      ...parties(),
      requestId: randomUUID(),
      reason: 'CANCELED',
      message: null,
      amount: 1200,
      currency: 'eur',
    });
    expect(await noticesOf(people.owner, 'refund_request')).toHaveLength(before.length);
    expect((await noticesOf(people.manager, 'refund_request'))[0]!.message).toBe(
      `Harbour Jazz Nights · ${application.code} · The event was cancelled`,
    );
    await smtp.waitFor(people.admin.email, 'Erstattung');
    expect(mailsTo(people.owner)).toEqual([]);
    expect(mailsTo(people.manager)).toEqual([]);
  });
});

describe('delivering the events again', () => {
  it('writes no notice twice and sends no email twice', async () => {
    const names: DomainEventName[] = [
      'RefundRequested',
      'RefundRequestCanceled',
      'RefundRequestDecided',
      'RefundSucceeded',
      'RefundFailed',
      'AnswerByApproaching',
      'PayoutSent',
      'PayoutFailed',
    ];
    const ours = inArray(notifications.type, [
      'refund_request',
      'refund_status',
      'refund_outcome',
      'answer_by_soon',
      'payout_sent',
      'payout_failed',
    ]);
    const before = await server.database.db.select().from(notifications).where(ours);
    await server.database.db
      .update(domainEvents)
      .set({ status: 'pending', deliveredAt: null, nextAttemptAt: now })
      .where(inArray(domainEvents.name, names));
    await server.database.db.delete(domainEventHandled);
    await server.deliverEvents();

    const after = await server.database.db.select().from(notifications).where(ours);
    expect(after.map((row) => row.id).sort()).toEqual(before.map((row) => row.id).sort());
    expect(new Set(before.map((row) => row.type)).size).toBe(6);
    expect(smtp.received).toEqual([]);
    const undelivered = await server.database.db
      .select()
      .from(domainEvents)
      .where(and(inArray(domainEvents.name, names), ne(domainEvents.status, 'delivered')));
    expect(undelivered).toEqual([]);
  });
});
