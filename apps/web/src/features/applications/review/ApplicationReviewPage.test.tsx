import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import {
  ReviewAddCommentDocument,
  ReviewApplicationDocument,
  ReviewChangeStatusDocument,
  ReviewCommentsDocument,
  ApplicationMessagesDocument,
  ReviewQueueDocument,
  ReviewRateApplicationDocument,
  type ApplicationStatus,
} from '../../../gql/graphql';
import { SnackbarProvider } from '../../../lib/snackbar';
import { ApplicationReviewPage } from '../pages/ApplicationReviewPage';

// Translations are not loaded in unit tests: texts show as their keys.

const key = (name: string) => `applications.review.${name}`;
const ALWAYS = Number.POSITIVE_INFINITY;

const ana = {
  __typename: 'User',
  id: 'u-ana',
  name: 'Ana Reviewer',
  avatar: null,
};

function standing(id: string, status: ApplicationStatus, more: Record<string, unknown> = {}) {
  return {
    __typename: 'Application',
    id,
    status,
    updated_at: '2026-05-02 10:00:00',
    rate: null,
    rating_count: 0,
    user_rate: null,
    reviews: [],
    history: [
      {
        __typename: 'ApplicationStatusChange',
        id: `h-${id}`,
        from_status: 'DRAFT',
        to_status: 'SUBMITTED',
        created_at: '2026-05-01 10:05:00',
        actor_name: 'Lena Cruz',
      },
    ],
    ...more,
  };
}

function application(id: string, code: string, more: Record<string, unknown> = {}) {
  return {
    ...standing(id, 'SUBMITTED'),
    code,
    payment_status: null,
    form_type: 'INDIVIDUAL',
    is_blind: false,
    name: 'Lena Cruz',
    artist_name: null,
    email: 'lena@example.com',
    address: 'Rua Nova 1, Lisbon',
    created_at: '2026-05-01 10:00:00',
    submitted_at: '2026-05-01 10:05:00',
    decided_at: null,
    elements: [
      {
        __typename: 'ApplicationElement',
        field_name: 'Full name',
        slug: 'full_name',
        type: 'text_field',
        subtype: null,
        value: 'Lena Cruz',
        files: [],
        child_elements: [],
      },
      {
        __typename: 'ApplicationElement',
        field_name: 'Why this stage?',
        slug: 'motivation',
        type: 'text_field',
        subtype: 'textarea',
        value: 'We wrote our first songs by the river.',
        files: [],
        child_elements: [],
      },
      {
        __typename: 'ApplicationElement',
        field_name: 'Demo',
        slug: 'demo',
        type: 'audio',
        subtype: null,
        value: ['f-1'],
        files: [
          {
            __typename: 'File',
            id: 'f-1',
            name: 'river-song.mp3',
            mime_type: 'audio/mpeg',
            size: 3_145_728,
            url: '/files/f-1',
          },
        ],
        child_elements: [],
      },
    ],
    viewer_can: {
      __typename: 'ApplicationViewerCan',
      rate: true,
      comment: true,
      change_status: true,
      message: true,
    },
    opportunity: {
      __typename: 'Opportunity',
      id: 'opp-1',
      slug: 'riverside-stage',
      title: 'Riverside Stage: open call',
      organisation: { __typename: 'Organisation', id: 'org-1', name: 'Harbour Lights Festival' },
      viewerCan: {
        __typename: 'OpportunityViewerCan',
        rate: true,
        comment: true,
        manage_applications: true,
      },
    },
    ...more,
  };
}

const page = (rows: Array<{ id: string; code: string }>) => ({
  __typename: 'PaginatorInfo',
  currentPage: 1,
  lastPage: 1,
  hasMorePages: false,
  total: rows.length,
  perPage: 50,
});

function applicationMock(subject: ReturnType<typeof application>): MockLink.MockedResponse {
  return {
    request: { query: ReviewApplicationDocument, variables: { id: subject.id } },
    result: { data: { viewApplication: subject } },
    maxUsageCount: ALWAYS,
  };
}

