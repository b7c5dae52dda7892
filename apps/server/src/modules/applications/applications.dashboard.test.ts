import {
  applicationFormSchema,
  createOpportunitySchema,
  type ApplicationStatus,
  type FormField,
  type PaymentStatus,
} from '@encore/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { insertOrganisation } from '../../../test/organisations';
import { startTestSmtp } from '../../../test/smtp';
import { opportunities, opportunityMembers } from '../opportunities/opportunities.table';
import type { OrganisationRow } from '../organisations/organisations.table';
import { users } from '../users/users.table';
import { applications } from './applications.table';

type Smtp = Awaited<ReturnType<typeof startTestSmtp>>;
type Role = 'owner' | 'admin' | 'manager' | 'reviewer' | 'member' | 'performer' | 'stranger';
let server: TestServer;
let smtp: Smtp;
let organisation: OrganisationRow;
const people = {} as Record<Role, TestAccount>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ smtpUrl: smtp.url });
  for (const role of ['owner', 'admin', 'manager', 'reviewer', 'member', 'performer', 'stranger']) {
    people[role as Role] = await registerAccount(server, { name: `Pat ${role}` });
  }
  organisation = await insertOrganisation(server.database.db, { name: 'Harbour Lights' }, [
    { userId: people.owner.id, email: people.owner.email, role: 'owner' },
    { userId: people.admin.id, email: people.admin.email, role: 'admin' },
    { userId: people.member.id, email: people.member.email, role: 'member' },
  ]);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read freely in assertions; a wrong path fails them */
type Answer = { data?: any; errors?: any };
const call = async (
  query: string,
  variables: Record<string, unknown>,
  account?: TestAccount,
): Promise<Answer> =>
  (await server.graphql(query, variables, account?.headers ?? {})).body as Answer;

const field = (spec: Partial<FormField> & Pick<FormField, 'type' | 'slug' | 'label'>) => ({
  id: `field-${spec.slug}`,
  order: 0,
  subtype: null,
  is_required: false,
  is_multiple: false,
  choices: [],
  child_fields: [],
  ...spec,
});
const FORM = [
  field({
    type: 'text_field',
    subtype: 'text',
    slug: 'full_name',
    label: 'Full name',
    order: 1,
    is_required: true,
  }),
  field({ type: 'email', slug: 'email', label: 'Email', order: 2, is_required: true }),
  field({ type: 'location', slug: 'address', label: 'Address', order: 3, is_required: true }),
  field({
    type: 'list',
    subtype: 'single',
    slug: 'style',
    label: 'Style',
    choices: ['jazz', 'folk', 'rock'],
    order: 4,
  }),
  field({ type: 'genres', slug: 'genres', label: 'Genres', is_multiple: true, order: 5 }),
  field({ type: 'toggle', slug: 'has_van', label: 'Has a van', order: 6 }),
  field({ type: 'tel', slug: 'phone', label: 'Phone', order: 7 }),
];

let opportunityCount = 0;
/** A published opportunity of Harbour Lights with its own manager and reviewer, and a form. */
async function opportunity(title: string) {
  const owner = { id: people.owner.id, email: people.owner.email };
  const row = await server.app.services.opportunities.create(
    createOpportunitySchema.parse({
      organisation_id: organisation.id,
      title: `${title} ${(opportunityCount += 1)}`,
      time_zone: 'Europe/Lisbon',
      summary: 'Play the harbour stage.',
      description: '<p>Three songs.</p>',
      deadline_date: '2099-04-01 23:59',
      start_date: '2099-05-01 19:00',
      end_date: '2099-05-02 23:00',
      types: ['festival'],
      target: ['INDIVIDUALS'],
      is_virtual: true,
    }),
    owner,
  );
  await server.database.db.insert(opportunityMembers).values([
    {
      opportunityId: row.id,
      userId: people.manager.id,
      email: people.manager.email,
      role: 'manager',
      permissions: ['full_access'],
    },
    {
      opportunityId: row.id,
      userId: people.reviewer.id,
      email: people.reviewer.email,
      role: 'reviewer',
      permissions: ['rate', 'comment'],
    },
  ]);
  await server.app.services.forms.save(
    {
      opportunity_id: row.id,
      ...applicationFormSchema.parse({ type: 'INDIVIDUAL', fields: FORM, max_members: null }),
    },
    people.owner.id,
  );
  return server.app.services.opportunities.publish(row.id, owner);
}

