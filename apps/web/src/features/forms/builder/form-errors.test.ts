import { describe, expect, it } from 'vitest';
import type { ApplicationFormDefinition } from '@encore/core';
import { newField, reorder, startFromSections } from './form-definition';
import { problemsAt, schemaProblems, serverProblems, type Translate } from './form-errors';

/** Keys and their values, as i18next would fill them in; a default is what a missing key shows. */
const t: Translate = (key, options = {}) => {
  const { defaultValue: _default, ...values } = options;
  return Object.keys(values).length > 0 ? `${key} ${JSON.stringify(values)}` : key;
};

function individualForm(): ApplicationFormDefinition {
  const base = startFromSections('INDIVIDUALS', [
    {
      fields: [
        {
          label: 'Full name',
          type: 'text_field',
          subtype: 'text',
          slug: 'full_name',
          is_required: true,
          is_multiple: false,
          choices: [],
          order: 0,
        },
        {
          label: 'Email',
          type: 'email',
          subtype: null,
          slug: 'email',
          is_required: true,
          is_multiple: false,
          choices: [],
          order: 1,
        },
        {
          label: 'Address',
          type: 'location',
          subtype: null,
          slug: 'address',
          is_required: true,
          is_multiple: false,
          choices: [],
          order: 2,
        },
      ],
    },
  ]);
  return base;
}

describe('schema problems', () => {
  it('is empty for a valid form', () => {
    expect(schemaProblems(individualForm(), t)).toEqual({});
  });

  it('places each problem on the field it concerns, by id', () => {
    const form = individualForm();
    const list = { ...newField('list', 'Pick', form.fields), label: ' ' };
    const withList = { ...form, fields: [...form.fields, list] };
    const problems = schemaProblems(withList, t);
    expect(problemsAt(problems, list.id, 'choices')).toEqual([
      'forms.builder.validation.choices_required',
    ]);
    expect(problemsAt(problems, list.id, 'label')).toEqual(['forms.builder.validation.required']);
  });

  it('names a missing fixed field on the form, and a weakened one on the field', () => {
    const form = individualForm();
    const withoutEmail = { ...form, fields: form.fields.filter((item) => item.slug !== 'email') };
    expect(schemaProblems(withoutEmail, t)['form.fields']).toEqual([
      'forms.builder.validation.fixed_field {"name":"forms.builder.defaults.email"}',
    ]);
    const optional = {
      ...form,
      fields: form.fields.map((item) => ({ ...item, is_required: item.slug !== 'address' })),
    };
    const address = optional.fields.find((item) => item.slug === 'address')!;
    expect(schemaProblems(optional, t)[address.id]).toHaveLength(1);
  });

  it('gives zod’s own problems generic messages', () => {
    const form = { ...individualForm(), max_members: 99 };
    expect(schemaProblems(form, t)['form.max_members']).toEqual([
      'forms.builder.validation.too_big {"max":30}',
    ]);
  });
});

describe('server problems', () => {
  it('follows the field it named when fields are moved afterwards', () => {
    const form = individualForm();
    const email = form.fields[1]!;
    const problems = serverProblems(
      { 'input.fields.1.label': ['The label is taken.'], 'input.terms': ['Too long.'] },
      form,
    );
    const moved = { ...form, fields: reorder(form.fields, 1, 0) };
    expect(moved.fields[0]!.id).toBe(email.id);
    expect(problemsAt(problems, email.id, 'label')).toEqual(['The label is taken.']);
    expect(problems['form.terms']).toEqual(['Too long.']);
  });

  it('reaches member fields and keeps unknown paths on the form', () => {
    const form = individualForm();
    const members = newField('group_members', 'Members', form.fields, [
      newField('text_field', 'Name', []),
    ]);
    const withMembers = { ...form, fields: [...form.fields, members] };
    const problems = serverProblems(
      { 'fields.3.child_fields.0.slug': ['Bad slug.'], 'input.fields.9.label': ['Gone.'] },
      withMembers,
    );
    expect(problemsAt(problems, members.child_fields[0]!.id, 'slug')).toEqual(['Bad slug.']);
    expect(problems['form.fields']).toEqual(['Gone.']);
  });
});
