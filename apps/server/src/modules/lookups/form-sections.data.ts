import {
  GROUP_MEMBER_GENDERS,
  type FormFieldSubtype,
  type FormFieldType,
  type TargetUser,
} from '@encore/core';

/**
 * The default sections every application form starts with (SEED-SPEC point 3): the fixed personal
 * fields, all required, with a required artist name for bands, and for bands the group members
 * with their default child fields. The forms feature copies these into a new form; the web app
 * shows them as the part of the form an organiser cannot remove. Labels are English: the web app
 * translates by slug.
 */
export interface FormFieldTemplate {
  label: string;
  type: FormFieldType;
  subtype: FormFieldSubtype | null;
  slug: string;
  is_required: boolean;
  choices: string[];
  is_multiple: boolean;
  order: number;
  child_fields: FormFieldTemplate[];
}

export interface FormSectionTemplate {
  slug: string;
  title: string;
  fields: FormFieldTemplate[];
}

type FieldSpec = Partial<Omit<FormFieldTemplate, 'order' | 'child_fields'>> &
  Pick<FormFieldTemplate, 'label' | 'type' | 'slug'> & { child_fields?: FieldSpec[] };

function fields(specs: FieldSpec[]): FormFieldTemplate[] {
  return specs.map((spec, order) => ({
    subtype: null,
    is_required: false,
    choices: [],
    is_multiple: false,
    ...spec,
    order,
    child_fields: fields(spec.child_fields ?? []),
  }));
}

const ARTIST_NAME: FieldSpec = {
  label: 'Artist name',
  type: 'text_field',
  subtype: 'text',
  slug: 'artist_name',
  is_required: true,
};

const PERSONAL_FIELDS: FieldSpec[] = [
  { label: 'Full name', type: 'text_field', subtype: 'text', slug: 'full_name', is_required: true },
  { label: 'Email', type: 'email', slug: 'email', is_required: true },
  { label: 'Address', type: 'location', slug: 'address', is_required: true },
];

/** A member's name and instruments are what organisers need; the rest is optional. */
const GROUP_MEMBER_FIELDS: FieldSpec[] = [
  { label: 'Full name', type: 'text_field', subtype: 'text', slug: 'full_name', is_required: true },
  {
    label: 'Gender',
    type: 'list',
    subtype: 'single',
    slug: 'gender',
    choices: [...GROUP_MEMBER_GENDERS],
  },
  { label: 'Email', type: 'email', slug: 'email' },
  { label: 'Birthday', type: 'datetime_field', subtype: 'date', slug: 'birthday' },
  { label: 'Phone', type: 'tel', slug: 'phone' },
  {
    label: 'Instruments',
    type: 'instruments',
    slug: 'instruments',
    is_required: true,
    is_multiple: true,
  },
  { label: 'Backing vocals', type: 'toggle', slug: 'back_vocals' },
  { label: 'Other instruments', type: 'text_field', subtype: 'text', slug: 'other_instruments' },
];

export const DEFAULT_FORM_SECTIONS: Record<TargetUser, FormSectionTemplate[]> = {
  INDIVIDUALS: [
    { slug: 'personal', title: 'Personal information', fields: fields(PERSONAL_FIELDS) },
  ],
  BANDS: [
    {
      slug: 'personal',
      title: 'Personal information',
      fields: fields([ARTIST_NAME, ...PERSONAL_FIELDS]),
    },
    {
      slug: 'members',
      title: 'Band members',
      fields: fields([
        {
          label: 'Group members',
          type: 'group_members',
          slug: 'group_members',
          is_required: true,
          is_multiple: true,
          child_fields: GROUP_MEMBER_FIELDS,
        },
      ]),
    },
  ],
};
