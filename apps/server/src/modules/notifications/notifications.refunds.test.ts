import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  application,
  choose,
  deliverAgain,
  jazz,
  mailsTo,
  noticesOf,
  OUTSIDERS,
  parties,
  PAYMENTS_TEAM,
  people,
  recipients,
  refund,
  refundAggregate,
  setUpPaymentsWorld,
  tell,
  world,
} from './notifications.payments-world';

setUpPaymentsWorld();

describe('a refund request', () => {
  it('tells the payments team (owner, admin, manager) by notice and email, in each one’s language', async () => {
    await tell('RefundRequested', refundAggregate(), {
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

    const mail = await world.smtp.waitFor(people.manager.email, 'asked for a refund of');
    expect(mail.decoded).toContain(`/opportunity/${jazz.slug}/payments/details`);
    expect(mail.decoded).toMatch(/^List-Unsubscribe:\s*</im);
    for (const role of [...OUTSIDERS, 'applicant' as const]) {
      expect(await noticesOf(people[role], 'refund_request'), role).toEqual([]);
      expect(mailsTo(people[role]), role).toEqual([]);
    }
  });

  it('tells the same team when the applicant takes it back', async () => {
    await tell('RefundRequestCanceled', refundAggregate(), {
      ...parties(),
      requestId: randomUUID(),
    });
    const notices = await noticesOf(people.manager, 'refund_request');
    expect(notices[0]).toMatchObject({
      title: 'Ada Lovelace withdrew their refund request',
      message: `Harbour Jazz Nights · ${application.code}`,
    });
    for (const role of PAYMENTS_TEAM) {
      expect(await noticesOf(people[role], 'refund_request')).toHaveLength(2);
    }
    for (const role of OUTSIDERS) {
      expect(await noticesOf(people[role], 'refund_request'), role).toEqual([]);
    }
  });
});

describe('the team’s answer', () => {
  it('tells only the applicant, with the team’s note, by notice and email', async () => {
    await tell('RefundRequestDecided', refundAggregate(), {
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
    const mail = await world.smtp.waitFor(people.applicant.email, 'was declined');
    expect(mail.decoded).toContain(`/application/${application.id}`);

    await tell('RefundRequestDecided', refundAggregate(), {
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
      expect(await noticesOf(people[role], 'refund_status'), role).toEqual([]);
    }
  });
});

describe('a refund sent', () => {
  it('tells the applicant that the money is on its way, and not the team that made it', async () => {
    await tell('RefundSucceeded', refundAggregate(), refund());
    const [sent] = await noticesOf(people.applicant, 'refund_status');
    expect(sent).toMatchObject({
      title: '€12.00 is on its way back to you',
      message:
        'Your fee for Harbour Jazz Nights is refunded in full. Your bank may take a few days to show it.',
      url_path: `/application/${application.id}`,
    });
    await world.smtp.waitFor(people.applicant.email, 'is on its way back to you');

    await tell('RefundSucceeded', refundAggregate(), refund({ amount: 500, full: false }));
    expect((await noticesOf(people.applicant, 'refund_status'))[0]).toMatchObject({
      title: '€5.00 is on its way back to you',
      message:
        'Part of your fee for Harbour Jazz Nights is refunded. Your bank may take a few days to show it.',
    });
    for (const role of [...PAYMENTS_TEAM, ...OUTSIDERS]) {
      expect(await noticesOf(people[role], 'refund_outcome'), role).toEqual([]);
    }
  });

  it('tells the applicant and the payments team when the answer-by date made it', async () => {
    const automatic = refund({ automatic: true });
    await tell('RefundSucceeded', refundAggregate(), automatic);
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
    await world.smtp.waitFor(people.owner.email, 'was refunded automatically to Ada Lovelace');
    for (const role of OUTSIDERS) expect(mailsTo(people[role]), role).toEqual([]);
  });
});

describe('a refund that failed', () => {
  it('tells the applicant and the payments team why', async () => {
    await tell('RefundFailed', refundAggregate(), {
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
    await world.smtp.waitFor(people.applicant.email, 'could not be made');
    await world.smtp.waitFor(people.admin.email, 'Erstattung von 12,00');

    // A reason the product has no words for is told plainly.
    await tell('RefundFailed', refundAggregate(), {
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

describe('preferences', () => {
  it('writes nothing for a kind turned off, and mails nothing for one kept in the centre', async () => {
    expect((await choose(people.owner, 'refund_request', 'off')).body.errors).toBeUndefined();
    expect((await choose(people.manager, 'refund_request', 'in_app')).body.errors).toBeUndefined();
    const before = await noticesOf(people.owner, 'refund_request');
    await tell('RefundRequested', refundAggregate(), {
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
    await world.smtp.waitFor(people.admin.email, 'Erstattung');
    expect(mailsTo(people.owner)).toEqual([]);
    expect(mailsTo(people.manager)).toEqual([]);
  });
});

describe('delivering the refund events again', () => {
  it('writes no notice twice and sends no email twice', async () => {
    const { before, after, undelivered } = await deliverAgain(
      [
        'RefundRequested',
        'RefundRequestCanceled',
        'RefundRequestDecided',
        'RefundSucceeded',
        'RefundFailed',
      ],
      ['refund_request', 'refund_status', 'refund_outcome'],
    );
    expect(after.map((row) => row.id).sort()).toEqual(before.map((row) => row.id).sort());
    expect(new Set(before.map((row) => row.type)).size).toBe(3);
    expect(world.smtp.received).toEqual([]);
    expect(undelivered).toEqual([]);
  });
});
