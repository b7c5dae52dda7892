import { applicationFormSchema } from '@encore/core';
import { buildSchema, getNamedType, isInputObjectType, type GraphQLType } from 'graphql';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, uniqueEmail, type TestAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { managerAndReviewer, publishedOpportunity } from '../../../test/opportunities';
import { insertOrganisation } from '../../../test/organisations';
import { PDF_BYTES, uploadedId } from '../../../test/uploads';
import { serverRoot } from '../../lib/paths';
import type { OpportunityRow } from '../opportunities/opportunities.service';
import { formField } from '../../../test/form-fields';

/*
 * Blind review (docs/decisions.md): the reviewers of a blind opportunity must not learn who applied.
 * One applicant whose every identifying value is a distinctive string applies with files, answers,
 * messages and history; everything a reviewer can ask about the opportunity must leave them all out.
 */

let server: TestServer;
let opportunity: OpportunityRow;
let applicationId: string;
const people = {} as Record<'owner' | 'manager' | 'reviewer' | 'applicant', TestAccount>;

const NAME = 'Zelda Quixotebottom';
const ARTIST = 'Velvet Xylophonica';
const MEMBER = 'Yorick Plumtartle';
const EMAIL = uniqueEmail('zelda.quixotebottom');
const PHONE = '+351 917 424 242';
const STREET = 'Rua Zanzibarra 77';
const PHOTO_NAME = `${ARTIST} press photo.jpg`;
const RIDER_NAME = `${NAME} rider.pdf`;

/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read freely in assertions; a wrong path fails them */
type Answer = { data?: any; errors?: any };
const call = async (
  query: string,
  variables: Record<string, unknown>,
  account?: TestAccount,
): Promise<Answer> =>
  (await server.graphql(query, variables, account?.headers ?? {})).body as Answer;
const ok = async (query: string, variables: Record<string, unknown>, account?: TestAccount) => {
  const body = await call(query, variables, account);
  expect(body.errors, query).toBeUndefined();
  return body.data;
};

const BAND_FORM = {
  type: 'GENERAL',
  fields: [
    formField({
      type: 'text_field',
      subtype: 'text',
      slug: 'artist_name',
      label: 'Artist name',
      is_required: true,
    }),
    formField({
      type: 'text_field',
      subtype: 'text',
      slug: 'full_name',
      label: 'Full name',
      is_required: true,
    }),
    formField({ type: 'email', slug: 'email', label: 'Email', is_required: true }),
    formField({ type: 'location', slug: 'address', label: 'Address', is_required: true }),
    formField({ type: 'tel', slug: 'contact_phone', label: 'Phone' }),
    formField({ type: 'text_field', subtype: 'textarea', slug: 'bio', label: 'About the band' }),
    formField({ type: 'image', slug: 'photo', label: 'Press photo', file_count: 2 }),
    formField({ type: 'attachment', slug: 'rider', label: 'Technical rider' }),
    formField({
      type: 'group_members',
      slug: 'group_members',
      label: 'Members',
      is_multiple: true,
      child_fields: [
        formField({ type: 'text_field', subtype: 'text', slug: 'full_name', label: 'Name' }),
        formField({ type: 'text_field', subtype: 'text', slug: 'role', label: 'Plays' }),
      ],
    }),
  ],
};

/** A photo whose EXIF names the band and its leader, as a phone camera's would. */
const photoWithExif = () =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: '#2e6f40' } })
    .jpeg()
    .withExif({ IFD0: { Artist: NAME, Copyright: ARTIST, ImageDescription: STREET } })
    .toBuffer();

const FILE_FIELDS = 'id name mime_type size url path thumb placeholder width height created_at';
const USER_FIELDS = `id name email phone about city { name } country { code } location { lat long }
  avatar { id name } types role { name }`;
const ELEMENT_FIELDS = `field_name slug type subtype value files { ${FILE_FIELDS} }`;
const APPLICATION = `id code status payment_status form_type payment_option_id name email address
  artist_name is_blind answers rate rating_count user_rate created_at updated_at submitted_at
  decided_at refunded_at answered_form { type fields { slug label type } }
  elements { ${ELEMENT_FIELDS} child_elements { ${ELEMENT_FIELDS}
    child_elements { ${ELEMENT_FIELDS} } } }
  opportunity { id slug title blind_review }
  history { id from_status to_status actor_name created_at }
  reviews { rate created_at updated_at user { ${USER_FIELDS} } }
  viewer_can { edit withdraw rate comment change_status message }`;
