import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import axe from 'axe-core';
import i18next, { type i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { ApplicationFormDefinition, FormField } from '@encore/core';
import common from '../../../../public/locales/en/common.json';
import pages from '../../../../public/locales/en/pages.json';
import { FormSectionsDocument } from '../../../gql/graphql';
import { FormBuilder } from './FormBuilder';
import { reorder, startFromSections, type FieldTemplate } from './form-definition';
import { FormPreview } from './FormPreview';

let english: i18n;

beforeAll(async () => {
  english = i18next.createInstance();
  await english.init({
    lng: 'en',
    ns: ['common', 'pages'],
    defaultNS: 'common',
    resources: { en: { common, pages } },
    interpolation: { escapeValue: false },
  });
});

const template = (
  label: string,
  slug: string,
  type: string,
  extra: Partial<FieldTemplate> = {},
): FieldTemplate => ({
  label,
  type,
  subtype: null,
  slug,
  is_required: false,
  is_multiple: false,
  choices: [],
  order: 0,
  ...extra,
});

/** As the server's default sections have them (form-sections.data.ts). */
const PERSONAL = [
  template('Full name', 'full_name', 'text_field', {
    subtype: 'text',
    is_required: true,
    order: 0,
  }),
  template('Email', 'email', 'email', { is_required: true, order: 1 }),
  template('Address', 'address', 'location', { is_required: true, order: 2 }),
];
const MEMBER_FIELDS = [
  template('Full name', 'full_name', 'text_field', {
    subtype: 'text',
    is_required: true,
    order: 0,
  }),
  template('Gender', 'gender', 'list', {
    subtype: 'single',
    choices: ['male', 'female'],
    order: 1,
  }),
  template('Instruments', 'instruments', 'instruments', { is_multiple: true, order: 2 }),
];
const BAND_SECTIONS = [
  {
    slug: 'personal',
    title: 'Personal information',
    fields: [
      template('Artist name', 'artist_name', 'text_field', { subtype: 'text', is_required: true }),
      ...PERSONAL.map((field) => ({ ...field, order: field.order + 1 })),
    ],
  },
  {
    slug: 'members',
    title: 'Band members',
    fields: [
      template('Group members', 'group_members', 'group_members', {
        is_required: true,
        is_multiple: true,
        child_fields: MEMBER_FIELDS,
      }),
    ],
  },
];

/** The query's answer, shaped as the server sends it. */
const sectionsAnswer = {
  formSections: BAND_SECTIONS.map((section) => ({
    __typename: 'FormSectionTemplate',
    ...section,
    fields: section.fields.map(({ child_fields, ...field }) => ({
      __typename: 'FormFieldTemplate',
      ...field,
      child_fields: (child_fields ?? []).map((child) => ({
        __typename: 'FormFieldTemplate',
        ...child,
      })),
    })),
  })),
};

const sectionsMock: MockLink.MockedResponse = {
  request: { query: FormSectionsDocument, variables: { target: 'BANDS' } },
  result: { data: sectionsAnswer },
};

const individualForm = () => startFromSections('INDIVIDUALS', [{ fields: PERSONAL }]);
const bandForm = () => startFromSections('BANDS', BAND_SECTIONS);

interface Options {
  mocks?: MockLink.MockedResponse[];
  errors?: Record<string, string[]>;
}

function renderBuilder(initial: ApplicationFormDefinition, options: Options = {}) {
  let latest = initial;
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <FormBuilder
        value={value}
        errors={options.errors}
        onChange={(next) => {
          latest = next;
          setValue(next);
        }}
      />
    );
  }
  const view = render(
    <I18nextProvider i18n={english}>
      <MockedProvider mocks={options.mocks ?? [sectionsMock]}>
        <Harness />
      </MockedProvider>
    </I18nextProvider>,
  );
  return { ...view, latest: () => latest };
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const bySlug = (fields: readonly FormField[], slug: string) =>
  fields.find((field) => field.slug === slug);

