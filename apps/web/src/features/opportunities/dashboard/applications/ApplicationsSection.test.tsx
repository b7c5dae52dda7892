import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import {
  ChangeApplicationsStatusDocument,
  DashboardApplicationQuestionsDocument,
  DashboardApplicationsDocument,
  type ApplicationFilters,
  type ApplicationStatus,
} from '../../../../gql/graphql';
import { SnackbarProvider } from '../../../../lib/snackbar';
import { MANAGER, makeOpportunity, type MockOpportunity } from '../../public/test-opportunity';
import { ApplicationsSection } from './ApplicationsSection';

// Translations are not loaded in unit tests: texts show as their keys.

const opportunity = makeOpportunity({ viewerCan: MANAGER });
const key = (name: string) => `opportunities.dashboard.applications.${name}`;

function row(
  id: string,
  code: string,
  status: ApplicationStatus,
  more: Record<string, unknown> = {},
) {
  return {
    __typename: 'Application',
    id,
    code,
    status,
    payment_status: 'SUCCEEDED',
    name: `Name of ${code}`,
    artist_name: null,
    is_blind: false,
    rate: null,
    rating_count: 0,
    user_rate: null,
    created_at: '2026-05-01 10:00:00',
    submitted_at: '2026-05-01 10:05:00',
    ...more,
  };
}

const ROWS = [
  row('a-1', 'RSO-AAAAAA', 'SUBMITTED', { artist_name: 'The Tidewater Band', name: 'Ana Lima' }),
  row('a-2', 'RSO-BBBBBB', 'SHORTLISTED', { rate: 4.5, rating_count: 2, user_rate: 5 }),
  row('a-3', 'RSO-CCCCCC', 'WITHDRAWN', { is_blind: true, name: null }),
];

function listMock(
  filters: ApplicationFilters,
  rows: ReturnType<typeof row>[],
  { page = 1, total = rows.length }: { page?: number; total?: number } = {},
): MockLink.MockedResponse {
  return {
    request: {
      query: DashboardApplicationsDocument,
      variables: { id: opportunity.id, first: 50, page, filters },
    },
    result: {
      data: {
        opportunityApplications: {
          __typename: 'OpportunityApplicationPaginator',
          paginatorInfo: {
            __typename: 'PaginatorInfo',
            count: rows.length,
            currentPage: page,
            firstItem: rows.length ? (page - 1) * 50 + 1 : null,
            lastItem: rows.length ? (page - 1) * 50 + rows.length : null,
            lastPage: Math.max(1, Math.ceil(total / 50)),
            perPage: 50,
            total,
            hasMorePages: page * 50 < total,
          },
          data: rows,
        },
      },
    },
  };
}

