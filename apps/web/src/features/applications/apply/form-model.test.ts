import { describe, expect, it } from 'vitest';
import type { ApplyFormFieldsFragment } from '../../../gql/graphql';
import { answersOf, answersOutside, askedFields, filesOf, splitServerProblems } from './form-model';

function apiField(slug: string, type: string, order: number, extra: object = {}) {
  return {
    id: `id-${slug}`,
    label: slug,
    type,
    subtype: null,
    slug,
    order,
    is_required: false,
    is_multiple: false,
    choices: [],
    min_length: null,
    max_length: null,
    file_size: null,
    file_count: null,
    accept: [],
    child_fields: [],
    ...extra,
  };
}

const form: ApplyFormFieldsFragment = {
  id: 'form-1',
  type: 'INDIVIDUAL',
  is_active: true,
  is_skipped: false,
  max_members: null,
  supported_languages: [],
  terms: null,
  fields: [
    apiField('bio', 'text_field', 3, { subtype: 'textarea' }),
    apiField('full_name', 'text_field', 0, { is_required: true }),
    apiField('email', 'email', 1, { is_required: true }),
    apiField('address', 'location', 2, { is_required: true }),
    apiField('hologram', 'hologram', 4),
  ],
};

describe('form model', () => {
  it('types the API’s fields, in order, leaving out kinds it does not know', () => {
    const fields = askedFields(form, 'INDIVIDUAL');
    expect(fields.map((field) => field.slug)).toEqual(['full_name', 'email', 'address', 'bio']);
    expect(fields[3]?.subtype).toBe('textarea');
  });

  it('asks only the fixed fields of a skipped form', () => {
    expect(
      askedFields({ ...form, is_skipped: true }, 'INDIVIDUAL').map((field) => field.slug),
    ).toEqual(['full_name', 'email', 'address']);
  });

  it('reads saved answers and the files they point at', () => {
    expect(answersOf({ bio: 'Hi' })).toEqual({ bio: 'Hi' });
    expect(answersOf(null)).toEqual({});
    expect(answersOf(['no'])).toEqual({});
    const file = (id: string) => ({
      id,
      name: `${id}.mp3`,
      mime_type: 'audio/mpeg',
      size: 10,
      url: `/files/${id}`,
      thumb: null,
    });
    expect(
      Object.keys(
        filesOf([
          { files: [file('f-1')], child_elements: [] },
          {
            files: [],
            child_elements: [{ files: [], child_elements: [{ files: [file('f-2')] }] }],
          },
        ]),
      ),
    ).toEqual(['f-1', 'f-2']);
  });

  it('sends messages about asked questions to them and the rest to the page', () => {
    const fields = askedFields(form, 'INDIVIDUAL');
    expect(
      splitServerProblems(
        {
          'answers.bio': ['Too long.'],
          'answers.old_question': ['Required.'],
          payment_option_id: ['Choose a price.'],
        },
        fields,
      ),
    ).toEqual({
      answers: { 'answers.bio': ['Too long.'] },
      other: { 'answers.old_question': ['Required.'], payment_option_id: ['Choose a price.'] },
    });
    expect(answersOutside(fields, { bio: 'x', old_question: 'y' })).toEqual({ old_question: 'y' });
  });
});
