import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, openTestDatabase, startTestServer, type TestServer } from '../../../test/harness';
import { seedDatabase } from '../seed';

let server: TestServer;
const admin = asUser(randomUUID(), 'admin');

beforeAll(async () => {
  const database = await openTestDatabase();
  // Twice, as a restart on the same data directory does.
  await seedDatabase(database.db, { demo: true });
  await seedDatabase(database.db, { demo: true });
  server = await startTestServer({}, { database });
});
afterAll(async () => {
  await server?.close();
});

describe('the demo’s failed delivery', () => {
  it('shows an admin one email that bounced, which sending again delivers', async () => {
    const listed = await server.graphql<{
      failedDomainEvents: {
        data: Array<{ id: string; name: string; attempts: number; last_error: string }>;
      };
    }>('{ failedDomainEvents { data { id name attempts last_error } } }', {}, admin);
    const failed = listed.body.data?.failedDomainEvents.data;
    expect(failed).toEqual([
      {
        id: expect.any(String),
        name: 'PasswordChanged',
        attempts: 10,
        last_error: expect.stringContaining('jonas@performer.test>: Mailbox full'),
      },
    ]);

    const retried = await server.graphql(
      'mutation($id: ID!) { retryDomainEvent(id: $id) { id } }',
      { id: failed![0]!.id },
      admin,
    );
    expect(retried.body.errors).toBeUndefined();
    await server.deliverEvents();
    // Without SMTP_URL the demo's email goes to the outbox /dev/mail lists, in Jonas's Finnish.
    const sent = await server.app.services.mail.outbox(10, 'jonas@performer.test');
    expect(sent.map((mail) => [mail.template, mail.locale])).toEqual([['password_changed', 'fi']]);
  });
});
