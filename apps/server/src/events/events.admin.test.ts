import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, startTestServer, type TestServer } from '../../test/harness';
import { domainEvent } from './domain-events';
import { domainEvents } from './events.table';

/**
 * A platform admin sees the deliveries that failed for good and sends them again (issue 19). The
 * mail handler fails for real: the SMTP server below refuses every recipient while it is `down`.
 */

interface MailServer {
  url: string;
  down: boolean;
  delivered: string[];
  close(): Promise<void>;
}

async function startMailServer(): Promise<MailServer> {
  const state = { down: true, delivered: [] as string[] };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!state.down) return callback();
      const refusal = Object.assign(new Error(`Mailbox of ${address.address} is full`), {
        responseCode: 452,
      });
      callback(refusal);
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        state.delivered.push(...session.envelope.rcptTo.map((recipient) => recipient.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return Object.assign(state, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

let mail: MailServer;
let server: TestServer;
const admin = asUser(randomUUID(), 'admin');
const performer = asUser(randomUUID(), 'performer');
const organiser = asUser(randomUUID(), 'organiser');
const anonymous = {};

beforeAll(async () => {
  mail = await startMailServer();
  // One try and no wait: a refused email is set aside as failed at once.
  server = await startTestServer({
    smtpUrl: mail.url,
    eventDispatch: { maxAttempts: 1, backoffMs: () => 0 },
  });
});
afterAll(async () => {
  await server?.close();
  await mail?.close();
});
afterEach(async () => {
  mail.down = true;
  await server.deliverEvents();
  await server.database.db.delete(domainEvents);
});

/** A "your password was changed" email to a new person, written as the auth feature writes it. */
async function passwordChanged(name: string) {
  const userId = randomUUID();
  const email = `person-${userId.slice(0, 8)}@example.test`;
  await server.app.services.events.outbox.transaction(async (_tx, record) => {
    await record(
      domainEvent('PasswordChanged', `user:${userId}`, { userId, email, name, locale: 'en' }),
    );
  });
  const [row] = await server.database.db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(eq(domainEvents.aggregate, `user:${userId}`));
  return { id: row!.id, userId, email };
}

/** Emails to these people, tried while the mail server refuses them. */
async function failedDeliveries(...names: string[]) {
  mail.down = true;
  const events = [];
  for (const name of names) events.push(await passwordChanged(name));
  await server.deliverEvents();
  return events;
}

const statusOf = async (id: string) =>
  (
    await server.database.db
      .select({ status: domainEvents.status })
      .from(domainEvents)
      .where(eq(domainEvents.id, id))
  )[0]?.status;

const LIST = `query($first: Int, $page: Int) {
  failedDomainEvents(first: $first, page: $page) {
    paginatorInfo { total currentPage lastPage hasMorePages count }
    data { id name aggregate status attempts last_error occurred_at next_attempt_at }
  }
}`;
const RETRY = `mutation($id: ID!) {
  retryDomainEvent(id: $id) { id name aggregate status attempts }
}`;

interface Listed {
  failedDomainEvents: {
    paginatorInfo: {
      total: number;
      currentPage: number;
      lastPage: number;
      hasMorePages: boolean;
      count: number;
    };
    data: Array<{
      id: string;
      name: string;
      aggregate: string;
      status: string;
      attempts: number;
      last_error: string | null;
      occurred_at: string;
      next_attempt_at: string;
    }>;
  };
}

describe('failed deliveries, for a platform admin', () => {
  it('lists what failed for good with why, and not what it was about', async () => {
    const [event] = await failedDeliveries('Ines');
    const answer = await server.graphql<Listed>(LIST, {}, admin);
    expect(answer.body.errors).toBeUndefined();
    const list = answer.body.data!.failedDomainEvents;
    expect(list.paginatorInfo).toMatchObject({ total: 1, currentPage: 1, lastPage: 1 });
    expect(list.data).toEqual([
      {
        id: event!.id,
        name: 'PasswordChanged',
        aggregate: `user:${event!.userId}`,
        status: 'FAILED',
        attempts: 1,
        last_error: expect.stringMatching(/^mail: .*452.*is full/s),
        occurred_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        next_attempt_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      },
    ]);
    // The payload is not a field: the person's name appears nowhere in the answer. (The error
    // may name the address: it is what the mail server said, and what the admin has to act on.)
    expect(JSON.stringify(answer.body)).not.toContain('Ines');
    const asked = await server.graphql('{ failedDomainEvents { data { id payload } } }', {}, admin);
    expect(asked.body.errors?.[0]?.message).toMatch(/payload/);
  });

  it('pages them, the latest first', async () => {
    const [first, second, third] = await failedDeliveries('Ana', 'Bo', 'Cy');
    // Delivered ones are not listed.
    mail.down = false;
    await passwordChanged('Dee');
    await server.deliverEvents();

    const page1 = await server.graphql<Listed>(LIST, { first: 2, page: 1 }, admin);
    expect(page1.body.data?.failedDomainEvents.data.map((row) => row.id)).toEqual([
      third!.id,
      second!.id,
    ]);
    expect(page1.body.data?.failedDomainEvents.paginatorInfo).toEqual({
      total: 3,
      currentPage: 1,
      lastPage: 2,
      hasMorePages: true,
      count: 2,
    });
    const page2 = await server.graphql<Listed>(LIST, { first: 2, page: 2 }, admin);
    expect(page2.body.data?.failedDomainEvents.data.map((row) => row.id)).toEqual([first!.id]);
    expect(page2.body.data?.failedDomainEvents.paginatorInfo.hasMorePages).toBe(false);

    const tooMany = await server.graphql<Listed>(LIST, { first: 1000 }, admin);
    expect(tooMany.body.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION',
      validation: { first: [expect.any(String)] },
    });
  });

  it('sends one again: put back in line, it is delivered once the cause is put right', async () => {
    const [event, other] = await failedDeliveries('Rui', 'Sam');
    mail.down = false;
    const retried = await server.graphql<{ retryDomainEvent: { id: string; name: string } }>(
      RETRY,
      { id: event!.id },
      admin,
    );
    expect(retried.body.errors).toBeUndefined();
    expect(retried.body.data?.retryDomainEvent).toMatchObject({
      id: event!.id,
      name: 'PasswordChanged',
    });
    await server.deliverEvents();
    expect(await statusOf(event!.id)).toBe('delivered');
    expect(mail.delivered).toContain(event!.email);
    // Only the one asked for.
    expect(await statusOf(other!.id)).toBe('failed');
    expect(mail.delivered).not.toContain(other!.email);
    const list = await server.graphql<Listed>(LIST, {}, admin);
    expect(list.body.data?.failedDomainEvents.data.map((row) => row.id)).toEqual([other!.id]);
  });

  it('refuses to send again what has not failed, and names what it does not know', async () => {
    mail.down = false;
    const delivered = await passwordChanged('Tove');
    await server.deliverEvents();
    expect(await statusOf(delivered.id)).toBe('delivered');
    const again = await server.graphql(RETRY, { id: delivered.id }, admin);
    expect(again.body.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION',
      validation: { id: ['This delivery has not failed, so there is nothing to send again.'] },
    });

    const unknown = await server.graphql(RETRY, { id: randomUUID() }, admin);
    expect(unknown.status).toBe(200);
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    for (const hostile of ['not-a-uuid', "1' OR '1'='1", '']) {
      const answer = await server.graphql(RETRY, { id: hostile }, admin);
      expect(answer.status, hostile).toBeLessThan(500);
      expect(answer.body.errors?.[0]?.extensions, hostile).toMatchObject({
        code: 'VALIDATION',
        validation: { id: [expect.any(String)] },
      });
    }
    expect(await statusOf(delivered.id)).toBe('delivered');
  });

  it.each([
    ['a performer', performer, 'FORBIDDEN'],
    ['an organiser', organiser, 'FORBIDDEN'],
    ['an anonymous caller', anonymous, 'UNAUTHENTICATED'],
  ])('refuses %s both the list and the retry', async (_who, headers, code) => {
    const [event] = await failedDeliveries('Uma');
    const list = await server.graphql<Listed>(LIST, {}, headers);
    expect(list.body.errors?.[0]?.extensions?.code).toBe(code);
    expect(list.body.data?.failedDomainEvents).toBeUndefined();

    mail.down = false;
    const retry = await server.graphql(RETRY, { id: event!.id }, headers);
    expect(retry.body.errors?.[0]?.extensions?.code).toBe(code);
    await server.deliverEvents();
    expect(await statusOf(event!.id)).toBe('failed');
    expect(mail.delivered).not.toContain(event!.email);
  });
});
