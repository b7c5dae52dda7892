import { createOpportunitySchema } from '@encore/core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { applyTo, noticesOf as noticesOfAccount, recipientsOf } from '../../../test/notices';
import { managerAndReviewer, publishedOpportunity } from '../../../test/opportunities';
import { insertOrganisation } from '../../../test/organisations';
import { domainEventHandled, domainEvents } from '../../events/events.table';
import { applications } from '../applications/applications.table';
import type { OrganisationRow } from '../organisations/organisations.table';
import { notifications } from './notifications.table';

let server: TestServer;
const now = new Date('2027-03-01T10:00:00Z');
const ROLES = [
  'owner',
  'manager',
  'reviewer',
  'editor',
  'applicant',
  'drafter',
  'payer',
  'stranger',
  'newcomer',
] as const;
const people = {} as Record<(typeof ROLES)[number] | 'clara', TestAccount>;
let organisation: OrganisationRow;
type Opportunity = Awaited<ReturnType<typeof publishedOpportunity>>;
let jazz: Opportunity;
let paidShowcase: Opportunity;

const noticesOf = (who: TestAccount, type: string) => noticesOfAccount(server, who, type);
const recipients = (type: string, subject: string) => recipientsOf(server, people, type, subject);
const apply = (opportunityId: string, account: TestAccount, submit = true) =>
  applyTo(server, opportunityId, account, { submit });
const allNotices = () => server.database.db.select().from(notifications);

/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read freely in assertions; a wrong path fails them */
type Answer = { data?: any; errors?: any };
const call = async (query: string, variables: Record<string, unknown>, account: TestAccount) =>
  (await server.graphql(query, variables, account.headers)).body as Answer;

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => now });
  for (const role of ROLES) {
    const name = `Pat ${role[0]!.toUpperCase()}${role.slice(1)}`;
    people[role] = await registerAccount(server, { name });
  }
  people.clara = await registerAccount(server, { name: 'Clara', locale: 'de' });
  organisation = await insertOrganisation(server.database.db, { name: 'Harbour Lights' }, [
    { userId: people.owner.id, email: people.owner.email, role: 'owner' },
    { userId: people.editor.id, email: people.editor.email, role: 'editor' },
  ]);
  const ofHarbour = { organisationId: organisation.id, owner: people.owner };
  jazz = await publishedOpportunity(server, {
    ...ofHarbour,
    title: 'Harbour Jazz Nights',
    seats: managerAndReviewer(people.manager, people.reviewer),
  });
  paidShowcase = await publishedOpportunity(server, {
    ...ofHarbour,
    title: 'Paid Showcase',
    fields: { payment_type: 'PAID_EXTERNAL', external_payment_url: 'https://pay.example/show' },
  });
  await server.deliverEvents();
});
afterAll(async () => {
  await server?.close();
});

describe('a new application', () => {
  it('tells the people who decide once it is submitted, not the applicant, a reviewer or anyone else', async () => {
    const { id, code } = await apply(jazz.id, people.applicant);
    await server.deliverEvents();

    expect(await recipients('new_application', `application:${id}`)).toEqual(['manager', 'owner']);
    const [notice] = await noticesOf(people.owner, 'new_application');
    expect(notice).toEqual({
      type: 'new_application',
      title: 'New application to Harbour Jazz Nights',
      message: `Ada Lovelace · ${code}`,
      url_path: `/application/${id}/review`,
      is_read: false,
    });
    // The applicant hears of their own submission as a status, not as someone else's application.
    expect(await noticesOf(people.applicant, 'new_application')).toEqual([]);
    expect(await noticesOf(people.applicant, 'application_status')).toHaveLength(1);
  });

  it('says nothing of a draft, nor of an application still waiting for its fee', async () => {
    const before = await allNotices();
    const draft = await apply(jazz.id, people.drafter, false);
    const waiting = await apply(paidShowcase.id, people.payer);
    await server.deliverEvents();

    const [unpaid] = await server.database.db
      .select()
      .from(applications)
      .where(eq(applications.id, waiting.id));
    expect(unpaid).toMatchObject({ status: 'DRAFT', paymentStatus: 'REQUIRES_CREATION' });
    expect(await recipients('new_application', `application:${draft.id}`)).toEqual([]);
    expect(await recipients('new_application', `application:${waiting.id}`)).toEqual([]);
    expect(await allNotices()).toHaveLength(before.length);
  });
});