let applicantCount = 0;
interface Seed {
  name?: string;
  artistName?: string | null;
  status?: ApplicationStatus;
  paymentStatus?: PaymentStatus | null;
  ratings?: number[];
  answers?: Record<string, unknown>;
  createdAt?: Date;
  submittedAt?: Date | null;
  code?: string;
}

/** Applications written straight to the table (the applying flow has its own tests), each by a new account. */
async function seed(opportunityId: string, rows: Seed[]) {
  const accounts = await server.database.db
    .insert(users)
    .values(
      rows.map(() => {
        applicantCount += 1;
        return {
          name: `Applicant ${applicantCount}`,
          email: `applicant.${applicantCount}.${Date.now().toString(36)}@example.test`,
          passwordHash: 'x',
        };
      }),
    )
    .returning({ id: users.id, email: users.email });
  const inserted = await server.database.db
    .insert(applications)
    .values(
      rows.map((row, index) => {
        const ratings = row.ratings ?? [];
        const name = row.name ?? `Applicant ${index}`;
        const status = row.status ?? 'SUBMITTED';
        return {
          code: row.code ?? `HLT-${String(applicantCount * 100 + index).padStart(6, '0')}`,
          opportunityId,
          userId: accounts[index]!.id,
          formType: 'INDIVIDUAL' as const,
          formSnapshot: FORM as FormField[],
          answers: { full_name: name, email: accounts[index]!.email, ...row.answers },
          status,
          paymentStatus: row.paymentStatus ?? null,
          name,
          email: accounts[index]!.email,
          artistName: row.artistName ?? null,
          address: 'Rua das Flores 12, Lisbon',
          ratingTotal: ratings.reduce((sum, rate) => sum + rate, 0),
          ratingCount: ratings.length,
          submittedAt:
            row.submittedAt === undefined
              ? status === 'DRAFT'
                ? null
                : new Date(Date.UTC(2027, 2, 1, 10, index))
              : row.submittedAt,
          createdAt: row.createdAt ?? new Date(Date.UTC(2027, 1, 1, 10, index)),
        };
      }),
    )
    .returning({ id: applications.id, code: applications.code });
  return inserted;
}

const LIST = `query($id: ID!, $filters: ApplicationFilters, $first: Int, $page: Int) {
  opportunityApplications(id: $id, filters: $filters, first: $first, page: $page) {
    paginatorInfo { total count currentPage lastPage perPage hasMorePages }
    data { code name status payment_status } } }`;

async function codes(
  id: string,
  filters: Record<string, unknown>,
  account: TestAccount = people.manager,
): Promise<string[]> {
  const body = await call(LIST, { id, filters }, account);
  expect(body.errors).toBeUndefined();
  return body.data.opportunityApplications.data.map((row: { code: string }) => row.code);
}

