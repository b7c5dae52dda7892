import { createOpportunitySchema } from '@encore/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerAccount, uniqueEmail, type TestAccount } from '../../../test/accounts';
import { managerAndReviewer, publishedOpportunity } from '../../../test/opportunities';
import { asUser, startTestServer, type TestServer } from '../../../test/harness';
import { insertOrganisation } from '../../../test/organisations';
import { closedPort, startTestSmtp } from '../../../test/smtp';
import { files } from '../files/files.table';
import { organisations, type OrganisationRow } from '../organisations/organisations.table';
import { domainEvents } from '../../events/events.table';
import { applicationMessages, applications } from './applications.table';

type Smtp = Awaited<ReturnType<typeof startTestSmtp>>;
let server: TestServer;
let smtp: Smtp;
let now = new Date('2027-03-01T10:00:00Z');
let organisation: OrganisationRow;
let logoId: string;
const ROLES = ['owner', 'manager', 'reviewer', 'member', 'performer', 'applicant'] as const;
const people = {} as Record<(typeof ROLES)[number] | 'francophone', TestAccount>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ smtpUrl: smtp.url }, { clock: () => now });
  for (const role of ROLES) people[role] = await registerAccount(server, { name: `Pat ${role}` });
  people.francophone = await registerAccount(server, { name: 'Camille', locale: 'fr' });
  organisation = await insertOrganisation(server.database.db, { name: 'Harbour Lights' }, [
    { userId: people.owner.id, email: people.owner.email, role: 'owner' },
    { userId: people.member.id, email: people.member.email, role: 'member' },
  ]);
  const [logo] = await server.database.db
    .insert(files)
    .values({
      ownerType: 'organisation-logo',
      ownerId: organisation.id,
      originalName: 'logo.png',
      mimeType: 'image/png',
      extension: 'png',
      size: 1234,
      storageKey: `logos/${organisation.id}.png`,
      thumbStorageKey: `logos/${organisation.id}.thumb.webp`,
      visibility: 'public',
    })
    .returning();
  logoId = logo!.id;
  await server.database.db
    .update(organisations)
    .set({ logoFileId: logoId })
    .where(eq(organisations.id, organisation.id));
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});
beforeEach(() => {
  now = new Date('2027-03-01T10:00:00Z');
});
const later = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60_000);
};

