import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { parseVideoLink, type Answers, type FormField } from '@encore/core';
import { ApplicationFormLookupsDocument } from '../../../gql/graphql';
import { uploadFileWithProgress } from '../../../lib/upload-file';
import { ApplicationFormFields, type ApplicationFormFieldsProps } from './ApplicationFormFields';
import { field } from './test-fields';

// Translations are not loaded in unit tests: texts show as their keys; the organiser's labels
// show as written.

vi.mock('../../../lib/upload-file', () => ({ uploadFileWithProgress: vi.fn() }));
const upload = vi.mocked(uploadFileWithProgress);

const FULL_NAME = field({
  type: 'text_field',
  subtype: 'text',
  slug: 'full_name',
  label: 'Full name',
  is_required: true,
});
const BIO = field({
  type: 'text_field',
  subtype: 'textarea',
  slug: 'bio',
  label: 'Biography',
  max_length: 300,
});
const EMAIL = field({ type: 'email', slug: 'email', label: 'Email', is_required: true });
const PHONES = field({ type: 'tel', slug: 'phones', label: 'Phones', is_multiple: true });
const FROM = field({
  type: 'datetime_field',
  subtype: 'date',
  slug: 'available_from',
  label: 'Available from',
});
const SECTION = field({ type: 'heading', subtype: 'h4', slug: 'about', label: 'About your act' });
const SLOT = field({
  type: 'list',
  subtype: 'radio',
  slug: 'slot',
  label: 'Slot',
  choices: ['Friday', 'Saturday'],
});
const NEEDS = field({
  type: 'list',
  subtype: 'checkbox',
  slug: 'needs',
  label: 'Needs',
  choices: ['Drums', 'Amp'],
});
const GENRES = field({ type: 'genres', slug: 'genres', label: 'Genres', is_multiple: true });
const ADDRESS = field({ type: 'location', slug: 'address', label: 'Address', is_required: true });
const TERMS = field({
  type: 'toggle',
  slug: 'terms',
  label: 'I accept the terms',
  is_required: true,
});
const PHOTO = field({ type: 'image', slug: 'photo', label: 'Photo', file_size: 1, file_count: 2 });
const MEMBERS = field({
  type: 'group_members',
  slug: 'group_members',
  label: 'Members',
  child_fields: [
    field({
      type: 'text_field',
      subtype: 'text',
      slug: 'full_name',
      label: 'Member name',
      is_required: true,
    }),
  ],
});

const lookups = {
  request: { query: ApplicationFormLookupsDocument },
  result: {
    data: {
      genres: [
        { id: 'g1', slug: 'fado', name: 'Fado', parent: null },
        { id: 'g2', slug: 'jazz', name: 'Jazz', parent: null },
      ],
      instruments: [],
    },
  },
};

let answers: Answers = {};

function Form(
  props: Partial<ApplicationFormFieldsProps> & { fields: FormField[]; initial?: Answers },
) {
  const { initial = {}, ...rest } = props;
  const [value, setValue] = useState<Answers>(initial);
  return (
    <ApplicationFormFields
      value={value}
      onChange={(next) => {
        answers = next;
        setValue(next);
      }}
      files={{}}
      showErrors={false}
      {...rest}
    />
  );
}

function renderForm(props: Parameters<typeof Form>[0]) {
  const view = render(
    <MockedProvider mocks={[lookups]}>
      <Form {...props} />
    </MockedProvider>,
  );
  return {
    ...view,
    rerenderWith: (next: Parameters<typeof Form>[0]) =>
      view.rerender(
        <MockedProvider mocks={[lookups]}>
          <Form {...next} />
        </MockedProvider>,
      ),
  };
}

