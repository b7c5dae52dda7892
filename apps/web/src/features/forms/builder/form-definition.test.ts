import { describe, expect, it } from 'vitest';
import { applicationFormSchema, type FormField } from '@encore/core';
import {
  addField,
  addMissingTemplates,
  addableTypes,
  changeType,
  labelChange,
  memberTemplates,
  missingTemplates,
  multipleChange,
  newField,
  removeField,
  reorder,
  slugFrom,
  startFromSections,
  subtypeChange,
  updateField,
  type SectionTemplate,
} from './form-definition';

function field(slug: string, order: number, extra: Partial<FormField> = {}): FormField {
  return { ...newField('text_field', slug, []), id: `id-${slug}`, slug, order, ...extra };
}

const template = (
  slug: string,
  type: string,
  order: number,
  extra: Partial<SectionTemplate['fields'][number]> = {},
) => ({
  label: slug.replace(/_/g, ' '),
  type,
  subtype: null,
  slug,
  is_required: false,
  is_multiple: false,
  choices: [],
  order,
  ...extra,
});

/** The shape of the server's default sections for bands (form-sections.data.ts). */
const BAND_SECTIONS: SectionTemplate[] = [
  {
    fields: [
      template('email', 'email', 2, { is_required: true }),
      template('artist_name', 'text_field', 0, { subtype: 'text', is_required: true }),
      template('full_name', 'text_field', 1, { subtype: 'text', is_required: true }),
      template('address', 'location', 3, { is_required: true }),
    ],
  },
  {
    fields: [
      template('group_members', 'group_members', 0, {
        is_required: true,
        is_multiple: true,
        child_fields: [
          template('full_name', 'text_field', 0, { subtype: 'text', is_required: true }),
          template('gender', 'list', 1, { subtype: 'single', choices: ['male', 'female'] }),
          template('instruments', 'instruments', 2, { is_required: true, is_multiple: true }),
        ],
      }),
    ],
  },
];

describe('slugFrom', () => {
  it('makes a lowercase slug of letters, digits and _ that starts with a letter', () => {
    expect(slugFrom('Your Band’s Bio!')).toBe('your_band_s_bio');
    expect(slugFrom('Écoute – Été 2027')).toBe('ecoute_ete_2027');
    expect(slugFrom('2nd instrument')).toBe('field_2nd_instrument');
    expect(slugFrom('Имя')).toBe('field');
    expect(slugFrom('a'.repeat(100))).toMatch(/^a{56}$/);
  });

  it('numbers the slug when a sibling has it', () => {
    expect(slugFrom('Bio', ['bio'])).toBe('bio_2');
    expect(slugFrom('Bio', ['bio', 'bio_2'])).toBe('bio_3');
    expect(slugFrom('Bio', ['other'])).toBe('bio');
  });
});

describe('ordering', () => {
  const fields = [field('c', 2), field('a', 0), field('b', 1)];

  it('moves a field and rewrites order 0..n-1 in array order', () => {
    const moved = reorder(fields, 0, 2);
    expect(moved.map((item) => item.slug)).toEqual(['b', 'c', 'a']);
    expect(moved.map((item) => item.order)).toEqual([0, 1, 2]);
  });

  it('ignores moves out of range', () => {
    expect(reorder(fields, 0, 3).map((item) => item.slug)).toEqual(['a', 'b', 'c']);
  });

  it('adds at the end and renumbers after removing', () => {
    const added = addField(fields, field('d', 99));
    expect(added.map((item) => [item.slug, item.order])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
      ['d', 3],
    ]);
    const removed = removeField(added, 'id-b');
    expect(removed.map((item) => [item.slug, item.order])).toEqual([
      ['a', 0],
      ['c', 1],
      ['d', 2],
    ]);
  });

  it('updates one field and leaves the others as they were', () => {
    const updated = updateField(fields, 'id-b', { label: 'Bee', is_required: true });
    expect(updated[1]).toMatchObject({ slug: 'b', label: 'Bee', is_required: true });
    expect(updated[0]).toBe(fields[1]);
  });
});

describe('new fields', () => {
  it('gets an id, a free slug from its label and its type’s default subtype', () => {
    const siblings = [field('bio', 0)];
    const created = newField('text_field', 'Bio', siblings);
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created).toMatchObject({ slug: 'bio_2', subtype: 'text', order: 1, child_fields: [] });
    expect(newField('list', 'Pick', []).subtype).toBe('single');
    expect(newField('heading', 'Part two', []).subtype).toBe('h4');
    expect(newField('email', 'Email', []).subtype).toBeNull();
    expect(newField('audio', 'Demo', [])).toMatchObject({ file_size: 25, file_count: 1 });
  });

  it('offers band members once, at the top of band forms only', () => {
    expect(addableTypes('GENERAL', [], false)).toHaveLength(16);
    expect(addableTypes('GENERAL', [], false)).toContain('group_members');
    expect(addableTypes('INDIVIDUAL', [], false)).not.toContain('group_members');
    expect(addableTypes('GENERAL', [], true)).not.toContain('group_members');
    const members = newField('group_members', 'Members', []);
    expect(addableTypes('GENERAL', [members], false)).not.toContain('group_members');
  });
});

