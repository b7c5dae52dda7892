import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { GraphQLError } from 'graphql';
import type { i18n } from 'i18next';
import {
  ApproveOpportunityRefundRequestDocument,
  DeclineOpportunityRefundRequestDocument,
} from '../../../gql/graphql';
import { RefundRequestsSection } from './RefundRequestsSection';
import {
  SLUG,
  englishI18n,
  refundRequest,
  refundRequestsMock,
  renderWith,
} from './payments-test-data';

// Rendering MUI and running axe over it in jsdom is slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

let english: i18n;

beforeAll(async () => {
  english = await englishI18n();
});

afterEach(cleanup);

const OPEN = refundRequest();
const DONE = refundRequest({
  id: 'r-2',
  status: 'DECLINED',
  reason: 'OTHER',
  message: null,
  decision_note: 'The fee covers the jury, sorry.',
  can_decide: false,
  application: {
    __typename: 'Application',
    id: 'a-2',
    code: 'RSO-BBBBBB',
    name: 'Ben Okafor',
    artist_name: null,
  },
});

function renderSection(mocks: Parameters<typeof renderWith>[2]) {
  return renderWith(english, <RefundRequestsSection slug={SLUG} />, mocks);
}

describe('RefundRequestsSection', () => {
  it('lists the requests with the reason in words, and asks for a decision on open ones only', async () => {
    const { container } = renderSection([refundRequestsMock([OPEN, DONE])]);
    const [open, done] = (await screen.findAllByRole('listitem')) as [HTMLElement, HTMLElement];
    expect(within(open).getByText('The Tidewater Band')).toBeTruthy();
    expect(within(open).getByText('Cannot attend')).toBeTruthy();
    expect(within(open).getByText('I broke my wrist, sorry.')).toBeTruthy();
    expect(within(open).getByText('€25.00')).toBeTruthy();
    expect(within(open).getByText('Requested')).toBeTruthy();
    expect(
      within(open).getByRole('button', {
        name: 'Approve the refund request of The Tidewater Band',
      }),
    ).toBeTruthy();
    expect(within(done).getByText('Another reason')).toBeTruthy();
    expect(within(done).getByText('Declined')).toBeTruthy();
    expect(within(done).getByText('The fee covers the jury, sorry.')).toBeTruthy();
    expect(within(done).queryByRole('button')).toBeNull();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it('approves with the note to the applicant, then shows the list again', async () => {
    const note = 'Get well soon, see you next year!';
    renderSection([
      refundRequestsMock([OPEN]),
      {
        request: {
          query: ApproveOpportunityRefundRequestDocument,
          variables: { id: OPEN.id, note },
        },
        result: {
          data: {
            approveRefundRequest: {
              ...OPEN,
              status: 'APPROVED',
              decision_note: note,
              can_decide: false,
            },
          },
        },
      },
      refundRequestsMock([
        { ...OPEN, status: 'PROCESSING', decision_note: note, can_decide: false },
      ]),
    ]);
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Approve the refund request of The Tidewater Band',
      }),
    );
    const dialog = screen.getByRole('dialog', {
      name: 'Approve the refund request of The Tidewater Band',
    });
    expect(within(dialog).getByText(/€25\.00 goes back to The Tidewater Band/)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Note to the applicant/ }), {
      target: { value: `  ${note} ` },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Processing')).toBeTruthy();
    expect(screen.getByText(note)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('declines without a note, and shows a refusal in the dialog', async () => {
    renderSection([
      refundRequestsMock([OPEN]),
      {
        request: { query: DeclineOpportunityRefundRequestDocument, variables: { id: OPEN.id } },
        result: {
          errors: [
            new GraphQLError('Already decided.', {
              extensions: { category: 'bad-request', debugMessage: 'This request was withdrawn.' },
            }),
          ],
        },
      },
    ]);
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Decline the refund request of The Tidewater Band',
      }),
    );
    const dialog = screen.getByRole('dialog', {
      name: 'Decline the refund request of The Tidewater Band',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('This request was withdrawn.')).toBeTruthy();
  });

  it('pages ten at a time', async () => {
    const later = refundRequest({ id: 'r-11', message: 'Page two' });
    renderSection([
      refundRequestsMock([OPEN], { total: 11 }),
      refundRequestsMock([later], { page: 2, total: 11 }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Page two')).toBeTruthy();
    expect(screen.getByText('11–11 of 11')).toBeTruthy();
  });

  it('says when nobody asked, and shows a load error with a retry', async () => {
    renderSection([refundRequestsMock(new Error('Network down')), refundRequestsMock([])]);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No refund requests.')).toBeTruthy();
  });
});