describe('a teammate’s review', () => {
  const RATE = `mutation($input: RateApplicationInput!) { rateApplication(input: $input) { id } }`;
  const COMMENT = `mutation($input: AddApplicationCommentInput!) {
    addApplicationComment(input: $input) { id } }`;
  let application: { id: string; code: string };

  beforeAll(async () => {
    const [row] = await server.database.db
      .select({ id: applications.id, code: applications.code })
      .from(applications)
      .where(eq(applications.userId, people.applicant.id));
    application = row!;
  });

  it('tells the people who decide of a comment, but not the one who wrote it', async () => {
    const content = 'Lovely voicings; the second tune drags a little.';
    const commented = await call(
      COMMENT,
      { input: { application_id: application.id, content } },
      people.reviewer,
    );
    expect(commented.errors).toBeUndefined();
    await server.deliverEvents();

    const subject = `application:${application.id}`;
    expect(await recipients('application_review', subject)).toEqual(['manager', 'owner']);
    const [notice] = await noticesOf(people.manager, 'application_review');
    expect(notice).toMatchObject({
      title: `Pat Reviewer commented on application ${application.code}`,
      message: `Harbour Jazz Nights · ${content}`,
      url_path: `/application/${application.id}/review`,
    });
  });

  it('tells them of a rating, leaving out the rater', async () => {
    const rated = await call(
      RATE,
      { input: { application_id: application.id, rate: 4 } },
      people.manager,
    );
    expect(rated.errors).toBeUndefined();
    await server.deliverEvents();

    const ownerNotices = await noticesOf(people.owner, 'application_review');
    expect(ownerNotices).toHaveLength(2);
    expect(ownerNotices.find((notice) => notice.title.includes('rated'))).toMatchObject({
      title: `Pat Manager rated application ${application.code} 4 out of 5`,
      message: 'Harbour Jazz Nights',
    });
    expect(await noticesOf(people.manager, 'application_review')).toHaveLength(1);
    expect(await noticesOf(people.reviewer, 'application_review')).toEqual([]);
    expect(await noticesOf(people.applicant, 'application_review')).toEqual([]);
  });

  it('keeps a private note to the record: nobody is told, nothing is recorded for it', async () => {
    const before = await allNotices();
    const noted = await call(
      COMMENT,
      {
        input: {
          application_id: application.id,
          content: 'Fee agreed by phone.',
          is_comment: false,
        },
      },
      people.reviewer,
    );
    expect(noted.errors).toBeUndefined();
    await server.deliverEvents();
    expect(await allNotices()).toHaveLength(before.length);
    const reviews = await server.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.name, 'ApplicationReviewed'));
    expect(reviews).toHaveLength(2);
  });
});

describe('publishing an opportunity', () => {
  const PUBLISH = `mutation($input: OpportunityIdInput!) { publishOpportunity(input: $input) { opp_status } }`;
  const draft = (title: string, fields: Record<string, unknown> = {}) =>
    server.app.services.opportunities.create(
      createOpportunitySchema.parse({
        organisation_id: organisation.id,
        title,
        time_zone: 'Europe/Lisbon',
        summary: 'Sets on the dock.',
        description: '<p>Three sets on the dock.</p>',
        deadline_date: '2027-05-01 23:59',
        start_date: '2027-05-20 19:00',
        end_date: '2027-05-21 23:00',
        types: ['festival'],
        target: ['INDIVIDUALS'],
        is_virtual: true,
        ...fields,
      }),
      people.owner,
    );

  it('tells the rest of the organisation’s team, with the way to the opportunity’s dashboard', async () => {
    const dockside = await draft('Dockside Sessions');
    const published = await call(PUBLISH, { input: { id: dockside.id } }, people.owner);
    expect(published.data?.publishOpportunity.opp_status).toBe('PUBLISHED');
    await server.deliverEvents();

    // The owner published it; its own manager and reviewer are not in the organisation's team.
    expect(await recipients('opportunity_published', `opportunity:${dockside.id}`)).toEqual([
      'editor',
    ]);
    const notices = await noticesOf(people.editor, 'opportunity_published');
    expect(notices.find((notice) => notice.title.includes('Dockside'))).toMatchObject({
      title: 'Pat Owner published Dockside Sessions',
      message: 'It is open for applications now.',
      url_path: `/opportunity/${dockside.slug}/dashboard`,
    });
  });

  it('says so when it is scheduled for later', async () => {
    const later = await draft('Winter Sessions', { publish_at: '2027-03-20 10:00' });
    const published = await call(PUBLISH, { input: { id: later.id } }, people.owner);
    expect(published.data?.publishOpportunity.opp_status).toBe('SCHEDULED');
    await server.deliverEvents();
    const notices = await noticesOf(people.editor, 'opportunity_published');
    expect(notices.find((notice) => notice.title.includes('Winter'))).toMatchObject({
      title: 'Pat Owner published Winter Sessions',
      message: 'It goes live on its publication date.',
    });
    expect(await noticesOf(people.owner, 'opportunity_published')).toEqual([]);
  });
});

