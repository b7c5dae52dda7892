import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import {
  DeleteOpportunityDocument,
  DuplicateOpportunityDocument,
  PublishOpportunityDocument,
} from '../../../gql/graphql';
import { SnackbarProvider } from '../../../lib/snackbar';
import { MANAGER, makeOpportunity, type MockOpportunity } from '../public/test-opportunity';
import { LifecycleActions } from './LifecycleActions';

// Translations are not loaded in unit tests: texts show as their keys.

function CurrentPath() {
  const { pathname, search } = useLocation();
  return <p data-testid="path">{pathname + search}</p>;
}

function renderWith(opportunity: MockOpportunity, responses: MockLink.MockedResponse[]) {
  return render(
    <SnackbarProvider>
      <MockedProvider mocks={responses}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <Routes>
            <Route path="*" element={<CurrentPath />} />
          </Routes>
          <LifecycleActions opportunity={opportunity} />
        </MemoryRouter>
      </MockedProvider>
    </SnackbarProvider>,
  );
}

const button = (name: string) =>
  screen.getByRole('button', { name: `opportunities.dashboard.status.actions.${name}` });

describe('LifecycleActions', () => {
  afterEach(cleanup);

  it('lists what publishing is missing, each with a link to the editor step that holds it', async () => {
    const draft = makeOpportunity({ opp_status: 'DRAFT', is_open: false, viewerCan: MANAGER });
    renderWith(draft, [
      {
        request: { query: PublishOpportunityDocument, variables: { id: draft.id } },
        result: {
          errors: [
            {
              message: 'The given data was invalid.',
              extensions: {
                category: 'validation',
                validation: {
                  'input.description': ['The description field is required.'],
                  'input.city_id': [
                    'Choose a city, or mark the opportunity as virtual or worldwide.',
                  ],
                },
              },
            },
          ],
        },
      },
    ]);
    expect(screen.queryByRole('button', { name: /actions\.close/ })).toBeNull();
    fireEvent.click(button('publish'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/The description field is required\./)).toBeTruthy();
    expect(within(alert).getByText(/Choose a city/)).toBeTruthy();
    const links = within(alert).getAllByRole('link', { name: 'opportunities.wizard.review.fix' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/opportunity/riverside-stage/edit?step=basics',
      '/opportunity/riverside-stage/edit?step=schedule',
    ]);
  });

  it('deletes only once the title is typed, then leaves for the organisation’s list', async () => {
    const opportunity = makeOpportunity({ viewerCan: MANAGER });
    renderWith(opportunity, [
      {
        request: { query: DeleteOpportunityDocument, variables: { id: opportunity.id } },
        result: {
          data: {
            deleteOpportunity: {
              __typename: 'Opportunity',
              id: opportunity.id,
              opp_status: 'DELETED',
            },
          },
        },
      },
    ]);
    fireEvent.click(button('delete'));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', {
      name: 'opportunities.dashboard.confirm.delete.action',
    });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Riverside' } });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox'), {
      target: { value: 'Riverside Stage: open call' },
    });
    expect(confirm.hasAttribute('disabled')).toBe(false);
    fireEvent.click(confirm);
    expect(
      await screen.findByText('/organisation/harbour-lights/opportunities', { selector: 'p' }),
    ).toBeTruthy();
  });

  it('opens a duplicate in the editor', async () => {
    const opportunity = makeOpportunity({ viewerCan: MANAGER });
    renderWith(opportunity, [
      {
        request: { query: DuplicateOpportunityDocument, variables: { id: opportunity.id } },
        result: {
          data: {
            duplicateOpportunity: {
              __typename: 'Opportunity',
              id: 'opp-2',
              slug: 'riverside-stage-2',
              title: 'Riverside Stage: open call',
            },
          },
        },
      },
    ]);
    fireEvent.click(button('duplicate'));
    expect(await screen.findByText('/opportunity/riverside-stage-2/edit')).toBeTruthy();
  });

  it('offers nothing to someone who may only look', () => {
    renderWith(
      makeOpportunity({
        viewerCan: {
          ...MANAGER,
          update: false,
          change_status: false,
          delete: false,
          duplicate: false,
        },
      }),
      [],
    );
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('opportunities.dashboard.status.noActions')).toBeTruthy();
  });
});
