import { DIGEST_HOUR_UTC, TUNABLE_NOTIFICATION_TYPES } from '@encore/core';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { asUser, startTestServer, type TestServer } from '../../../test/harness';
import { startTestSmtp, type ReceivedMail } from '../../../test/smtp';
import { domainEvent } from '../../events/domain-events';
import type { NotificationNotice } from './notifications.service';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let now = new Date('2026-11-20T10:00:00Z');
let reader: TestAccount;
let french: TestAccount;
let stranger: TestAccount;

const PREFERENCES = '{ notificationPreferences { type channel } }';
const UPDATE = `mutation($type: NotificationType!, $channel: NotificationChannel!) {
  updateNotificationPreference(type: $type, channel: $channel) { type channel } }`;
const UNSUBSCRIBE = 'mutation($token: String!) { unsubscribeFromNotifications(token: $token) }';

interface Preferences {
  notificationPreferences: { type: string; channel: string }[];
}

const channelOf = async (who: TestAccount, type: string) =>
  (
    await server.graphql<Preferences>(PREFERENCES, {}, asUser(who.id))
  ).body.data!.notificationPreferences.find((row) => row.type === type)?.channel;

const choose = (who: TestAccount, type: string, channel: string) =>
  server.graphql(UPDATE, { type, channel }, asUser(who.id));

const closingSoon = (who: TestAccount, title: string): NotificationNotice => ({
  userId: who.id,
  type: 'closing_soon',
  subject: `application:${randomUUID()}`,
  urlPath: '/applications',
  params: { opportunity: title, deadline: '22 November 2026, 18:00' },
});

const newApplication = (who: TestAccount, code: string): NotificationNotice => ({
  userId: who.id,
  type: 'new_application',
  subject: `opportunity:${randomUUID()}`,
  urlPath: '/opportunities/review',
  params: { applicant: 'Nina Simone', opportunity: 'Harbour Jazz Nights', code },
});

const mailsTo = (who: TestAccount) => smtp.received.filter((mail) => mail.to.includes(who.email));

/** The one-click link of a mail, from its `List-Unsubscribe` header. */
function unsubscribeLinkOf(mail: ReceivedMail): URL {
  // From the raw message: the decoded text undoes quoted-printable, which `token=3F…` would trip.
  const header = /^List-Unsubscribe: <([^>]+)>/im.exec(mail.raw.replace(/\r\n[ \t]+/g, ' '));
  if (!header) throw new Error('the mail has no List-Unsubscribe header');
  return new URL(header[1]!);
}