const PAGE = 'paginatorInfo { total count currentPage lastPage }';
const SUMMARY = `${PAGE} data { id name email created_at location_name applications_count
  payment_status country { code } status avatar { ${FILE_FIELDS} } is_blind }`;
const COMMENT = `id content is_comment created_at can_delete user { ${USER_FIELDS} }`;
const MESSAGE = `id message user_id status seen_at created_at from_organisation sender_name
  sender_avatar is_mine`;
const ALL_APPLICANTS = `query($oppSlugs: [String!], $orgSlug: String, $type: ApplicantType, $filter: String) {
  allApplicants(oppSlugs: $oppSlugs, orgSlug: $orgSlug, type: $type, filter: $filter) { ${SUMMARY} } }`;
const DASHBOARD = `query($id: ID!, $filters: ApplicationFilters) {
  opportunityApplications(id: $id, filters: $filters) { ${PAGE} data { ${APPLICATION} } } }`;
const USER = `query($id: ID!) { user(id: $id) { ${USER_FIELDS} } }`;
const HISTORY = `query($id: ID!) { viewApplication(id: $id) {
  history { from_status to_status actor_name } } }`;
const RATE = `mutation($input: RateApplicationInput!) { rateApplication(input: $input) { ${APPLICATION} } }`;
const CHANGE = `mutation($input: ChangeApplicationStatusInput!) {
  changeApplicationStatus(input: $input) { ${APPLICATION} } }`;
const SEND = `mutation($input: SendApplicationMessageInput!) {
  sendApplicationMessage(input: $input) { ${MESSAGE} } }`;
const COMMENT_ON = `mutation($input: AddApplicationCommentInput!) {
  addApplicationComment(input: $input) { ${COMMENT} } }`;

const fileIds = {} as Record<'avatar' | 'photo' | 'rider', string>;
let organisationSlug: string;

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ['owner', 'manager', 'reviewer'] as const) {
    people[role] = await registerAccount(server, { name: `Pat ${role}` });
  }
  people.applicant = await registerAccount(server, { name: NAME, email: EMAIL, type: 'BAND' });
  const organisation = await insertOrganisation(server.database.db, { name: 'Harbour Lights' }, [
    { userId: people.owner.id, email: people.owner.email, role: 'owner' },
  ]);
  organisationSlug = organisation.slug;
  opportunity = await publishedOpportunity(server, {
    organisationId: organisation.id,
    owner: people.owner,
    title: 'Blind Harbour Auditions',
    fields: { blind_review: true, target: ['BANDS'] },
    seats: managerAndReviewer(people.manager, people.reviewer),
    forms: [BAND_FORM],
  });

  const { applicant, manager, reviewer } = people;
  const city = (await ok('query { filterCities(query: "Ouagadougou") { id name } }', {}, applicant))
    .filterCities[0];
  const upload = async (bytes: Uint8Array, name: string, purpose: string) =>
    uploadedId(server, { bytes, name }, purpose, applicant.headers);
  fileIds.avatar = await upload(await photoWithExif(), `${NAME}.jpg`, 'AVATAR');
  fileIds.photo = await upload(await photoWithExif(), PHOTO_NAME, 'ATTACHMENT');
  fileIds.rider = await upload(PDF_BYTES, RIDER_NAME, 'ATTACHMENT');
  await ok(
    'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id } }',
    {
      input: {
        phone: PHONE,
        city_id: city.id,
        country_code: 'BF',
        avatar_file_id: fileIds.avatar,
        settings: { allow_contact: true },
      },
    },
    applicant,
  );
  const saved = await ok(
    `mutation($input: SaveApplicationInput!) { saveApplication(input: $input) { id } }`,
    {
      input: {
        opportunity_id: opportunity.id,
        form_type: 'GENERAL',
        answers: {
          artist_name: ARTIST,
          full_name: NAME,
          email: EMAIL,
          address: { label: `${STREET}, Ouagadougou`, city_id: city.id, country_code: 'BF' },
          contact_phone: PHONE,
          bio: 'Four friends playing surf rock by the harbour.',
          photo: [fileIds.photo],
          rider: [fileIds.rider],
          group_members: [{ full_name: MEMBER, role: 'Drums' }],
        },
      },
    },
    applicant,
  );
  applicationId = saved.saveApplication.id;
  await ok(
    'mutation($input: ApplicationIdInput!) { submitApplication(input: $input) { id } }',
    { input: { id: applicationId } },
    applicant,
  );
  // The team at work: a rating (IN_REVIEW), a comment, a note, a shortlisting and a conversation.
  await ok(RATE, { input: { application_id: applicationId, rate: 4 } }, reviewer);
  await ok(
    COMMENT_ON,
    { input: { application_id: applicationId, content: 'Tight rhythm section.' } },
    reviewer,
  );
  await ok(
    COMMENT_ON,
    {
      input: { application_id: applicationId, content: 'Asked for the rider.', is_comment: false },
    },
    manager,
  );
  await ok(CHANGE, { input: { ids: [applicationId], status: 'SHORTLISTED' } }, manager);
  await ok(
    SEND,
    { input: { application_id: applicationId, message: 'Could you send a longer set?' } },
    manager,
  );
  await ok(
    SEND,
    { input: { application_id: applicationId, message: `Sure! – ${NAME}, ${PHONE}` } },
    applicant,
  );
});
afterAll(async () => {
  await server?.close();
});

