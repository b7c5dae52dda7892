import { beforeAll, describe, expect, it } from 'vitest';
import type { Answers } from '@encore/core';
import { field, englishPages } from './test-fields';
import { savableAnswers, validateAnswers, type Translate } from './validate-answers';

const FULL_NAME = field({
  type: 'text_field',
  subtype: 'text',
  slug: 'full_name',
  label: 'Full name',
  is_required: true,
});
const EMAIL = field({ type: 'email', slug: 'email', label: 'Email address', is_required: true });
const PHONE = field({ type: 'tel', slug: 'phone', label: 'Phone', is_multiple: true });
const TERMS = field({
  type: 'toggle',
  slug: 'terms',
  label: 'I accept the terms',
  is_required: true,
});
const MEMBERS = field({
  type: 'group_members',
  slug: 'group_members',
  label: 'Band members',
  is_required: true,
  child_fields: [
    field({
      type: 'text_field',
      subtype: 'text',
      slug: 'full_name',
      label: 'Name',
      is_required: true,
    }),
  ],
});
const FIELDS = [FULL_NAME, EMAIL, PHONE, TERMS, MEMBERS];

let t: Translate;
beforeAll(async () => {
  t = await englishPages();
});

describe('validateAnswers', () => {
  it('names each missing required question by its label, in a sentence', () => {
    const messages = validateAnswers(FIELDS, { email: 'ana@example.com', terms: false }, 2, t);
    expect(messages.full_name).toEqual(['Please answer “Full name”.']);
    expect(messages.terms).toEqual(['Please tick “I accept the terms” to go on.']);
    expect(messages.group_members).toEqual(['Please add at least one member to “Band members”.']);
    expect(messages.email).toBeUndefined();
  });

  it('says what is wrong with an answer, down to the entry and the member', () => {
    const messages = validateAnswers(
      FIELDS,
      {
        full_name: 'Ana',
        email: 'ana@',
        phone: ['+351 912 345 678', 'call me'],
        terms: true,
        group_members: [{ full_name: 'Jo' }, {}],
      },
      2,
      t,
    );
    expect(messages).toEqual({
      email: ['“Email address” must be an email address, such as name@example.com.'],
      'phone.1': ['“Phone” must be a phone number, such as +44 20 7946 0958.'],
      'group_members.1.full_name': ['Please answer “Name (member 2)”.'],
    });
    const tooMany = validateAnswers(FIELDS, { group_members: [{}, {}, {}] }, 2, t);
    expect(tooMany.group_members).toEqual(['“Band members” can have at most 2 members.']);
  });

  it('is empty when the answers can be submitted', () => {
    const answers = {
      full_name: 'Ana',
      email: 'ana@example.com',
      terms: true,
      group_members: [{ full_name: 'Jo' }],
    };
    expect(validateAnswers(FIELDS, answers, null, t)).toEqual({});
  });
});

describe('savableAnswers', () => {
  it('leaves out what a draft cannot hold and keeps the rest', () => {
    const answers: Answers = {
      full_name: 'Ana',
      email: 'ana@',
      phone: ['+351 912 345 678', 'call me'],
      removed_question: 'x',
      group_members: [
        { full_name: 'Jo', nickname: 'J' },
        { full_name: 'Kim' },
        { full_name: 'Lu' },
      ],
    };
    expect(savableAnswers(FIELDS, answers, 2)).toEqual({
      full_name: 'Ana',
      phone: ['+351 912 345 678'],
      group_members: [{ full_name: 'Jo' }, { full_name: 'Kim' }],
    });
    // The answers on screen are not touched.
    expect(answers.email).toBe('ana@');
  });
});