describe('the dashboard list', () => {
  let id: string;
  beforeAll(async () => {
    id = (await opportunity('Harbour Jazz Nights')).id;
    await seed(id, [
      {
        code: 'HJN-AAAAA1',
        name: 'José Álvarez',
        status: 'SUBMITTED',
        ratings: [5, 4],
        answers: { style: 'jazz', genres: ['jazz', 'blues'], has_van: true },
      },
      {
        code: 'HJN-AAAAA2',
        name: 'Zoe Quinn',
        artistName: 'Aurora Tide',
        status: 'SHORTLISTED',
        ratings: [2],
        answers: { style: 'folk', genres: ['folk'], has_van: false },
      },
      {
        code: 'HJN-AAAAA3',
        name: 'Mia Brandt',
        status: 'ACCEPTED',
        paymentStatus: 'SUCCEEDED',
        answers: { style: 'rock', genres: ['rock', 'blues'] },
      },
      {
        code: 'HJN-AAAAA4',
        name: 'Leo Costa',
        status: 'DECLINED',
        ratings: [3, 3, 4],
      },
      // Waiting for its payment: the organiser follows it.
      { code: 'HJN-AAAAA5', name: 'Ada Paid', status: 'DRAFT', paymentStatus: 'REQUIRES_METHOD' },
      // Still the applicant's own work: nobody on the team sees it.
      { code: 'HJN-AAAAA6', name: 'Dora Draft', status: 'DRAFT' },
    ]);
  });

  it('shows submitted applications and those waiting for payment, never plain drafts, newest first', async () => {
    expect(await codes(id, {})).toEqual([
      'HJN-AAAAA5',
      'HJN-AAAAA4',
      'HJN-AAAAA3',
      'HJN-AAAAA2',
      'HJN-AAAAA1',
    ]);
    expect(await codes(id, { q: 'Dora' })).toEqual([]);
  });

  it('filters by status, payment status, rating, being rated and answers', async () => {
    expect(await codes(id, { status: ['SHORTLISTED', 'ACCEPTED'], asc: true })).toEqual([
      'HJN-AAAAA2',
      'HJN-AAAAA3',
    ]);
    expect(await codes(id, { payment_status: ['SUCCEEDED'] })).toEqual(['HJN-AAAAA3']);
    expect(await codes(id, { min_rate: 3.3, asc: true })).toEqual(['HJN-AAAAA1', 'HJN-AAAAA4']);
    expect(await codes(id, { max_rate: 2 })).toEqual(['HJN-AAAAA2']);
    expect(await codes(id, { min_rate: 3, max_rate: 4, asc: true })).toEqual(['HJN-AAAAA4']);
    expect(await codes(id, { unrated: true, asc: true })).toEqual(['HJN-AAAAA3', 'HJN-AAAAA5']);
    expect(await codes(id, { unrated: false, asc: true })).toEqual([
      'HJN-AAAAA1',
      'HJN-AAAAA2',
      'HJN-AAAAA4',
    ]);
    // One value: the answer itself, or one of its values when it has several.
    expect(await codes(id, { answers: [{ slug: 'style', value: 'folk' }] })).toEqual([
      'HJN-AAAAA2',
    ]);
    expect(await codes(id, { answers: [{ slug: 'genres', value: 'blues' }], asc: true })).toEqual([
      'HJN-AAAAA1',
      'HJN-AAAAA3',
    ]);
    // Several values: all of them among the answers.
    expect(await codes(id, { answers: [{ slug: 'genres', value: ['rock', 'blues'] }] })).toEqual([
      'HJN-AAAAA3',
    ]);
    expect(await codes(id, { answers: [{ slug: 'has_van', value: true }] })).toEqual([
      'HJN-AAAAA1',
    ]);
    // A toggle left alone counts as off.
    expect(
      await codes(id, {
        answers: [{ slug: 'has_van', value: false }],
        status: ['SHORTLISTED', 'ACCEPTED'],
        asc: true,
      }),
    ).toEqual(['HJN-AAAAA2', 'HJN-AAAAA3']);
    expect(
      await codes(id, {
        answers: [
          { slug: 'genres', value: 'blues' },
          { slug: 'style', value: 'rock' },
        ],
      }),
    ).toEqual(['HJN-AAAAA3']);
  });

  it('searches the code, name, email and artist name, accents and case aside', async () => {
    expect(await codes(id, { q: 'jose alvarez' })).toEqual(['HJN-AAAAA1']);
    expect(await codes(id, { q: 'JOSE ÁLV' })).toEqual(['HJN-AAAAA1']);
    expect(await codes(id, { q: 'aurora' })).toEqual(['HJN-AAAAA2']);
    expect(await codes(id, { q: 'hjn-aaaaa4' })).toEqual(['HJN-AAAAA4']);
    const body = await call(LIST, { id, filters: { q: 'Mia' } }, people.manager);
    const email = (
      await server.database.db
        .select({ email: applications.email })
        .from(applications)
        .where(eq(applications.code, 'HJN-AAAAA3'))
    )[0]!.email;
    expect(body.data.opportunityApplications.data).toEqual([
      { code: 'HJN-AAAAA3', name: 'Mia Brandt', status: 'ACCEPTED', payment_status: 'SUCCEEDED' },
    ]);
    expect(await codes(id, { q: email.toUpperCase() })).toEqual(['HJN-AAAAA3']);
    // Pattern characters are taken literally.
    expect(await codes(id, { q: '%' })).toEqual([]);
  });

  it('sorts by each field both ways, unrated and unsubmitted ones last', async () => {
    expect(await codes(id, { sort: 'created_at', asc: true })).toEqual([
      'HJN-AAAAA1',
      'HJN-AAAAA2',
      'HJN-AAAAA3',
      'HJN-AAAAA4',
      'HJN-AAAAA5',
    ]);
    // The one waiting for its payment was never submitted.
    expect(await codes(id, { sort: 'submitted_at', asc: false })).toEqual([
      'HJN-AAAAA4',
      'HJN-AAAAA3',
      'HJN-AAAAA2',
      'HJN-AAAAA1',
      'HJN-AAAAA5',
    ]);
    expect(await codes(id, { sort: 'submitted_at', asc: true })).toEqual([
      'HJN-AAAAA1',
      'HJN-AAAAA2',
      'HJN-AAAAA3',
      'HJN-AAAAA4',
      'HJN-AAAAA5',
    ]);
    // A band by its artist name.
    expect(await codes(id, { sort: 'name', asc: true })).toEqual([
      'HJN-AAAAA5',
      'HJN-AAAAA2',
      'HJN-AAAAA1',
      'HJN-AAAAA4',
      'HJN-AAAAA3',
    ]);
    expect(await codes(id, { sort: 'rate', asc: false })).toEqual([
      'HJN-AAAAA1',
      'HJN-AAAAA4',
      'HJN-AAAAA2',
      'HJN-AAAAA5',
      'HJN-AAAAA3',
    ]);
    expect(await codes(id, { sort: 'rate', asc: true })).toEqual([
      'HJN-AAAAA2',
      'HJN-AAAAA4',
      'HJN-AAAAA1',
      'HJN-AAAAA5',
      'HJN-AAAAA3',
    ]);
    // In the order of the lifecycle, not of the alphabet.
    expect(await codes(id, { sort: 'status', asc: true })).toEqual([
      'HJN-AAAAA5',
      'HJN-AAAAA1',
      'HJN-AAAAA2',
      'HJN-AAAAA3',
      'HJN-AAAAA4',
    ]);
    expect(await codes(id, { sort: 'code', asc: false })).toEqual([
      'HJN-AAAAA5',
      'HJN-AAAAA4',
      'HJN-AAAAA3',
      'HJN-AAAAA2',
      'HJN-AAAAA1',
    ]);
  });

  it('pages with the totals of the whole list, and refuses pages out of bounds', async () => {
    const second = await call(
      LIST,
      { id, first: 2, page: 2, filters: { asc: true } },
      people.owner,
    );
    expect(second.data.opportunityApplications).toEqual({
      paginatorInfo: {
        total: 5,
        count: 2,
        currentPage: 2,
        lastPage: 3,
        perPage: 2,
        hasMorePages: true,
      },
      data: [
        expect.objectContaining({ code: 'HJN-AAAAA3' }),
        expect.objectContaining({ code: 'HJN-AAAAA4' }),
      ],
    });
    const defaults = await call(LIST, { id }, people.owner);
    expect(defaults.data.opportunityApplications.paginatorInfo).toMatchObject({
      perPage: 50,
      currentPage: 1,
      total: 5,
    });
    const tooMany = await call(LIST, { id, first: 101 }, people.owner);
    expect(Object.keys(tooMany.errors[0].extensions.validation)).toEqual(['first']);
    const badRate = await call(LIST, { id, filters: { min_rate: 6 } }, people.owner);
    expect(Object.keys(badRate.errors[0].extensions.validation)).toEqual(['filters.min_rate']);
    const badAnswer = await call(
      LIST,
      { id, filters: { answers: [{ slug: 'style', value: { nested: 1 } }] } },
      people.owner,
    );
    expect(badAnswer.errors[0].extensions.category).toBe('validation');
  });

  it("lets the opportunity's readers list it; its organisation's plain members and outsiders are refused", async () => {
    for (const role of ['owner', 'admin', 'manager', 'reviewer'] as const) {
      const body = await call(LIST, { id }, people[role]);
      expect(body.errors, role).toBeUndefined();
      expect(body.data.opportunityApplications.paginatorInfo.total, role).toBe(5);
    }
    for (const role of ['member', 'performer', 'stranger'] as const) {
      const body = await call(LIST, { id }, people[role]);
      expect(body.errors[0].extensions.category, role).toBe('authorization');
    }
    const anonymous = await call(LIST, { id });
    expect(anonymous.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const unknown = await call(LIST, { id: '00000000-0000-4000-8000-000000000000' }, people.owner);
    expect(unknown.errors[0].extensions.category).toBe('authorization');
  });
});

describe('blind review', () => {
  it('lets a blind reviewer search and sort by the code only, and not filter by who applied', async () => {
    const row = await opportunity('Blind Auditions');
    await server.database.db
      .update(opportunities)
      .set({ blindReview: true })
      .where(eq(opportunities.id, row.id));
    await seed(row.id, [
      { code: 'BLD-BBBBB2', name: 'Anna Early', answers: { phone: '+351 912 000 111' } },
      { code: 'BLD-BBBBB1', name: 'Zed Late' },
    ]);
    expect(await codes(row.id, { q: 'Anna' }, people.reviewer)).toEqual([]);
    expect(await codes(row.id, { q: 'bbbbb2' }, people.reviewer)).toEqual(['BLD-BBBBB2']);
    expect(await codes(row.id, { q: 'Anna' }, people.manager)).toEqual(['BLD-BBBBB2']);
    // By name, a blind reviewer gets the codes' order: the names would tell who is who.
    expect(await codes(row.id, { sort: 'name', asc: true }, people.reviewer)).toEqual([
      'BLD-BBBBB1',
      'BLD-BBBBB2',
    ]);
    expect(await codes(row.id, { sort: 'name', asc: true }, people.manager)).toEqual([
      'BLD-BBBBB2',
      'BLD-BBBBB1',
    ]);
    const byPhone = { answers: [{ slug: 'phone', value: '+351 912 000 111' }] };
    expect(await codes(row.id, byPhone, people.manager)).toEqual(['BLD-BBBBB2']);
    expect((await codes(row.id, byPhone, people.reviewer)).sort()).toEqual([
      'BLD-BBBBB1',
      'BLD-BBBBB2',
    ]);
    const names = await call(LIST, { id: row.id }, people.reviewer);
    expect(
      names.data.opportunityApplications.data.map((item: { name: string | null }) => item.name),
    ).toEqual([null, null]);
  });

  it("reads the answers behind a list's rows, without identity fields for a blind reviewer", async () => {
    const row = await opportunity('Blind Answers');
    await server.database.db
      .update(opportunities)
      .set({ blindReview: true })
      .where(eq(opportunities.id, row.id));
    await seed(row.id, [{ code: 'BLA-AAAAA1', name: 'Anna Early', answers: { style: 'jazz' } }]);
    const ANSWERS = `query($id: ID!) { opportunityApplications(id: $id) {
      data { code answers elements { slug value } answered_form { fields { slug } } } } }`;
    const read = async (viewer: typeof people.manager) => {
      const body = await call(ANSWERS, { id: row.id }, viewer);
      expect(body.errors).toBeUndefined();
      return body.data.opportunityApplications.data[0];
    };
    const managers = await read(people.manager);
    expect(managers.answers).toMatchObject({ full_name: 'Anna Early', style: 'jazz' });
    expect(managers.elements.map((element: { slug: string }) => element.slug)).toContain(
      'full_name',
    );
    expect(managers.answered_form.fields.map((field: { slug: string }) => field.slug)).toContain(
      'style',
    );
    const reviewers = await read(people.reviewer);
    expect(reviewers.answers).toEqual({ style: 'jazz' });
    expect(reviewers.elements.map((element: { slug: string }) => element.slug)).not.toContain(
      'full_name',
    );
  });
});

/** Counts the statements the app sends to the database while `run` runs. */
async function statementsDuring(run: () => Promise<unknown>): Promise<number> {
  const client = (
    server.database.db as unknown as {
      $client: { query: (...args: unknown[]) => Promise<unknown> };
    }
  ).$client;
  // Only the request's statements: the event dispatcher would look for due events meanwhile.
  const { dispatcher } = server.app.services.events;
  await dispatcher.stop();
  const original = client.query;
  let count = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
    dispatcher.start();
  }
  return count;
}

