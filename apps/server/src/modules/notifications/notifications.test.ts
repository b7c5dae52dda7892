import {
  REALTIME_PATH,
  type ClientToServerEvents,
  type NotificationCreatedPayload,
  type ServerToClientEvents,
} from '@encore/core';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { asUser, startTestServer, type TestServer } from '../../../test/harness';
import { managerAndReviewer, publishedOpportunity } from '../../../test/opportunities';
import { insertOrganisation } from '../../../test/organisations';
import { domainEventHandled, domainEvents } from '../../events/events.table';
import { applications, type ApplicationRow } from '../applications/applications.table';
import { notifications } from './notifications.table';

let server: TestServer;
const people = {} as Record<'owner' | 'manager' | 'reviewer' | 'applicant' | 'german', TestAccount>;
let application: ApplicationRow;
let germanApplication: ApplicationRow;

const LIST = `query($page: Int, $per_page: Int, $is_read: Boolean) {
  universalNotifications(page: $page, per_page: $per_page, is_read: $is_read) {
    paginatorInfo { total perPage currentPage }
    data { id type title message url_path is_read created_at updated_at } } }`;
const COUNT = '{ unreadNotificationsCount }';
const MARK = `mutation($id: ID!) { markNotificationAsRead(notification_id: $id) { id is_read } }`;
const MARK_ALL = 'mutation { markAllNotificationsAsRead }';

interface Listed {
  universalNotifications: {
    paginatorInfo: { total: number; perPage: number; currentPage: number };
    data: {
      id: string;
      type: string;
      title: string;
      message: string | null;
      url_path: string;
      is_read: boolean;
    }[];
  };
}

const list = (who: TestAccount, variables: Record<string, unknown> = {}) =>
  server.graphql<Listed>(LIST, variables, asUser(who.id));
const unread = async (who: TestAccount) =>
  (await server.graphql<{ unreadNotificationsCount: number }>(COUNT, {}, asUser(who.id))).body.data!
    .unreadNotificationsCount;

async function submitted(applicant: TestAccount, opportunityId: string, code: string) {
  const [row] = await server.database.db
    .insert(applications)
    .values({
      code,
      opportunityId,
      userId: applicant.id,
      formType: 'INDIVIDUAL',
      formSnapshot: [],
      status: 'SUBMITTED',
      name: 'Ada Lovelace',
      email: applicant.email,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ['owner', 'manager', 'reviewer', 'applicant'] as const) {
    people[role] = await registerAccount(server, { name: `Pat ${role}` });
  }
  people.german = await registerAccount(server, { name: 'Clara', locale: 'de' });
  const organisation = await insertOrganisation(server.database.db, { name: 'Harbour Lights' }, [
    { userId: people.owner.id, email: people.owner.email, role: 'owner' },
  ]);
  const opportunity = await publishedOpportunity(server, {
    organisationId: organisation.id,
    owner: people.owner,
    title: 'Harbour Jazz Nights',
    seats: managerAndReviewer(people.manager, people.reviewer),
  });
  application = await submitted(people.applicant, opportunity.id, 'HJN-7K3M9Q');
  germanApplication = await submitted(people.german, opportunity.id, 'HJN-8P4W2R');
  // Registration's own events (verification emails) are delivered and leave no notification.
  await server.deliverEvents();
});
afterAll(async () => {
  await server?.close();
});

describe('notifications written by events', () => {
  it("tells the applicant of a status change, in the applicant's language, linking the application", async () => {
    await server.app.services.applications.changeStatus(
      [application.id, germanApplication.id],
      'SHORTLISTED',
      { id: people.manager.id },
    );
    await server.deliverEvents();

    const [english] = (await list(people.applicant)).body.data!.universalNotifications.data;
    expect(english).toMatchObject({
      type: 'application_status',
      title: 'Your application to Harbour Jazz Nights is shortlisted',
      message: 'Application HJN-7K3M9Q',
      url_path: `/application/${application.id}`,
      is_read: false,
    });
    const [german] = (await list(people.german)).body.data!.universalNotifications.data;
    expect(german!.title).toContain('Harbour Jazz Nights');
    expect(german!.title).not.toBe('Your application to Harbour Jazz Nights is shortlisted');
    // Nobody else hears of it.
    expect((await list(people.manager)).body.data!.universalNotifications.data).toEqual([]);
  });

  it('tells the other side of a message, and only them', async () => {
    await server.app.services.applicationMessages.send(
      application,
      people.applicant.id,
      'Can we bring a second drummer?',
    );
    await server.deliverEvents();
    for (const who of [people.owner, people.manager]) {
      const [notice] = (await list(who)).body.data!.universalNotifications.data;
      expect(notice).toMatchObject({
        type: 'application_message',
        title: 'New message from Ada Lovelace',
        message: 'Harbour Jazz Nights · Can we bring a second drummer?',
        url_path: `/application/${application.id}/review`,
      });
    }
    // The reviewer only rates and comments: messages are for those who decide.
    expect((await list(people.reviewer)).body.data!.universalNotifications.data).toEqual([]);
  });

  it('writes nothing twice when an event is delivered again, and records each one written', async () => {
    const before = await server.database.db.select().from(notifications);
    await server.database.db
      .update(domainEvents)
      .set({ status: 'pending', deliveredAt: null })
      .where(eq(domainEvents.name, 'ApplicationStatusChanged'));
    await server.database.db.delete(domainEventHandled);
    await server.deliverEvents();
    const after = await server.database.db.select().from(notifications);
    expect(after).toHaveLength(before.length);
    const created = await server.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.name, 'NotificationCreated'));
    expect(
      created.map((event) => (event.payload as { notificationId: string }).notificationId).sort(),
    ).toEqual(before.map((row) => row.id).sort());
  });
});