describe('an answered invitation', () => {
  const INVITE_TEAM = `mutation($input: InviteTeamMemberInput!) { inviteTeamMember(input: $input) { id } }`;
  const ANSWER_TEAM = `mutation($input: RespondToTeamInvitationInput!) {
    respondToTeamInvitation(input: $input) { id status } }`;
  const INVITE_SEAT = `mutation($input: InviteOpportunityMemberInput!) {
    inviteOpportunityMember(input: $input) { id } }`;
  const ANSWER_SEAT = `mutation($input: RespondToOpportunityInvitationInput!) {
    respondToOpportunityInvitation(input: $input) { id status } }`;

  it('tells the inviter that someone joined the organisation’s team, and no one else', async () => {
    const invited = await call(
      INVITE_TEAM,
      { input: { organisation_id: organisation.id, email: people.newcomer.email, role: 'admin' } },
      people.owner,
    );
    expect(invited.errors).toBeUndefined();
    const answered = await call(
      ANSWER_TEAM,
      { input: { id: invited.data.inviteTeamMember.id, accept: true } },
      people.newcomer,
    );
    expect(answered.data?.respondToTeamInvitation.status).toBe('accepted');
    await server.deliverEvents();

    expect(await recipients('invitation_answered', `organisation:${organisation.id}`)).toEqual([
      'owner',
    ]);
    const [notice] = await noticesOf(people.owner, 'invitation_answered');
    expect(notice).toMatchObject({
      title: 'Pat Newcomer accepted your invitation to the team of Harbour Lights',
      message: 'As an administrator',
      url_path: `/organisation/${organisation.slug}/dashboard`,
    });
  });

  it('tells the inviter that someone declined a place on an opportunity', async () => {
    const invited = await call(
      INVITE_SEAT,
      { input: { opportunity_id: jazz.id, email: people.clara.email, role: 'reviewer' } },
      people.manager,
    );
    expect(invited.errors).toBeUndefined();
    const answered = await call(
      ANSWER_SEAT,
      { input: { id: invited.data.inviteOpportunityMember.id, accept: false } },
      people.clara,
    );
    expect(answered.data?.respondToOpportunityInvitation.status).toBe('rejected');
    await server.deliverEvents();

    expect(await recipients('invitation_answered', `opportunity:${jazz.id}`)).toEqual(['manager']);
    const [notice] = await noticesOf(people.manager, 'invitation_answered');
    expect(notice).toMatchObject({
      title: 'Clara declined your invitation to the team of Harbour Jazz Nights',
      message: 'As a reviewer',
      url_path: `/opportunity/${jazz.slug}/dashboard`,
    });
    expect(await noticesOf(people.clara, 'invitation_answered')).toEqual([]);
  });
});

describe('delivering the events again', () => {
  it('writes no notice twice, and none for someone who joined the team since', async () => {
    // The newcomer joined Harbour Lights after its first opportunities were published: the events
    // name the team as it was, so delivering them again tells the newcomer nothing either.
    const before = await allNotices();
    const names = [
      'ApplicationStatusChanged',
      'ApplicationReviewed',
      'TeamInvitationAnswered',
      'OpportunityInvitationAnswered',
      'OpportunityPublished',
    ];
    await server.database.db
      .update(domainEvents)
      .set({ status: 'pending', deliveredAt: null, nextAttemptAt: now })
      .where(inArray(domainEvents.name, names));
    await server.database.db.delete(domainEventHandled);
    await server.deliverEvents();
    const after = await allNotices();
    expect(after.map((row) => row.id).sort()).toEqual(before.map((row) => row.id).sort());
    // A stranger to all of it was never told anything.
    expect(before.filter((row) => row.userId === people.stranger.id)).toEqual([]);
    // Every kind of this file was among what was delivered again (closing soon has its own file).
    expect([...new Set(before.map((row) => row.type))]).toEqual(
      expect.arrayContaining([
        'new_application',
        'application_review',
        'opportunity_published',
        'invitation_answered',
      ]),
    );
  });
});