/** Every value that says who applied; `applicant.id` and the avatar's id join them once known. */
const identityValues = () => [
  NAME,
  ARTIST,
  MEMBER,
  EMAIL,
  PHONE,
  STREET,
  'Ouagadougou',
  PHOTO_NAME,
  RIDER_NAME,
  people.applicant.id,
  fileIds.avatar,
];

interface Reply {
  /** Everything the caller got back: the body, and the headers that name a download. */
  text: string;
  refused: boolean;
}
interface Check {
  /** The schema operation (or HTTP route) it calls. */
  operation: string;
  /** What a blind reviewer gets: an answer, or a refusal (which must not tell anything either). */
  reviewer: 'answers' | 'refused';
  run: (account: TestAccount) => Promise<Reply>;
}

const query = (
  operation: string,
  reviewer: Check['reviewer'],
  text: string,
  variables: () => Record<string, unknown> = () => ({}),
): Check => ({
  operation,
  reviewer,
  run: async (account) => {
    const body = await call(text, variables(), account);
    return { text: JSON.stringify(body), refused: body.errors !== undefined };
  },
});

const route = (operation: string, path: () => string): Check => ({
  operation,
  reviewer: 'answers',
  run: async (account) => {
    const response = await fetch(`${server.url}${path()}`, { headers: account.headers });
    const body = Buffer.from(await response.arrayBuffer());
    // Binary bodies too: EXIF, and a zip's entry names, are plain bytes in them.
    const text = [
      response.status,
      response.headers.get('content-disposition'),
      body.toString('latin1'),
      body.toString('utf8'),
    ].join('\n');
    return { text, refused: response.status >= 400 };
  },
});

let commentId: string | undefined;
const application = () => ({ id: applicationId });
const dashboard = (filters: Record<string, unknown>) => () => ({ id: opportunity.id, filters });

/** Blind rows of the reviewer's list, read before the checks: ids they may pass back. */
let blindApplicantId: string;

