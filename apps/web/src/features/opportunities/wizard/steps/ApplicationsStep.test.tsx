import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import type { FormattedExecutionResult } from 'graphql';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  OpportunityFormDocument,
  SaveApplicationFormDocument,
  UpdateOpportunityDocument,
  WizardLookupsDocument,
  type OpportunityFieldsFragment,
  type SaveApplicationFormMutationVariables,
  type UpdateOpportunityMutationVariables,
} from '../../../../gql/graphql';
import {
  englishI18n,
  individualForm,
  validationRefusal,
} from '../../../forms/components/test-forms';
import { MANAGER, makeOpportunity } from '../../public/test-opportunity';
import { OpportunityEditor } from '../OpportunityEditor';
import type { WizardStep } from '../opportunity-draft';

let english: i18n;
beforeAll(async () => {
  english = await englishI18n();
});

const opportunity = makeOpportunity({
  target: ['INDIVIDUALS'],
  viewerCan: MANAGER,
  opp_status: 'DRAFT',
  is_draft: true,
});

const lookupsMock: MockLink.MockedResponse = {
  request: { query: WizardLookupsDocument },
  result: { data: { genres: [], instruments: [], languages: [], countries: [] } },
};

const formMock: MockLink.MockedResponse = {
  request: {
    query: OpportunityFormDocument,
    variables: { opportunity: 'opp-1', type: 'INDIVIDUAL' },
  },
  result: { data: { opportunityForm: individualForm() } },
};

interface Sent {
  forms: SaveApplicationFormMutationVariables[];
  steps: UpdateOpportunityMutationVariables[];
}

function saveFormMock(sent: Sent, answer: () => FormattedExecutionResult): MockLink.MockedResponse {
  return {
    request: { query: SaveApplicationFormDocument, variables: () => true },
    result: (variables) => {
      sent.forms.push(variables as SaveApplicationFormMutationVariables);
      return answer();
    },
  };
}

function updateMock(sent: Sent): MockLink.MockedResponse {
  return {
    request: { query: UpdateOpportunityDocument, variables: () => true },
    result: (variables) => {
      sent.steps.push(variables as UpdateOpportunityMutationVariables);
      return { data: { updateOpportunity: opportunity } };
    },
  };
}

function renderStep(mocks: MockLink.MockedResponse[]) {
  const steps: WizardStep[] = [];
  const saved: OpportunityFieldsFragment[] = [];
  const router = createMemoryRouter(
    [
      {
        path: '/opportunity/wizard',
        element: (
          <OpportunityEditor
            mode="wizard"
            opportunity={opportunity}
            step="applications"
            onStepChange={(step) => steps.push(step)}
            onSaved={(next) => saved.push(next)}
            onPublished={() => undefined}
          />
        ),
      },
    ],
    { initialEntries: ['/opportunity/wizard'] },
  );
  render(
    <I18nextProvider i18n={english}>
      <MockedProvider mocks={[lookupsMock, formMock, ...mocks]}>
        <RouterProvider router={router} />
      </MockedProvider>
    </I18nextProvider>,
  );
  return { steps, saved };
}

async function renameEmailQuestion(label: string) {
  const section = await screen.findByRole('region', { name: 'Application form' });
  fireEvent.click(await within(section).findByRole('button', { name: 'Settings of “Email”' }));
  fireEvent.change(within(section).getByRole('textbox', { name: 'Question' }), {
    target: { value: label },
  });
}

// MUI in jsdom is slow; a busy machine should not fail these for time.
describe('the wizard’s applications step', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('edits the application form, and “Save and continue” saves it with the step', async () => {
    const sent: Sent = { forms: [], steps: [] };
    const { steps } = renderStep([
      saveFormMock(sent, () => ({ data: { saveApplicationForm: individualForm('form-1') } })),
      updateMock(sent),
    ]);
    expect(await screen.findByText(/Not saved yet: this is the default form/)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Individual form' })).toBeTruthy();
    await renameEmailQuestion('Your email');
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

    await waitFor(() => expect(steps).toEqual(['payment']));
    expect(sent.forms).toHaveLength(1);
    expect(sent.forms[0]!.input).toMatchObject({ opportunity_id: 'opp-1', type: 'INDIVIDUAL' });
    expect(sent.forms[0]!.input.fields[1]).toMatchObject({ slug: 'email', label: 'Your email' });
    expect(sent.steps).toHaveLength(1);
    expect(sent.steps[0]!.input).toMatchObject({
      id: 'opp-1',
      approval_type: 'ON_REVIEW',
      is_private: false,
    });
  });

  it('saves the step alone when the form is unchanged', async () => {
    const sent: Sent = { forms: [], steps: [] };
    const { steps } = renderStep([updateMock(sent)]);
    await screen.findByRole('button', { name: 'Settings of “Email”' });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(steps).toEqual(['payment']));
    expect(sent.forms).toHaveLength(0);
  });

  it('stays on the step with the server’s refusal of the form shown on its field', async () => {
    const sent: Sent = { forms: [], steps: [] };
    const { steps } = renderStep([
      saveFormMock(sent, () =>
        validationRefusal({ 'input.fields.1.label': ['This question is asked already.'] }),
      ),
      updateMock(sent),
    ]);
    await renameEmailQuestion('Full name');
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByText('This question is asked already.')).toBeTruthy();
    expect(
      screen.getByText('The individual form was not saved: see the fields marked in red.'),
    ).toBeTruthy();
    expect(sent.forms).toHaveLength(1);
    expect(sent.steps).toHaveLength(0);
    expect(steps).toEqual([]);
  });
});
