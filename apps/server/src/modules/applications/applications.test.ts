import { createOpportunitySchema, type FormType } from '@encore/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { managerAndReviewer, publishedOpportunity } from '../../../test/opportunities';
import { startTestServer, type TestServer } from '../../../test/harness';
import { insertOrganisation } from '../../../test/organisations';
import { connectPayoutAccount } from '../../../test/payments';
import { startTestSmtp } from '../../../test/smtp';
import { MP3_BYTES, PDF_BYTES, uploadedId } from '../../../test/uploads';
import { opportunities } from '../opportunities/opportunities.table';
import type { OrganisationRow } from '../organisations/organisations.table';
import { applicationStatusChanges } from './applications.table';
import { formField } from '../../../test/form-fields';

type Smtp = Awaited<ReturnType<typeof startTestSmtp>>;
let server: TestServer;
let smtp: Smtp;
let now = new Date('2027-03-01T10:00:00Z');
let organisation: OrganisationRow;
const people = {} as Record<
  'owner' | 'manager' | 'reviewer' | 'member' | 'performer' | 'stranger' | 'band',
  TestAccount
>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ smtpUrl: smtp.url }, { clock: () => now });
  for (const role of Object.keys({
    owner: 0,
    manager: 0,
    reviewer: 0,
    member: 0,
    performer: 0,
    stranger: 0,
  }) as Array<keyof typeof people>) {
    people[role] = await registerAccount(server, { name: `Pat ${role}` });
  }
  people.band = await registerAccount(server, { name: 'Velvet Tides', type: 'BAND' });
  organisation = await insertOrganisation(server.database.db, { name: 'Harbour Lights' }, [
    { userId: people.owner.id, email: people.owner.email, role: 'owner' },
    { userId: people.member.id, email: people.member.email, role: 'member' },
  ]);
  await connectPayoutAccount(server, organisation);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});
beforeEach(() => {
  now = new Date('2027-03-01T10:00:00Z');
});

/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read freely in assertions; a wrong path fails them */
type Answer = { data?: any; errors?: any };
const call = async (
  query: string,
  variables: Record<string, unknown>,
  account?: TestAccount,
): Promise<Answer> =>
  (await server.graphql(query, variables, account?.headers ?? {})).body as Answer;

const PERSONAL = [
  formField({
    type: 'text_field',
    subtype: 'text',
    slug: 'full_name',
    label: 'Full name',
    is_required: true,
  }),
  formField({ type: 'email', slug: 'email', label: 'Email', is_required: true }),
  formField({ type: 'location', slug: 'address', label: 'Address', is_required: true }),
];
const DEMO = formField({
  type: 'audio',
  slug: 'demo',
  label: 'Demo recording',
  is_required: true,
  file_count: 2,
  file_size: 1,
});

/** A published opportunity of Harbour Lights with a manager and a reviewer of its own, and its forms. */
const opportunity = (
  title: string,
  options: {
    fields?: Record<string, unknown>;
    forms?: Array<{ type: FormType; fields: unknown[]; max_members?: number }>;
  } = {},
) =>
  publishedOpportunity(server, {
    organisationId: organisation.id,
    owner: people.owner,
    title,
    fields: options.fields,
    seats: managerAndReviewer(people.manager, people.reviewer),
    forms: options.forms,
  });

const APPLICATION_FIELDS = `id code status payment_status name email artist_name address is_blind answers
  history { from_status to_status actor_name }
  viewer_can { edit withdraw change_status message }`;
const SAVE = `mutation($input: SaveApplicationInput!) { saveApplication(input: $input) { ${APPLICATION_FIELDS} } }`;
const SUBMIT = `mutation($input: ApplicationIdInput!) { submitApplication(input: $input) { ${APPLICATION_FIELDS} } }`;
const WITHDRAW = `mutation($input: ApplicationIdInput!) { withdrawApplication(input: $input) { id status } }`;
const CHANGE = `mutation($input: ChangeApplicationStatusInput!) {
  changeApplicationStatus(input: $input) { id status } }`;
