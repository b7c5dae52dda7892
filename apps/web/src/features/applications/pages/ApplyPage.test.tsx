import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import {
  ApplyFormDocument,
  ApplyOpportunityDocument,
  MyApplicationDocument,
  ProfileMeDocument,
  SaveApplicationDocument,
  SubmitApplicationDocument,
  type SaveApplicationMutationVariables,
} from '../../../gql/graphql';
import { SnackbarProvider } from '../../../lib/snackbar';
import {
  ANSWERS,
  PAYMENT_OPTION,
  makeApplication,
  makeApplyOpportunity,
  makeForm,
  makeMe,
  type Mock,
  type MockApplication,
  type MockApplyOpportunity,
  type MockForm,
} from '../test-data';
import { ApplyPage } from './ApplyPage';

// Translations are not loaded in unit tests: texts show as their keys; the organiser's labels
// show as written.

const DRAFT = makeApplication({ status: 'DRAFT', submitted_at: null });

function renderApply(mocks: Mock[]) {
  return render(
    <SnackbarProvider>
      <MockedProvider mocks={mocks}>
        <MemoryRouter initialEntries={['/opportunity/riverside-stage/apply']}>
          <Routes>
            <Route path="/opportunity/:slug/apply" element={<ApplyPage />} />
          </Routes>
        </MemoryRouter>
      </MockedProvider>
    </SnackbarProvider>,
  );
}

interface Setup {
  opportunity?: MockApplyOpportunity;
  mine?: MockApplication | null;
  form?: MockForm;
  me?: ReturnType<typeof makeMe>;
}

function pageMocks({
  opportunity = makeApplyOpportunity(),
  mine = null,
  form = makeForm(),
  me = makeMe(),
}: Setup = {}): Mock[] {
  return [
    {
      request: { query: ApplyOpportunityDocument, variables: { slug: 'riverside-stage' } },
      result: { data: { opportunity } },
    },
    { request: { query: ProfileMeDocument }, result: { data: { me } } },
    {
      request: { query: MyApplicationDocument, variables: { opportunity: opportunity.id } },
      result: { data: { myApplication: mine } },
    },
    {
      request: {
        query: ApplyFormDocument,
        variables: { slug: opportunity.slug, type: form.type },
      },
      result: { data: { applicationForm: form } },
    },
  ];
}

/** Every save answers with the draft holding what was sent; the inputs are kept to look at. */
function saveMock(
  saved: SaveApplicationMutationVariables['input'][],
  draft: MockApplication = DRAFT,
): Mock {
  return {
    request: { query: SaveApplicationDocument, variables: () => true },
    maxUsageCount: 20,
    result: (variables) => {
      const input = (variables as SaveApplicationMutationVariables).input;
      saved.push(input);
      return { data: { saveApplication: { ...draft, answers: input.answers } } };
    },
  };
}

function submitMock(result: Mock['result']): Mock {
  return { request: { query: SubmitApplicationDocument, variables: { id: 'app-1' } }, result };
}

/** Headings never skip a level on the way down. */
function expectHeadingsInOrder() {
  const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
  expect(levels[0]).toBe(1);
  levels.slice(1).forEach((level, index) => expect(level).toBeLessThanOrEqual(levels[index]! + 1));
}

const textbox = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const submitButton = () => screen.getByRole('button', { name: 'applications.apply.submit' });

