import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import axe from 'axe-core';
import i18next, { type i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import common from '../../../../public/locales/en/common.json';
import pages from '../../../../public/locales/en/pages.json';
import {
  ApplicationMessagesDocument,
  ApplicationStatusDocument,
  SendApplicationMessageDocument,
  ViewApplicationDocument,
  WithdrawApplicationDocument,
} from '../../../gql/graphql';
import { SnackbarProvider } from '../../../lib/snackbar';
import {
  APPLICANT_CAN,
  makeApplication,
  makeMessage,
  messagePageInfo,
  statusChange,
  type Mock,
  type MockMessage,
} from '../test-data';
import { ApplicationViewPage } from './ApplicationViewPage';

let english: i18n;

beforeAll(async () => {
  english = i18next.createInstance();
  await english.init({
    lng: 'en',
    ns: ['common', 'pages'],
    defaultNS: 'common',
    resources: { en: { common, pages } },
    interpolation: { escapeValue: false },
  });
});

function renderView(mocks: Mock[]) {
  return render(
    <I18nextProvider i18n={english}>
      <SnackbarProvider>
        <MockedProvider mocks={mocks}>
          <MemoryRouter initialEntries={['/application/app-1']}>
            <Routes>
              <Route path="/application/:id" element={<ApplicationViewPage />} />
            </Routes>
          </MemoryRouter>
        </MockedProvider>
      </SnackbarProvider>
    </I18nextProvider>,
  );
}

const HISTORY = [
  statusChange('h-1', null, 'DRAFT', '2027-04-01 10:00:00', 'Ana Silva'),
  statusChange('h-2', 'DRAFT', 'SUBMITTED', '2027-04-02 10:00:00', 'Ana Silva'),
  statusChange('h-3', 'SUBMITTED', 'IN_REVIEW', '2027-04-05 16:20:00', 'Marta Reis'),
];

function statusMock(history = HISTORY, status = 'IN_REVIEW'): Mock {
  return {
    request: { query: ApplicationStatusDocument, variables: { id: 'app-1' } },
    result: {
      data: {
        applicationStatus: {
          __typename: 'ApplicationStatusInfo',
          id: 'app-1',
          status,
          payment_status: null,
          history,
        },
      },
    },
  };
}

function messagesMock(
  page: number,
  messages: MockMessage[],
  lastPage: number,
  total: number,
): Mock {
  return {
    request: {
      query: ApplicationMessagesDocument,
      variables: { application: 'app-1', first: 20, page },
    },
    result: {
      data: {
        applicationMessages: {
          __typename: 'ApplicationMessagePaginator',
          paginatorInfo: messagePageInfo(page, lastPage, total),
          data: messages,
        },
      },
    },
  };
}

const fromOrganisation = makeMessage({
  id: 'm-2',
  message: 'Could you send a longer demo?',
  from_organisation: true,
  is_mine: false,
  sender_name: 'Harbour Lights Festival',
  sender_avatar: '/files/logo-1/thumb',
  status: 'SENT',
  created_at: '2027-04-06 09:00:00',
});
const mine = makeMessage({
  id: 'm-3',
  message: 'Of course, here it is.',
  created_at: '2027-04-06 11:00:00',
  status: 'PENDING',
});
const olderMine = makeMessage({
  id: 'm-1',
  message: 'Is there parking at the venue?',
  created_at: '2027-04-03 08:00:00',
  status: 'SENT',
  seen_at: '2027-04-03 12:00:00',
});

const viewMock: Mock = {
  request: { query: ViewApplicationDocument, variables: { id: 'app-1' } },
  result: { data: { viewApplication: makeApplication({ status: 'IN_REVIEW' }) } },
};

describe('ApplicationViewPage', () => {
  afterEach(cleanup);

  it('shows where the application stands, how it got there, the answers and the messages', async () => {
    const { container } = renderView([
      viewMock,
      statusMock(),
      messagesMock(1, [fromOrganisation, mine], 2, 3),
      messagesMock(2, [olderMine], 2, 3),
    ]);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Your application to Riverside Stage: open call',
      }),
    ).toBeTruthy();

    const history = screen.getByRole('region', { name: 'Status history' });
    const steps = await within(history).findAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringMatching(/^Draft.*by Ana Silva$/),
      expect.stringMatching(/^Submitted.*by Ana Silva$/),
      expect.stringMatching(/^In review.*by Marta Reis$/),
    ]);

    const answers = screen.getByRole('region', { name: 'Your answers' });
    expect(within(answers).getByText('Fado with a loop pedal.')).toBeTruthy();
    expect(
      within(answers).getByRole('link', { name: 'ana@example.com' }).getAttribute('href'),
    ).toBe('mailto:ana@example.com');
    expect(within(answers).getByRole('button', { name: 'Download demo.mp3' })).toBeTruthy();
    expect(within(answers).getByRole('button', { name: 'Play demo.mp3' })).toBeTruthy();

    const thread = screen.getByRole('region', { name: 'Messages with the organisers' });
    const list = await within(thread).findByRole('list', { name: 'Messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Harbour Lights Festival')).toBeTruthy();
    expect(items[0]!.querySelector('img')?.getAttribute('src')).toBe('/files/logo-1/thumb');
    expect(within(items[0]!).queryByText(/Pending|Sent:/)).toBeNull();
    expect(within(items[1]!).getByText('You')).toBeTruthy();
    expect(within(items[1]!).getByText(/Pending: not read yet/)).toBeTruthy();

    fireEvent.click(within(thread).getByRole('button', { name: 'Show older messages' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toMatch(
      /Is there parking at the venue\?.*Sent: read/,
    );
    expect(within(thread).queryByRole('button', { name: 'Show older messages' })).toBeNull();

    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName[1]));
    levels
      .slice(1)
      .forEach((level, index) => expect(level).toBeLessThanOrEqual(levels[index]! + 1));
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  }, 20_000);

  it('sends a message and shows the conversation again', async () => {
    const sent = makeMessage({ id: 'm-4', message: 'Thanks!', created_at: '2027-04-07 10:00:00' });
    renderView([
      viewMock,
      statusMock(),
      messagesMock(1, [fromOrganisation], 1, 1),
      {
        request: {
          query: SendApplicationMessageDocument,
          variables: { input: { application_id: 'app-1', message: 'Thanks!' } },
        },
        result: { data: { sendApplicationMessage: sent } },
      },
      messagesMock(1, [fromOrganisation, sent], 1, 2),
    ]);
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write something before you send the message.')).toBeTruthy();

    fireEvent.change(box, { target: { value: 'Thanks!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const list = await screen.findByRole('list', { name: 'Messages' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getByText('Thanks!')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('asks before withdrawing, and withdraws only once confirmed', async () => {
    const withdrawn = makeApplication({
      status: 'WITHDRAWN',
      viewer_can: { ...APPLICANT_CAN, edit: false, withdraw: false },
    });
    renderView([
      viewMock,
      statusMock(),
      messagesMock(1, [], 1, 0),
      {
        request: { query: WithdrawApplicationDocument, variables: { id: 'app-1' } },
        result: { data: { withdrawApplication: withdrawn } },
      },
      statusMock(
        [
          ...HISTORY,
          statusChange('h-4', 'IN_REVIEW', 'WITHDRAWN', '2027-04-08 10:00:00', 'Ana Silva'),
        ],
        'WITHDRAWN',
      ),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw application' }));
    let dialog = await screen.findByRole('dialog', { name: 'Withdraw your application?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my application' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByText('In review').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw application' }));
    dialog = await screen.findByRole('dialog', { name: 'Withdraw your application?' });
    expect(
      within(dialog).getByText(/Riverside Stage: open call will no longer consider it/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const history = screen.getByRole('region', { name: 'Status history' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(4));
    expect(screen.queryByRole('button', { name: 'Withdraw application' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit answers' })).toBeNull();
    expect(await screen.findByText('Your application is withdrawn.')).toBeTruthy();
  });

  it('says so when the application is not there', async () => {
    renderView([
      {
        request: { query: ViewApplicationDocument, variables: { id: 'app-1' } },
        result: {
          errors: [{ message: 'Application not found.', extensions: { category: 'not-found' } }],
        },
      },
      statusMock(),
    ]);
    expect(await screen.findByText('This application was not found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to my applications' }).getAttribute('href')).toBe(
      '/applications',
    );
  });
});
