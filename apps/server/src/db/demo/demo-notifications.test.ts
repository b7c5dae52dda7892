import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, openTestDatabase, startTestServer, type TestServer } from '../../../test/harness';
import { users } from '../../modules/users/users.table';
import { seedDatabase } from '../seed';

let server: TestServer;

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

const LIST = '{ universalNotifications { data { type title message url_path is_read } } }';

async function notificationsOf(email: string) {
  const [person] = await server.database.db.select().from(users).where(eq(users.email, email));
  const listed = await server.graphql<{
    universalNotifications: {
      data: { type: string; title: string; message: string; url_path: string; is_read: boolean }[];
    };
  }>(LIST, {}, asUser(person!.id));
  return listed.body.data!.universalNotifications.data;
}

describe('the demo’s notifications', () => {
  it('greets Amira in French with her acceptance and a message, once however often it is seeded', async () => {
    const amiras = await notificationsOf('amira@performer.test');
    expect(amiras.map((notice) => [notice.type, notice.is_read])).toEqual([
      ['application_message', false],
      ['application_status', false],
    ]);
    expect(amiras[1]!.title).toContain('Songwriter');
    expect(amiras[1]!.title).not.toMatch(/^Your application/);
    expect(amiras[0]!.url_path).toMatch(/^\/application\/[\w-]+$/);
  });

  it('gives Maya a history from her team: applications, a review, an answered invitation and Amira’s reply', async () => {
    const mayas = await notificationsOf('maya@harbourlights.test');
    expect(mayas.map((notice) => [notice.type, notice.is_read])).toEqual([
      ['application_message', false],
      ['new_application', false],
      ['application_review', false],
      ['new_application', false],
      ['new_application', true],
      ['new_application', true],
      ['invitation_answered', false],
    ]);
    expect(mayas[0]).toMatchObject({
      title: 'New message from Amira Haddad',
      message: expect.stringContaining('Thank you so much!'),
      url_path: expect.stringMatching(/^\/application\/[\w-]+\/review$/),
    });
    expect(mayas[1]).toMatchObject({
      title: 'New application to Songwriter circle at the lighthouse',
      url_path: expect.stringMatching(/^\/application\/[\w-]+\/review$/),
    });
    expect(mayas[2]!.title).toMatch(/^Lukas Berger commented on application /);
    expect(mayas[6]).toMatchObject({
      title:
        'Lukas Berger accepted your invitation to the team of Songwriter circle at the lighthouse',
      message: 'As a reviewer',
      url_path: '/opportunity/lighthouse-songwriter-circle/dashboard',
    });
  });
});
