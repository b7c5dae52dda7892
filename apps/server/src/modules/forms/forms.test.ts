import { applicationFormSchema, createOpportunitySchema, type FormField } from '@encore/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { insertOrganisation } from '../../../test/organisations';
import { opportunityMembers } from '../opportunities/opportunities.table';
import type { OrganisationRow } from '../organisations/organisations.table';

let server: TestServer;
/** Publishing needs a deadline ahead of the server's clock; this one stays put. */
const now = new Date('2027-03-01T10:00:00Z');

type Role = 'stranger' | 'performer' | 'member' | 'reviewer' | 'manager' | 'owner' | 'band';
const accounts = {} as Record<Exclude<Role, 'stranger'>, TestAccount>;
let organisation: OrganisationRow;

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => now });
  for (const role of ['performer', 'member', 'reviewer', 'manager', 'owner'] as const) {
    accounts[role] = await registerAccount(server, { name: `Person ${role}` });
  }
  accounts.band = await registerAccount(server, { name: 'The Quavers', type: 'BAND' });
  organisation = await insertOrganisation(server.database.db, { name: 'Harbour Sounds' }, [
    { userId: accounts.owner.id, email: accounts.owner.email, role: 'owner' },
    { userId: accounts.member.id, email: accounts.member.email, role: 'member' },
  ]);
});
afterAll(async () => {
  await server?.close();
});

/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read freely in assertions; a wrong path fails them */
type Answer = { data?: any; errors?: any };
const call = async (
  query: string,
  variables: Record<string, unknown>,
  role: Role,
): Promise<Answer> =>
  (await server.graphql(query, variables, role === 'stranger' ? {} : accounts[role].headers))
    .body as Answer;

const COMPLETE = {
  title: 'Harbour Nights',
  time_zone: 'UTC',
  description: '<p>Open stage by the water.</p>',
  deadline_date: '2027-05-01 23:59',
  types: ['gig'],
  is_virtual: true,
};

/** A draft of the organisation's, with a manager and a reviewer of its own. */
async function draft(target: string[]) {
  const owner = accounts.owner;
  const row = await server.app.services.opportunities.create(
    createOpportunitySchema.parse({ organisation_id: organisation.id, ...COMPLETE, target }),
    { id: owner.id, email: owner.email },
  );
  for (const role of ['reviewer', 'manager'] as const) {
    await server.database.db.insert(opportunityMembers).values({
      opportunityId: row.id,
      userId: accounts[role].id,
      email: accounts[role].email,
      role,
      permissions: role === 'manager' ? ['full_access'] : ['rate', 'comment'],
    });
  }
  return row;
}

async function published(target: string[]) {
  const row = await draft(target);
  const owner = accounts.owner;
  return server.app.services.opportunities.publish(row.id, { id: owner.id, email: owner.email });
}

const FIELD = `id label type subtype slug order is_required is_multiple choices min_length max_length
  file_size file_count accept`;
const FORM = `id type terms supported_languages is_active is_skipped max_members
  fields { ${FIELD} child_fields { ${FIELD} child_fields { id } } }`;
const OPPORTUNITY_FORM = `query($opportunity: ID!, $type: FormType!) {
  opportunityForm(opportunity: $opportunity, type: $type) { ${FORM} } }`;
const APPLICATION_FORM = `query($slug: String!, $type: FormType) {
  applicationForm(slug: $slug, type: $type) { id type fields { slug } } }`;
const SAVE = `mutation($input: SaveApplicationFormInput!) { saveApplicationForm(input: $input) { ${FORM} } }`;

/** A field as the editor sends it: what it leaves out takes the schema's defaults. */
type FieldInput = Partial<Omit<FormField, 'child_fields'>> &
  Pick<FormField, 'type' | 'slug' | 'order'> & { child_fields?: FieldInput[] };