describe("the viewer's own rating", () => {
  it('shows each team member in the list what they gave, null where they gave nothing', async () => {
    const row = await opportunity('Rated Nights');
    const [first, second] = await seed(row.id, [{ name: 'Ada Rated' }, { name: 'Bo Unrated' }]);
    const RATE = `mutation($input: RateApplicationInput!) { rateApplication(input: $input) { id } }`;
    const rated = await call(
      RATE,
      { input: { application_id: first!.id, rate: 4 } },
      people.reviewer,
    );
    expect(rated.errors).toBeUndefined();
    const RATES = `query($id: ID!, $filters: ApplicationFilters) {
      opportunityApplications(id: $id, filters: $filters) { data { id user_rate rate } } }`;
    const ratesOf = async (viewer: typeof people.manager, filters = {}) => {
      const body = await call(RATES, { id: row.id, filters }, viewer);
      expect(body.errors).toBeUndefined();
      return Object.fromEntries(
        body.data.opportunityApplications.data.map(
          (item: { id: string; user_rate: number | null }) => [item.id, item.user_rate],
        ),
      );
    };
    expect(await ratesOf(people.reviewer)).toEqual({ [first!.id]: 4, [second!.id]: null });
    expect(await ratesOf(people.manager)).toEqual({ [first!.id]: null, [second!.id]: null });
    // A search is built per request rather than prepared: the same answer.
    expect(await ratesOf(people.reviewer, { q: 'Ada' })).toEqual({ [first!.id]: 4 });
  });
});

