import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { managerAndReviewer, publishedOpportunity } from '../../../test/opportunities';
import { startTestServer, type TestServer } from '../../../test/harness';
import { insertOrganisation } from '../../../test/organisations';
import type { OrganisationRow } from '../organisations/organisations.table';
import { applications } from './applications.table';

let server: TestServer;
let now = new Date('2027-03-01T10:00:00Z');
let organisation: OrganisationRow;
const ROLES = [
  'owner',
  'manager',
  'reviewer',
  'rater',
  'member',
  'performer',
  'applicant',
] as const;
const people = {} as Record<(typeof ROLES)[number], TestAccount>;

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => now });
  for (const role of ROLES) people[role] = await registerAccount(server, { name: `Pat ${role}` });
  organisation = await insertOrganisation(server.database.db, { name: 'Harbour Lights' }, [
    { userId: people.owner.id, email: people.owner.email, role: 'owner' },
    { userId: people.member.id, email: people.member.email, role: 'member' },
  ]);
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  now = new Date('2027-03-01T10:00:00Z');
});
const later = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60_000);
};

/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read freely in assertions; a wrong path fails them */
type Answer = { data?: any; errors?: any };
const call = async (
  query: string,
  variables: Record<string, unknown>,
  account?: TestAccount,
): Promise<Answer> =>
  (await server.graphql(query, variables, account?.headers ?? {})).body as Answer;

/**
 * A published opportunity of Harbour Lights with its own people: a manager (full access), a
 * reviewer (rate and comment) and a rater with a custom place that only rates.
 */
const opportunity = (title: string) =>
  publishedOpportunity(server, {
    organisationId: organisation.id,
    owner: people.owner,
    title,
    seats: [
      ...managerAndReviewer(people.manager, people.reviewer),
      { person: people.rater, role: 'custom', permissions: ['rate'] },
    ],
  });

const SAVE = `mutation($input: SaveApplicationInput!) { saveApplication(input: $input) { id } }`;
const SUBMIT = `mutation($input: ApplicationIdInput!) { submitApplication(input: $input) { id status } }`;

/** The applicant applies through the real mutations, and the application is SUBMITTED. */
async function apply(opportunityId: string, account = people.applicant): Promise<string> {
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
  const submitted = await call(SUBMIT, { input: { id: saved.data.saveApplication.id } }, account);
  expect(submitted.data.submitApplication.status).toBe('SUBMITTED');
  return submitted.data.submitApplication.id;
}

const REVIEWED = `id status rate rating_count user_rate
  reviews { rate user { id name } }
  history { from_status to_status actor_name }`;
const RATE = `mutation($input: RateApplicationInput!) { rateApplication(input: $input) { ${REVIEWED} } }`;
const UNRATE = `mutation($input: RemoveApplicationRatingInput!) {
  removeApplicationRating(input: $input) { ${REVIEWED} } }`;
const VIEW = `query($id: ID!) { viewApplication(id: $id) { ${REVIEWED} } }`;
const REVIEWS = `query($id: ID!, $first: Int, $page: Int) { applicationReviews(id: $id, first: $first, page: $page) {
  paginatorInfo { total count } data { rate user { name } } } }`;
const COMMENTS = `query($id: ID!, $is_comment: Boolean) { applicationComments(id: $id, is_comment: $is_comment) {
  paginatorInfo { total } data { id content is_comment can_delete user { name } } } }`;
const COMMENT = `mutation($input: AddApplicationCommentInput!) {
  addApplicationComment(input: $input) { id content is_comment can_delete user { name } } }`;
const DELETE_COMMENT = `mutation($input: DeleteApplicationCommentInput!) {
  deleteApplicationComment(input: $input) { id } }`;

const rate = (account: TestAccount | undefined, applicationId: string, value: number) =>
  call(RATE, { input: { application_id: applicationId, rate: value } }, account);
const comment = (
  account: TestAccount | undefined,
  applicationId: string,
  content: string,
  isComment?: boolean,
) =>
  call(
    COMMENT,
    {
      input: {
        application_id: applicationId,
        content,
        ...(isComment === undefined ? {} : { is_comment: isComment }),
      },
    },
    account,
  );