let nextId = 0;
function field(spec: FieldInput): FieldInput {
  nextId += 1;
  return { id: `field-${nextId}`, label: spec.slug.replace(/_/g, ' '), ...spec };
}

const FIXED = [
  field({ type: 'text_field', subtype: 'text', slug: 'full_name', is_required: true, order: 0 }),
  field({ type: 'email', slug: 'email', is_required: true, order: 1 }),
  field({ type: 'location', slug: 'address', is_required: true, order: 2 }),
];
const slugsOf = (fields: Array<{ slug: string }>) => fields.map((one) => one.slug);

describe('reading a form before one is saved', () => {
  it('gives each type its default: the fixed fields, and for bands the artist name and members', async () => {
    const row = await draft([]);
    const individual = (
      await call(OPPORTUNITY_FORM, { opportunity: row.id, type: 'INDIVIDUAL' }, 'owner')
    ).data.opportunityForm;
    expect(individual).toMatchObject({
      id: null,
      type: 'INDIVIDUAL',
      terms: null,
      supported_languages: [],
      is_active: true,
      is_skipped: false,
      max_members: null,
    });
    expect(slugsOf(individual.fields)).toEqual(['full_name', 'email', 'address']);
    expect(individual.fields.map((one: FormField) => [one.order, one.is_required])).toEqual([
      [0, true],
      [1, true],
      [2, true],
    ]);

    const band = (await call(OPPORTUNITY_FORM, { opportunity: row.id, type: 'GENERAL' }, 'owner'))
      .data.opportunityForm;
    expect(band).toMatchObject({ id: null, type: 'GENERAL', max_members: 10 });
    expect(slugsOf(band.fields)).toEqual([
      'artist_name',
      'full_name',
      'email',
      'address',
      'group_members',
    ]);
    const members = band.fields[4];
    expect(slugsOf(members.child_fields)).toEqual([
      'full_name',
      'gender',
      'email',
      'birthday',
      'phone',
      'instruments',
      'back_vocals',
      'other_instruments',
    ]);
    expect(members.child_fields[1].choices).toEqual([
      'male',
      'female',
      'non-binary',
      'prefer-not-to-say',
    ]);
    // Every field has an id of its own, and the default is a form the editor can save unchanged.
    const ids = [...band.fields, ...members.child_fields].map((one: FormField) => one.id);
    expect(new Set(ids).size).toBe(ids.length);
    const { id: _id, ...definition } = band;
    expect(applicationFormSchema.safeParse(definition).success).toBe(true);
  });

  it('shows on the opportunity one form per kind of applicant it is for, read in one batch', async () => {
    const both = await draft([]);
    const bands = await draft(['BANDS']);
    const people = await draft(['INDIVIDUALS']);
    const formsOf = vi.spyOn(server.app.services.forms, 'formsOf');
    const body = await call(
      `query($organisation: ID!) { organisationOpportunities(organisation: $organisation) {
        id form { type is_skipped } forms { type id } } }`,
      { organisation: organisation.id },
      'owner',
    );
    expect(formsOf).toHaveBeenCalledTimes(1);
    formsOf.mockRestore();
    const byId = new Map(
      body.data.organisationOpportunities.map((one: { id: string }) => [one.id, one]),
    );
    expect(byId.get(both.id)).toMatchObject({
      form: { type: 'INDIVIDUAL', is_skipped: false },
      forms: [
        { type: 'GENERAL', id: null },
        { type: 'INDIVIDUAL', id: null },
      ],
    });
    expect(byId.get(bands.id)).toMatchObject({
      form: { type: 'GENERAL' },
      forms: [{ type: 'GENERAL' }],
    });
    expect(byId.get(people.id)).toMatchObject({
      form: { type: 'INDIVIDUAL' },
      forms: [{ type: 'INDIVIDUAL' }],
    });
  });
});

