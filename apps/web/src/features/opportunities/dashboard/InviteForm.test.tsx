import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { InviteOpportunityMemberDocument } from '../../../gql/graphql';
import { SnackbarProvider } from '../../../lib/snackbar';
import { InviteForm } from './InviteForm';

// Translations are not loaded in unit tests: texts show as their keys.

const invited = {
  __typename: 'OpportunityMember',
  id: 'm-1',
  name: null,
  email: 'jo@example.com',
  role: 'custom',
  permissions: ['rate', 'manage_applications'],
  status: 'invited',
};

function renderForm() {
  return render(
    <SnackbarProvider>
      <MockedProvider
        mocks={[
          {
            request: {
              query: InviteOpportunityMemberDocument,
              variables: {
                input: {
                  opportunity_id: 'opp-1',
                  email: 'jo@example.com',
                  role: 'custom',
                  permissions: ['rate', 'manage_applications'],
                },
              },
            },
            result: { data: { inviteOpportunityMember: invited } },
          },
        ]}
      >
        <InviteForm opportunityId="opp-1" />
      </MockedProvider>
    </SnackbarProvider>,
  );
}

const email = () => screen.getByRole('textbox', { name: 'opportunities.dashboard.team.email' });
const send = () =>
  fireEvent.click(screen.getByRole('button', { name: 'opportunities.dashboard.team.invite' }));

async function chooseCustom() {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'opportunities.dashboard.team.role' }));
  fireEvent.click(
    within(await screen.findByRole('listbox')).getByRole('option', {
      name: 'opportunities.dashboard.roles.custom.name',
    }),
  );
}

const permission = (name: string) =>
  screen.getByRole('checkbox', { name: new RegExp(`permissions\\.${name}\\.name`) });

describe('InviteForm', () => {
  afterEach(cleanup);

  it('checks the address and, for a custom role, that a permission is chosen', async () => {
    renderForm();
    send();
    expect(screen.getByText('opportunities.dashboard.team.emailInvalid')).toBeTruthy();
    fireEvent.change(email(), { target: { value: 'jo@example.com' } });
    await chooseCustom();
    send();
    expect(screen.getByText('opportunities.dashboard.team.choosePermission')).toBeTruthy();
  });

  it('invites with the chosen permission set and clears the form', async () => {
    renderForm();
    fireEvent.change(email(), { target: { value: ' jo@example.com ' } });
    await chooseCustom();
    fireEvent.click(permission('rate'));
    fireEvent.click(permission('manage_applications'));
    send();
    expect(await screen.findByText('opportunities.dashboard.team.invited')).toBeTruthy();
    expect((email() as HTMLInputElement).value).toBe('');
  });
});