const imageOf = (name: string, type: string, size: number) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('ApplicationFormFields', () => {
  beforeEach(() => {
    answers = {};
    upload.mockReset();
  });
  afterEach(cleanup);

  it('shows each question with its label, in order, and a heading between them', () => {
    renderForm({
      fields: [
        FULL_NAME,
        BIO,
        EMAIL,
        PHONES,
        FROM,
        SECTION,
        SLOT,
        NEEDS,
        GENRES,
        ADDRESS,
        TERMS,
        PHOTO,
      ],
    });
    expect(screen.getByRole('textbox', { name: 'Full name' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Biography' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('type')).toBe('email');
    expect(screen.getByRole('group', { name: 'Phones' })).toBeTruthy();
    expect(screen.getByLabelText('Available from').getAttribute('type')).toBe('date');
    expect(screen.getByRole('heading', { level: 3, name: 'About your act' })).toBeTruthy();
    const slot = screen.getByRole('radiogroup');
    expect(
      within(slot)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['Friday', 'Saturday']);
    expect(screen.getByRole('checkbox', { name: 'Amp' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Genres' })).toBeTruthy();
    const address = screen.getByRole('group', { name: /Address/ });
    expect(within(address).getByRole('textbox', { name: 'forms.fill.location.line' })).toBeTruthy();
    expect(
      within(address).getByRole('combobox', { name: 'forms.fill.location.city' }),
    ).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /I accept the terms/ })).toBeTruthy();
    expect(screen.getByLabelText('forms.fill.files.input').getAttribute('accept')).toBe('image/*');
    // Required questions say so to assistive technology too.
    expect(screen.getByRole('textbox', { name: 'Full name' }).getAttribute('aria-required')).toBe(
      'true',
    );
    expect(screen.getByRole('textbox', { name: 'Full name' }).hasAttribute('required')).toBe(false);
  });

  it('hands every change to the parent as the whole answers', async () => {
    renderForm({ fields: [FULL_NAME, EMAIL, PHONES, NEEDS, GENRES, TERMS] });
    fireEvent.change(screen.getByRole('textbox', { name: 'Full name' }), {
      target: { value: 'Ana Lima' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: ' ana@example.com ' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Amp' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    expect(answers).toEqual({
      full_name: 'Ana Lima',
      email: 'ana@example.com',
      needs: ['Amp'],
      terms: true,
    });

    // Several phone numbers: an empty row is no answer.
    fireEvent.click(screen.getByRole('button', { name: 'forms.fill.list.add' }));
    const rows = screen.getAllByRole('textbox', { name: 'forms.fill.list.entry' });
    expect(rows).toHaveLength(2);
    fireEvent.change(rows[1]!, { target: { value: '+351 912 345 678' } });
    expect(answers.phones).toEqual(['+351 912 345 678']);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Genres' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Fado' }));
    expect(answers.genres).toEqual(['fado']);
  });

  it('previews a recognised video link and keeps an address saved as a bare city', () => {
    const video = field({ type: 'video_link', slug: 'video', label: 'Video' });
    renderForm({
      fields: [video, ADDRESS],
      initial: { address: { label: 'Lisbon', city_id: '2267057', country_code: 'PT' } },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Video' }), {
      target: { value: 'https://youtu.be/dQw4w9WgXcQ' },
    });
    const frame = screen.getByTitle('forms.fill.video.preview');
    expect(frame.getAttribute('src')).toBe(
      parseVideoLink('https://youtu.be/dQw4w9WgXcQ')?.embedUrl,
    );
    expect(answers).toEqual({
      video: 'https://youtu.be/dQw4w9WgXcQ',
      address: { label: 'Lisbon', city_id: '2267057', country_code: 'PT' },
    });

    fireEvent.change(screen.getByRole('textbox', { name: 'forms.fill.location.line' }), {
      target: { value: 'Rua da Rosa 12' },
    });
    expect(answers.address).toEqual({
      label: 'Rua da Rosa 12, Lisbon, PT',
      city_id: '2267057',
      country_code: 'PT',
    });
  });

  it('adds band members up to the form limit, each with the same questions', () => {
    renderForm({ fields: [MEMBERS], maxMembers: 2 });
    const add = screen.getByRole('button', { name: 'forms.fill.members.add' });
    fireEvent.click(add);
    fireEvent.click(add);
    expect(answers.group_members).toEqual([{}, {}]);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(add);
    expect(answers.group_members).toHaveLength(2);

    const names = screen.getAllByRole('textbox', { name: 'Member name' });
    fireEvent.change(names[1]!, { target: { value: 'Kim' } });
    expect(answers.group_members).toEqual([{}, { full_name: 'Kim' }]);

    fireEvent.click(screen.getAllByRole('button', { name: 'forms.fill.members.removeLabel' })[0]!);
    expect(answers.group_members).toEqual([{ full_name: 'Kim' }]);
    expect((screen.getByRole('textbox', { name: 'Member name' }) as HTMLInputElement).value).toBe(
      'Kim',
    );
    expect((add as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses a file of the wrong type or too large before any upload', () => {
    renderForm({ fields: [PHOTO] });
    const input = screen.getByLabelText('forms.fill.files.input');
    fireEvent.change(input, { target: { files: [imageOf('rider.pdf', 'application/pdf', 1000)] } });
    expect(screen.getByText('forms.fill.files.refused.type')).toBeTruthy();
    fireEvent.change(input, {
      target: { files: [imageOf('huge.png', 'image/png', 2 * 1024 * 1024)] },
    });
    expect(screen.getByText('forms.fill.files.refused.size')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
    expect(answers).toEqual({});
  });

  it('uploads an accepted file with progress and adds its id to the answer', async () => {
    let finish: (value: Awaited<ReturnType<typeof uploadFileWithProgress>>) => void = () => {};
    upload.mockImplementation(
      (_file, _purpose, onProgress) =>
        new Promise((resolve) => {
          onProgress(0.5);
          finish = resolve;
        }),
    );
    const onFilesAdded = vi.fn();
    renderForm({ fields: [PHOTO], onFilesAdded });
    const photo = imageOf('stage.png', 'image/png', 2000);
    fireEvent.change(screen.getByLabelText('forms.fill.files.input'), {
      target: { files: [photo] },
    });

    expect(upload).toHaveBeenCalledWith(
      photo,
      'ATTACHMENT',
      expect.any(Function),
      expect.any(AbortSignal),
    );
    const progress = await screen.findByRole('progressbar', { name: 'forms.fill.files.uploading' });
    expect(progress.getAttribute('aria-valuenow')).toBe('50');

    const id = '0b5f7a3e-7c1d-4f5e-9a8b-1c2d3e4f5a6b';
    await act(async () =>
      finish({ id, name: 'stage.png', path: `/files/${id}`, thumb: null, placeholder: null }),
    );
    expect(answers).toEqual({ photo: [id] });
    expect(onFilesAdded).toHaveBeenCalledWith([
      { id, name: 'stage.png', size: 2000, mime: 'image/png', url: `/files/${id}` },
    ]);
    expect(screen.getByText('stage.png')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows what stops the submission on each question and moves to the first', () => {
    const fields = [FULL_NAME, EMAIL, TERMS];
    const initial = { full_name: 'Ana' };
    const { rerenderWith } = renderForm({ fields, initial });
    expect(screen.queryByText('forms.fill.validation.required')).toBeNull();

    rerenderWith({ fields, initial, showErrors: true, focusRequest: 1 });
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Full name' }).getAttribute('aria-invalid')).toBe(
      'false',
    );
    expect(screen.getAllByText('forms.fill.validation.required')).toHaveLength(1);
    expect(screen.getByText('forms.fill.validation.answer.accept')).toBeTruthy();
    expect(document.activeElement).toBe(email);

    fireEvent.change(email, { target: { value: 'ana@example.com' } });
    expect(email.getAttribute('aria-invalid')).toBe('false');
  });

  it('shows the server messages by answer path until the answer changes', async () => {
    renderForm({
      fields: [MEMBERS],
      initial: { group_members: [{ full_name: 'Jo' }] },
      errors: { 'input.answers.group_members.0.full_name': ['This name is taken.'] },
    });
    const name = screen.getByRole('textbox', { name: 'Member name' });
    expect(screen.getByText('This name is taken.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));
    fireEvent.change(name, { target: { value: 'Joanna' } });
    expect(screen.queryByText('This name is taken.')).toBeNull();
  });
});