describe('saving a form', () => {
  /** One field of every type, sent out of order with gaps in the numbering. */
  const EVERY_TYPE = [
    field({ type: 'toggle', slug: 'terms_ok', is_required: true, order: 90 }),
    field({
      type: 'text_field',
      subtype: 'textarea',
      slug: 'bio',
      min_length: 10,
      max_length: 500,
      order: 10,
    }),
    field({ type: 'tel', slug: 'phone', order: 11 }),
    field({ type: 'datetime_field', subtype: 'date', slug: 'available_from', order: 12 }),
    field({ type: 'link', subtype: 'multiple_urls', slug: 'links', order: 13 }),
    field({ type: 'video_link', slug: 'video', is_multiple: true, order: 14 }),
    field({ type: 'image', slug: 'photo', file_size: 5, file_count: 3, order: 15 }),
    field({ type: 'audio', slug: 'demo', accept: ['audio/mpeg', '.wav'], order: 16 }),
    field({ type: 'attachment', slug: 'rider', order: 17 }),
    field({ type: 'instruments', slug: 'instruments', is_multiple: true, order: 18 }),
    field({ type: 'genres', slug: 'genres', order: 19 }),
    field({
      type: 'list',
      subtype: 'radio',
      slug: 'slot',
      choices: ['Friday', 'Saturday'],
      order: 20,
    }),
    field({ type: 'heading', subtype: 'h4', slug: 'about_you', order: 5 }),
    field({
      type: 'group_members',
      slug: 'group_members',
      is_required: true,
      order: 30,
      child_fields: [
        field({ type: 'instruments', slug: 'instruments', is_multiple: true, order: 7 }),
        field({ type: 'text_field', slug: 'full_name', is_required: true, order: 3 }),
      ],
    }),
  ];

  it('keeps every field type, in order and numbered from 0, and saves again in place', async () => {
    const row = await draft(['BANDS']);
    // Sharing full_name's number, it follows full_name: a tie keeps the order sent.
    const artist = field({ type: 'text_field', slug: 'artist_name', is_required: true, order: 0 });
    const input = {
      opportunity_id: row.id,
      type: 'GENERAL',
      fields: [...EVERY_TYPE, ...FIXED, artist],
      terms: '  Be kind to the sound engineer.  ',
      supported_languages: ['en', 'pt', 'en'],
      max_members: 6,
    };
    const saved = await call(SAVE, { input }, 'manager');
    expect(saved.errors).toBeUndefined();
    const form = saved.data.saveApplicationForm;
    expect(form).toMatchObject({
      type: 'GENERAL',
      terms: 'Be kind to the sound engineer.',
      supported_languages: ['en', 'pt'],
      is_active: true,
      is_skipped: false,
      max_members: 6,
    });
    expect(form.id).toEqual(expect.any(String));
    expect(slugsOf(form.fields)).toEqual([
      'full_name',
      'artist_name',
      'email',
      'address',
      'about_you',
      'bio',
      'phone',
      'available_from',
      'links',
      'video',
      'photo',
      'demo',
      'rider',
      'instruments',
      'genres',
      'slot',
      'group_members',
      'terms_ok',
    ]);
    expect(form.fields.map((one: FormField) => one.order)).toEqual(
      form.fields.map((_: unknown, index: number) => index),
    );
    const members = form.fields.find((one: FormField) => one.slug === 'group_members');
    expect(members.child_fields.map((one: FormField) => [one.slug, one.order])).toEqual([
      ['full_name', 0],
      ['instruments', 1],
    ]);
    expect(form.fields.find((one: FormField) => one.slug === 'photo')).toMatchObject({
      file_size: 5,
      file_count: 3,
      accept: [],
    });
    expect(form.fields.find((one: FormField) => one.slug === 'demo').accept).toEqual([
      'audio/mpeg',
      '.wav',
    ]);

    const read = (await call(OPPORTUNITY_FORM, { opportunity: row.id, type: 'GENERAL' }, 'member'))
      .data.opportunityForm;
    expect(read).toEqual(form);

    const again = await call(
      SAVE,
      { input: { ...input, fields: [...FIXED, artist], is_skipped: true, max_members: null } },
      'owner',
    );
    expect(again.data.saveApplicationForm).toMatchObject({
      id: form.id,
      is_skipped: true,
      max_members: null,
    });
    expect(slugsOf(again.data.saveApplicationForm.fields)).toEqual([
      'full_name',
      'artist_name',
      'email',
      'address',
    ]);
  });

  it('refuses a form without a fixed field, or with one made optional, naming the field', async () => {
    const row = await draft(['INDIVIDUALS']);
    const withoutEmail = await call(
      SAVE,
      { input: { opportunity_id: row.id, type: 'INDIVIDUAL', fields: [FIXED[0], FIXED[2]] } },
      'owner',
    );
    expect(withoutEmail.errors[0].extensions.category).toBe('validation');
    expect(withoutEmail.errors[0].extensions.validation).toEqual({
      'input.fields.email': [
        'The email field is part of every form: it cannot be removed, made optional or given another type.',
      ],
    });

    const optional = await call(
      SAVE,
      {
        input: {
          opportunity_id: row.id,
          type: 'INDIVIDUAL',
          fields: [{ ...FIXED[0], is_required: false }, FIXED[1], FIXED[2]],
        },
      },
      'owner',
    );
    expect(Object.keys(optional.errors[0].extensions.validation)).toEqual([
      'input.fields.full_name',
    ]);
    expect(optional.errors[0].extensions.validation['input.fields.full_name'][0]).toMatch(
      /^The full name field is part of every form/,
    );
    const unsaved = (
      await call(OPPORTUNITY_FORM, { opportunity: row.id, type: 'INDIVIDUAL' }, 'owner')
    ).data.opportunityForm;
    expect(unsaved.id).toBeNull();
  });

  it('refuses two fields with one id, and a form type the opportunity is not for', async () => {
    const row = await draft(['INDIVIDUALS']);
    const twice = await call(
      SAVE,
      {
        input: {
          opportunity_id: row.id,
          type: 'INDIVIDUAL',
          fields: [
            ...FIXED,
            { ...field({ type: 'tel', slug: 'phone', order: 3 }), id: FIXED[0]!.id },
          ],
        },
      },
      'owner',
    );
    expect(twice.errors[0].extensions.validation).toEqual({
      'input.fields.3.id': [
        'Another field of this form already has this identifier: each field needs its own.',
      ],
    });

    const artist = field({ type: 'text_field', slug: 'artist_name', is_required: true, order: 3 });
    const band = await call(
      SAVE,
      { input: { opportunity_id: row.id, type: 'GENERAL', fields: [...FIXED, artist] } },
      'owner',
    );
    expect(band.errors[0].extensions.category).toBe('validation');
    expect(band.errors[0].extensions.validation).toEqual({
      'input.type': [
        'This opportunity is not open to this type of applicant. Change who the opportunity is for first.',
      ],
    });
  });

  it('lets the managers and the owner save; strangers, performers, members and reviewers are refused', async () => {
    const row = await draft(['INDIVIDUALS']);
    const input = { opportunity_id: row.id, type: 'INDIVIDUAL', fields: FIXED };
    expect((await call(SAVE, { input }, 'stranger')).errors[0].extensions.category).toBe(
      'authentication',
    );
    for (const role of ['performer', 'member', 'reviewer'] as const) {
      const refused = await call(SAVE, { input }, role);
      expect(refused.errors[0].extensions.category, role).toBe('authorization');
    }
    for (const role of ['manager', 'owner'] as const) {
      const saved = await call(SAVE, { input }, role);
      expect(saved.errors, role).toBeUndefined();
      expect(saved.data.saveApplicationForm.type).toBe('INDIVIDUAL');
    }
    // The team reads it; someone outside it does not.
    expect(
      (await call(OPPORTUNITY_FORM, { opportunity: row.id, type: 'INDIVIDUAL' }, 'reviewer')).data
        .opportunityForm.id,
    ).toEqual(expect.any(String));
    expect(
      (await call(OPPORTUNITY_FORM, { opportunity: row.id, type: 'INDIVIDUAL' }, 'performer'))
        .errors[0].extensions.category,
    ).toBe('authorization');
  });
});