describe('reading and marking notifications', () => {
  it('counts, filters, pages and marks only the viewer’s own', async () => {
    expect(await unread(people.owner)).toBe(1);
    const [ownersNotice] = (await list(people.owner)).body.data!.universalNotifications.data;

    // Someone else's notification is not found, and stays unread.
    const stranger = await server.graphql(
      MARK,
      { id: ownersNotice!.id },
      asUser(people.manager.id),
    );
    expect(stranger.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await unread(people.owner)).toBe(1);

    const marked = await server.graphql<{ markNotificationAsRead: { is_read: boolean } }>(
      MARK,
      { id: ownersNotice!.id },
      asUser(people.owner.id),
    );
    expect(marked.body.data?.markNotificationAsRead.is_read).toBe(true);
    expect(await unread(people.owner)).toBe(0);
    expect(
      (await list(people.owner, { is_read: false })).body.data!.universalNotifications.data,
    ).toEqual([]);
    expect(
      (await list(people.owner, { is_read: true })).body.data!.universalNotifications.data,
    ).toHaveLength(1);

    // Mark all: the manager's only, not the applicant's.
    expect(await unread(people.manager)).toBe(1);
    expect(await unread(people.applicant)).toBe(1);
    const all = await server.graphql<{ markAllNotificationsAsRead: boolean }>(
      MARK_ALL,
      {},
      asUser(people.manager.id),
    );
    expect(all.body.data?.markAllNotificationsAsRead).toBe(true);
    expect(await unread(people.manager)).toBe(0);
    expect(await unread(people.applicant)).toBe(1);
  });

  it('pages with per_page, and names per_page when it is out of range', async () => {
    const page = await list(people.owner, { per_page: 1, page: 1 });
    expect(page.body.data!.universalNotifications.paginatorInfo).toEqual({
      total: 1,
      perPage: 1,
      currentPage: 1,
    });
    const wrong = await list(people.owner, { per_page: 0 });
    expect(wrong.body.errors?.[0]?.extensions?.validation).toHaveProperty('per_page');
    const hostile = await server.graphql(MARK, { id: 'nul\u0000' }, asUser(people.owner.id));
    expect(hostile.body.errors?.[0]?.extensions?.validation).toHaveProperty('notification_id');
  });

  it('refuses callers who are not signed in', async () => {
    for (const query of [LIST, COUNT, MARK_ALL]) {
      const response = await server.graphql(query, {});
      expect(response.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    const mark = await server.graphql(MARK, { id: application.id });
    expect(mark.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('a new notification in an open tab', () => {
  it('reaches the recipient’s socket with the unread count, and no one else’s', async () => {
    const connect = (account: TestAccount) =>
      new Promise<Socket<ServerToClientEvents, ClientToServerEvents>>((resolve, reject) => {
        const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(server.url, {
          path: REALTIME_PATH,
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          auth: { token: account.accessToken },
        });
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    const applicantSocket = await connect(people.applicant);
    const ownerSocket = await connect(people.owner);
    try {
      const ownerHeard: NotificationCreatedPayload[] = [];
      ownerSocket.on('notificationCreated', (payload) => ownerHeard.push(payload));
      const pushed = new Promise<NotificationCreatedPayload>((resolve) =>
        applicantSocket.once('notificationCreated', resolve),
      );
      const before = await unread(people.applicant);
      await server.app.services.applications.changeStatus([application.id], 'ACCEPTED', {
        id: people.manager.id,
      });
      const payload = await pushed;
      expect(payload.notification).toMatchObject({
        type: 'application_status',
        title: 'Your application to Harbour Jazz Nights is accepted',
        url_path: `/application/${application.id}`,
        is_read: false,
      });
      expect(payload.notification.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(payload.unread_count).toBe(before + 1);
      await server.deliverEvents();
      expect(ownerHeard).toEqual([]);
    } finally {
      applicantSocket.close();
      ownerSocket.close();
    }
  });
});
