/** Stores every payload of stored-content-payloads.ts through the API, as its author would. */
import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { graphql } from './graphql';
import { accessTokenOf } from './journey';
import {
  EVERY_PAYLOAD,
  ORGANISER,
  PAYLOADS,
  SCRIPT_URL,
  storedTexts,
  type Stored,
} from './stored-content-payloads';

/** The people stored-content.e2e.ts registers; each writes only where they may. */
const PASSWORD = 'harpsichord-fugue-88';

// Letters only: a hex token such as 4e5b1c2d is split by PostgreSQL's text parser into a number in
// scientific notation and a word, and the search for it then finds nothing.
const runToken = () =>
  randomBytes(8)
    .toString('hex')
    .replace(/[0-9]/g, (digit) => 'ghijklmnop'[Number(digit)]!);
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface GraphQLError {
  message: string;
  extensions?: Record<string, unknown>;
}

function storeBy(baseUrl: string) {
  async function call<T>(token: string, query: string, variables: Record<string, unknown> = {}) {
    const result = await graphql<T>(baseUrl, query, variables, token);
    expect(result.errors).toBeUndefined();
    return result.data!;
  }
  /** What became of a write that should be refused: the fields its validation error names. */
  async function attempt(token: string, query: string, variables: Record<string, unknown>) {
    const result = await graphql(baseUrl, query, variables, token);
    const error = result.errors?.[0] as GraphQLError | undefined;
    return {
      stored: Boolean(result.data),
      category: error?.extensions?.category,
      named: Object.keys((error?.extensions?.validation as object | undefined) ?? {}),
    };
  }
  async function register(name: string) {
    const email = `e2e-inert-${runToken()}@example.test`;
    const registered = await graphql<{ register: { access_token: string; user: { id: string } } }>(
      baseUrl,
      'mutation ($input: RegisterInput!) { register(input: $input) { access_token user { id } } }',
      {
        input: {
          name,
          email,
          password: PASSWORD,
          password_confirmation: PASSWORD,
          type: 'INDIVIDUAL',
        },
      },
    );
    expect(registered.errors).toBeUndefined();
    const { access_token: token, user } = registered.data!.register;
    return { token, id: user.id, email, password: PASSWORD };
  }
  async function upload(token: string, name: string, bytes: Uint8Array) {
    const form = new FormData();
    const query = 'mutation ($input: UploadFileInput!) { uploadFile(input: $input) { id name } }';
    form.append(
      'operations',
      JSON.stringify({ query, variables: { input: { file: null, purpose: 'ATTACHMENT' } } }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.input.file'] }));
    form.append('0', new Blob([new Uint8Array(bytes)], { type: 'text/plain' }), name);
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: { accept: 'application/graphql-response+json', authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await response.json()) as {
      data?: { uploadFile: { id: string; name: string } };
      errors?: unknown;
    };
    expect(body.errors).toBeUndefined();
    return body.data!.uploadFile;
  }
  return { call, attempt, register, upload };
}

const CREATE_ORGANISATION =
  'mutation ($input: CreateOrganisationInput!) { createOrganisation(input: $input) { id slug name description website social_links { url } } }';
const CREATE_OPPORTUNITY =
  'mutation ($input: CreateOpportunityInput!) { createOpportunity(input: $input) { id slug title description } }';
const UPDATE_OPPORTUNITY =
  'mutation ($input: UpdateOpportunityInput!) { updateOpportunity(input: $input) { id } }';
const PUBLISH = 'mutation ($id: ID!) { publishOpportunity(input: { id: $id }) { id } }';
const SAVE_APPLICATION =
  'mutation ($input: SaveApplicationInput!) { saveApplication(input: $input) { id } }';
const REQUEST_UPGRADE =
  'mutation ($input: RequestAccountUpgradeInput!) { requestAccountUpgrade(input: $input) { id website } }';

/** Writes every payload where its author may write it; checks each refusal on the way. */
export async function storePayloads(baseUrl: string): Promise<Stored> {
  const { call, attempt, register, upload } = storeBy(baseUrl);
  const run = runToken();
  const texts = storedTexts(run);
  const refusals: Stored['refusals'] = [];
  const refuse = async (
    field: string,
    token: string,
    query: string,
    variables: Record<string, unknown>,
  ) => {
    const outcome = await attempt(token, query, variables);
    refusals.push({ field, ...outcome });
    return outcome;
  };

  const maya = await accessTokenOf(baseUrl, ORGANISER);

  // The organisation: script URLs are refused where a link is asked for.
  const organisationInput = {
    name: texts['organisation name'],
    slug: `inert-org-${run}`,
    description: texts['organisation description'],
    website: texts['organisation website'],
    social_links: [{ type: 'INSTAGRAM', url: texts['organisation social link'] }],
  };
  await refuse('organisation website', maya, CREATE_ORGANISATION, {
    input: { ...organisationInput, website: SCRIPT_URL },
  });
  await refuse('organisation social link', maya, CREATE_ORGANISATION, {
    input: { ...organisationInput, social_links: [{ type: 'INSTAGRAM', url: SCRIPT_URL }] },
  });
  const { createOrganisation: organisation } = await call<{
    createOrganisation: { id: string; slug: string; name: string };
  }>(maya, CREATE_ORGANISATION, { input: organisationInput });
  expect(organisation.name).toBe(texts['organisation name']);

  // The opportunity: its description is HTML, kept to text tags by the server.
  const { filterCities } = await call<{ filterCities: Array<{ id: string }> }>(
    maya,
    '{ filterCities(query: "Lisbon", first: 1) { id } }',
  );
  const common = {
    organisation_id: organisation.id,
    time_zone: 'Europe/Lisbon',
    city_id: filterCities[0]!.id,
    is_virtual: false,
    deadline_date: `${inDays(30)} 18:00`,
    start_date: `${inDays(50)} 20:00`,
    end_date: `${inDays(50)} 23:00`,
    types: ['open_call'],
    target: ['INDIVIDUALS'],
    approval_type: 'ON_REVIEW',
  };
  const { createOpportunity: opportunity } = await call<{
    createOpportunity: { id: string; slug: string; title: string; description: string };
  }>(maya, CREATE_OPPORTUNITY, {
    input: {
      ...common,
      title: texts['opportunity title'],
      slug: `inert-call-${run}`,
      summary: texts['opportunity summary'],
      description: `<p>${escapeHtml(texts['opportunity description'])}</p><p>raw ${EVERY_PAYLOAD}</p>`,
      venue: texts['opportunity venue'],
      street: texts['opportunity street'],
      payment_type: 'FREE',
    },
  });
  expect(opportunity.title).toBe(texts['opportunity title']);
  // The raw markup is gone: paragraphs and a link without its script URL are the only tags.
  const tags = new Set(opportunity.description.match(/<[^>]*>/g));
  expect([...tags].sort()).toEqual([
    '</a>',
    '</p>',
    '<a target="_blank" rel="noopener noreferrer nofollow">',
    '<p>',
  ]);
  await refuse('opportunity external payment link', maya, UPDATE_OPPORTUNITY, {
    input: { id: opportunity.id, payment_type: 'PAID_EXTERNAL', external_payment_url: SCRIPT_URL },
  });
  await refuse('opportunity video link', maya, UPDATE_OPPORTUNITY, {
    input: { id: opportunity.id, video_links: [SCRIPT_URL] },
  });
  await call(maya, PUBLISH, { id: opportunity.id });

  // A paid opportunity is published only by an organisation whose payout account takes payments:
  // Maya goes through the local processor's onboarding form, as a browser would post it.
  const { updateAccountLink: connect } = await call<{ updateAccountLink: { url: string } }>(
    maya,
    'query ($organisation: ID!) { updateAccountLink(organisation: $organisation) { url } }',
    { organisation: organisation.id },
  );
  const onboarding = await fetch(`${baseUrl}/processor/onboarding`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({
      link: new URL(connect.url).searchParams.get('link')!,
      business_type: 'COMPANY',
      country: 'PT',
      default_currency: 'EUR',
      payout_type: 'BANK_ACCOUNT',
      bank_holder_name: 'Inert Stage',
      account_number: 'PT50000201231234567890154',
    }),
  });
  expect(onboarding.status).toBe(303);
  // The processor's word reaches the account through the outbox a moment later.
  for (let tries = 0; ; tries++) {
    const { organisationAccount } = await call<{
      organisationAccount: { charges_enabled: boolean } | null;
    }>(
      maya,
      'query ($organisation: ID!) { organisationAccount(organisation: $organisation, recheck: true) { charges_enabled } }',
      { organisation: organisation.id },
    );
    if (organisationAccount?.charges_enabled) break;
    if (tries === 50) throw new Error('the payout account was not connected');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const { createOpportunity: priced } = await call<{
    createOpportunity: { id: string; slug: string };
  }>(maya, CREATE_OPPORTUNITY, {
    input: {
      ...common,
      title: texts['priced opportunity title'],
      slug: `inert-priced-${run}`,
      description: '<p>Paid through Encore.</p>',
      payment_type: 'PAID_INTERNAL',
      payment_options: [
        {
          title: texts['price title'],
          description: texts['price description'],
          cost: 1500,
          currency: 'EUR',
        },
      ],
    },
  });
  await call(maya, PUBLISH, { id: priced.id });

  // The form: labels, a help text, a heading, choices and terms.
  const field = (slug: string, type: string, more: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    slug,
    type,
    label: slug,
    is_required: false,
    ...more,
  });
  const fields = [
    field('full_name', 'text_field', { label: 'Full name', is_required: true }),
    field('email', 'email', { label: 'Email', is_required: true }),
    field('address', 'location', { label: 'Address', is_required: true }),
    field('help', 'heading', { subtype: 'body1', label: texts['form help text'] }),
    field('part', 'heading', { subtype: 'h4', label: texts['form heading'] }),
    field('story', 'text_field', { subtype: 'textarea', label: texts['form question label'] }),
    field('pick', 'list', {
      subtype: 'radio',
      label: texts['form choice label'],
      choices: [texts['form choice 1'], texts['form choice 2']],
    }),
    field('site', 'link', { subtype: 'single_url', label: 'Your website' }),
    field('files', 'attachment', { label: 'A document', file_count: 2 }),
  ].map((entry, order) => ({ ...entry, order }));
  await call(
    maya,
    'mutation ($input: SaveApplicationFormInput!) { saveApplicationForm(input: $input) { id } }',
    {
      input: {
        opportunity_id: opportunity.id,
        type: 'INDIVIDUAL',
        fields,
        terms: texts['form terms'],
      },
    },
  );

  // The applicant: a profile, then an application with a file whose name is a payload.
  const applicant = await register(texts['applicant name']);
  await refuse(
    'profile phone',
    applicant.token,
    'mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { id } }',
    {
      input: { phone: PAYLOADS.img },
    },
  );
  await call(
    applicant.token,
    'mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { id } }',
    {
      input: {
        about: texts['applicant bio'],
        other_instruments: [texts['applicant other instrument']],
      },
    },
  );
  const file = await upload(
    applicant.token,
    texts['answer file name'],
    new TextEncoder().encode(`${EVERY_PAYLOAD}\n`),
  );
  expect(file.name).toBe(texts['answer file name']);
  const answers = {
    full_name: texts['answer full name'],
    email: applicant.email,
    address: { label: texts['answer city text'] },
    story: texts['answer long text'],
    pick: texts['form choice 1'],
    site: texts['answer link'],
    files: [file.id],
  };
  const application = { opportunity_id: opportunity.id, form_type: 'INDIVIDUAL' };
  await refuse('answer link', applicant.token, SAVE_APPLICATION, {
    input: { ...application, answers: { ...answers, site: SCRIPT_URL } },
  });
  const { saveApplication } = await call<{ saveApplication: { id: string } }>(
    applicant.token,
    SAVE_APPLICATION,
    { input: { ...application, answers } },
  );
  await call(
    applicant.token,
    'mutation ($id: ID!) { submitApplication(input: { id: $id }) { id } }',
    {
      id: saveApplication.id,
    },
  );

  // A teammate whose name is a payload joins the organisation and reviews the opportunity.
  const teammate = await register(texts['teammate name']);
  await call(
    maya,
    'mutation ($input: InviteTeamMemberInput!) { inviteTeamMember(input: $input) { id } }',
    { input: { organisation_id: organisation.id, email: teammate.email, role: 'member' } },
  );
  const { myTeamInvitations } = await call<{ myTeamInvitations: Array<{ id: string }> }>(
    teammate.token,
    '{ myTeamInvitations { id } }',
  );
  await call(
    teammate.token,
    'mutation ($id: ID!) { respondToTeamInvitation(input: { id: $id, accept: true }) { id } }',
    { id: myTeamInvitations[0]!.id },
  );
  await call(
    maya,
    'mutation ($input: InviteOpportunityMemberInput!) { inviteOpportunityMember(input: $input) { id } }',
    { input: { opportunity_id: opportunity.id, email: teammate.email, role: 'reviewer' } },
  );
  const { myOpportunityInvitations } = await call<{
    myOpportunityInvitations: Array<{ id: string }>;
  }>(teammate.token, '{ myOpportunityInvitations { id } }');
  await call(
    teammate.token,
    'mutation ($id: ID!) { respondToOpportunityInvitation(input: { id: $id, accept: true }) { id } }',
    { id: myOpportunityInvitations[0]!.id },
  );

  // The review: a comment by the teammate, a note by the manager, messages both ways.
  const comment =
    'mutation ($input: AddApplicationCommentInput!) { addApplicationComment(input: $input) { id } }';
  await call(teammate.token, comment, {
    input: { application_id: saveApplication.id, content: texts['review comment'] },
  });
  await call(maya, comment, {
    input: { application_id: saveApplication.id, content: texts['review note'], is_comment: false },
  });
  const message =
    'mutation ($input: SendApplicationMessageInput!) { sendApplicationMessage(input: $input) { id } }';
  await call(maya, message, {
    input: { application_id: saveApplication.id, message: texts['message to applicant'] },
  });
  await call(applicant.token, message, {
    input: { application_id: saveApplication.id, message: texts['message to organisers'] },
  });

  // The applicant asks for an organiser account; the administrators read the request.
  const upgrade = {
    organisation_name: texts['upgrade organisation name'],
    website: texts['upgrade website'],
    message: texts['upgrade message'],
  };
  const scriptWebsite = await refuse('upgrade website', applicant.token, REQUEST_UPGRADE, {
    input: { ...upgrade, website: SCRIPT_URL },
  });
  // Stored in spite of the refusal expected: the administrators' page shows it as it is.
  if (!scriptWebsite.stored) await call(applicant.token, REQUEST_UPGRADE, { input: upgrade });

  return {
    run,
    texts,
    organisationSlug: organisation.slug,
    opportunitySlug: opportunity.slug,
    pricedSlug: priced.slug,
    applicationId: saveApplication.id,
    applicant: { id: applicant.id, email: applicant.email, password: applicant.password },
    refusals,
  };
}