describe('duplicating an opportunity', () => {
  it('gives the copy the saved forms, which can then change on their own', async () => {
    const row = await draft(['INDIVIDUALS']);
    const bio = field({ type: 'text_field', subtype: 'textarea', slug: 'bio', order: 3 });
    const input = { opportunity_id: row.id, type: 'INDIVIDUAL', fields: [...FIXED, bio] };
    expect((await call(SAVE, { input }, 'owner')).errors).toBeUndefined();
    const copy = await call(
      'mutation($input: OpportunityIdInput!) { duplicateOpportunity(input: $input) { id } }',
      { input: { id: row.id } },
      'owner',
    );
    expect(copy.errors).toBeUndefined();
    const copyId = copy.data.duplicateOpportunity.id;
    const read = async (opportunity: string) =>
      (await call(OPPORTUNITY_FORM, { opportunity, type: 'INDIVIDUAL' }, 'owner')).data
        .opportunityForm;
    const copied = await read(copyId);
    expect(slugsOf(copied.fields)).toEqual(['full_name', 'email', 'address', 'bio']);
    expect(copied.id).not.toBe((await read(row.id)).id);
    const changed = { ...input, opportunity_id: copyId, fields: FIXED };
    expect((await call(SAVE, { input: changed }, 'owner')).errors).toBeUndefined();
    expect(slugsOf((await read(row.id)).fields)).toContain('bio');
  });
});