/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read freely in assertions; a wrong path fails them */
type Answer = { data?: any; errors?: any };
const callOn =
  (target: () => TestServer) =>
  async (
    query: string,
    variables: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<Answer> =>
    (await target().graphql(query, variables, headers)).body as Answer;
const call = (query: string, variables: Record<string, unknown>, account?: TestAccount) =>
  callOn(() => server)(query, variables, account?.headers ?? {});

/** A published opportunity of Harbour Lights with a manager and a reviewer of its own. */
const opportunity = (title: string) =>
  publishedOpportunity(server, {
    organisationId: organisation.id,
    owner: people.owner,
    title,
    seats: managerAndReviewer(people.manager, people.reviewer),
  });

const SAVE = `mutation($input: SaveApplicationInput!) { saveApplication(input: $input) { id } }`;
const SUBMIT = `mutation($input: ApplicationIdInput!) { submitApplication(input: $input) { id status } }`;

/** Saves the applicant's answers; submits them unless asked to keep the draft. */
async function apply(opportunityId: string, account = people.applicant, submit = true) {
  const saved = await call(
    SAVE,
    {
      input: {
        opportunity_id: opportunityId,
        form_type: 'INDIVIDUAL',
        answers: {
          full_name: 'Pat Applicant',
          email: account.email,
          address: { label: 'Rua das Flores 12, Lisbon', city_id: '2267057', country_code: 'PT' },
        },
      },
    },
    account,
  );
  expect(saved.errors).toBeUndefined();
  const id: string = saved.data.saveApplication.id;
  if (submit) {
    const submitted = await call(SUBMIT, { input: { id } }, account);
    expect(submitted.errors).toBeUndefined();
  }
  return id;
}

const MESSAGE_FIELDS = `id message user_id status seen_at from_organisation sender_name sender_avatar is_mine`;
const SEND = `mutation($input: SendApplicationMessageInput!) {
  sendApplicationMessage(input: $input) { ${MESSAGE_FIELDS} } }`;
const READ = `query($application: ID!, $first: Int, $page: Int) {
  applicationMessages(application: $application, first: $first, page: $page) {
    paginatorInfo { total count currentPage lastPage } data { ${MESSAGE_FIELDS} } } }`;

const send = (account: TestAccount | undefined, applicationId: string, message: string) =>
  call(SEND, { input: { application_id: applicationId, message } }, account);
const read = async (account: TestAccount, applicationId: string, first?: number, page?: number) => {
  const answer = await call(READ, { application: applicationId, first, page }, account);
  expect(answer.errors).toBeUndefined();
  return answer.data.applicationMessages;
};

describe('the conversation about an application', () => {
  it("emails the applicant's message to the managers and the owner, and marks it SENT only once the team reads it", async () => {
    const row = await opportunity('Harbour Jazz Nights');
    const id = await apply(row.id);
    const sent = await send(people.applicant, id, '  Can we bring our own drummer?  ');
    expect(sent.errors).toBeUndefined();
    expect(sent.data.sendApplicationMessage).toMatchObject({
      message: 'Can we bring our own drummer?',
      user_id: people.applicant.id,
      status: 'PENDING',
      seen_at: null,
      from_organisation: false,
      sender_name: 'Pat applicant',
      sender_avatar: null,
      is_mine: true,
    });

    for (const person of [people.manager, people.owner]) {
      const mail = await smtp.waitFor(person.email, 'New message about Harbour Jazz Nights');
      expect(mail.decoded).toContain('Can we bring our own drummer?');
      expect(mail.decoded).toContain(`/application/${id}/review`);
    }
    // The reviewer rates and comments but does not take part in the conversation.
    expect(
      smtp.received.some(
        (mail) => mail.to.includes(people.reviewer.email) && mail.decoded.includes('New message'),
      ),
    ).toBe(false);

    // The sender reading their own message does not make it seen.
    expect((await read(people.applicant, id)).data[0].status).toBe('PENDING');
    later(3);
    const team = await read(people.manager, id);
    expect(team.data).toEqual([
      expect.objectContaining({
        status: 'SENT',
        seen_at: '2027-03-01 10:03:00',
        is_mine: false,
        sender_name: 'Pat applicant',
      }),
    ]);
    expect((await read(people.applicant, id)).data[0].status).toBe('SENT');
  });

  it("shows the team's messages with the organisation's name and logo, and tells the applicant in their language", async () => {
    const row = await opportunity('Quayside Sessions');
    const id = await apply(row.id, people.francophone);
    const reply = await send(people.manager, id, 'Yes, bring your drummer.');
    expect(reply.data.sendApplicationMessage).toMatchObject({
      status: 'PENDING',
      from_organisation: true,
      sender_name: 'Harbour Lights',
      sender_avatar: `/files/${logoId}/thumb`,
      is_mine: true,
    });
    const mail = await smtp.waitFor(people.francophone.email, 'Yes, bring your drummer.');
    expect(mail.decoded).toContain('Harbour Lights');
    expect(mail.decoded).toContain('Yes, bring your drummer.');
    expect(mail.decoded).toContain(`/application/${id}`);
    expect(mail.decoded).not.toContain(`/application/${id}/review`);
    expect(mail.decoded).toContain('lang="fr"');
    expect(mail.decoded).toContain('Bonjour Camille');

    // Another team member reading does not make the team's own message seen.
    expect((await read(people.owner, id)).data[0]).toMatchObject({
      status: 'PENDING',
      is_mine: false,
    });
    const applicant = await read(people.francophone, id);
    expect(applicant.data).toEqual([
      expect.objectContaining({
        status: 'SENT',
        from_organisation: true,
        sender_name: 'Harbour Lights',
        is_mine: false,
      }),
    ]);
  });

  it('pages the newest messages first, each page oldest first, as a chat reads', async () => {
    const id = await apply((await opportunity('Paging Night')).id);
    for (const [account, text] of [
      [people.applicant, 'one'],
      [people.manager, 'two'],
      [people.applicant, 'three'],
    ] as const) {
      later(1);
      expect((await send(account, id, text)).errors).toBeUndefined();
    }
    const newest = await read(people.manager, id, 2, 1);
    expect(newest.paginatorInfo).toEqual({ total: 3, count: 2, currentPage: 1, lastPage: 2 });
    expect(newest.data.map((message: { message: string }) => message.message)).toEqual([
      'two',
      'three',
    ]);
    const older = await read(people.manager, id, 2, 2);
    expect(older.data.map((message: { message: string }) => message.message)).toEqual(['one']);
    // The team read the whole conversation: both of the applicant's messages are seen.
    expect(older.data[0].status).toBe('SENT');
  });

  it("counts a message by the organisation owner's address as the organisation's", async () => {
    const id = await apply((await opportunity('Owner Rule')).id);
    await server.database.db.insert(applicationMessages).values({
      applicationId: id,
      senderId: people.owner.id,
      fromOrganisation: false,
      message: 'Recorded before the team side was stored.',
    });
    const [message] = (await read(people.applicant, id)).data;
    expect(message).toMatchObject({
      from_organisation: true,
      sender_name: 'Harbour Lights',
      sender_avatar: `/files/${logoId}/thumb`,
    });
  });

  it('refuses an empty or too long message, and one on a draft that was never sent', async () => {
    const id = await apply((await opportunity('Message Limits')).id);
    expect((await send(people.applicant, id, ' \n ')).errors[0].extensions.validation).toEqual({
      'input.message': ['Write something before you send the message.'],
    });
    expect(
      (await send(people.manager, id, 'x'.repeat(5001))).errors[0].extensions.validation,
    ).toEqual({ 'input.message': ['A message may have at most 5000 characters.'] });

    const draft = await apply((await opportunity('Draft Talk')).id, people.performer, false);
    expect((await send(people.performer, draft, 'Hello?')).errors[0]).toMatchObject({
      message: 'Send your application before you write to the organisers.',
      extensions: { code: 'CONFLICT' },
    });
    // The team does not see an unsent draft at all.
    expect((await send(people.manager, draft, 'Hello?')).errors[0].extensions.code).toBe(
      'NOT_FOUND',
    );
  });

  it('lets the applicant, the manager and the owner write and read; refuses the others', async () => {
    const id = await apply((await opportunity('Message Matrix')).id);
    const expectations: Array<[string, TestAccount | undefined, string | null]> = [
      ['a stranger', undefined, 'UNAUTHENTICATED'],
      ['a performer', people.performer, 'NOT_FOUND'],
      ['an organisation member', people.member, 'NOT_FOUND'],
      ['the reviewer', people.reviewer, 'FORBIDDEN'],
      ['the manager', people.manager, null],
      ['the owner', people.owner, null],
      ['the applicant', people.applicant, null],
    ];
    for (const [who, account, refusal] of expectations) {
      const sent = await send(account, id, `A word from ${who}.`);
      const listed = await call(READ, { application: id }, account);
      expect([who, sent.errors?.[0]?.extensions.code ?? null]).toEqual([who, refusal]);
      expect([who, listed.errors?.[0]?.extensions.code ?? null]).toEqual([who, refusal]);
    }
  });
});

/** A port nothing listens on: the mail server there refuses every connection. */
describe('when the email notice cannot be delivered', () => {
  let failing: TestServer;
  beforeAll(async () => {
    failing = await startTestServer({
      smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
      // Two tries, the second at once: then the notice is given up.
      eventDispatch: { maxAttempts: 2, backoffMs: () => 0 },
    });
  });
  afterAll(async () => {
    await failing?.close();
  });
  const callFailing = callOn(() => failing);

  it('answers without an error, tries the notice again, then shows the message FAILED until it is read', async () => {
    const { users } = failing.app.services;
    const account = async (name: string) =>
      (await users.createAccount({
        name,
        email: uniqueEmail(name.toLowerCase()),
        password: 'harpsichord-fugue-88',
        role: 'performer',
        selectedType: 'INDIVIDUAL',
      }))!;
    const owner = await account('Olga');
    const applicant = await account('Ada');
    const org = await insertOrganisation(failing.database.db, { name: 'Silent Hall' }, [
      { userId: owner.id, email: owner.email, role: 'owner' },
    ]);
    const row = await failing.app.services.opportunities.create(
      createOpportunitySchema.parse({
        organisation_id: org.id,
        title: 'No Mail',
        time_zone: 'UTC',
      }),
      { id: owner.id, email: owner.email },
    );
    // Submitting would email the applicant too, so the application is written as submitted.
    const [application] = await failing.database.db
      .insert(applications)
      .values({
        code: 'NOM-7K3M9Q',
        opportunityId: row.id,
        userId: applicant.id,
        formType: 'INDIVIDUAL',
        formSnapshot: [],
        status: 'SUBMITTED',
        name: 'Ada',
      })
      .returning();
    const input = (message: string) => ({ input: { application_id: application!.id, message } });

    const fromTeam = await callFailing(SEND, input('Welcome aboard.'), asUser(owner.id));
    expect(fromTeam.errors).toBeUndefined();
    expect(fromTeam.data.sendApplicationMessage).toMatchObject({
      status: 'PENDING',
      sender_name: 'Silent Hall',
    });
    const fromApplicant = await callFailing(SEND, input('Thank you!'), asUser(applicant.id));
    expect(fromApplicant.errors).toBeUndefined();
    expect(fromApplicant.data.sendApplicationMessage.status).toBe('PENDING');
    await failing.deliverEvents();
    const notices = await failing.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.name, 'ApplicationMessageSent'));
    expect(notices.map((notice) => [notice.status, notice.attempts])).toEqual([
      ['failed', 2],
      ['failed', 2],
    ]);

    const seen = await callFailing(READ, { application: application!.id }, asUser(applicant.id));
    expect(
      seen.data.applicationMessages.data.map((m: { message: string; status: string }) => [
        m.message,
        m.status,
      ]),
    ).toEqual([
      ['Welcome aboard.', 'SENT'],
      ['Thank you!', 'FAILED'],
    ]);
  });
});