const VIEW = `query($id: ID!) { viewApplication(id: $id) { ${APPLICATION_FIELDS}
  elements { field_name slug value files { id name } child_elements { field_name child_elements { slug value } } } } }`;

const ADDRESS = { label: 'Rua das Flores 12, Lisbon', city_id: '2267057', country_code: 'PT' };
const personalAnswers = (account: TestAccount, name: string) => ({
  full_name: name,
  email: account.email,
  address: ADDRESS,
});

async function save(
  account: TestAccount,
  opportunityId: string,
  answers: Record<string, unknown>,
  formType: FormType = 'INDIVIDUAL',
) {
  return call(
    SAVE,
    { input: { opportunity_id: opportunityId, form_type: formType, answers } },
    account,
  );
}

async function apply(
  account: TestAccount,
  opportunityId: string,
  answers: Record<string, unknown>,
  formType: FormType = 'INDIVIDUAL',
) {
  const saved = await save(account, opportunityId, answers, formType);
  expect(saved.errors).toBeUndefined();
  const submitted = await call(SUBMIT, { input: { id: saved.data.saveApplication.id } }, account);
  expect(submitted.errors).toBeUndefined();
  return submitted.data.submitApplication;
}

describe('applying', () => {
  it('saves a partial draft with a readable code, then submits it, records both steps and emails the applicant', async () => {
    const row = await opportunity('Harbour Jazz Nights');
    const draft = await save(people.performer, row.id, { full_name: 'Pat Performer' });
    expect(draft.errors).toBeUndefined();
    const application = draft.data.saveApplication;
    expect(application).toMatchObject({
      status: 'DRAFT',
      name: 'Pat Performer',
      payment_status: null,
    });
    expect(application.code).toMatch(/^HJN-[0-9A-HJKMNP-TV-Z]{6}$/);

    const incomplete = await call(SUBMIT, { input: { id: application.id } }, people.performer);
    expect(incomplete.errors[0].extensions.validation).toMatchObject({
      'input.answers.email': [expect.stringContaining('Email')],
      'input.answers.address': [expect.stringContaining('Address')],
    });

    await save(people.performer, row.id, personalAnswers(people.performer, 'Pat Performer'));
    const sent = await call(SUBMIT, { input: { id: application.id } }, people.performer);
    expect(sent.errors).toBeUndefined();
    expect(sent.data.submitApplication).toMatchObject({
      status: 'SUBMITTED',
      address: ADDRESS.label,
      history: [
        { from_status: null, to_status: 'DRAFT', actor_name: 'Pat performer' },
        { from_status: 'DRAFT', to_status: 'SUBMITTED', actor_name: 'Pat performer' },
      ],
      viewer_can: { edit: true, withdraw: true, change_status: false, message: true },
    });
    const mail = await smtp.waitFor(people.performer.email, 'Harbour Jazz Nights');
    expect(mail.decoded).toContain(application.code);
    expect(mail.decoded).toContain('received');
  });

  it('refuses a second submission and keeps one application per account, even when two saves race', async () => {
    const row = await opportunity('Quayside Sessions');
    const submitted = await apply(
      people.performer,
      row.id,
      personalAnswers(people.performer, 'Pat'),
    );
    const again = await call(SUBMIT, { input: { id: submitted.id } }, people.performer);
    expect(again.errors[0].message).toBe('This application has already been sent.');

    const [first, second] = await Promise.all([
      save(people.stranger, row.id, { full_name: 'One' }),
      save(people.stranger, row.id, { full_name: 'Two' }),
    ]);
    const ids = [first, second].flatMap((body) =>
      body.data?.saveApplication ? [body.data.saveApplication.id] : [],
    );
    const refusals = [first, second].flatMap((body) => body.errors ?? []);
    // Either both saves landed on the same draft, or the loser was told it already applied.
    expect(new Set(ids).size).toBe(1);
    for (const refusal of refusals) {
      expect(refusal.message).toBe(
        'You have already applied to this opportunity. Open your application to continue it.',
      );
    }
  });

  it('accepts at once with AUTO approval, the acceptance made by the system', async () => {
    const row = await opportunity('Open Mic Marathon', { fields: { approval_type: 'AUTO' } });
    const accepted = await apply(people.stranger, row.id, personalAnswers(people.stranger, 'Sam'));
    expect(accepted.status).toBe('ACCEPTED');
    expect(accepted.history.at(-1)).toEqual({
      from_status: 'SUBMITTED',
      to_status: 'ACCEPTED',
      actor_name: null,
    });
    expect((await smtp.waitFor(people.stranger.email, 'accepted')).decoded).toContain(
      'Open Mic Marathon',
    );
  });

  it('keeps an application to a paid opportunity in DRAFT, waiting for its payment', async () => {
    const row = await opportunity('Paid Showcase', {
      fields: {
        payment_type: 'PAID_INTERNAL',
        payment_options: [{ title: 'Entry', cost: 1500, currency: 'EUR' }],
      },
    });
    const waiting = await apply(people.stranger, row.id, personalAnswers(people.stranger, 'Sam'));
    expect(waiting).toMatchObject({ status: 'DRAFT', payment_status: 'REQUIRES_CREATION' });
  });

  it('refuses after the deadline and before publication, on the server', async () => {
    const row = await opportunity('Deadline Test');
    const draft = await save(people.performer, row.id, personalAnswers(people.performer, 'Pat'));
    now = new Date('2027-04-02T10:00:00Z');
    const late = await call(
      SUBMIT,
      { input: { id: draft.data.saveApplication.id } },
      people.performer,
    );
    expect(late.errors[0]).toMatchObject({
      message: 'Deadline Test is not taking applications at the moment.',
      extensions: { code: 'CONFLICT' },
    });
    const lateSave = await save(people.performer, row.id, { full_name: 'Pat' });
    expect(lateSave.errors[0].extensions.code).toBe('CONFLICT');

    const unpublished = await server.app.services.opportunities.create(
      createOpportunitySchema.parse({
        organisation_id: organisation.id,
        title: 'Still a Draft',
        time_zone: 'UTC',
      }),
      { id: people.owner.id, email: people.owner.email },
    );
    const hidden = await save(people.performer, unpublished.id, { full_name: 'Pat' });
    expect(hidden.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('names wrong answers by their labels and writes nothing', async () => {
    const row = await opportunity('Label Check');
    const body = await save(people.member, row.id, {
      full_name: 'Mia',
      email: 'not-an-email',
      address: ADDRESS,
      surprise: 'x',
    });
    expect(body.errors[0].extensions.validation['input.answers.email']).toEqual([
      expect.stringContaining('Email'),
    ]);
    expect(
      await server.app.services.applications.ofUserFor(people.member.id, row.id),
    ).toBeUndefined();
  });
});

describe('bands, members and files', () => {
  const BAND_FORM = () => ({
    type: 'GENERAL' as const,
    max_members: 2,
    fields: [
      formField({
        type: 'text_field',
        subtype: 'text',
        slug: 'artist_name',
        label: 'Artist name',
        is_required: true,
      }),
      ...PERSONAL,
      DEMO,
      formField({
        type: 'group_members',
        slug: 'group_members',
        label: 'Band members',
        is_required: true,
        is_multiple: true,
        child_fields: [
          formField({
            type: 'text_field',
            subtype: 'text',
            slug: 'full_name',
            label: 'Member name',
            is_required: true,
          }),
          formField({
            type: 'instruments',
            slug: 'instruments',
            label: 'Instruments',
            is_multiple: true,
          }),
        ],
      }),
    ],
  });

  it('takes a band with two members and an audio file, and refuses a third member', async () => {
    const row = await opportunity('Harbour Band Contest', { forms: [BAND_FORM()] });
    const demo = await uploadedId(
      server,
      { bytes: MP3_BYTES, name: 'demo.mp3', type: 'audio/mpeg' },
      'ATTACHMENT',
      people.band.headers,
    );
    const answers = {
      artist_name: 'Velvet Tides',
      ...personalAnswers(people.band, 'Ines Duarte'),
      demo: [demo],
      group_members: [
        { full_name: 'Ines Duarte', instruments: ['vocals'] },
        { full_name: 'Rui Costa', instruments: ['drums'] },
      ],
    };
    const tooMany = await save(
      people.band,
      row.id,
      { ...answers, group_members: [...answers.group_members, { full_name: 'Third' }] },
      'GENERAL',
    );
    expect(tooMany.errors[0].extensions.validation['input.answers.group_members']).toEqual([
      expect.stringContaining('Band members'),
    ]);

    const submitted = await apply(people.band, row.id, answers, 'GENERAL');
    expect(submitted).toMatchObject({ status: 'SUBMITTED', artist_name: 'Velvet Tides' });
    const viewed = await call(VIEW, { id: submitted.id }, people.reviewer);
    const elements = viewed.data.viewApplication.elements;
    expect(elements.find((element: { slug: string }) => element.slug === 'demo').files).toEqual([
      { id: demo, name: 'demo.mp3' },
    ]);
    const members = elements.find((element: { slug: string }) => element.slug === 'group_members');
    expect(members.child_elements).toHaveLength(2);
    expect(members.child_elements[1].child_elements[0]).toEqual({
      slug: 'full_name',
      value: 'Rui Costa',
    });

    // The reviewer reads the file; a stranger cannot even tell it exists.
    const asReviewer = await fetch(`${server.url}/files/${demo}`, {
      headers: people.reviewer.headers,
    });
    expect(asReviewer.status).toBe(200);
    const asStranger = await fetch(`${server.url}/files/${demo}`, {
      headers: people.stranger.headers,
    });
    expect(asStranger.status).toBe(404);
  });

  it("refuses a file of the wrong type, a file too large, too many files and someone else's file", async () => {
    const row = await opportunity('Strict Uploads', {
      forms: [{ type: 'INDIVIDUAL', fields: [...PERSONAL, DEMO] }],
    });
    const pdf = await uploadedId(
      server,
      { bytes: PDF_BYTES, name: 'rider.pdf', type: 'application/pdf' },
      'ATTACHMENT',
      people.performer.headers,
    );
    const big = await uploadedId(
      server,
      {
        bytes: new Uint8Array([...MP3_BYTES, ...new Uint8Array(1024 * 1024)]),
        name: 'long.mp3',
        type: 'audio/mpeg',
      },
      'ATTACHMENT',
      people.performer.headers,
    );
    const theirs = await uploadedId(
      server,
      { bytes: MP3_BYTES, name: 'theirs.mp3', type: 'audio/mpeg' },
      'ATTACHMENT',
      people.stranger.headers,
    );
    const base = personalAnswers(people.performer, 'Pat');
    const problems = async (demo: string[]) =>
      (await save(people.performer, row.id, { ...base, demo })).errors[0].extensions.validation;
    expect(await problems([pdf])).toEqual({
      'input.answers.demo.0': [expect.stringContaining('one of these types: audio/*')],
    });
    expect(await problems([big])).toEqual({
      'input.answers.demo.0': [expect.stringContaining('larger than 1 MB.')],
    });
    expect(Object.keys(await problems([pdf, big, theirs]))).toEqual(['input.answers.demo']);
    expect(await problems([theirs])).toEqual({
      'input.answers.demo.0': [expect.stringContaining('not one you uploaded')],
    });
    // Nothing was written by any refusal.
    expect(
      await server.app.services.applications.ofUserFor(people.performer.id, row.id),
    ).toBeUndefined();
  });
});

describe('after submitting', () => {
  it('lets the applicant edit until the deadline, withdraw before a decision, and lists only their own', async () => {
    const row = await opportunity('Edit Window');
    const submitted = await apply(people.member, row.id, personalAnswers(people.member, 'Mia'));
    const edited = await save(people.member, row.id, {
      ...personalAnswers(people.member, 'Mia Moreira'),
    });
    expect(edited.data.saveApplication).toMatchObject({ status: 'SUBMITTED', name: 'Mia Moreira' });
    const emptied = await save(people.member, row.id, { full_name: 'Mia' });
    expect(Object.keys(emptied.errors[0].extensions.validation)).toEqual(
      expect.arrayContaining(['input.answers.email', 'input.answers.address']),
    );

    const list = await call(
      `query { userApplications(first: 10) { paginatorInfo { total perPage } data { id status opportunity { title } } } }`,
      {},
      people.member,
    );
    expect(list.data.userApplications.paginatorInfo.perPage).toBe(10);
    expect(list.data.userApplications.data.map((item: { id: string }) => item.id)).toContain(
      submitted.id,
    );
    const strangers = await call(`query { userApplications { data { id } } }`, {}, people.owner);
    expect(
      strangers.data.userApplications.data.map((item: { id: string }) => item.id),
    ).not.toContain(submitted.id);

    const withdrawn = await call(WITHDRAW, { input: { id: submitted.id } }, people.member);
    expect(withdrawn.data.withdrawApplication.status).toBe('WITHDRAWN');
    const afterwards = await save(people.member, row.id, personalAnswers(people.member, 'Mia'));
    expect(afterwards.errors[0].message).toBe(
      'This application can no longer be changed: it is withdrawn.',
    );
    const filtered = await call(
      `query { userApplications(filters: { status: WITHDRAWN }) { data { id status } } }`,
      {},
      people.member,
    );
    expect(filtered.data.userApplications.data).toContainEqual({
      id: submitted.id,
      status: 'WITHDRAWN',
    });
  });
});

describe("the applicant's list", () => {
  it('pages with the total of all of them, sorts, and keeps the total on a page past the end', async () => {
    const applicant = await registerAccount(server, { name: 'Paula Pager' });
    const applied = [];
    for (const title of ['Pager Night One', 'Pager Night Two', 'Pager Night Three']) {
      const row = await opportunity(title);
      applied.push(await apply(applicant, row.id, personalAnswers(applicant, 'Paula Pager')));
    }
    const LIST = `query($first: Int, $page: Int, $filters: UserApplicationFilters) {
      userApplications(first: $first, page: $page, filters: $filters) {
        paginatorInfo { total count currentPage lastPage } data { id created_at } } }`;
    const list = async (variables: Record<string, unknown>) => {
      const body = await call(LIST, variables, applicant);
      expect(body.errors).toBeUndefined();
      return body.data.userApplications;
    };
    const ids = (page: { data: Array<{ id: string }> }): string[] =>
      page.data.map((item) => item.id);
    const first = await list({ first: 2 });
    expect(first.paginatorInfo).toEqual({ total: 3, count: 2, currentPage: 1, lastPage: 2 });
    const second = await list({ first: 2, page: 2 });
    expect(second.paginatorInfo).toEqual({ total: 3, count: 1, currentPage: 2, lastPage: 2 });
    const newestFirst = [...ids(first), ...ids(second)];
    expect([...newestFirst].sort()).toEqual(applied.map((application) => application.id).sort());
    expect((await list({ first: 2, page: 5 })).paginatorInfo).toMatchObject({ total: 3, count: 0 });
    const oldestFirst = await list({ filters: { sort: 'created_at', asc: true } });
    const times = oldestFirst.data.map((item: { created_at: string }) => item.created_at);
    expect(times).toEqual([...times].sort());
    expect([...ids(oldestFirst)].sort()).toEqual([...newestFirst].sort());
    const none = await list({ filters: { status: 'WITHDRAWN' } });
    expect(none.paginatorInfo.total).toBe(0);
  });
});

describe('deciding', () => {
  it('lets the manager shortlist and accept many at once, each applicant emailed; all or nothing', async () => {
    const row = await opportunity('Decision Day');
    const first = await apply(people.performer, row.id, personalAnswers(people.performer, 'Pat'));
    const second = await apply(people.stranger, row.id, personalAnswers(people.stranger, 'Sam'));
    const draft = (await save(people.member, row.id, { full_name: 'Mia' })).data.saveApplication;

    const mixed = await call(
      CHANGE,
      { input: { ids: [first.id, draft.id], status: 'ACCEPTED' } },
      people.manager,
    );
    // A draft is not the team's to see: refused as unknown, and the first one did not move.
    expect(mixed.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await server.app.services.applications.requireById(first.id)).status).toBe('SUBMITTED');

    const shortlisted = await call(
      CHANGE,
      { input: { ids: [first.id, second.id], status: 'SHORTLISTED' } },
      people.manager,
    );
    expect(shortlisted.data.changeApplicationStatus).toEqual([
      { id: first.id, status: 'SHORTLISTED' },
      { id: second.id, status: 'SHORTLISTED' },
    ]);
    const accepted = await call(
      CHANGE,
      { input: { ids: [first.id], status: 'ACCEPTED' } },
      people.owner,
    );
    expect(accepted.data.changeApplicationStatus[0].status).toBe('ACCEPTED');
    expect((await smtp.waitFor(people.performer.email, 'accepted')).decoded).toContain(
      'Decision Day',
    );
    const history = await server.database.db
      .select()
      .from(applicationStatusChanges)
      .where(eq(applicationStatusChanges.applicationId, first.id));
    expect(history.map((change) => change.toStatus)).toEqual([
      'DRAFT',
      'SUBMITTED',
      'SHORTLISTED',
      'ACCEPTED',
    ]);
    // Decided: the applicant can neither edit nor withdraw any more.
    const late = await call(WITHDRAW, { input: { id: first.id } }, people.performer);
    expect(late.errors[0].extensions.code).toBe('CONFLICT');
  });

  it('lets only manage_applications decide: reviewers and the applicant are refused, strangers see nothing', async () => {
    const row = await opportunity('Who Decides');
    const application = await apply(
      people.performer,
      row.id,
      personalAnswers(people.performer, 'Pat'),
    );
    const attempt = (account: TestAccount) =>
      call(CHANGE, { input: { ids: [application.id], status: 'DECLINED' } }, account);
    expect((await attempt(people.reviewer)).errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await attempt(people.member)).errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await attempt(people.stranger)).errors[0].extensions.code).toBe('NOT_FOUND');
    // The applicant sees their application but cannot decide on it.
    expect((await attempt(people.performer)).errors[0].extensions.code).toBe('FORBIDDEN');
    expect(
      (await call(CHANGE, { input: { ids: [application.id], status: 'DECLINED' } })).errors[0]
        .extensions.code,
    ).toBe('UNAUTHENTICATED');
    expect((await attempt(people.manager)).data.changeApplicationStatus[0].status).toBe('DECLINED');
  });
});