describe('rating', () => {
  it('averages the reviewers, shows each their own rating, replaces a second rating and opens the application in review once', async () => {
    const id = await apply((await opportunity('Harbour Jazz Nights')).id);

    const first = await rate(people.reviewer, id, 4);
    expect(first.errors).toBeUndefined();
    expect(first.data.rateApplication).toMatchObject({
      status: 'IN_REVIEW',
      rate: 4,
      rating_count: 1,
      user_rate: 4,
      reviews: [{ rate: 4, user: { id: people.reviewer.id, name: 'Pat reviewer' } }],
    });
    expect(first.data.rateApplication.history.at(-1)).toEqual({
      from_status: 'SUBMITTED',
      to_status: 'IN_REVIEW',
      actor_name: 'Pat reviewer',
    });

    later(5);
    const second = await rate(people.manager, id, 1);
    expect(second.data.rateApplication).toMatchObject({ rate: 2.5, rating_count: 2, user_rate: 1 });

    later(5);
    const again = await rate(people.reviewer, id, 2);
    expect(again.data.rateApplication).toMatchObject({
      status: 'IN_REVIEW',
      rate: 1.5,
      rating_count: 2,
      user_rate: 2,
      reviews: [
        { rate: 2, user: { name: 'Pat reviewer' } },
        { rate: 1, user: { name: 'Pat manager' } },
      ],
    });
    const moves = again.data.rateApplication.history.filter(
      (step: { to_status: string }) => step.to_status === 'IN_REVIEW',
    );
    expect(moves).toHaveLength(1);
    const [stored] = await server.database.db
      .select({ total: applications.ratingTotal, count: applications.ratingCount })
      .from(applications)
      .where(eq(applications.id, id));
    expect(stored).toEqual({ total: 3, count: 2 });

    // Everyone on the team sees the same average and only their own rating.
    expect((await call(VIEW, { id }, people.manager)).data.viewApplication).toMatchObject({
      rate: 1.5,
      user_rate: 1,
    });
    expect((await call(VIEW, { id }, people.owner)).data.viewApplication).toMatchObject({
      rate: 1.5,
      user_rate: null,
    });
    // The applicant never sees how the team rated.
    expect((await call(VIEW, { id }, people.applicant)).data.viewApplication).toMatchObject({
      status: 'IN_REVIEW',
      rate: null,
      rating_count: null,
      user_rate: null,
      reviews: [],
    });

    const page = await call(REVIEWS, { id, first: 1 }, people.rater);
    expect(page.data.applicationReviews).toEqual({
      paginatorInfo: { total: 2, count: 1 },
      data: [{ rate: 2, user: { name: 'Pat reviewer' } }],
    });
    expect((await call(REVIEWS, { id }, people.applicant)).errors[0].extensions.code).toBe(
      'FORBIDDEN',
    );

    const removed = await call(UNRATE, { input: { application_id: id } }, people.manager);
    expect(removed.data.removeApplicationRating).toMatchObject({
      rate: 2,
      rating_count: 1,
      user_rate: null,
    });
  });

  it('keeps the totals right when two reviewers rate at the same moment', async () => {
    const id = await apply((await opportunity('Quayside Sessions')).id);
    const answers = await Promise.all([
      rate(people.reviewer, id, 5),
      rate(people.rater, id, 2),
      rate(people.manager, id, 3),
    ]);
    for (const answer of answers) expect(answer.errors).toBeUndefined();
    const view = (await call(VIEW, { id }, people.owner)).data.viewApplication;
    expect(view).toMatchObject({ rate: 10 / 3, rating_count: 3, status: 'IN_REVIEW' });
    expect(
      view.history.filter((step: { to_status: string }) => step.to_status === 'IN_REVIEW'),
    ).toHaveLength(1);
  });

  it('refuses a rating outside 1 to 5 with a sentence on input.rate, and writes nothing', async () => {
    const id = await apply((await opportunity('Rating Scale')).id);
    for (const value of [0, 6, -2]) {
      const refused = await rate(people.reviewer, id, value);
      expect(refused.errors[0].extensions).toMatchObject({
        category: 'validation',
        validation: { 'input.rate': ['The rating must be a whole number from 1 to 5.'] },
      });
    }
    expect((await call(VIEW, { id }, people.reviewer)).data.viewApplication).toMatchObject({
      status: 'SUBMITTED',
      rate: null,
      reviews: [],
    });
  });

  it("reads the viewer's own ratings of a whole list in one batch", async () => {
    const row = await opportunity('Batch Night');
    const ids = [
      await apply(row.id, people.applicant),
      await apply(row.id, people.performer),
      await apply(row.id, people.member),
    ];
    await rate(people.reviewer, ids[1]!, 3);
    const ratesBy = vi.spyOn(server.app.services.applicationReviews, 'ratesBy');
    const reviewsOf = vi.spyOn(server.app.services.applicationReviews, 'ofApplications');
    try {
      const query = `query { ${ids
        .map(
          (id, index) => `a${index}: viewApplication(id: "${id}") { user_rate reviews { rate } }`,
        )
        .join(' ')} }`;
      const answer = await call(query, {}, people.reviewer);
      expect(answer.errors).toBeUndefined();
      expect([
        answer.data.a0.user_rate,
        answer.data.a1.user_rate,
        answer.data.a2.user_rate,
      ]).toEqual([null, 3, null]);
      expect(ratesBy).toHaveBeenCalledTimes(1);
      expect(ratesBy.mock.calls[0]![1]).toHaveLength(3);
      expect(reviewsOf).toHaveBeenCalledTimes(1);
    } finally {
      ratesBy.mockRestore();
      reviewsOf.mockRestore();
    }
  });
});