const oneClick = (link: URL) =>
  fetch(`${server.url}/unsubscribe${link.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ smtpUrl: smtp.url }, { clock: () => now });
  reader = await registerAccount(server, { name: 'Nadia Boulanger' });
  french = await registerAccount(server, { name: 'Lili Boulanger', locale: 'fr' });
  stranger = await registerAccount(server, { name: 'Erik Satie' });
  await server.deliverEvents();
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

describe('notification preferences', () => {
  it('lists every tunable kind with its default channel, and keeps a change', async () => {
    const listed = await server.graphql<Preferences>(PREFERENCES, {}, asUser(reader.id));
    expect(listed.body.data!.notificationPreferences.map((row) => row.type)).toEqual([
      ...TUNABLE_NOTIFICATION_TYPES,
    ]);
    expect(await channelOf(reader, 'new_application')).toBe('digest');
    const changed = await choose(reader, 'opportunity_published', 'off');
    expect(changed.body.errors).toBeUndefined();
    expect(await channelOf(reader, 'opportunity_published')).toBe('off');
    // Someone else's choices are their own.
    expect(await channelOf(stranger, 'opportunity_published')).toBe('in_app');
    await choose(reader, 'opportunity_published', 'in_app');
  });

  it('refuses a visitor, an invitation kind and an unknown channel, naming the field', async () => {
    const visitor = await server.graphql(PREFERENCES);
    expect(visitor.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const visitorChange = await server.graphql(UPDATE, { type: 'closing_soon', channel: 'off' });
    expect(visitorChange.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const invitation = await choose(reader, 'team_invitation', 'off');
    expect(invitation.body.errors?.[0]?.extensions?.code).toBe('VALIDATION');
    expect(invitation.body.errors?.[0]?.extensions?.validation).toHaveProperty('type');

    const unknown = await choose(reader, 'closing_soon', 'carrier_pigeon');
    expect(unknown.body.errors).toBeDefined();
    expect(unknown.status).toBeLessThan(500);
  });

  it('writes nothing for a kind turned off, and mails only a kind chosen by email', async () => {
    const notifications = server.app.services.notifications;
    await choose(reader, 'closing_soon', 'off');
    expect(await notifications.notify(randomUUID(), [closingSoon(reader, 'Quiet Night')])).toEqual(
      [],
    );

    await choose(reader, 'closing_soon', 'in_app');
    const [kept] = await notifications.notify(randomUUID(), [closingSoon(reader, 'Dawn Choir')]);
    expect(kept?.title).toContain('Dawn Choir');
    await server.deliverEvents();
    expect(mailsTo(reader)).toHaveLength(0);

    await choose(reader, 'closing_soon', 'email');
    await notifications.notify(randomUUID(), [closingSoon(reader, 'Night Train')]);
    await server.deliverEvents();
    const mail = await smtp.waitFor(reader.email, 'Night Train');
    expect(mail.decoded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    expect(unsubscribeLinkOf(mail).pathname).toBe('/unsubscribe');
  });

  it('stops an application status email the applicant turned off, and its notice when off', async () => {
    await choose(reader, 'application_status', 'off');
    const applicationId = randomUUID();
    await server.app.services.events.outbox.transaction(async (_tx, record) => {
      await record(
        domainEvent('ApplicationStatusChanged', `application:${applicationId}`, {
          applicationId,
          code: 'HJN-0042',
          applicantId: reader.id,
          opportunityId: randomUUID(),
          from: 'IN_REVIEW',
          to: 'ACCEPTED',
          actorId: null,
          applicantName: 'Nadia Boulanger',
          applicationEmail: reader.email,
        }),
      );
    });
    await server.deliverEvents();
    expect(mailsTo(reader)).toHaveLength(0);
    const { rows } = await server.app.services.notifications.page(
      reader.id,
      { first: 50, page: 1 },
      null,
    );
    expect(rows.some((row) => row.urlPath === `/application/${applicationId}`)).toBe(false);
    await choose(reader, 'application_status', 'email');
  });
});

describe('one-click unsubscribe', () => {
  it('stops only that kind by email, without signing in, and twice changes nothing more', async () => {
    await choose(reader, 'closing_soon', 'email');
    await choose(reader, 'invitation_answered', 'email');
    await server.app.services.notifications.notify(randomUUID(), [
      closingSoon(reader, 'Lantern Festival'),
    ]);
    await server.deliverEvents();
    const link = unsubscribeLinkOf(await smtp.waitFor(reader.email, 'Lantern Festival'));

    const answered = await oneClick(link);
    expect(answered.status).toBe(200);
    expect(await answered.json()).toEqual({ unsubscribed: ['closing_soon'] });
    expect(await channelOf(reader, 'closing_soon')).toBe('in_app');
    expect(await channelOf(reader, 'invitation_answered')).toBe('email');

    const again = await server.graphql<{ unsubscribeFromNotifications: string[] }>(UNSUBSCRIBE, {
      token: link.searchParams.get('token'),
    });
    expect(again.body.data?.unsubscribeFromNotifications).toEqual(['closing_soon']);
    expect(await channelOf(reader, 'closing_soon')).toBe('in_app');
    await choose(reader, 'invitation_answered', 'in_app');
  });

  it('refuses a made-up, altered or hostile token with a validation error on the token', async () => {
    for (const token of ['made-up', 'A'.repeat(400), 'bad\u0000token', '']) {
      const answered = await server.graphql(UNSUBSCRIBE, { token });
      expect(answered.body.errors?.[0]?.extensions?.code).toBe('VALIDATION');
      expect(answered.body.errors?.[0]?.extensions?.validation).toHaveProperty('token');
    }
    const posted = await fetch(`${server.url}/unsubscribe?token=made-up`, { method: 'POST' });
    expect(posted.status).toBe(400);
    expect(JSON.stringify(await posted.json())).toContain('unsubscribe link is not valid');
    const bare = await fetch(`${server.url}/unsubscribe`, { method: 'POST' });
    expect(bare.status).toBe(400);
  });
});

describe('the daily digest', () => {
  it('lists what was left unread, once, in the reader’s language, with its own unsubscribe', async () => {
    now = new Date(`2026-11-21T${String(DIGEST_HOUR_UTC - 3).padStart(2, '0')}:00:00Z`);
    const notifications = server.app.services.notifications;
    await notifications.notify(randomUUID(), [newApplication(french, 'HJN-0101')]);
    const [read] = await notifications.notify(randomUUID(), [newApplication(french, 'HJN-0102')]);
    await notifications.markRead(french.id, read!.id);
    await notifications.notify(randomUUID(), [newApplication(french, 'HJN-0103')]);
    // Not a digest kind for her: it stays out of the digest.
    await notifications.notify(randomUUID(), [closingSoon(french, 'Aurora Strings')]);
    await server.deliverEvents();
    smtp.received.length = 0;

    const digests = server.app.services.notificationDigests;
    // Before the hour the day's digest is not due; the previous day's has nothing in it.
    expect(await digests.claimDue()).toBe(0);

    now = new Date(`2026-11-21T${String(DIGEST_HOUR_UTC).padStart(2, '0')}:05:00Z`);
    expect(await digests.claimDue()).toBe(1);
    expect(await digests.claimDue()).toBe(0);
    await server.deliverEvents();
    const sent = mailsTo(french);
    expect(sent).toHaveLength(1);
    const digest = sent[0]!;
    expect(digest.decoded).toContain('HJN-0101');
    expect(digest.decoded).toContain('HJN-0103');
    expect(digest.decoded).not.toContain('HJN-0102');
    expect(digest.decoded).not.toContain('Aurora Strings');
    expect(digest.decoded).toContain('Ouvrir vos notifications');

    // The next day brings nothing new: no second digest of the same notifications.
    now = new Date(`2026-11-22T${String(DIGEST_HOUR_UTC).padStart(2, '0')}:05:00Z`);
    expect(await digests.claimDue()).toBe(0);

    const answered = await oneClick(unsubscribeLinkOf(digest));
    expect(answered.status).toBe(200);
    expect(await channelOf(french, 'new_application')).toBe('in_app');
    expect(await channelOf(french, 'closing_soon')).toBe('email');
  });
});