describe('the form an applicant fills in', () => {
  it('is hidden with a draft from everyone but its team', async () => {
    const row = await draft(['INDIVIDUALS']);
    expect(
      (await call(APPLICATION_FORM, { slug: row.slug }, 'performer')).data.applicationForm,
    ).toBeNull();
    expect(
      (await call(APPLICATION_FORM, { slug: 'no-such-opportunity' }, 'performer')).data,
    ).toEqual({ applicationForm: null });
    expect(
      (await call(APPLICATION_FORM, { slug: row.slug }, 'stranger')).errors[0].extensions.category,
    ).toBe('authentication');
    expect(
      (await call(APPLICATION_FORM, { slug: row.slug }, 'manager')).data.applicationForm,
    ).toMatchObject({ id: null, type: 'INDIVIDUAL' });
  });

  it("follows the applicant's account when the opportunity takes both, and its only kind otherwise", async () => {
    const both = await published(['BANDS', 'INDIVIDUALS']);
    const formFor = async (slug: string, role: Role, type?: string) =>
      (await call(APPLICATION_FORM, { slug, ...(type ? { type } : {}) }, role)).data
        .applicationForm;
    expect(await formFor(both.slug, 'band')).toMatchObject({ type: 'GENERAL' });
    expect(slugsOf((await formFor(both.slug, 'band')).fields)).toContain('group_members');
    expect(await formFor(both.slug, 'performer')).toMatchObject({ type: 'INDIVIDUAL' });
    expect(await formFor(both.slug, 'performer', 'GENERAL')).toMatchObject({ type: 'GENERAL' });

    const bandsOnly = await published(['BANDS']);
    expect(await formFor(bandsOnly.slug, 'performer')).toMatchObject({ type: 'GENERAL' });
    const asked = await call(
      APPLICATION_FORM,
      { slug: bandsOnly.slug, type: 'INDIVIDUAL' },
      'band',
    );
    expect(Object.keys(asked.errors[0].extensions.validation)).toEqual(['type']);
  });
});