async function addField(typeName: string) {
  fireEvent.click(button('Add field'));
  const menu = await screen.findByRole('menu');
  fireEvent.click(within(menu).getByRole('menuitem', { name: new RegExp(`^${typeName}`) }));
}

// MUI in jsdom is slow; a busy machine should not fail these for time.
describe('FormBuilder', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('adds a field of the chosen type, opened with its label ready to edit', async () => {
    const { latest } = renderBuilder(individualForm());
    await addField('Email address');
    const added = latest().fields[3]!;
    expect(added).toMatchObject({ type: 'email', label: 'Email address', order: 3 });
    expect(added.slug).toBe('email_address');
    expect(added.id).toMatch(/^[0-9a-f-]{36}$/);
    const label = screen.getByRole('textbox', { name: 'Question' });
    expect(label).toHaveProperty('value', 'Email address');
    expect(document.activeElement).toBe(label);
  });

  it('derives the slug from the label as it is edited', async () => {
    const { latest } = renderBuilder(individualForm());
    await addField('Text');
    fireEvent.change(screen.getByRole('textbox', { name: 'Question' }), {
      target: { value: 'Band bio' },
    });
    expect(screen.getByRole('textbox', { name: 'Answer name' })).toHaveProperty(
      'value',
      'band_bio',
    );
    expect(latest().fields[3]).toMatchObject({ label: 'Band bio', slug: 'band_bio' });
  });

  it('makes a field required with its switch', async () => {
    const { latest } = renderBuilder(individualForm());
    await addField('Phone number');
    expect(latest().fields[3]!.is_required).toBe(false);
    fireEvent.click(screen.getByRole('switch', { name: 'Required' }));
    expect(latest().fields[3]!.is_required).toBe(true);
  });

  it('keeps the fixed fields: no remove button, always required, slug locked', () => {
    renderBuilder(individualForm());
    for (const label of ['Full name', 'Email', 'Address']) {
      expect(screen.queryByRole('button', { name: `Remove “${label}”` })).toBeNull();
    }
    expect(screen.getAllByText('Always asked')).toHaveLength(3);
    fireEvent.click(button('Settings of “Email”'));
    const required = screen.getByRole('switch', { name: 'Required' });
    expect(required).toHaveProperty('checked', true);
    expect(required).toHaveProperty('disabled', true);
    expect(screen.getByRole('textbox', { name: 'Answer name' })).toHaveProperty('readOnly', true);
  });

  it('removes a field the organiser added', async () => {
    const { latest } = renderBuilder(individualForm());
    await addField('Genres');
    fireEvent.click(button('Remove “Genres”'));
    expect(latest().fields.map((field) => field.slug)).toEqual(['full_name', 'email', 'address']);
  });

  it('moves a field down with its button and rewrites the order', () => {
    const { latest } = renderBuilder(individualForm());
    fireEvent.click(button('Move “Full name” down'));
    expect(latest().fields.map((field) => [field.slug, field.order])).toEqual([
      ['email', 0],
      ['full_name', 1],
      ['address', 2],
    ]);
    const items = screen.getAllByRole('listitem');
    expect(within(items[0]!).getByText('Email')).toBeTruthy();
  });

  it('says a list needs choices until it has one', async () => {
    renderBuilder(individualForm());
    await addField('Choice list');
    expect(screen.getByText('Add at least one choice.')).toBeTruthy();
    expect(screen.getByText('Needs attention')).toBeTruthy();
    fireEvent.click(button('Add choice'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Choice 1' }), {
      target: { value: 'Yes' },
    });
    expect(screen.queryByText('Add at least one choice.')).toBeNull();
    expect(screen.queryByText('Needs attention')).toBeNull();
  });

  it('offers band members only on band forms, and only once', async () => {
    renderBuilder(individualForm());
    fireEvent.click(button('Add field'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(15);
    expect(within(menu).queryByRole('menuitem', { name: /^Band members/ })).toBeNull();
    cleanup();

    const { latest } = renderBuilder(bandForm());
    fireEvent.click(button('Add field'));
    const full = await screen.findByRole('menu');
    expect(within(full).queryByRole('menuitem', { name: /^Band members/ })).toBeNull();
    fireEvent.keyDown(full, { key: 'Escape' });
    // Once the member defaults have loaded, a new band-members field starts with them.
    fireEvent.click(button('Settings of “Group members”'));
    await screen.findByRole('button', { name: 'Add the default member fields' });
    fireEvent.click(button('Remove “Group members”'));
    await addField('Band members');
    const members = bySlug(latest().fields, 'band_members')!;
    expect(members.child_fields.map((field) => field.slug)).toEqual([
      'full_name',
      'gender',
      'instruments',
    ]);
  });

  it('adds the default member fields that are missing', async () => {
    const form = bandForm();
    const members = bySlug(form.fields, 'group_members')!;
    members.child_fields = members.child_fields.filter((field) => field.slug === 'full_name');
    const { latest } = renderBuilder(form);
    fireEvent.click(button('Settings of “Group members”'));
    const add = await screen.findByRole('button', { name: 'Add the default member fields' });
    expect(screen.getByText('Adds: Gender and Instruments.')).toBeTruthy();
    fireEvent.click(add);
    expect(
      bySlug(latest().fields, 'group_members')!.child_fields.map((field) => field.slug),
    ).toEqual(['full_name', 'gender', 'instruments']);
    expect(screen.getByText('All the default member fields are there.')).toBeTruthy();
  });

  it('shows an error with a retry when the default sections cannot be loaded', async () => {
    renderBuilder(bandForm(), {
      mocks: [{ ...sectionsMock, result: undefined, error: new Error('offline') }],
    });
    fireEvent.click(button('Settings of “Group members”'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(button('Try again')).toBeTruthy();
  });

  it('shows the server’s messages next to the field they name', () => {
    renderBuilder(individualForm(), {
      errors: { 'input.fields.1.label': ['The label is too long.'], 'input.terms': ['No.'] },
    });
    expect(screen.getByText('No.')).toBeTruthy();
    fireEvent.click(button('Settings of “Email”'));
    expect(screen.getByText('The label is too long.')).toBeTruthy();
  });

  it('explains what applying without a form asks, and hides member limits on individual forms', () => {
    const { latest } = renderBuilder(individualForm());
    expect(
      screen.getByText(
        'Applicants answer only the fields every form asks: Full name, Email, and Address.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('spinbutton', { name: 'Most band members' })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Apply without a form' }));
    expect(latest().is_skipped).toBe(true);
  });

  it(
    'has no accessibility violations axe can see, with every kind of setting open',
    { timeout: 40_000 },
    async () => {
      const { container } = renderBuilder(bandForm());
      fireEvent.click(button('Settings of “Group members”'));
      await screen.findByRole('button', { name: 'Add the default member fields' });
      fireEvent.click(button('Settings of “Email”'));
      for (const type of ['Text', 'Choice list', 'File', 'Date or time']) await addField(type);
      fireEvent.click(button('Add choice'));
      const results = await axe.run(container, {
        // jsdom draws nothing, so contrast cannot be measured here (the end-to-end run does).
        rules: { 'color-contrast': { enabled: false } },
      });
      expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual(
        [],
      );
    },
  );
});

describe('FormPreview', () => {
  afterEach(cleanup);

  it('lists the fields in order with their type, and the member fields under theirs', () => {
    const form = bandForm();
    form.fields = reorder(form.fields, 0, 1);
    render(
      <I18nextProvider i18n={english}>
        <FormPreview value={form} />
      </I18nextProvider>,
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Full name');
    expect(items[1]!.textContent).toContain('Artist name');
    const members = items.find((item) => item.textContent?.startsWith('Group members'))!;
    expect(within(members).getByText('Gender')).toBeTruthy();
    expect(within(members).getAllByText(/Band members · Required/)).toHaveLength(1);
  });
});