const questionsMock: MockLink.MockedResponse = {
  request: { query: DashboardApplicationQuestionsDocument, variables: { slug: opportunity.slug } },
  result: {
    data: {
      opportunity: {
        __typename: 'Opportunity',
        id: opportunity.id,
        forms: [
          {
            __typename: 'ApplicationForm',
            type: 'INDIVIDUAL',
            fields: [
              {
                __typename: 'FormField',
                id: 'f-1',
                slug: 'genre',
                label: 'Genre',
                type: 'list',
                choices: ['Folk', 'Jazz'],
              },
            ],
          },
        ],
      },
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

const BASE = { sort: 'created_at', asc: false } as const;

function CurrentAddress() {
  const { pathname, search } = useLocation();
  return <p data-testid="address">{pathname + search}</p>;
}

function renderSection(
  mocks: MockLink.MockedResponse[],
  search = '',
  subject: MockOpportunity = opportunity,
) {
  return render(
    <SnackbarProvider>
      <MockedProvider mocks={[questionsMock, ...mocks]}>
        <MemoryRouter initialEntries={[`/opportunity/riverside-stage/dashboard${search}`]}>
          <Routes>
            <Route
              path="*"
              element={
                <>
                  <CurrentAddress />
                  <ApplicationsSection opportunity={subject} />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </MockedProvider>
    </SnackbarProvider>,
  );
}

const address = () => screen.getByTestId('address').textContent ?? '';

describe('ApplicationsSection', () => {
  afterEach(cleanup);

  it('lists the applications with their status, applicant, rating and a link into the queue', async () => {
    renderSection([listMock(BASE, ROWS)]);
    // Skeleton rows stand in while the page loads.
    const table = screen.getByRole('table', { name: key('table') });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    await screen.findByText('RSO-AAAAAA');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);

    expect(within(rows[0]!).getByText('The Tidewater Band')).toBeTruthy();
    expect(within(rows[0]!).getByText('Ana Lima')).toBeTruthy();
    expect(within(rows[0]!).getByText('applications.status.SUBMITTED')).toBeTruthy();
    expect(within(rows[0]!).getByText(key('unrated'))).toBeTruthy();
    expect(within(rows[1]!).getByText('applications.status.SHORTLISTED')).toBeTruthy();
    expect(within(rows[1]!).getByRole('img', { name: key('average') })).toBeTruthy();
    // Blind review: who applied is not shown, not even as an empty name.
    expect(within(rows[2]!).getByText(key('hidden'))).toBeTruthy();

    const link = within(rows[1]!).getByRole('link', { name: 'RSO-BBBBBB' });
    expect(link.getAttribute('href')).toBe('/application/a-2/review?at=1');
    expect(screen.getByRole('link', { name: key('editForm') }).getAttribute('href')).toBe(
      '/opportunity/riverside-stage/form',
    );
  });

  it('reads its filters from the address and asks the server for them', async () => {
    renderSection(
      [listMock({ ...BASE, q: 'tide', status: ['SUBMITTED', 'IN_REVIEW'] }, ROWS.slice(0, 1))],
      '?q=tide&status=SUBMITTED,IN_REVIEW',
    );
    expect(await screen.findByText('RSO-AAAAAA')).toBeTruthy();
    expect(screen.queryByText('RSO-BBBBBB')).toBeNull();
    // Each row carries the filters to the review page.
    expect(screen.getByRole('link', { name: 'RSO-AAAAAA' }).getAttribute('href')).toBe(
      '/application/a-1/review?q=tide&status=SUBMITTED%2CIN_REVIEW&at=0',
    );
  });

  it('puts a changed filter and a sort into the address and the query', async () => {
    renderSection([
      listMock(BASE, ROWS),
      listMock({ ...BASE, unrated: true }, ROWS.slice(0, 1)),
      listMock({ sort: 'rate', asc: false, unrated: true }, ROWS.slice(0, 1)),
    ]);
    await screen.findByText('RSO-CCCCCC');

    fireEvent.click(screen.getByRole('switch', { name: key('filters.unrated') }));
    await waitFor(() => expect(address()).toContain('unrated=1'));
    expect(await screen.findByText('RSO-AAAAAA')).toBeTruthy();
    expect(screen.queryByText('RSO-CCCCCC')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: key('columns.rating') }));
    await waitFor(() =>
      expect(address()).toBe('/opportunity/riverside-stage/dashboard?sort=rate&unrated=1'),
    );
    expect(await screen.findByText('RSO-AAAAAA')).toBeTruthy();
  });

  it('searches as the organiser types, keeping the field in focus', async () => {
    renderSection([listMock(BASE, ROWS), listMock({ ...BASE, q: 'tide' }, ROWS.slice(0, 1))]);
    await screen.findByText('RSO-CCCCCC');
    const search = screen.getByRole('searchbox', { name: key('filters.search') });
    search.focus();
    fireEvent.change(search, { target: { value: 'tide ' } });
    await waitFor(() => expect(address()).toBe('/opportunity/riverside-stage/dashboard?q=tide'), {
      timeout: 3000,
    });
    expect(await screen.findByText('RSO-AAAAAA')).toBeTruthy();
    expect(screen.queryByText('RSO-CCCCCC')).toBeNull();
    expect(document.activeElement).toBe(search);
    expect((search as HTMLInputElement).value).toBe('tide ');
  });

  it('filters by the answer to a list question of the form', async () => {
    renderSection([
      listMock(BASE, ROWS),
      listMock({ ...BASE, answers: [{ slug: 'genre', value: 'Folk' }] }, ROWS.slice(1, 2)),
    ]);
    await screen.findByText('RSO-AAAAAA');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: key('filters.question') }));
    fireEvent.click(await screen.findByRole('option', { name: 'Genre' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: key('filters.answer') }));
    fireEvent.click(await screen.findByRole('option', { name: 'Folk' }));

    await waitFor(() => expect(address()).toContain('?question=genre&answer=Folk'));
    expect(await screen.findByText('RSO-BBBBBB')).toBeTruthy();
    expect(screen.queryByText('RSO-AAAAAA')).toBeNull();
  });

  it('says when nothing matches, and the reset clears the filters', async () => {
    renderSection([listMock({ ...BASE, min_rate: 4 }, []), listMock(BASE, ROWS)], '?min_rate=4');
    expect(await screen.findByText(key('noMatch'))).toBeTruthy();
    const resets = screen.getAllByRole('button', { name: key('filters.reset') });
    fireEvent.click(resets[resets.length - 1]!);
    expect(await screen.findByText('RSO-AAAAAA')).toBeTruthy();
    expect(address()).toBe('/opportunity/riverside-stage/dashboard');
  });

  it('accepts the chosen applications after saying how many applicants are emailed', async () => {
    const accepted = vi.fn(() => ({
      data: {
        changeApplicationStatus: ['a-1', 'a-2'].map((id) => ({
          __typename: 'Application',
          id,
          status: 'ACCEPTED',
          updated_at: '2026-05-03 09:00:00',
        })),
      },
    }));
    renderSection([
      listMock(BASE, ROWS),
      {
        request: {
          query: ChangeApplicationsStatusDocument,
          variables: { input: { ids: ['a-1', 'a-2'], status: 'ACCEPTED' } },
        },
        result: accepted,
      },
      listMock(BASE, ROWS),
    ]);
    await screen.findByText('RSO-AAAAAA');
    // The withdrawn one cannot be moved: it is left out, and the dialog says so.
    fireEvent.click(screen.getByRole('checkbox', { name: key('selectAll') }));
    const bar = screen.getByRole('region', { name: key('bulk.label') });
    expect(within(bar).getByText(key('bulk.selected'))).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: key('bulk.actions.ACCEPTED') }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(key('bulk.emailed'))).toBeTruthy();
    expect(within(dialog).getByText(key('bulk.skipped'))).toBeTruthy();
    expect(accepted).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: key('bulk.actions.ACCEPTED') }));

    await waitFor(() => expect(accepted).toHaveBeenCalledTimes(1));
    expect(await screen.findByText(key('bulk.done.ACCEPTED'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('region', { name: key('bulk.label') })).toBeNull();
  });

  it('offers reviewers neither bulk changes nor the export', async () => {
    const reviewer = makeOpportunity({
      viewerCan: { ...MANAGER, manage_applications: false, update: false },
    });
    renderSection([listMock(BASE, ROWS)], '', reviewer);
    await screen.findByText('RSO-AAAAAA');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: key('export.action') })).toBeNull();
    expect(screen.queryByRole('link', { name: key('editForm') })).toBeNull();
  });

  it('shows an empty list as such', async () => {
    renderSection([listMock(BASE, [])]);
    expect(await screen.findByText(key('empty'))).toBeTruthy();
    expect(screen.getByText(key('hint'))).toBeTruthy();
  });
});