const CHECKS: Check[] = [
  // A receipt names its payer: it opens only for its secret address, which a reviewer never sees
  // (PaymentInfo.receipt is the applicant's and the payments team's; checkout.test.ts).
  query(
    'applicationReceipt',
    'refused',
    'query($url: String!) { applicationReceipt(receipt_url: $url) { applicant_name applicant_email } }',
    () => ({ url: `/receipt/${applicationId}` }),
  ),
  query('allApplicants', 'answers', ALL_APPLICANTS),
  query('allApplicants', 'answers', ALL_APPLICANTS, () => ({ oppSlugs: [opportunity.slug] })),
  query('allApplicants', 'answers', ALL_APPLICANTS, () => ({ orgSlug: organisationSlug })),
  query('allApplicants', 'answers', ALL_APPLICANTS, () => ({ type: 'BAND' })),
  query('allApplicants', 'answers', ALL_APPLICANTS, () => ({ filter: NAME })),
  query('allApplicants', 'answers', ALL_APPLICANTS, () => ({ filter: EMAIL })),
  query(
    'opportunityApplicants',
    'refused',
    `query($slugs: [String!]!) { opportunityApplicants(slugs: $slugs) { ${SUMMARY} } }`,
    () => ({ slugs: [opportunity.slug] }),
  ),
  query(
    'organisationApplicants',
    'refused',
    `query($slug: String!) { organisationApplicants(slug: $slug) { ${SUMMARY} } }`,
    () => ({ slug: organisationSlug }),
  ),
  query('opportunityApplications', 'answers', DASHBOARD, dashboard({})),
  query('opportunityApplications', 'answers', DASHBOARD, dashboard({ q: NAME })),
  query('opportunityApplications', 'answers', DASHBOARD, dashboard({ q: EMAIL })),
  query('opportunityApplications', 'answers', DASHBOARD, dashboard({ q: ARTIST })),
  query('opportunityApplications', 'answers', DASHBOARD, dashboard({ sort: 'name', asc: true })),
  query(
    'opportunityApplications',
    'answers',
    DASHBOARD,
    dashboard({
      answers: [
        { slug: 'email', value: EMAIL },
        { slug: 'contact_phone', value: PHONE },
        { slug: 'full_name', value: NAME },
        { slug: 'artist_name', value: ARTIST },
      ],
    }),
  ),
  query(
    'viewApplication',
    'answers',
    `query($id: ID!) { viewApplication(id: $id) { ${APPLICATION} } }`,
    application,
  ),
  query(
    'applicationStatus',
    'answers',
    `query($id: ID!) { applicationStatus(id: $id) { id status payment_status
      history { id from_status to_status actor_name created_at } } }`,
    application,
  ),
  query(
    'applicationOpportunity',
    'answers',
    `query($id: ID!) { applicationOpportunity(id: $id) { id title blind_review
      managers { id name email } reviewers { id name email } } }`,
    application,
  ),
  query(
    'applicationReviews',
    'answers',
    `query($id: ID!) { applicationReviews(id: $id) { ${PAGE} data { rate created_at
      user { ${USER_FIELDS} } } } }`,
    application,
  ),
  query(
    'applicationComments',
    'answers',
    `query($id: ID!) { applicationComments(id: $id) { ${PAGE} data { ${COMMENT} } } }`,
    application,
  ),
  query(
    'applicationMessages',
    'refused',
    `query($id: ID!) { applicationMessages(application: $id) { ${PAGE} data { ${MESSAGE} } } }`,
    application,
  ),
  query(
    'applicationUsers',
    'answers',
    `query($id: ID!) { applicationUsers(oppId: $id) { id name email role avatar { id } } }`,
    () => ({ id: opportunity.id }),
  ),
  query(
    'applicationForm',
    'answers',
    `query($slug: String!) { applicationForm(slug: $slug) { id type fields { slug label } } }`,
    () => ({ slug: opportunity.slug }),
  ),
  query(
    'opportunityForm',
    'answers',
    `query($id: ID!) { opportunityForm(opportunity: $id, type: GENERAL) { id fields { slug } } }`,
    () => ({ id: opportunity.id }),
  ),
  query(
    'myApplication',
    'answers',
    `query($id: ID!) { myApplication(opportunity: $id) { ${APPLICATION} } }`,
    () => ({ id: opportunity.id }),
  ),
  query(
    'userApplications',
    'answers',
    `query { userApplications { ${PAGE} data { ${APPLICATION} } } }`,
  ),
  query('user', 'refused', USER, () => ({ id: blindApplicantId })),
  query(
    'premiumUser',
    'refused',
    `query($id: ID!) { premiumUser(userId: $id) { user_id features } }`,
    () => ({ id: blindApplicantId }),
  ),
  query(
    'opportunity',
    'answers',
    `query($slug: String!) { opportunity(slug: $slug) { id title blind_review
      opp_role { role permissions } managers { id name email } reviewers { id name email }
      forms { type fields { slug } } viewerCan { __typename } } }`,
    () => ({ slug: opportunity.slug }),
  ),
  query(
    'opportunityEventsLog',
    'answers',
    `query($id: ID!) { opportunityEventsLog(id: $id) { id action actor_name details created_at } }`,
    () => ({ id: opportunity.id }),
  ),
  query(
    'opportunityViews',
    'answers',
    `query($id: ID!) { opportunityViews(id: $id) { total } }`,
    () => ({ id: opportunity.id }),
  ),
  query(
    'canAccess',
    'answers',
    `query($id: ID!) { canAccess(input: { opportunity_id: $id, permission: rate }) {
      granted permissions role opportunity_role platform_admin } }`,
    () => ({ id: opportunity.id }),
  ),
  query('myOpportunities', 'answers', `query { myOpportunities { ${PAGE} data { id title } } }`),
  query(
    'removeApplicationRating',
    'answers',
    `mutation($input: RemoveApplicationRatingInput!) {
      removeApplicationRating(input: $input) { ${APPLICATION} } }`,
    () => ({ input: { application_id: applicationId } }),
  ),
  query('rateApplication', 'answers', RATE, () => ({
    input: { application_id: applicationId, rate: 5 },
  })),
  {
    operation: 'addApplicationComment',
    reviewer: 'answers',
    run: async (account) => {
      const body = await call(
        COMMENT_ON,
        { input: { application_id: applicationId, content: 'Checking in.' } },
        account,
      );
      commentId = body.data?.addApplicationComment?.id;
      return { text: JSON.stringify(body), refused: body.errors !== undefined };
    },
  },
  query(
    'deleteApplicationComment',
    'answers',
    `mutation($input: DeleteApplicationCommentInput!) {
      deleteApplicationComment(input: $input) { ${COMMENT} } }`,
    () => ({ input: { id: commentId } }),
  ),
  query('changeApplicationStatus', 'refused', CHANGE, () => ({
    input: { ids: [applicationId], status: 'SHORTLISTED' },
  })),
  query('sendApplicationMessage', 'refused', SEND, () => ({
    input: { application_id: applicationId, message: 'Hello there.' },
  })),
  query(
    'saveApplication',
    'refused',
    `mutation($input: SaveApplicationInput!) { saveApplication(input: $input) { ${APPLICATION} } }`,
    // The opportunity takes bands only: nobody's application is started by this.
    () => ({ input: { opportunity_id: opportunity.id, form_type: 'INDIVIDUAL', answers: {} } }),
  ),
  query(
    'submitApplication',
    'refused',
    `mutation($input: ApplicationIdInput!) { submitApplication(input: $input) { ${APPLICATION} } }`,
    () => ({ input: { id: applicationId } }),
  ),
  // Refunds are for those who manage the opportunity's payments (this one is free: nothing to give).
  query(
    'refundApplication',
    'refused',
    `mutation($id: ID!) { refundApplication(id: $id) { status refunded { amount } } }`,
    application,
  ),
  query(
    'withdrawApplication',
    'refused',
    `mutation($input: ApplicationIdInput!) { withdrawApplication(input: $input) { ${APPLICATION} } }`,
    () => ({ input: { id: applicationId } }),
  ),
  query(
    'saveApplicationForm',
    'refused',
    `mutation($input: SaveApplicationFormInput!) { saveApplicationForm(input: $input) { id } }`,
    () => ({
      input: { opportunity_id: opportunity.id, type: 'GENERAL', fields: BAND_FORM.fields },
    }),
  ),
  route('GET /files/:id (picture)', () => `/files/${fileIds.photo}`),
  route('GET /files/:id?inline=1', () => `/files/${fileIds.photo}?inline=1`),
  route('GET /files/:id/thumb', () => `/files/${fileIds.photo}/thumb`),
  route('GET /files/:id?w=480', () => `/files/${fileIds.photo}?w=480`),
  route('GET /files/:id (document)', () => `/files/${fileIds.rider}`),
  route(
    'GET /api/opportunities/:id/applications.csv',
    () => `/api/opportunities/${opportunity.id}/applications.csv`,
  ),
  route(
    'GET /api/applications/:id/files.zip',
    () => `/api/applications/${applicationId}/files.zip`,
  ),
];

