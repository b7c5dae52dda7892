import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { applyTo, noticesOf, recipientsOf } from '../../../test/notices';
import { publishedOpportunity } from '../../../test/opportunities';
import { insertOrganisation } from '../../../test/organisations';
import { domainEventHandled, domainEvents } from '../../events/events.table';
import { applications } from '../applications/applications.table';
import { opportunities } from '../opportunities/opportunities.table';
import { notifications } from './notifications.table';

let server: TestServer;
let now = new Date('2027-03-01T10:00:00Z');
const people = {} as Record<'owner' | 'applicant' | 'drafter' | 'payer', TestAccount>;
type Opportunity = Awaited<ReturnType<typeof publishedOpportunity>>;
let jazz: Opportunity;
/** The drafts of the test: being written, waiting for a fee, and one whose deadline is far. */
let drafts: Record<'writing' | 'unpaid' | 'far', { id: string; code: string }>;

const remind = () => server.app.services.deadlineReminders.remindClosingSoon();
const closingSoonOf = (application: { id: string }) =>
  recipientsOf(server, people, 'closing_soon', `application:${application.id}`);

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => now });
  for (const role of ['owner', 'applicant', 'drafter', 'payer'] as const) {
    people[role] = await registerAccount(server, { name: `Pat ${role}` });
  }
  const organisation = await insertOrganisation(server.database.db, { name: 'Harbour Lights' }, [
    { userId: people.owner.id, email: people.owner.email, role: 'owner' },
  ]);
  const ofHarbour = { organisationId: organisation.id, owner: people.owner };
  // Both close on 1 April 2027 at 23:59 in Lisbon (22:59 UTC); the residency on 1 June.
  jazz = await publishedOpportunity(server, { ...ofHarbour, title: 'Harbour Jazz Nights' });
  const showcase = await publishedOpportunity(server, {
    ...ofHarbour,
    title: 'Paid Showcase',
    fields: { payment_type: 'PAID_EXTERNAL', external_payment_url: 'https://pay.example/show' },
  });
  const residency = await publishedOpportunity(server, {
    ...ofHarbour,
    title: 'Autumn Residency',
    fields: {
      deadline_date: '2027-06-01 23:59',
      start_date: '2027-07-01 19:00',
      end_date: '2027-07-02 23:00',
    },
  });
  await applyTo(server, jazz.id, people.applicant);
  drafts = {
    writing: await applyTo(server, jazz.id, people.drafter, { submit: false }),
    // Submitted to a paid opportunity: a draft until its fee is paid.
    unpaid: await applyTo(server, showcase.id, people.payer),
    far: await applyTo(server, residency.id, people.drafter, { submit: false }),
  };
  await server.deliverEvents();
});
afterAll(async () => {
  await server?.close();
});

describe('an opportunity closing soon', () => {
  it('reminds each draft once when its deadline is under 48 hours away, even when two runs race', async () => {
    now = new Date('2027-03-31T12:00:00Z');
    const runs = await Promise.all([remind(), remind()]);
    expect(runs[0]! + runs[1]!).toBe(2);
    await server.deliverEvents();

    expect(await closingSoonOf(drafts.writing)).toEqual(['drafter']);
    expect(await closingSoonOf(drafts.unpaid)).toEqual(['payer']);
    const [writing] = await noticesOf(server, people.drafter, 'closing_soon');
    expect(writing).toEqual({
      type: 'closing_soon',
      title: 'Harbour Jazz Nights closes in less than 48 hours',
      message: `Your application ${drafts.writing.code} is still a draft: send it before the deadline.`,
      url_path: `/opportunity/${jazz.slug}/apply`,
      is_read: false,
    });
    const [paying] = await noticesOf(server, people.payer, 'closing_soon');
    expect(paying).toMatchObject({
      title: 'Paid Showcase closes in less than 48 hours',
      message: `Your application ${drafts.unpaid.code} is waiting for its payment: pay before the deadline.`,
      url_path: `/application/${drafts.unpaid.id}`,
    });
    // A submitted application and a deadline further away get nothing.
    expect(await noticesOf(server, people.applicant, 'closing_soon')).toEqual([]);
    expect(await closingSoonOf(drafts.far)).toEqual([]);
    expect(await noticesOf(server, people.owner, 'closing_soon')).toEqual([]);
  });

  it('does not remind the same drafts at the next run', async () => {
    now = new Date('2027-04-01T12:00:00Z');
    expect(await remind()).toBe(0);
    const [row] = await server.database.db
      .select({ remindedAt: applications.deadlineRemindedAt })
      .from(applications)
      .where(eq(applications.id, drafts.writing.id));
    expect(row?.remindedAt).toEqual(new Date('2027-03-31T12:00:00Z'));
  });

  it('reminds again when the deadline moved later and nears once more', async () => {
    await server.database.db
      .update(opportunities)
      .set({ deadlineAt: new Date('2027-04-10T22:59:00Z'), statusAsOf: now })
      .where(inArray(opportunities.id, [jazz.id]));
    now = new Date('2027-04-09T12:00:00Z');
    expect(await remind()).toBe(1);
    await server.deliverEvents();
    expect(await noticesOf(server, people.drafter, 'closing_soon')).toHaveLength(2);
  });

  it('writes no reminder twice when its events are delivered again', async () => {
    const before = await server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'closing_soon'));
    await server.database.db
      .update(domainEvents)
      .set({ status: 'pending', deliveredAt: null, nextAttemptAt: now })
      .where(eq(domainEvents.name, 'ApplicationDeadlineApproaching'));
    await server.database.db.delete(domainEventHandled);
    await server.deliverEvents();
    const after = await server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'closing_soon'));
    expect(before).toHaveLength(3);
    expect(after.map((row) => row.id).sort()).toEqual(before.map((row) => row.id).sort());
  });
});
