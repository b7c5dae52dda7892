import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type DataRouter } from 'react-router';
import { SnackbarProvider } from '../lib/snackbar';
import { makeOpportunity, OUTSIDER } from '../features/opportunities/public/test-opportunity';
import { routes } from './router';
import { SessionContext, type Session } from './session/session';

// The real route table and the real Apollo client; only the network answers are faked, so a
// redirect to /login or a query the API refuses to visitors would show here.
// Translations are not loaded in unit tests: texts show as their keys.

const VISITOR: Session = { status: 'anonymous', user: null, signIn: () => {}, signOut: () => {} };

const opportunity = makeOpportunity();

const organisation = {
  __typename: 'Organisation',
  id: '7',
  slug: 'harbour-lights',
  name: 'Harbour Lights Festival',
  description: 'A summer festival by the river.',
  website: 'https://harbour.example',
  email: null,
  phone: null,
  logo: null,
  cover: null,
  city: {
    __typename: 'City',
    id: '1',
    name: 'Lisbon',
    country: { __typename: 'Country', code: 'PT', name: 'Portugal' },
  },
  country: { __typename: 'Country', code: 'PT', name: 'Portugal' },
  social_links: [],
  team_role: null,
  viewerCan: {
    __typename: 'OrganisationViewerCan',
    view_team: false,
    update: false,
    delete: false,
    manage_team: false,
    manage_owners: false,
    create_opportunity: false,
    manage_payments: false,
    leave: false,
  },
  members_count: 3,
  created_at: '2025-01-10T10:00:00.000Z',
};

/** What the API answers a visitor, by operation; anything else is refused as it would be. */
const ANSWERS: Record<string, unknown> = {
  OpportunitySearch: {
    opportunitySearch: {
      __typename: 'OpportunitySearchResult',
      paginatorInfo: {
        __typename: 'PaginatorInfo',
        total: 1,
        currentPage: 1,
        lastPage: 1,
        perPage: 20,
        hasMorePages: false,
      },
      facets: { __typename: 'SearchFacets', genres: [], types: [], countries: [] },
      data: [{ ...opportunity, viewerCan: OUTSIDER }],
    },
  },
  OpportunitySearchLookups: { genres: [], instruments: [], languages: [], countries: [] },
  OrganisationBySlug: { organisation },
  OpportunitySearchCity: {
    filterCities: [
      {
        __typename: 'City',
        id: '1',
        name: 'Lisbon',
        latitude: 38.72,
        longitude: -9.14,
        country: { __typename: 'Country', code: 'PT', name: 'Portugal' },
      },
    ],
  },
};

let operations: string[] = [];

beforeEach(() => {
  operations = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as { operationName?: string };
      const name = body.operationName ?? '';
      operations.push(name);
      const data = ANSWERS[name];
      const payload = data
        ? { data }
        : {
            data: null,
            errors: [{ message: 'Not public', extensions: { code: 'FORBIDDEN' } }],
          };
      return new Response(JSON.stringify(payload), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function visit(entry: string): DataRouter {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  render(
    <SnackbarProvider>
      <SessionContext.Provider value={VISITOR}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </SnackbarProvider>,
  );
  return router;
}

describe('a visitor without an account', () => {
  it('searches opportunities, and the address keeps the search', async () => {
    const router = visit('/opportunities?q=stage&city=lisboa');
    const results = await screen.findByRole(
      'list',
      { name: 'opportunities.search.results.count' },
      // The first visit compiles the lazy page chunks.
      { timeout: 10_000 },
    );
    expect(within(results).getByRole('link', { name: opportunity.title })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/opportunities');
    // The typed city is matched and kept in the address, so the search can be shared.
    expect(router.state.location.search).toContain('q=stage');
    expect(router.state.location.search).toContain('city_id=1');
    // The public frame: sign in and register, no app sidebar and no organiser's shortcut.
    expect(screen.getByRole('link', { name: 'nav.login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'nav.register' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'nav.sidebar' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'opportunities.search.mine' })).toBeNull();
    // Only what anyone may ask: no `me`, nothing of one's own.
    expect(operations).toContain('OpportunitySearch');
    expect(operations.filter((name) => !(name in ANSWERS))).toEqual([]);
  });

  it("opens an organisation's page", async () => {
    const router = visit('/organisation/harbour-lights');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Harbour Lights Festival' },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText('A summer festival by the river.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/organisation/harbour-lights');
    // Its breadcrumb leads back to the search, not to the signed-in list of organisations.
    const trail = screen.getByRole('navigation', { name: 'nav.breadcrumb' });
    expect(
      within(trail).getByRole('link', { name: 'nav.opportunities' }).getAttribute('href'),
    ).toBe('/opportunities');
  });

  it('is still asked to sign in for the organiser pages', async () => {
    const router = visit('/opportunities/review');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fopportunities%2Freview');
  });
});