/**
 * The schema's queries and mutations about applications or applicants (by name, by what they
 * answer, or by what they take): each must be among the checks, so a new one cannot slip by.
 */
function applicationOperations(): string[] {
  const schema = buildSchema(readFileSync(path.join(serverRoot, 'schema.graphql'), 'utf8'));
  const mentions = (type: GraphQLType, seen = new Set<string>()): boolean => {
    const named = getNamedType(type);
    if (/Applica/i.test(named.name)) return true;
    if (!isInputObjectType(named) || seen.has(named.name)) return false;
    seen.add(named.name);
    return Object.values(named.getFields()).some((field) => mentions(field.type, seen));
  };
  return [schema.getQueryType()!, schema.getMutationType()!].flatMap((root) =>
    Object.values(root.getFields())
      .filter(
        (field) =>
          /Applica/i.test(field.name) ||
          mentions(field.type) ||
          field.args.some((arg) => mentions(arg.type)),
      )
      .map((field) => field.name),
  );
}

describe('what the probe found', () => {
  it('allApplicants gives a blind reviewer no id that user(id) turns into a name, email or city', async () => {
    const rows = (await ok(ALL_APPLICANTS, {}, people.reviewer)).allApplicants.data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: null, email: null, is_blind: true });
    expect(rows[0].id).not.toBe(people.applicant.id);
    const profile = JSON.stringify(await call(USER, { id: rows[0].id }, people.reviewer));
    for (const value of [NAME, EMAIL, 'Ouagadougou', people.applicant.id]) {
      expect(profile).not.toContain(value);
    }
  });

  it("viewApplication's history does not name the applicant as the actor of their own changes", async () => {
    const { history } = (await ok(HISTORY, { id: applicationId }, people.reviewer)).viewApplication;
    expect(history.slice(0, 2)).toEqual([
      { from_status: null, to_status: 'DRAFT', actor_name: 'Applicant' },
      { from_status: 'DRAFT', to_status: 'SUBMITTED', actor_name: 'Applicant' },
    ]);
    // The team's own steps keep their names.
    expect(history.slice(2).map((change: { actor_name: string }) => change.actor_name)).toEqual([
      'Pat reviewer',
      'Pat manager',
    ]);
    const manager = (await ok(HISTORY, { id: applicationId }, people.manager)).viewApplication;
    expect(manager.history[1].actor_name).toBe(NAME);
  });
});