describe('comments and notes', () => {
  it('lists comments and notes for the team, oldest first, and keeps them from the applicant', async () => {
    const id = await apply((await opportunity('Comment Night')).id);
    const added = await comment(people.reviewer, id, '  Strong set, tight rhythm section.  ');
    expect(added.errors).toBeUndefined();
    expect(added.data.addApplicationComment).toMatchObject({
      content: 'Strong set, tight rhythm section.',
      is_comment: true,
      can_delete: true,
      user: { name: 'Pat reviewer' },
    });
    later(1);
    const note = await comment(people.manager, id, 'Called the band: they can do Friday.', false);
    expect(note.data.addApplicationComment.is_comment).toBe(false);

    const all = (await call(COMMENTS, { id }, people.reviewer)).data.applicationComments;
    expect(all.paginatorInfo.total).toBe(2);
    expect(
      all.data.map((row: { content: string; can_delete: boolean }) => [
        row.content,
        row.can_delete,
      ]),
    ).toEqual([
      ['Strong set, tight rhythm section.', true],
      ['Called the band: they can do Friday.', false],
    ]);
    const managerView = (await call(COMMENTS, { id, is_comment: true }, people.manager)).data
      .applicationComments;
    expect(managerView.data).toEqual([
      expect.objectContaining({ is_comment: true, can_delete: true }),
    ]);
    const notes = (await call(COMMENTS, { id, is_comment: false }, people.rater)).data
      .applicationComments;
    expect(notes.data).toEqual([
      expect.objectContaining({
        content: 'Called the band: they can do Friday.',
        can_delete: false,
      }),
    ]);

    // The first comment opened the application in review.
    expect((await call(VIEW, { id }, people.applicant)).data.viewApplication.status).toBe(
      'IN_REVIEW',
    );
    const applicantRead = await call(COMMENTS, { id }, people.applicant);
    expect(applicantRead.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(applicantRead.data).toBeNull();
  });

  it('takes comments written at the same moment, and opens the application in review once', async () => {
    const id = await apply((await opportunity('Busy Night')).id);
    const answers = await Promise.all([
      comment(people.reviewer, id, 'Lovely tone.'),
      comment(people.manager, id, 'Booked for Friday.', false),
      comment(people.owner, id, 'Agreed.'),
      rate(people.rater, id, 4),
    ]);
    for (const answer of answers) expect(answer.errors).toBeUndefined();
    const view = (await call(VIEW, { id }, people.owner)).data.viewApplication;
    expect(
      view.history.filter((step: { to_status: string }) => step.to_status === 'IN_REVIEW'),
    ).toHaveLength(1);
    expect(
      (await call(COMMENTS, { id }, people.owner)).data.applicationComments.paginatorInfo.total,
    ).toBe(3);
  });

  it('refuses an empty or too long comment with a sentence on input.content', async () => {
    const id = await apply((await opportunity('Comment Limits')).id);
    const empty = await comment(people.reviewer, id, '   ');
    expect(empty.errors[0].extensions.validation).toEqual({
      'input.content': ['Write something before you save the comment.'],
    });
    const long = await comment(people.reviewer, id, 'a'.repeat(5001));
    expect(long.errors[0].extensions.validation).toEqual({
      'input.content': ['A comment may have at most 5000 characters.'],
    });
    expect((await call(COMMENTS, { id }, people.reviewer)).data.applicationComments.data).toEqual(
      [],
    );
  });

  it('lets the author or full access delete a comment, and nobody else', async () => {
    const id = await apply((await opportunity('Delete Night')).id);
    const mine = (await comment(people.reviewer, id, 'Too loud in the chorus.')).data
      .addApplicationComment.id;
    const theirs = (await comment(people.reviewer, id, 'Great harmonies.')).data
      .addApplicationComment.id;
    const remove = (account: TestAccount, commentId: string) =>
      call(DELETE_COMMENT, { input: { id: commentId } }, account);

    const byRater = await remove(people.rater, mine);
    expect(byRater.errors[0]).toMatchObject({
      message:
        'Only the person who wrote this comment, or a manager with full access, can delete it.',
      extensions: { code: 'FORBIDDEN' },
    });
    for (const outsider of [people.applicant, people.member, people.performer]) {
      expect((await remove(outsider, mine)).errors[0]).toMatchObject({
        message: 'This comment was not found. It may have been deleted.',
        extensions: { code: 'NOT_FOUND' },
      });
    }
    expect((await remove(people.reviewer, mine)).data.deleteApplicationComment.id).toBe(mine);
    expect((await remove(people.manager, theirs)).data.deleteApplicationComment.id).toBe(theirs);
    expect((await remove(people.manager, theirs)).errors[0].extensions.code).toBe('NOT_FOUND');
    expect(
      (await call(COMMENTS, { id }, people.reviewer)).data.applicationComments.paginatorInfo.total,
    ).toBe(0);
  });
});

describe('who may rate and comment', () => {
  it('lets the reviewer, the manager and the owner rate and comment; refuses the others', async () => {
    const id = await apply((await opportunity('Permission Matrix')).id);
    const expectations: Array<[string, TestAccount | undefined, string | null, string | null]> = [
      // who, account, rating answer, comment answer (null: allowed)
      ['a stranger', undefined, 'UNAUTHENTICATED', 'UNAUTHENTICATED'],
      ['a performer', people.performer, 'NOT_FOUND', 'NOT_FOUND'],
      ['an organisation member', people.member, 'NOT_FOUND', 'NOT_FOUND'],
      ['the applicant', people.applicant, 'FORBIDDEN', 'FORBIDDEN'],
      ['a rater only', people.rater, null, 'FORBIDDEN'],
      ['the reviewer', people.reviewer, null, null],
      ['the manager', people.manager, null, null],
      ['the owner', people.owner, null, null],
    ];
    for (const [who, account, rating, commenting] of expectations) {
      const rated = await rate(account, id, 3);
      const commented = await comment(account, id, `A word from ${who}.`);
      expect([who, rated.errors?.[0]?.extensions.code ?? null]).toEqual([who, rating]);
      expect([who, commented.errors?.[0]?.extensions.code ?? null]).toEqual([who, commenting]);
    }
    const view = (await call(VIEW, { id }, people.owner)).data.viewApplication;
    expect(view).toMatchObject({ rate: 3, rating_count: 4 });
  });
});
