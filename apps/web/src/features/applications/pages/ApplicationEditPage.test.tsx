import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import {
  ApplicationAnsweredFormDocument,
  SaveApplicationDocument,
  ViewApplicationDocument,
  type SaveApplicationMutationVariables,
} from '../../../gql/graphql';
import { SnackbarProvider } from '../../../lib/snackbar';
import {
  ANSWERS,
  APPLICANT_CAN,
  makeApplication,
  makeForm,
  type Mock,
  type MockApplication,
} from '../test-data';
import { ApplicationEditPage } from './ApplicationEditPage';

// Translations are not loaded in unit tests: texts show as their keys.

function CurrentPath() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderEdit(mocks: Mock[]) {
  return render(
    <SnackbarProvider>
      <MockedProvider mocks={mocks}>
        <MemoryRouter initialEntries={['/application/app-1/edit']}>
          <Routes>
            <Route path="/application/:id/edit" element={<ApplicationEditPage />} />
            <Route path="*" element={<CurrentPath />} />
          </Routes>
        </MemoryRouter>
      </MockedProvider>
    </SnackbarProvider>,
  );
}

function viewMock(application: MockApplication): Mock {
  return {
    request: { query: ViewApplicationDocument, variables: { id: 'app-1' } },
    result: { data: { viewApplication: application } },
  };
}

const formMock: Mock = {
  request: { query: ApplicationAnsweredFormDocument, variables: { id: 'app-1' } },
  result: {
    data: {
      viewApplication: { __typename: 'Application', id: 'app-1', answered_form: makeForm() },
    },
  },
};

const bio = () => screen.getByRole('textbox', { name: /^About your music/ });

describe('ApplicationEditPage', () => {
  afterEach(cleanup);

  it('saves the changed answers, keeps answers the form no longer asks, and goes back', async () => {
    const sent: SaveApplicationMutationVariables['input'][] = [];
    const application = makeApplication({ answers: { ...ANSWERS, demo: ['f-1'] } });
    renderEdit([
      viewMock(application),
      formMock,
      {
        request: { query: SaveApplicationDocument, variables: () => true },
        result: (variables) => {
          sent.push((variables as SaveApplicationMutationVariables).input);
          return { data: { saveApplication: application } };
        },
      },
    ]);
    await screen.findByRole('textbox', { name: /^About your music/ });
    expect((bio() as HTMLTextAreaElement).value).toBe(ANSWERS.bio);

    fireEvent.change(bio(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'applications.edit.save' }));
    await waitFor(() => expect(bio().getAttribute('aria-invalid')).toBe('true'));
    expect(sent).toEqual([]);

    fireEvent.change(bio(), { target: { value: 'Fado, now with strings.' } });
    fireEvent.click(screen.getByRole('button', { name: 'applications.edit.save' }));
    expect(await screen.findByTestId('path')).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/application/app-1');
    expect(sent).toEqual([
      {
        opportunity_id: 'opp-1',
        form_type: 'INDIVIDUAL',
        answers: { ...ANSWERS, bio: 'Fado, now with strings.', demo: ['f-1'] },
      },
    ]);
  });

  it('shows a refusal about a question the form no longer asks above the buttons', async () => {
    renderEdit([
      viewMock(makeApplication()),
      formMock,
      {
        request: { query: SaveApplicationDocument, variables: () => true },
        result: {
          errors: [
            {
              message: 'The given data was invalid.',
              extensions: {
                category: 'validation',
                validation: { 'input.answers.demo': ['Demo is required.'] },
              },
            },
          ],
        },
      },
    ]);
    await screen.findByRole('textbox', { name: /^About your music/ });
    fireEvent.click(screen.getByRole('button', { name: 'applications.edit.save' }));
    expect(await screen.findByText('Demo is required.')).toBeTruthy();
    expect(screen.queryByTestId('path')).toBeNull();
  });

  it('sends a draft to the apply page and refuses a decided application', async () => {
    renderEdit([viewMock(makeApplication({ status: 'DRAFT', submitted_at: null }))]);
    expect((await screen.findByTestId('path')).textContent).toBe(
      '/opportunity/riverside-stage/apply',
    );
    cleanup();

    renderEdit([
      viewMock(
        makeApplication({
          status: 'ACCEPTED',
          viewer_can: { ...APPLICANT_CAN, edit: false, withdraw: false },
        }),
      ),
    ]);
    expect(
      await screen.findByRole('heading', { name: 'applications.edit.lockedTitle' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'applications.edit.save' })).toBeNull();
  });
});