describe('editing a field', () => {
  it('keeps the slug following the label until the organiser chooses one', () => {
    const siblings = [field('bio', 0, { label: 'Bio' }), field('other', 1)];
    const bio = siblings[0]!;
    expect(labelChange(bio, 'Band bio', siblings, false)).toEqual({
      label: 'Band bio',
      slug: 'band_bio',
    });
    const chosen = { ...bio, slug: 'story' };
    expect(labelChange(chosen, 'Band bio', siblings, false).slug).toBe('story');
    expect(labelChange(bio, 'Other', siblings, false).slug).toBe('other_2');
    expect(labelChange(bio, 'Band bio', siblings, true).slug).toBe('bio');
  });

  it('drops the settings a new type has no use for', () => {
    const list = { ...newField('list', 'Pick', []), choices: ['a'], is_multiple: true };
    const text = changeType(list, 'text_field');
    expect(text).toMatchObject({
      type: 'text_field',
      subtype: 'text',
      choices: [],
      is_multiple: false,
    });
    const email = changeType(list, 'email');
    expect(email).toMatchObject({ subtype: null, is_multiple: true });
    const file = changeType(text, 'attachment');
    expect(file).toMatchObject({ file_size: 25, file_count: 1, min_length: null });
  });

  it('keeps a list’s subtype and is_multiple in step', () => {
    const list = newField('list', 'Pick', []);
    expect(subtypeChange(list, 'checkbox')).toMatchObject({
      subtype: 'checkbox',
      is_multiple: true,
    });
    expect(subtypeChange(list, 'radio')).toMatchObject({ subtype: 'radio', is_multiple: false });
    expect(multipleChange({ ...list, subtype: 'radio' }, true)).toEqual({
      subtype: 'checkbox',
      is_multiple: true,
    });
    expect(multipleChange({ ...list, subtype: 'multiple', is_multiple: true }, false)).toEqual({
      subtype: 'single',
      is_multiple: false,
    });
  });

  it('shortens a one-line answer’s largest length', () => {
    const text = {
      ...newField('text_field', 'Bio', []),
      subtype: 'textarea' as const,
      max_length: 5000,
    };
    expect(subtypeChange(text, 'text').max_length).toBe(500);
  });
});

describe('startFromSections', () => {
  it('makes a valid band form of the default sections, in order, with new ids', () => {
    const form = startFromSections('BANDS', BAND_SECTIONS);
    expect(form.type).toBe('GENERAL');
    expect(form.fields.map((item) => [item.slug, item.order])).toEqual([
      ['artist_name', 0],
      ['full_name', 1],
      ['email', 2],
      ['address', 3],
      ['group_members', 4],
    ]);
    const members = form.fields[4]!;
    expect(members.child_fields.map((item) => item.slug)).toEqual([
      'full_name',
      'gender',
      'instruments',
    ]);
    expect(members.child_fields[1]).toMatchObject({
      subtype: 'single',
      choices: ['male', 'female'],
    });
    const ids = [...form.fields, ...members.child_fields].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(applicationFormSchema.safeParse(form).success).toBe(true);
  });

  it('labels the fields in the organiser’s language and skips unknown types', () => {
    const sections: SectionTemplate[] = [
      { fields: [template('full_name', 'text_field', 0), template('hologram', 'hologram', 1)] },
    ];
    const form = startFromSections('INDIVIDUALS', sections, (item) => `«${item.slug}»`);
    expect(form.type).toBe('INDIVIDUAL');
    expect(form.fields.map((item) => item.label)).toEqual(['«full_name»']);
  });
});

describe('default member fields', () => {
  it('adds the ones missing, after the organiser’s own', () => {
    const templates = memberTemplates(BAND_SECTIONS);
    const own = [field('full_name', 0), field('website', 1)];
    expect(missingTemplates(own, templates).map((item) => item.slug)).toEqual([
      'gender',
      'instruments',
    ]);
    const completed = addMissingTemplates(own, templates);
    expect(completed.map((item) => [item.slug, item.order])).toEqual([
      ['full_name', 0],
      ['website', 1],
      ['gender', 2],
      ['instruments', 3],
    ]);
    expect(missingTemplates(completed, templates)).toEqual([]);
  });
});
