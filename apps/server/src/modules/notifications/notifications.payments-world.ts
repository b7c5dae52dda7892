import { inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { applyTo, noticesOf as noticesOfAccount, recipientsOf } from '../../../test/notices';
import { managerAndReviewer, publishedOpportunity } from '../../../test/opportunities';
import { insertOrganisation } from '../../../test/organisations';
import { startTestSmtp } from '../../../test/smtp';
import { domainEvent, type DomainEventMap, type DomainEventName } from '../../events/domain-events';
import { domainEventHandled, domainEvents } from '../../events/events.table';
import { notifications } from './notifications.table';

/**
 * The world the payments notification tests share (tests only): an organisation whose owner,
 * admin, editor and plain member are its team; an opportunity of it with its own manager and
 * reviewer; two applicants and a stranger; a real SMTP server. The admin reads German.
 */
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
export type Role = (typeof ROLES)[number];

/** Who hears of the opportunity's money, and who never does. */
export const PAYMENTS_TEAM: Role[] = ['admin', 'manager', 'owner'];
export const OUTSIDERS: Role[] = ['editor', 'member', 'reviewer', 'other', 'stranger'];

type Opportunity = Awaited<ReturnType<typeof publishedOpportunity>>;
type Organisation = Awaited<ReturnType<typeof insertOrganisation>>;

export const world = {} as {
  server: TestServer;
  smtp: Awaited<ReturnType<typeof startTestSmtp>>;
};
// Filled in before the tests; kept as the same objects, so a test file may name them directly.
export const people = {} as Record<Role, TestAccount>;
export const organisation = {} as Organisation;
export const jazz = {} as Opportunity;
export const application = {} as { id: string; code: string };

let now = new Date('2027-03-01T10:00:00Z');

export function setUpPaymentsWorld() {
  beforeAll(async () => {
    world.smtp = await startTestSmtp();
    world.server = await startTestServer({ smtpUrl: world.smtp.url }, { clock: () => now });
    for (const role of ROLES) {
      people[role] = await registerAccount(world.server, {
        name: `Pat ${role[0]!.toUpperCase()}${role.slice(1)}`,
        ...(role === 'admin' ? { locale: 'de' } : {}),
      });
    }
    const seat = (role: 'owner' | 'admin' | 'editor' | 'member') => ({
      userId: people[role].id,
      email: people[role].email,
      role,
    });
    Object.assign(
      organisation,
      await insertOrganisation(world.server.database.db, { name: 'Harbour Lights' }, [
        seat('owner'),
        seat('admin'),
        seat('editor'),
        seat('member'),
      ]),
    );
    Object.assign(
      jazz,
      await publishedOpportunity(world.server, {
        organisationId: organisation.id,
        owner: people.owner,
        title: 'Harbour Jazz Nights',
        seats: managerAndReviewer(people.manager, people.reviewer),
      }),
    );
    Object.assign(application, await applyTo(world.server, jazz.id, people.applicant));
    await applyTo(world.server, jazz.id, people.other);
    await world.server.deliverEvents();
  });
  afterAll(async () => {
    await world.server?.close();
    await world.smtp?.close();
  });
  beforeEach(() => {
    world.smtp.received.length = 0;
  });
}

export const noticesOf = (who: TestAccount, type: string) =>
  noticesOfAccount(world.server, who, type);
export const recipients = (type: string, subject: string) =>
  recipientsOf(world.server, people, type, subject);
export const mailsTo = (who: TestAccount) =>
  world.smtp.received.filter((mail) => mail.to.includes(who.email));
export const choose = (who: TestAccount, type: string, channel: string) =>
  world.server.graphql(
    `mutation($type: NotificationType!, $channel: NotificationChannel!) {
      updateNotificationPreference(type: $type, channel: $channel) { channel } }`,
    { type, channel },
    who.headers,
  );

/** Records an event as the payments feature would, and delivers it (and the mail it causes). */
export async function tell<Name extends DomainEventName>(
  name: Name,
  aggregate: string,
  payload: DomainEventMap[Name],
) {
  // A minute apart, so that the newest notice comes first.
  now = new Date(now.getTime() + 60_000);
  await world.server.app.services.events.outbox.transaction(async (_tx, record) => {
    await record(domainEvent(name, aggregate, payload));
  });
  await world.server.deliverEvents();
}

export const refundAggregate = () => `application:${application.id}`;
export const payoutAggregate = () => `payouts:${organisation.id}`;

export const parties = () => ({
  applicationId: application.id,
  opportunityId: jazz.id,
  organisationId: organisation.id,
  userId: people.applicant.id,
});

export const refund = (fields: Partial<DomainEventMap['RefundSucceeded']> = {}) => ({
  ...parties(),
  refundId: randomUUID(),
  requestId: null,
  amount: 1200,
  currency: 'eur',
  automatic: false,
  full: true,
  ...fields,
});

/**
 * Delivers every event of these names again, as if no handler had recorded them: answers the
 * notices of these kinds before and after.
 */
export async function deliverAgain(names: DomainEventName[], types: string[]) {
  const { db } = world.server.database;
  const ours = inArray(notifications.type, types);
  const before = await db.select().from(notifications).where(ours);
  await db
    .update(domainEvents)
    .set({ status: 'pending', deliveredAt: null, nextAttemptAt: now })
    .where(inArray(domainEvents.name, names));
  await db.delete(domainEventHandled);
  await world.server.deliverEvents();
  const after = await db.select().from(notifications).where(ours);
  const undelivered = (
    await db.select().from(domainEvents).where(inArray(domainEvents.name, names))
  ).filter((event) => event.status !== 'delivered');
  return { before, after, undelivered };
}