function sideMocks(id: string): MockLink.MockedResponse[] {
  return [
    {
      request: {
        query: ReviewCommentsDocument,
        variables: { id, is_comment: true, first: 50, page: 1 },
      },
      result: {
        data: {
          applicationComments: {
            __typename: 'ApplicationCommentPaginator',
            paginatorInfo: page([]),
            data: [],
          },
        },
      },
      maxUsageCount: ALWAYS,
    },
    {
      request: {
        query: ReviewCommentsDocument,
        variables: { id, is_comment: false, first: 50, page: 1 },
      },
      result: {
        data: {
          applicationComments: {
            __typename: 'ApplicationCommentPaginator',
            paginatorInfo: page([{ id: `n-${id}`, code: '' }]),
            data: [
              {
                __typename: 'ApplicationComment',
                id: `n-${id}`,
                content: 'Called the band: they can play both days.',
                created_at: '2026-05-02 10:00:00',
                is_comment: false,
                can_delete: false,
                user: null,
              },
            ],
          },
        },
      },
      maxUsageCount: ALWAYS,
    },
    {
      request: {
        query: ApplicationMessagesDocument,
        variables: { application: id, first: 20, page: 1 },
      },
      result: {
        data: {
          applicationMessages: {
            __typename: 'ApplicationMessagePaginator',
            paginatorInfo: page([{ id: 'm-1', code: '' }]),
            data: [
              {
                __typename: 'ApplicationMessage',
                id: `m-${id}`,
                message: 'Could you send a live recording?',
                status: 'SENT',
                created_at: '2026-05-02 09:00:00',
                seen_at: '2026-05-02 12:00:00',
                from_organisation: true,
                is_mine: false,
                sender_name: 'Harbour Lights Festival',
                sender_avatar: null,
              },
            ],
          },
        },
      },
      maxUsageCount: ALWAYS,
    },
  ];
}

const QUEUE = [
  { __typename: 'Application', id: 'a-1', code: 'RSO-AAAAAA' },
  { __typename: 'Application', id: 'a-2', code: 'RSO-BBBBBB' },
  { __typename: 'Application', id: 'a-3', code: 'RSO-CCCCCC' },
];

const queueMock: MockLink.MockedResponse = {
  request: {
    query: ReviewQueueDocument,
    variables: {
      id: 'opp-1',
      first: 50,
      page: 1,
      filters: { sort: 'created_at', asc: false, status: ['SUBMITTED'] },
    },
  },
  result: {
    data: {
      opportunityApplications: {
        __typename: 'OpportunityApplicationPaginator',
        paginatorInfo: {
          ...page(QUEUE),
          count: QUEUE.length,
          firstItem: 1,
          lastItem: QUEUE.length,
        },
        data: QUEUE,
      },
    },
  },
  maxUsageCount: ALWAYS,
};

function CurrentAddress() {
  const { pathname, search } = useLocation();
  return <p data-testid="address">{pathname + search}</p>;
}

function renderPage(mocks: MockLink.MockedResponse[], entry: string) {
  return render(
    <SnackbarProvider>
      <MockedProvider mocks={mocks}>
        <MemoryRouter initialEntries={[entry]}>
          <CurrentAddress />
          <Routes>
            <Route path="/application/:id/review" element={<ApplicationReviewPage />} />
          </Routes>
        </MemoryRouter>
      </MockedProvider>
    </SnackbarProvider>,
  );
}

const A2 = application('a-2', 'RSO-BBBBBB');
const A3 = application('a-3', 'RSO-CCCCCC', { name: 'Rui Costa' });
const ENTRY = '/application/a-2/review?status=SUBMITTED&at=1';
// The next application of the queue is read ahead.
const baseMocks = [applicationMock(A2), ...sideMocks('a-2'), queueMock, applicationMock(A3)];