describe('ApplyPage', () => {
  afterEach(cleanup);

  it(
    'prefills the form from the profile, then saves and submits it',
    { timeout: 20_000 },
    async () => {
      const saved: SaveApplicationMutationVariables['input'][] = [];
      const { container } = renderApply([
        ...pageMocks(),
        saveMock(saved),
        submitMock({ data: { submitApplication: makeApplication() } }),
      ]);

      expect(await screen.findByRole('textbox', { name: /^Full name/ })).toBeTruthy();
      expect((textbox('Full name') as HTMLInputElement).value).toBe('Ana Silva');
      expect((textbox('Email') as HTMLInputElement).value).toBe('ana@example.com');
      expect(
        (screen.getByRole('combobox', { name: 'forms.fill.location.city' }) as HTMLInputElement)
          .value,
      ).toBe('Lisbon, Portugal');
      expect(screen.getByText('Bring your own instrument.')).toBeTruthy();
      expectHeadingsInOrder();
      const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
      expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual(
        [],
      );

      fireEvent.change(textbox('About your music'), { target: { value: ANSWERS.bio } });
      fireEvent.click(submitButton());

      const confirmation = await screen.findByRole('heading', {
        level: 2,
        name: 'applications.sent.title',
      });
      expect(document.activeElement).toBe(confirmation);
      const panel = confirmation.closest('section')!;
      expect(within(panel).getByText('HLF-7K3M9Q')).toBeTruthy();
      expect(within(panel).getByText('applications.status.SUBMITTED')).toBeTruthy();
      expect(
        within(panel).getByRole('link', { name: 'applications.sent.view' }).getAttribute('href'),
      ).toBe('/application/app-1');
      expect(saved.at(-1)).toEqual({
        opportunity_id: 'opp-1',
        form_type: 'INDIVIDUAL',
        answers: {
          full_name: 'Ana Silva',
          email: 'ana@example.com',
          address: { label: 'Lisbon, Portugal', city_id: '2267057', country_code: 'PT' },
          bio: ANSWERS.bio,
        },
      });
    },
  );

  it('says what is missing before anything is sent', async () => {
    const saved: SaveApplicationMutationVariables['input'][] = [];
    renderApply([...pageMocks(), saveMock(saved)]);
    fireEvent.click(await screen.findByRole('button', { name: 'applications.apply.submit' }));
    const bio = textbox('About your music');
    await waitFor(() => expect(bio.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(bio);
    expect(saved).toEqual([]);
  });

  it('puts the server’s refusal on the question it is about', async () => {
    const saved: SaveApplicationMutationVariables['input'][] = [];
    renderApply([
      ...pageMocks(),
      saveMock(saved),
      submitMock({
        errors: [
          {
            message: 'The given data was invalid.',
            extensions: {
              category: 'validation',
              validation: {
                'input.answers.bio': ['About your music must have at least 40 characters.'],
              },
            },
          },
        ],
      }),
    ]);
    fireEvent.change(await screen.findByRole('textbox', { name: /^About your music/ }), {
      target: { value: 'Fado.' },
    });
    fireEvent.click(submitButton());

    expect(
      await screen.findByText('About your music must have at least 40 characters.'),
    ).toBeTruthy();
    const bio = textbox('About your music');
    expect(bio.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(bio));
    // Still the form, not a confirmation.
    expect(screen.queryByRole('heading', { name: 'applications.sent.title' })).toBeNull();
  });

  it('offers the application to someone who already applied', async () => {
    renderApply(pageMocks({ mine: makeApplication() }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'applications.sent.alreadyTitle' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'applications.sent.view' }).getAttribute('href')).toBe(
      '/application/app-1',
    );
    expect(screen.queryByRole('button', { name: 'applications.apply.submit' })).toBeNull();
  });

  it('explains a closed opportunity and a form that is switched off', async () => {
    renderApply(
      pageMocks({
        opportunity: makeApplyOpportunity({
          is_open: false,
          opp_status: 'CLOSED',
          deadline_date: '2020-01-01 12:00:00',
        }),
      }),
    );
    expect(
      await screen.findByRole('heading', { name: 'applications.apply.closedTitle' }),
    ).toBeTruthy();
    expect(screen.getByText('opportunities.public.apply.deadlinePassed')).toBeTruthy();
    cleanup();

    renderApply(pageMocks({ form: makeForm({ is_active: false }) }));
    expect(
      await screen.findByRole('heading', { name: 'applications.apply.inactiveTitle' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'applications.apply.submit' })).toBeNull();
  });

  it('asks for a price on a paid opportunity and waits for the payment after submitting', async () => {
    const saved: SaveApplicationMutationVariables['input'][] = [];
    const early = { ...PAYMENT_OPTION, id: 'po-0', title: 'Early bird', cost: 1500 };
    // The application's opportunity is the same record as the page's (one cache entry).
    const draft: MockApplication = {
      ...DRAFT,
      answers: ANSWERS,
      opportunity: { ...DRAFT.opportunity, payment_type: 'PAID_INTERNAL' },
    };
    renderApply([
      ...pageMocks({
        opportunity: makeApplyOpportunity({
          is_paid: true,
          payment_type: 'PAID_INTERNAL',
          payment_options: [early, PAYMENT_OPTION],
        }),
        mine: draft,
      }),
      saveMock(saved, draft),
      submitMock({
        data: {
          submitApplication: { ...draft, payment_status: 'REQUIRES_CREATION' },
        },
      }),
    ]);
    // The saved draft's answers are back.
    expect(
      ((await screen.findByRole('textbox', { name: /^About your music/ })) as HTMLInputElement)
        .value,
    ).toBe(ANSWERS.bio);
    fireEvent.click(submitButton());
    expect(await screen.findByText('applications.apply.price.required')).toBeTruthy();
    expect(saved).toEqual([]);

    const prices = screen.getByRole('group', { name: /applications\.apply\.price\.legend/ });
    fireEvent.click(within(prices).getAllByRole('radio')[1]!);
    fireEvent.click(submitButton());
    expect(
      await screen.findByRole('heading', { name: 'applications.sent.awaitingTitle' }),
    ).toBeTruthy();
    expect(screen.getAllByText('applications.payment.awaiting').length).toBeGreaterThan(0);
    expect(screen.getByText('applications.payment.option')).toBeTruthy();
    expect(saved.at(-1)?.payment_option_id).toBe('po-1');
  });

  it('lets an opportunity for both choose the form, starting from the account’s kind', async () => {
    const opportunity = makeApplyOpportunity({ target: ['INDIVIDUALS', 'BANDS'] });
    const bandForm = makeForm({ id: 'form-2', type: 'GENERAL', terms: null });
    renderApply([
      ...pageMocks({ opportunity, me: { ...makeMe(), selected_type: 'BAND' }, form: bandForm }),
      {
        request: {
          query: ApplyFormDocument,
          variables: { slug: opportunity.slug, type: 'INDIVIDUAL' },
        },
        result: { data: { applicationForm: makeForm() } },
      },
    ]);
    const band = await screen.findByRole('radio', { name: 'applications.apply.type.GENERAL' });
    expect((band as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText('Bring your own instrument.')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'applications.apply.type.INDIVIDUAL' }));
    expect(await screen.findByText('Bring your own instrument.')).toBeTruthy();
  });
});
