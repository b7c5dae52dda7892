import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { UserApplicationsDocument } from '../../../gql/graphql';
import { listPageInfo, makeApplication, type Mock, type MockApplication } from '../test-data';
import { ApplicationListPage } from './ApplicationListPage';

// Translations are not loaded in unit tests: texts show as their keys.

function CurrentAddress() {
  const { pathname, search } = useLocation();
  return <p data-testid="address">{pathname + search}</p>;
}

function renderList(path: string, mocks: Mock[]) {
  return render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/applications"
            element={
              <>
                <ApplicationListPage />
                <CurrentAddress />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
}

function listMock(
  variables: { status: MockApplication['status'] | null; sort: string; asc: boolean; page: number },
  applications: MockApplication[],
  total: number,
): Mock {
  return {
    request: {
      query: UserApplicationsDocument,
      variables: {
        filters: { status: variables.status, sort: variables.sort, asc: variables.asc },
        first: 10,
        page: variables.page,
      },
    },
    result: {
      data: {
        userApplications: {
          __typename: 'ApplicationPaginator',
          paginatorInfo: listPageInfo(variables.page, Math.max(1, Math.ceil(total / 10)), total),
          data: applications,
        },
      },
    },
  };
}

const submitted = makeApplication();
const draft = makeApplication({
  id: 'app-2',
  code: 'WSF-2B8D4K',
  status: 'DRAFT',
  submitted_at: null,
  opportunity: {
    ...submitted.opportunity,
    id: 'opp-2',
    slug: 'winter-showcase',
    title: 'Winter showcase',
  },
});
const awaiting = makeApplication({
  id: 'app-3',
  code: 'JZN-9P2Q7R',
  status: 'DRAFT',
  payment_status: 'REQUIRES_CREATION',
  submitted_at: null,
  opportunity: { ...submitted.opportunity, id: 'opp-3', slug: 'jazz-nights', title: 'Jazz nights' },
});
const accepted = makeApplication({
  id: 'app-4',
  code: 'SUM-4H6J8L',
  status: 'ACCEPTED',
  viewer_can: { ...submitted.viewer_can, edit: false, withdraw: false },
  opportunity: { ...submitted.opportunity, id: 'opp-4', slug: 'summer-fest', title: 'Summer fest' },
});

const DEFAULT = { status: null, sort: 'created_at', asc: false, page: 1 };

describe('ApplicationListPage', () => {
  afterEach(cleanup);

  it('shows each application with its status and the way on, and pages through them', async () => {
    renderList('/applications', [
      listMock(DEFAULT, [submitted, draft, awaiting, accepted], 14),
      listMock(
        { ...DEFAULT, page: 2 },
        [
          makeApplication({
            id: 'app-5',
            opportunity: { ...submitted.opportunity, id: 'opp-5', title: 'Old hall' },
          }),
        ],
        14,
      ),
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'applications.list.title' }),
    ).toBeTruthy();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(4);

    const [first, second, third, fourth] = cards as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(first).getByText('applications.status.SUBMITTED')).toBeTruthy();
    expect(
      within(first).getByRole('heading', { level: 2, name: 'Riverside Stage: open call' }),
    ).toBeTruthy();
    expect(
      within(first).getByRole('link', { name: 'applications.list.edit' }).getAttribute('href'),
    ).toBe('/application/app-1/edit');
    expect(within(second).getByText('applications.status.DRAFT')).toBeTruthy();
    expect(
      within(second).getByRole('link', { name: 'applications.list.continue' }).getAttribute('href'),
    ).toBe('/opportunity/winter-showcase/apply');
    expect(within(third).getByText('applications.payment.awaiting')).toBeTruthy();
    expect(within(third).queryByRole('link', { name: 'applications.list.continue' })).toBeNull();
    expect(within(fourth).getByText('applications.status.ACCEPTED')).toBeTruthy();
    expect(within(fourth).queryByRole('link', { name: 'applications.list.edit' })).toBeNull();
    expect(
      within(fourth).getByRole('link', { name: 'applications.list.view' }).getAttribute('href'),
    ).toBe('/application/app-4');

    const pages = screen.getByRole('navigation', { name: 'applications.list.pagination' });
    fireEvent.click(
      within(pages).getByRole('button', { name: 'opportunities.search.pagination.page' }),
    );
    expect(await screen.findByRole('link', { name: 'Old hall' })).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('/applications?page=2');
  });

  it('filters by status from the address and starts again on page 1', async () => {
    renderList('/applications?page=2', [
      listMock({ ...DEFAULT, page: 2 }, [submitted], 11),
      listMock({ ...DEFAULT, status: 'ACCEPTED' }, [accepted], 1),
    ]);
    await screen.findAllByRole('article');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'applications.list.filterStatus' }));
    fireEvent.click(await screen.findByRole('option', { name: 'applications.status.ACCEPTED' }));
    expect(
      await screen.findByText('applications.status.ACCEPTED', { selector: '.MuiChip-label' }),
    ).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('/applications?status=ACCEPTED');
  });

  it('leads someone without applications to the opportunities', async () => {
    renderList('/applications', [listMock(DEFAULT, [], 0)]);
    expect(await screen.findByText('applications.list.empty')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'applications.list.browse' }).getAttribute('href'),
    ).toBe('/opportunities');
  });
});
