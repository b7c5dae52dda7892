import { describe, expect, it } from 'vitest';
import {
  acceptsFile,
  applicationAnswersSchema,
  applicationFormSchema,
  fieldLabelAt,
  type FormField,
} from './application-form';

let nextId = 0;
function field(spec: Partial<FormField> & Pick<FormField, 'type' | 'slug'>): FormField {
  nextId += 1;
  return {
    id: `f${nextId}`,
    label: spec.slug.replace(/_/g, ' '),
    subtype: null,
    order: nextId,
    is_required: false,
    is_multiple: false,
    choices: [],
    min_length: null,
    max_length: null,
    file_size: null,
    file_count: null,
    accept: [],
    child_fields: [],
    ...spec,
  };
}

const FIXED = [
  field({ type: 'text_field', subtype: 'text', slug: 'full_name', is_required: true }),
  field({ type: 'email', slug: 'email', is_required: true }),
  field({ type: 'location', slug: 'address', is_required: true }),
];
const ARTIST = field({
  type: 'text_field',
  subtype: 'text',
  slug: 'artist_name',
  is_required: true,
});
const MEMBERS = field({
  type: 'group_members',
  slug: 'group_members',
  is_required: true,
  is_multiple: true,
  child_fields: [
    field({ type: 'text_field', subtype: 'text', slug: 'full_name', is_required: true }),
    field({ type: 'instruments', slug: 'instruments', is_multiple: true }),
  ],
});

/** One field of every type, each required. */
const EVERY_TYPE: FormField[] = [
  field({
    type: 'text_field',
    subtype: 'textarea',
    slug: 'bio',
    is_required: true,
    min_length: 10,
    max_length: 50,
  }),
  field({ type: 'tel', slug: 'phone', is_required: true }),
  field({ type: 'datetime_field', subtype: 'date', slug: 'available_from', is_required: true }),
  field({ type: 'datetime_field', subtype: 'time', slug: 'soundcheck', is_required: true }),
  field({ type: 'link', subtype: 'single_url', slug: 'website', is_required: true }),
  field({ type: 'link', subtype: 'social_links', slug: 'socials', is_required: true }),
  field({ type: 'video_link', slug: 'video', is_required: true }),
  field({ type: 'image', slug: 'photo', is_required: true }),
  field({ type: 'audio', slug: 'demo', is_required: true, file_count: 2 }),
  field({ type: 'attachment', slug: 'rider', is_required: true }),
  field({ type: 'genres', slug: 'genres', is_required: true, is_multiple: true }),
  field({
    type: 'list',
    subtype: 'radio',
    slug: 'slot',
    is_required: true,
    choices: ['Friday', 'Saturday'],
  }),
  field({ type: 'list', subtype: 'checkbox', slug: 'needs', choices: ['Drums', 'Amp'] }),
  field({ type: 'heading', subtype: 'h4', slug: 'about_you' }),
  field({ type: 'toggle', slug: 'terms_ok', is_required: true }),
];

const FILE = '0b5f7a3e-7c1d-4f5e-9a8b-1c2d3e4f5a6b';
const GOOD = {
  full_name: 'Ana Lima',
  email: 'ana@example.com',
  address: { label: 'Lisbon, Portugal', city_id: '2267057', country_code: 'PT' },
  bio: 'Fado singer from Alfama.',
  phone: '+351 912 345 678',
  available_from: '2027-03-01',
  soundcheck: '17:30',
  website: 'https://ana.example.com',
  socials: ['https://instagram.com/ana'],
  video: 'https://youtu.be/dQw4w9WgXcQ',
  photo: [FILE],
  demo: [FILE, FILE],
  rider: [FILE],
  genres: ['fado'],
  slot: 'Friday',
  needs: ['Amp'],
  terms_ok: true,
};