describe('reading an application', () => {
  it('shows it to its applicant and the reviewers; blind review hides who applied from reviewers only', async () => {
    const row = await opportunity('Blind Auditions');
    await server.database.db
      .update(opportunities)
      .set({ blindReview: true })
      .where(eq(opportunities.id, row.id));
    const application = await apply(
      people.performer,
      row.id,
      personalAnswers(people.performer, 'Pat Performer'),
    );
    const view = (account?: TestAccount) => call(VIEW, { id: application.id }, account);

    const reviewer = (await view(people.reviewer)).data.viewApplication;
    expect(reviewer).toMatchObject({ name: null, email: null, address: null, is_blind: true });
    expect(reviewer.answers).toEqual({});
    expect(reviewer.elements.map((element: { slug: string }) => element.slug)).toEqual([]);
    expect((await view(people.manager)).data.viewApplication).toMatchObject({
      name: 'Pat Performer',
      is_blind: false,
    });
    expect((await view(people.performer)).data.viewApplication.name).toBe('Pat Performer');
    for (const outsider of [people.member, people.stranger, people.band]) {
      expect((await view(outsider)).errors[0].extensions.code).toBe('NOT_FOUND');
    }
    expect((await view()).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const malformed = await call(VIEW, { id: 'nope' }, people.manager);
    expect(malformed.errors[0].extensions.category).toBe('validation');
  });
});
