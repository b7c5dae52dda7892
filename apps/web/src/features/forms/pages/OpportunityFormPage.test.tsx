import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import type { FormattedExecutionResult } from 'graphql';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  OpportunityDocument,
  OpportunityFormDocument,
  SaveApplicationFormDocument,
  type SaveApplicationFormMutationVariables,
} from '../../../gql/graphql';
import { SnackbarProvider } from '../../../lib/snackbar';
import {
  MANAGER,
  makeOpportunity,
  type MockOpportunity,
} from '../../opportunities/public/test-opportunity';
import { englishI18n, individualForm, validationRefusal } from '../components/test-forms';
import { OpportunityFormPage } from './OpportunityFormPage';

let english: i18n;
beforeAll(async () => {
  english = await englishI18n();
});

const SLUG = 'riverside-stage';
const REVIEWER: MockOpportunity['viewerCan'] = {
  ...MANAGER,
  update: false,
  change_status: false,
  delete: false,
  duplicate: false,
  manage_team: false,
  manage_applications: false,
  manage_payments: false,
};

function opportunityMock(
  overrides: Partial<MockOpportunity> = {},
  slug: string = SLUG,
): MockLink.MockedResponse {
  return {
    request: { query: OpportunityDocument, variables: { slug } },
    result: {
      data: {
        opportunity:
          slug === SLUG
            ? makeOpportunity({ target: ['INDIVIDUALS'], viewerCan: MANAGER, ...overrides })
            : null,
      },
    },
  };
}

const defaultFormMock: MockLink.MockedResponse = {
  request: {
    query: OpportunityFormDocument,
    variables: { opportunity: 'opp-1', type: 'INDIVIDUAL' },
  },
  result: { data: { opportunityForm: individualForm() } },
};

/** Answers the save with `answer`, keeping what was sent. */
function saveMock(
  sent: SaveApplicationFormMutationVariables[],
  answer: (variables: SaveApplicationFormMutationVariables) => FormattedExecutionResult,
): MockLink.MockedResponse {
  return {
    request: { query: SaveApplicationFormDocument, variables: () => true },
    result: (variables) => {
      const input = variables as SaveApplicationFormMutationVariables;
      sent.push(input);
      return answer(input);
    },
  };
}

function renderPage(mocks: MockLink.MockedResponse[], slug: string = SLUG) {
  const router = createMemoryRouter(
    [
      { path: '/opportunity/:slug/form', element: <OpportunityFormPage /> },
      { path: '/opportunity/:slug/dashboard', element: <p>The dashboard</p> },
    ],
    { initialEntries: [`/opportunity/${slug}/form`] },
  );
  render(
    <I18nextProvider i18n={english}>
      <MockedProvider mocks={mocks}>
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </MockedProvider>
    </I18nextProvider>,
  );
  return router;
}

const DEFAULT_NOTE = /Not saved yet: this is the default form/;

async function openEmailSettings() {
  fireEvent.click(await screen.findByRole('button', { name: 'Settings of “Email”' }));
  return screen.getByRole('textbox', { name: 'Question' });
}

// MUI in jsdom is slow; a busy machine should not fail these for time.
describe('the opportunity’s application form page', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('loads the default form, and saves an edited label', async () => {
    const sent: SaveApplicationFormMutationVariables[] = [];
    renderPage([
      opportunityMock(),
      defaultFormMock,
      saveMock(sent, ({ input }) => ({
        data: {
          saveApplicationForm: individualForm('form-1', {
            fields: individualForm().fields.map((field) =>
              field.slug === 'email' ? { ...field, label: input.fields[1]!.label } : field,
            ),
          }),
        },
      })),
    ]);
    expect(await screen.findByText(DEFAULT_NOTE)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Individual form' })).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save form' });
    expect(save).toHaveProperty('disabled', true);

    fireEvent.change(await openEmailSettings(), { target: { value: 'Your email' } });
    expect(save).toHaveProperty('disabled', false);
    fireEvent.click(save);

    await waitFor(() => expect(screen.queryByText(DEFAULT_NOTE)).toBeNull());
    expect(sent).toHaveLength(1);
    const { input } = sent[0]!;
    expect(input).toMatchObject({
      opportunity_id: 'opp-1',
      type: 'INDIVIDUAL',
      is_active: true,
      is_skipped: false,
    });
    expect(input.fields.map((field) => [field.id, field.slug, field.label, field.order])).toEqual([
      ['f-name', 'full_name', 'Full name', 0],
      ['f-email', 'email', 'Your email', 1],
      ['f-address', 'address', 'Address', 2],
    ]);
    expect(await screen.findByText('Application form saved')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save form' })).toHaveProperty('disabled', true);
  });

  it('shows the server’s refusal on the field it names, and keeps the changes', async () => {
    const sent: SaveApplicationFormMutationVariables[] = [];
    renderPage([
      opportunityMock(),
      defaultFormMock,
      saveMock(sent, () =>
        validationRefusal({ 'input.fields.1.label': ['This question is asked already.'] }),
      ),
    ]);
    fireEvent.change(await openEmailSettings(), { target: { value: 'Full name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save form' }));

    expect(await screen.findByText('This question is asked already.')).toBeTruthy();
    expect(
      screen.getByText('The individual form was not saved: see the fields marked in red.'),
    ).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Question' })).toHaveProperty('value', 'Full name');
    expect(screen.getByRole('button', { name: 'Save form' })).toHaveProperty('disabled', false);
    expect(sent).toHaveLength(1);
  });

  it('sends nothing while the form breaks its rules, and says so', async () => {
    const sent: SaveApplicationFormMutationVariables[] = [];
    renderPage([opportunityMock(), defaultFormMock, saveMock(sent, () => ({ data: null }))]);
    fireEvent.change(await openEmailSettings(), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save form' }));

    expect(
      await screen.findByText(/The individual form has problems, so nothing was saved/),
    ).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('asks before leaving with unsaved changes', async () => {
    const router = renderPage([opportunityMock(), defaultFormMock]);
    fireEvent.change(await openEmailSettings(), { target: { value: 'Your email' } });
    fireEvent.click(screen.getByRole('link', { name: 'Back to the opportunity dashboard' }));

    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/opportunity/${SLUG}/form`);
    fireEvent.click(screen.getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('The dashboard')).toBeTruthy();
  });

  it('shows the form read only to a reviewer', async () => {
    renderPage([opportunityMock({ viewerCan: REVIEWER }), defaultFormMock]);
    expect(
      await screen.findByText(
        'You can read this form, but only people who manage the opportunity can change it.',
      ),
    ).toBeTruthy();
    expect(await openEmailSettings()).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Add field' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Save form' })).toBeNull();
  });

  it('offers a tab per kind of applicant, and previews the form', async () => {
    renderPage([opportunityMock({ target: ['INDIVIDUALS', 'BANDS'] }), defaultFormMock]);
    const individual = await screen.findByRole('tab', { name: 'Individual form' });
    expect(individual.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Band form' })).toBeTruthy();
    await openEmailSettings();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.queryByRole('textbox', { name: 'Question' })).toBeNull();
    const panel = screen.getByRole('tabpanel', { name: 'Individual form' });
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Full name'),
      expect.stringContaining('Email'),
      expect.stringContaining('Address'),
    ]);
  });

  it('says when the opportunity does not exist', async () => {
    renderPage([opportunityMock({}, 'gone')], 'gone');
    expect(await screen.findByText('We could not find this opportunity.')).toBeTruthy();
  });
});