describe('the cost of a page', () => {
  it('reads a page of 50 with the statements a page of 5 takes, a handful in all', async () => {
    const row = await opportunity('Busy Festival');
    await seed(
      row.id,
      Array.from({ length: 60 }, (_, index) => ({
        name: `Player ${index}`,
        status: (['SUBMITTED', 'IN_REVIEW', 'SHORTLISTED'] as const)[index % 3],
        paymentStatus: index % 2 ? ('SUCCEEDED' as const) : null,
        ratings: index % 4 ? [index % 5 || 1] : [],
      })),
    );
    const PAGE = `query($id: ID!, $first: Int) {
      opportunityApplications(id: $id, first: $first, filters: { sort: rate }) {
        paginatorInfo { total }
        data { id code status payment_status name email artist_name rate user_rate created_at submitted_at answers } } }`;
    const page = (first: number) => async () => {
      const body = await call(PAGE, { id: row.id, first }, people.reviewer);
      expect(body.errors).toBeUndefined();
      expect(body.data.opportunityApplications.data).toHaveLength(first);
    };
    // The first request warms what is kept across requests (the viewer's account, reference data).
    await page(5)();
    const five = await statementsDuring(page(5));
    const fifty = await statementsDuring(page(50));
    console.info(`statements per dashboard page: ${five} (5 rows), ${fifty} (50 rows)`);
    expect(fifty).toBe(five);
    expect(fifty).toBeLessThanOrEqual(8);
  });
});

