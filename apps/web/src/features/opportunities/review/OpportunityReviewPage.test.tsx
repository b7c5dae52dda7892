import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import {
  MyOpportunitiesDocument,
  MyOpportunityInvitationsDocument,
  OpportunityInvitationByTokenDocument,
  RespondToOpportunityInvitationDocument,
} from '../../../gql/graphql';
import { SnackbarProvider } from '../../../lib/snackbar';
import { OpportunityReviewPage } from '../pages/OpportunityReviewPage';

// Translations are not loaded in unit tests: texts show as their keys.

const invitation = {
  __typename: 'OpportunityInvitation',
  id: 'inv-1',
  email: 'jonas@performer.test',
  role: 'reviewer',
  permissions: ['rate', 'comment'],
  invited_by: 'Sofia Lindqvist',
  created_at: '2026-05-01 10:00:00',
  opportunity: {
    __typename: 'Opportunity',
    id: 'opp-1',
    slug: 'nordic-sound-competition-2027',
    title: 'Nordic Sound Competition 2027',
    organisation: {
      __typename: 'Organisation',
      id: 'org-1',
      name: 'Nordic Sound Competition',
      slug: 'nordic-sound-competition',
    },
  },
};

function opportunity(role: 'reviewer' | null, permissions: string[]) {
  return {
    __typename: 'Opportunity',
    id: 'opp-1',
    slug: 'nordic-sound-competition-2027',
    title: 'Nordic Sound Competition 2027',
    summary: null,
    types: ['competition'],
    opp_status: 'PUBLISHED',
    is_open: true,
    is_draft: false,
    is_private: false,
    is_virtual: false,
    is_worldwide: true,
    is_paid: false,
    payment_type: 'FREE',
    time_zone: 'Europe/Stockholm',
    deadline_date: null,
    start_date: null,
    end_date: null,
    distance: null,
    city: null,
    country: null,
    organisation: {
      __typename: 'Organisation',
      id: 'org-1',
      slug: 'nordic-sound-competition',
      name: 'Nordic Sound Competition',
      logo: null,
    },
    logo: null,
    payment_options: [],
    opp_role: { __typename: 'OpportunityRoleGrant', role, permissions },
  };
}

const page = (data: unknown[]) => ({
  myOpportunities: {
    __typename: 'OpportunityPaginator',
    paginatorInfo: {
      __typename: 'PaginatorInfo',
      total: data.length,
      currentPage: 1,
      lastPage: 1,
      perPage: 50,
      hasMorePages: false,
    },
    data,
  },
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderAt(path: string, mocks: MockLink.MockedResponse[]) {
  return render(
    <MockedProvider mocks={mocks}>
      <SnackbarProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/opportunities/review" element={<OpportunityReviewPage />} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </SnackbarProvider>
    </MockedProvider>,
  );
}

const allMine = { type: 'ALL', first: 50, page: 1 };

describe('the opportunities I manage or review', () => {
  afterEach(cleanup);

  it('accepts the invitation of an emailed link, then lists the opportunity with the role', async () => {
    let answered = false;
    renderAt('/opportunities/review?invitation=tok-1', [
      {
        request: { query: OpportunityInvitationByTokenDocument, variables: { token: 'tok-1' } },
        result: { data: { opportunityInvitation: invitation } },
      },
      {
        request: { query: MyOpportunityInvitationsDocument },
        result: () => ({ data: { myOpportunityInvitations: answered ? [] : [invitation] } }),
        maxUsageCount: Number.POSITIVE_INFINITY,
      },
      {
        request: { query: MyOpportunitiesDocument, variables: allMine },
        result: () => ({
          data: page(answered ? [opportunity('reviewer', ['rate', 'comment'])] : []),
        }),
        maxUsageCount: Number.POSITIVE_INFINITY,
      },
      {
        request: {
          query: RespondToOpportunityInvitationDocument,
          variables: { input: { accept: true, token: 'tok-1' } },
        },
        result: () => {
          answered = true;
          return {
            data: {
              respondToOpportunityInvitation: {
                __typename: 'OpportunityMember',
                id: 'member-1',
                role: 'reviewer',
                status: 'accepted',
              },
            },
          };
        },
      },
    ]);

    const linked = await screen.findByRole('region', { name: 'opportunities.review.linked.title' });
    const card = await within(linked).findByRole('article', {
      name: 'Nordic Sound Competition 2027',
    });
    // The invitation of the link is not listed a second time among the open ones.
    expect(screen.getAllByRole('article', { name: 'Nordic Sound Competition 2027' })).toHaveLength(
      1,
    );
    await screen.findByText('opportunities.review.empty.none');

    fireEvent.click(
      within(card).getByRole('button', { name: 'opportunities.review.invitations.accept' }),
    );

    await screen.findByText('opportunities.review.invitations.accepted');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/opportunities/review'),
    );
    const listed = await screen.findByRole('link', { name: 'Nordic Sound Competition 2027' });
    expect(listed.getAttribute('href')).toBe(
      '/opportunity/nordic-sound-competition-2027/dashboard',
    );
    expect(screen.getByText('opportunities.review.yourRole')).toBeTruthy();
  });

  it('says when the invitation of a link is no longer open', async () => {
    renderAt('/opportunities/review?invitation=gone', [
      {
        request: { query: OpportunityInvitationByTokenDocument, variables: { token: 'gone' } },
        result: { data: { opportunityInvitation: null } },
      },
      {
        request: { query: MyOpportunityInvitationsDocument },
        result: { data: { myOpportunityInvitations: [] } },
      },
      {
        request: { query: MyOpportunitiesDocument, variables: allMine },
        result: { data: page([]) },
      },
    ]);
    await screen.findByText('opportunities.review.linked.closed');
    expect(screen.queryByRole('button', { name: 'opportunities.review.invitations.accept' })).toBe(
      null,
    );
  });

  it('keeps the tab in the address', async () => {
    renderAt('/opportunities/review', [
      {
        request: { query: MyOpportunityInvitationsDocument },
        result: { data: { myOpportunityInvitations: [] } },
      },
      {
        request: { query: MyOpportunitiesDocument, variables: allMine },
        result: { data: page([opportunity(null, ['full_access'])]) },
      },
      {
        request: {
          query: MyOpportunitiesDocument,
          variables: { type: 'REVIEW', first: 50, page: 1 },
        },
        result: { data: page([]) },
      },
    ]);
    await screen.findByRole('link', { name: 'Nordic Sound Competition 2027' });
    fireEvent.click(screen.getByRole('tab', { name: 'opportunities.review.tabs.REVIEW' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/opportunities/review?type=review'),
    );
    await screen.findByText('opportunities.review.empty.filtered');
  });
});
