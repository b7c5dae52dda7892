import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter } from 'react-router';
import { SessionContext, type Session } from '../../../app/session/session';
import { MyApplicationSummaryDocument } from '../../../gql/graphql';
import { ApplySection } from './ApplySection';
import { makeOpportunity, type MockOpportunity } from './test-opportunity';

// Translations are not loaded in unit tests: texts show as their keys.

function renderSection(opportunity: MockOpportunity, myApplication: object | null) {
  const session: Session = {
    status: 'authenticated',
    user: null,
    signIn: () => {},
    signOut: () => {},
  };
  const mocks: MockLink.MockedResponse[] = [
    {
      request: { query: MyApplicationSummaryDocument, variables: { opportunity: opportunity.id } },
      result: { data: { myApplication } },
    },
  ];
  return render(
    <SessionContext.Provider value={session}>
      <MockedProvider mocks={mocks}>
        <MemoryRouter>
          <ApplySection opportunity={opportunity} />
        </MemoryRouter>
      </MockedProvider>
    </SessionContext.Provider>,
  );
}

const application = (status: string, payment_status: string | null = null) => ({
  __typename: 'Application',
  id: 'app-1',
  code: 'HLF-7K3M9Q',
  status,
  payment_status,
});

describe('ApplySection for someone who applied', () => {
  afterEach(cleanup);

  it('leads back to a draft while applications are taken', async () => {
    renderSection(makeOpportunity(), application('DRAFT'));
    const link = await screen.findByRole('link', { name: 'applications.onOpportunity.continue' });
    expect(link.getAttribute('href')).toBe('/opportunity/riverside-stage/apply');
    expect(screen.queryByRole('link', { name: 'opportunities.public.apply.button' })).toBeNull();
  });

  it('leads to a sent application, with its status, even once applications have closed', async () => {
    renderSection(
      makeOpportunity({
        is_open: false,
        opp_status: 'CLOSED',
        deadline_date: '2020-01-01 12:00:00',
      }),
      application('SHORTLISTED'),
    );
    const link = await screen.findByRole('link', { name: 'applications.onOpportunity.view' });
    expect(link.getAttribute('href')).toBe('/application/app-1');
    expect(screen.getByText('applications.status.SHORTLISTED')).toBeTruthy();
    expect(screen.getByText('opportunities.public.apply.deadlinePassed')).toBeTruthy();
  });

  it('offers the Apply button to someone who has not applied', async () => {
    renderSection(makeOpportunity(), null);
    expect(
      (await screen.findByRole('link', { name: 'opportunities.public.apply.button' })).getAttribute(
        'href',
      ),
    ).toBe('/opportunity/riverside-stage/apply');
  });
});