describe('applicationUsers', () => {
  const USERS = `query($oppId: ID!) { applicationUsers(oppId: $oppId) { id name email role avatar { id } } }`;

  it("lists who reads the applications: the organisation's owners and admins and the opportunity's readers", async () => {
    const row = await opportunity('Quayside Sessions');
    const invited = await registerAccount(server, { name: 'Ivy Invited' });
    const planner = await registerAccount(server, { name: 'Paul Planner' });
    await server.database.db.insert(opportunityMembers).values([
      {
        opportunityId: row.id,
        userId: invited.id,
        email: invited.email,
        role: 'reviewer',
        permissions: ['rate', 'comment'],
        status: 'invited',
      },
      {
        opportunityId: row.id,
        userId: planner.id,
        email: planner.email,
        role: 'custom',
        permissions: ['manage_opportunity'],
      },
    ]);
    const body = await call(USERS, { oppId: row.id }, people.member);
    expect(body.errors).toBeUndefined();
    const listed = body.data.applicationUsers as Array<{ id: string; role: string }>;
    expect(listed.map((user) => [user.id, user.role]).sort()).toEqual(
      [
        [people.owner.id, 'owner'],
        [people.admin.id, 'admin'],
        [people.manager.id, 'manager'],
        [people.reviewer.id, 'reviewer'],
      ].sort(),
    );
    expect(listed.find((user) => user.id === people.reviewer.id)).toEqual({
      id: people.reviewer.id,
      name: 'Pat reviewer',
      email: people.reviewer.email,
      role: 'reviewer',
      avatar: null,
    });
  });

  it("is for the opportunity's team only", async () => {
    const row = await opportunity('Closed Doors');
    for (const role of ['performer', 'stranger'] as const) {
      const body = await call(USERS, { oppId: row.id }, people[role]);
      expect(body.errors[0].extensions.category, role).toBe('authorization');
    }
    expect((await call(USERS, { oppId: row.id })).errors[0].extensions.code).toBe(
      'UNAUTHENTICATED',
    );
    expect((await call(USERS, { oppId: 'nope' }, people.owner)).errors[0].extensions.category).toBe(
      'validation',
    );
  });
});