describe('application form definitions', () => {
  it('accepts a form with every field type and keeps the fixed fields', () => {
    const form = applicationFormSchema.parse({
      type: 'INDIVIDUAL',
      fields: [...FIXED, ...EVERY_TYPE],
    });
    expect(form.fields).toHaveLength(FIXED.length + EVERY_TYPE.length);
    expect(form.is_active).toBe(true);
  });

  it('refuses a form without a fixed field, with one made optional, or a band form without the artist name', () => {
    const withoutEmail = applicationFormSchema.safeParse({
      type: 'INDIVIDUAL',
      fields: [FIXED[0], FIXED[2]],
    });
    expect(withoutEmail.error?.issues).toContainEqual(
      expect.objectContaining({
        path: ['fields', 'email'],
        message: 'validation.form.fixed_field',
      }),
    );
    const optional = applicationFormSchema.safeParse({
      type: 'INDIVIDUAL',
      fields: [{ ...FIXED[0], is_required: false }, FIXED[1], FIXED[2]],
    });
    expect(optional.success).toBe(false);
    const band = applicationFormSchema.safeParse({ type: 'GENERAL', fields: [...FIXED, MEMBERS] });
    expect(band.error?.issues.map((issue) => issue.path)).toEqual([['fields', 'artist_name']]);
    expect(
      applicationFormSchema.safeParse({ type: 'GENERAL', fields: [ARTIST, ...FIXED, MEMBERS] })
        .success,
    ).toBe(true);
  });

  it('refuses lists without choices, repeated slugs, members on a personal form and nested members', () => {
    const issues = (fields: FormField[], type = 'INDIVIDUAL') =>
      applicationFormSchema
        .safeParse({ type, fields: [...FIXED, ...fields] })
        .error?.issues.map((issue) => issue.message);
    expect(issues([field({ type: 'list', slug: 'pick' })])).toEqual([
      'validation.form.choices_required',
    ]);
    expect(issues([field({ type: 'tel', slug: 'email' })])).toEqual([
      'validation.form.duplicate_slug',
    ]);
    expect(issues([MEMBERS])).toEqual(['validation.form.members_on_band_forms']);
    expect(issues([ARTIST, { ...MEMBERS, child_fields: [MEMBERS] }], 'GENERAL')).toContain(
      'validation.form.nested_members',
    );
    expect(
      issues([field({ type: 'text_field', slug: 'x', min_length: 9, max_length: 3 })]),
    ).toEqual(['validation.form.length_order']);
  });
});

describe('answers', () => {
  const fields = [...FIXED, ...EVERY_TYPE];
  const submit = applicationAnswersSchema(fields, { complete: true });
  const draft = applicationAnswersSchema(fields, { complete: false });

  it('takes a complete answer to every field type', () => {
    expect(submit.parse(GOOD)).toMatchObject({
      full_name: 'Ana Lima',
      demo: [FILE, FILE],
      terms_ok: true,
    });
  });

  it('names each missing required answer on submission, but keeps a partial draft', () => {
    const result = submit.safeParse({ full_name: 'Ana', terms_ok: false, bio: '' });
    const missing = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(missing).toEqual(
      expect.arrayContaining(['email', 'address', 'bio', 'photo', 'terms_ok', 'slot']),
    );
    expect(missing).not.toContain('needs');
    expect(draft.parse({ full_name: 'Ana', bio: '' })).toEqual({ full_name: 'Ana' });
  });

  it('refuses answers of the wrong shape whatever the mode', () => {
    const wrong = {
      ...GOOD,
      email: 'not-an-email',
      phone: 'call me',
      available_from: '01/03/2027',
      website: 'ftp://ana.example.com',
      video: 'https://example.com/video',
      demo: [FILE, FILE, FILE],
      slot: 'Sunday',
      bio: 'short',
      unknown_field: 'x',
    };
    for (const schema of [submit, draft]) {
      const paths = schema
        .safeParse(wrong)
        .error!.issues.map((issue) => issue.path.join('.') || issue.code);
      expect(paths).toEqual(
        expect.arrayContaining([
          'email',
          'phone',
          'available_from',
          'website',
          'video',
          'demo',
          'slot',
          'unrecognized_keys',
        ]),
      );
    }
    // Too short only counts on submission: a draft is still being written.
    expect(draft.safeParse({ bio: 'short' }).success).toBe(true);
  });

  it('holds band members to the member limit and checks each member', () => {
    const band = applicationAnswersSchema([ARTIST, ...FIXED, MEMBERS], {
      complete: true,
      maxMembers: 2,
    });
    const base = {
      artist_name: 'Velvet Tides',
      full_name: 'Jo',
      email: 'jo@example.com',
      address: { label: 'Oslo' },
    };
    expect(
      band.safeParse({ ...base, group_members: [{ full_name: 'Jo' }, { full_name: 'Kim' }] })
        .success,
    ).toBe(true);
    const tooMany = band.safeParse({
      ...base,
      group_members: [{ full_name: 'A' }, { full_name: 'B' }, { full_name: 'C' }],
    });
    expect(tooMany.error!.issues[0]).toMatchObject({ path: ['group_members'], code: 'too_big' });
    const unnamed = band.safeParse({
      ...base,
      group_members: [{ full_name: 'A' }, { instruments: ['drums'] }],
    });
    expect(unnamed.error!.issues[0]!.path).toEqual(['group_members', 1, 'full_name']);
    expect(fieldLabelAt([MEMBERS], ['group_members', 1, 'full_name'])).toBe('full name');
    expect(band.safeParse({ ...base, group_members: [] }).error!.issues[0]!.path).toEqual([
      'group_members',
    ]);
  });
});

describe('accepted file types', () => {
  it('matches exact types, families and extensions', () => {
    expect(acceptsFile(['audio/*'], 'audio/mpeg')).toBe(true);
    expect(acceptsFile(['application/pdf'], 'application/pdf; charset=binary')).toBe(true);
    expect(acceptsFile(['.pdf'], 'application/octet-stream', 'Rider.PDF')).toBe(true);
    expect(acceptsFile(['image/*'], 'audio/mpeg', 'x.png')).toBe(false);
  });
});