/** Adding a comment (or a note) to a-2, as Ana, answered by the server. */
function addCommentMock(content: string, isComment: boolean) {
  const added = vi.fn(() => ({
    data: {
      addApplicationComment: {
        __typename: 'ApplicationComment',
        id: isComment ? 'c-new' : 'n-new',
        content,
        created_at: '2026-05-02 12:00:00',
        is_comment: isComment,
        can_delete: true,
        user: ana,
      },
    },
  }));
  const mock: MockLink.MockedResponse = {
    request: {
      query: ReviewAddCommentDocument,
      variables: { input: { application_id: 'a-2', content, is_comment: isComment } },
    },
    result: added,
  };
  return { added, mock };
}

describe('ApplicationReviewPage', () => {
  afterEach(cleanup);

  it('shows who applied, the answers with their files, and the thread with the organisation', async () => {
    renderPage(baseMocks, ENTRY);
    expect(await screen.findByRole('heading', { name: key('title'), level: 1 })).toBeTruthy();
    expect(screen.getByText('Lena Cruz')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'lena@example.com' })).toBeTruthy();
    expect(screen.getByText('We wrote our first songs by the river.')).toBeTruthy();
    expect(screen.getByRole('button', { name: key('files.downloadNamed') })).toBeTruthy();
    expect(screen.getByRole('button', { name: key('files.zip') })).toBeTruthy();
    expect(await screen.findByText('Could you send a live recording?')).toBeTruthy();
    expect(screen.getByText('Harbour Lights Festival')).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'nav.breadcrumb' });
    expect(
      within(crumbs)
        .getByRole('link', { name: key('dashboard') })
        .getAttribute('href'),
    ).toBe('/opportunity/riverside-stage/dashboard?status=SUBMITTED');
  });

  it('hides who applied under blind review', async () => {
    const blind = application('a-2', 'RSO-BBBBBB', {
      is_blind: true,
      name: null,
      email: null,
      address: null,
      elements: [],
      viewer_can: { ...A2.viewer_can, change_status: false, message: false },
    });
    renderPage(
      [applicationMock(blind), ...sideMocks('a-2'), queueMock, applicationMock(A3)],
      ENTRY,
    );
    expect(await screen.findByText(key('applicant.blind'))).toBeTruthy();
    expect(screen.getByText(key('hidden'))).toBeTruthy();
    expect(screen.queryByText('Lena Cruz')).toBeNull();
    expect(screen.queryByText(key('messages.title'))).toBeNull();
    expect(screen.queryByRole('button', { name: key('decision.actions.ACCEPTED') })).toBeNull();
  });

  it('rates with the viewer’s own stars', async () => {
    const rated = vi.fn(() => ({
      data: {
        rateApplication: standing('a-2', 'IN_REVIEW', {
          rate: 4,
          rating_count: 1,
          user_rate: 4,
          reviews: [
            {
              __typename: 'ApplicationReview',
              rate: 4,
              updated_at: '2026-05-02 11:00:00',
              user: ana,
            },
          ],
        }),
      },
    }));
    renderPage(
      [
        ...baseMocks,
        {
          request: {
            query: ReviewRateApplicationDocument,
            variables: { input: { application_id: 'a-2', rate: 4 } },
          },
          result: rated,
        },
      ],
      ENTRY,
    );
    const stars = await screen.findAllByRole('radio', { name: key('rating.stars') });
    const four = stars.find((star) => (star as HTMLInputElement).value === '4');
    fireEvent.click(four!);
    await waitFor(() => expect(rated).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Ana Reviewer')).toBeTruthy();
    expect(screen.getByRole('button', { name: key('rating.remove') })).toBeTruthy();
  });

  it('adds a comment to the team’s discussion', async () => {
    const { added, mock } = addCommentMock('Strong songwriting.', true);
    renderPage([...baseMocks, mock], ENTRY);
    expect(await screen.findByText(key('comments.empty'))).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: key('comments.add') }), {
      target: { value: '  Strong songwriting.  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: key('comments.submit') }));
    await waitFor(() => expect(added).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Strong songwriting.', { selector: 'p' })).toBeTruthy();
    expect(
      (screen.getByRole('textbox', { name: key('comments.add') }) as HTMLTextAreaElement).value,
    ).toBe('');
    expect(screen.getByRole('button', { name: key('comments.delete') })).toBeTruthy();
  });

  it('keeps notes with the record apart from the comments', async () => {
    const { added, mock } = addCommentMock('Fee agreed by phone.', false);
    renderPage([...baseMocks, mock], ENTRY);
    expect(await screen.findByText('Called the band: they can play both days.')).toBeTruthy();
    expect(screen.getByText(key('notes.count'))).toBeTruthy();
    expect(await screen.findByText(key('comments.empty'))).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: key('notes.add') }), {
      target: { value: 'Fee agreed by phone.' },
    });
    fireEvent.click(screen.getByRole('button', { name: key('notes.submit') }));
    await waitFor(() => expect(added).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Fee agreed by phone.', { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('button', { name: key('notes.delete') })).toBeTruthy();
    expect(screen.queryByRole('button', { name: key('comments.delete') })).toBeNull();
  });

  it('accepts the application once the manager confirms', async () => {
    const changed = vi.fn(() => ({
      data: {
        changeApplicationStatus: [
          standing('a-2', 'ACCEPTED', {
            history: [
              ...A2.history,
              {
                __typename: 'ApplicationStatusChange',
                id: 'h-accept',
                from_status: 'SUBMITTED',
                to_status: 'ACCEPTED',
                created_at: '2026-05-03 09:00:00',
                actor_name: 'Ana Reviewer',
              },
            ],
          }),
        ],
      },
    }));
    renderPage(
      [
        ...baseMocks,
        {
          request: {
            query: ReviewChangeStatusDocument,
            variables: { input: { ids: ['a-2'], status: 'ACCEPTED' } },
          },
          result: changed,
        },
      ],
      ENTRY,
    );
    fireEvent.click(await screen.findByRole('button', { name: key('decision.actions.ACCEPTED') }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(key('decision.emailed'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: key('decision.actions.ACCEPTED') }));
    await waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    expect(await screen.findByText(key('decision.done.ACCEPTED'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Accepted: accepting again is no choice; declining still is.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: key('decision.actions.ACCEPTED') })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: key('decision.actions.DECLINED') })).toBeTruthy();
    // The status, in the applicant's card, the decision panel and the history.
    expect(screen.getAllByText('applications.status.ACCEPTED')).toHaveLength(3);
  });

  it('moves to the next and the previous application of the queue', async () => {
    renderPage(
      [
        ...baseMocks,
        ...sideMocks('a-3'),
        applicationMock(application('a-1', 'RSO-AAAAAA')),
        ...sideMocks('a-1'),
      ],
      ENTRY,
    );
    expect(await screen.findByText(key('queue.position'))).toBeTruthy();
    const next = screen.getByRole('button', { name: key('queue.next') });
    await waitFor(() => expect(next.hasAttribute('disabled')).toBe(false));
    fireEvent.click(next);
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe(
        '/application/a-3/review?status=SUBMITTED&at=2',
      ),
    );
    expect(await screen.findByText('Rui Costa')).toBeTruthy();
    // The last one: nothing after it.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: key('queue.next') }).hasAttribute('disabled')).toBe(
        true,
      ),
    );

    // k goes back, twice: to the first of the queue. A key pressed outside React's act() moves
    // on as a browser would, in a transition.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', bubbles: true }));
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe(
        '/application/a-2/review?status=SUBMITTED&at=1',
      ),
    );
    await screen.findByText('Lena Cruz');
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: key('queue.previous') }).hasAttribute('disabled'),
      ).toBe(false),
    );
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', bubbles: true }));
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe(
        '/application/a-1/review?status=SUBMITTED&at=0',
      ),
    );
    expect(await screen.findByRole('heading', { name: key('title'), level: 1 })).toBeTruthy();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('says when the application is not there for the viewer', async () => {
    renderPage(
      [
        {
          request: { query: ReviewApplicationDocument, variables: { id: 'nope' } },
          result: {
            errors: [
              {
                message: 'Not found.',
                extensions: { category: 'not-found', code: 'NOT_FOUND' },
              },
            ],
          },
        },
      ],
      '/application/nope/review',
    );
    expect(await screen.findByText(key('notFound'))).toBeTruthy();
  });
});