describe('everything a blind reviewer can ask', () => {
  beforeAll(async () => {
    blindApplicantId = (await ok(ALL_APPLICANTS, {}, people.reviewer)).allApplicants.data[0].id;
  });

  it('lists every operation of the schema that touches applications among its checks', () => {
    const checked = new Set(CHECKS.map((check) => check.operation));
    const missing = applicationOperations().filter((operation) => !checked.has(operation));
    expect(missing, 'add a check for each to CHECKS').toEqual([]);
    // And more: the opportunity's own queries, user(id), the downloads.
    expect(checked.size).toBeGreaterThan(applicationOperations().length);
  });

  it('tells the reviewer nothing of who applied, whatever they call', async () => {
    const leaks: string[] = [];
    for (const check of CHECKS) {
      const reply = await check.run(people.reviewer);
      expect(reply.refused, `${check.operation}: ${reply.text.slice(0, 300)}`).toBe(
        check.reviewer === 'refused',
      );
      const text = reply.text.toLowerCase();
      for (const value of identityValues()) {
        if (text.includes(value.toLowerCase())) leaks.push(`${check.operation}: ${value}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('shows the manager, who decides, who applied', async () => {
    const replies: string[] = [];
    for (const check of CHECKS) replies.push((await check.run(people.manager)).text.toLowerCase());
    const all = replies.join('\n');
    for (const value of identityValues()) expect(all, value).toContain(value.toLowerCase());
    const view = await ok(
      `query($id: ID!) { viewApplication(id: $id) { name artist_name email is_blind
        elements { files { name } } } }`,
      { id: applicationId },
      people.manager,
    );
    expect(view.viewApplication).toMatchObject({
      name: NAME,
      artist_name: ARTIST,
      email: EMAIL,
      is_blind: false,
    });
  });

  it('answers an identity search the same whether it matches or not', async () => {
    const total = async (variables: Record<string, unknown>, text = DASHBOARD) => {
      const data = await ok(text, variables, people.reviewer);
      return (data.opportunityApplications ?? data.allApplicants).paginatorInfo.total;
    };
    const all = await total(dashboard({})());
    for (const q of [NAME, EMAIL, ARTIST, 'Nobody Atall']) {
      expect(await total(dashboard({ q })()), q).toBe(0);
    }
    for (const [slug, value] of [
      ['email', EMAIL],
      ['contact_phone', PHONE],
      ['full_name', NAME],
      ['artist_name', ARTIST],
    ] as const) {
      // Ignored: the right answer and a wrong one narrow nothing, so neither tells which is right.
      for (const tried of [value, 'Nobody Atall']) {
        expect(await total(dashboard({ answers: [{ slug, value: tried }] })()), slug).toBe(all);
      }
    }
    for (const filter of [NAME, EMAIL, 'Nobody Atall']) {
      expect(await total({ filter }, ALL_APPLICANTS), filter).toBe(0);
    }
    // The manager's search does find them.
    const manager = await ok(DASHBOARD, dashboard({ q: NAME })(), people.manager);
    expect(manager.opportunityApplications.paginatorInfo.total).toBe(1);
  });
});

describe('a question the forms no longer ask', () => {
  it('is not a filter a blind reviewer can find someone by', async () => {
    const saveForm = (fields: unknown[]) =>
      server.app.services.forms.save(
        {
          opportunity_id: opportunity.id,
          ...applicationFormSchema.parse({ ...BAND_FORM, max_members: null, fields }),
        },
        people.owner.id,
      );
    // The phone question goes; the application sent with it still holds the answer.
    await saveForm(BAND_FORM.fields.filter((field) => field.slug !== 'contact_phone'));
    try {
      const total = async (value: string) =>
        (
          await ok(
            DASHBOARD,
            dashboard({ answers: [{ slug: 'contact_phone', value }] })(),
            people.reviewer,
          )
        ).opportunityApplications.paginatorInfo.total;
      expect(await total(PHONE)).toBe(1);
      expect(await total('+351 000 000 000')).toBe(1);
    } finally {
      await saveForm(BAND_FORM.fields);
    }
  });
});

describe('files under blind review', () => {
  it('keeps no EXIF in an uploaded picture', async () => {
    for (const id of [fileIds.photo, fileIds.avatar]) {
      const response = await fetch(`${server.url}/files/${id}`, {
        headers: people.applicant.headers,
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect(metadata).toMatchObject({ format: 'jpeg', width: 48, height: 32 });
      expect(metadata.exif).toBeUndefined();
      expect(bytes.toString('latin1')).not.toContain(NAME);
    }
  });

  it("names an applicant's files by the application's code for the reviewer, by their own names for the manager", async () => {
    const names = async (account: TestAccount) => {
      const { viewApplication } = await ok(
        `query($id: ID!) { viewApplication(id: $id) { code elements { slug files { id name } } } }`,
        { id: applicationId },
        account,
      );
      const files = viewApplication.elements.flatMap(
        (element: { files: Array<{ id: string; name: string }> }) => element.files,
      );
      return { code: viewApplication.code as string, files };
    };
    const reviewer = await names(people.reviewer);
    expect(reviewer.files).toEqual([
      { id: fileIds.photo, name: `${reviewer.code}-1.jpg` },
      { id: fileIds.rider, name: `${reviewer.code}-2.pdf` },
    ]);
    const download = await fetch(`${server.url}/files/${fileIds.rider}`, {
      headers: people.reviewer.headers,
    });
    expect(download.headers.get('content-disposition')).toContain(`${reviewer.code}-2.pdf`);
    expect((await names(people.manager)).files).toEqual([
      { id: fileIds.photo, name: PHOTO_NAME },
      { id: fileIds.rider, name: RIDER_NAME },
    ]);
    const managerDownload = await fetch(`${server.url}/files/${fileIds.rider}`, {
      headers: people.manager.headers,
    });
    expect(managerDownload.headers.get('content-disposition')).toContain('rider.pdf');
  });
});

describe('user(id): where a person lives and how to reach them', () => {
  it('shows them to the team that knows the applicant, not to a blind reviewer or anyone else', async () => {
    const outsider = await registerAccount(server, { name: 'Pat outsider' });
    const profile = (account: TestAccount) =>
      ok(USER, { id: people.applicant.id }, account).then((data) => data.user);
    for (const account of [people.reviewer, outsider]) {
      expect(await profile(account)).toMatchObject({
        email: null,
        phone: null,
        city: null,
        location: null,
      });
    }
    for (const account of [people.manager, people.owner, people.applicant]) {
      expect(await profile(account)).toMatchObject({
        email: EMAIL,
        phone: expect.stringContaining('917'),
        city: { name: 'Ouagadougou' },
        location: { lat: expect.any(Number) },
      });
    }
  });

  it('keeps the email and phone from the team too when the person does not allow contact', async () => {
    const allowContact = (allow_contact: boolean) =>
      ok(
        'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id } }',
        { input: { settings: { allow_contact } } },
        people.applicant,
      );
    await allowContact(false);
    try {
      const { user } = await ok(USER, { id: people.applicant.id }, people.manager);
      expect(user).toMatchObject({ email: null, phone: null, city: { name: 'Ouagadougou' } });
    } finally {
      await allowContact(true);
    }
  });
});
