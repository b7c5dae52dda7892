import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { SnackbarProvider } from '../../../lib/snackbar';
import {
  APPLICATION_ID,
  cancelMock,
  money,
  paymentInfo,
  refund,
  refundApplication,
  refundQueryMock,
  refundRequest,
  requestRefundMock,
  requestRefundRefusal,
} from './refund-test-data';
import { RefundSection } from './RefundSection';

// Translations are not loaded in unit tests: texts show as their keys.
const R = 'applications.refund';

function renderSection(mocks: MockLink.MockedResponse[]) {
  return render(
    <SnackbarProvider>
      <MockedProvider mocks={mocks}>
        <RefundSection applicationId={APPLICATION_ID} />
      </MockedProvider>
    </SnackbarProvider>,
  );
}

async function openForm() {
  fireEvent.click(await screen.findByRole('button', { name: `${R}.ask` }));
  return screen.findByRole('dialog', { name: `${R}.form.title` });
}

// Dialogs and menus take a while to open on a busy machine.
describe('RefundSection', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('says the fee is held until after the event and offers to ask for a refund', async () => {
    renderSection([refundQueryMock(refundApplication())]);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByText(`${R}.heldUntil`)).toBeTruthy();
    expect(screen.getByRole('button', { name: `${R}.ask` })).toBeTruthy();
    expect(screen.queryByRole('list', { name: `${R}.timelineLabel` })).toBeNull();
  });

  it('says the fee is held until after the event while the event has no date yet', async () => {
    renderSection([
      refundQueryMock(refundApplication({ payment_info: paymentInfo({ held_until: null }) })),
    ]);
    expect(await screen.findByText(`${R}.heldUntilEvent`)).toBeTruthy();
    expect(screen.queryByText(`${R}.heldUntil`)).toBeNull();
  });

  it('asks for words of one’s own when the reason is "other", and sends nothing without them', async () => {
    renderSection([refundQueryMock(refundApplication())]);
    const dialog = await openForm();
    fireEvent.click(within(dialog).getByRole('radio', { name: `${R}.reasons.OTHER` }));
    fireEvent.click(within(dialog).getByRole('button', { name: `${R}.form.submit` }));
    expect(within(dialog).getByText(`${R}.form.messageRequired`)).toBeTruthy();
    // No answer is mocked for the mutation: had it been sent, the dialog would show its error.
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog', { name: `${R}.form.title` })).toBeTruthy();
  });

  it('sends the reason and the message, then shows the request where it stands', async () => {
    const asked = refundApplication({
      can_request_refund: false,
      refund_request: refundRequest({ reason: 'OTHER', message: 'The line-up changed.' }),
    });
    renderSection([
      refundQueryMock(refundApplication()),
      requestRefundMock('OTHER', 'The line-up changed.', asked),
    ]);
    const dialog = await openForm();
    fireEvent.click(within(dialog).getByRole('radio', { name: `${R}.reasons.OTHER` }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: `${R}.form.message` }), {
      target: { value: '  The line-up changed. ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: `${R}.form.submit` }));

    expect(await screen.findByText(`${R}.request.title`)).toBeTruthy();
    expect(screen.getByText('The line-up changed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: `${R}.ask` })).toBeNull();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: `${R}.form.title` })).toBeNull(),
    );
  });

  it("shows the server's message on the field it names", async () => {
    renderSection([
      refundQueryMock(refundApplication()),
      requestRefundRefusal('CANT_ATTEND', null, {
        reason: ['A refund cannot be asked for once the event has happened.'],
      }),
    ]);
    const dialog = await openForm();
    fireEvent.click(within(dialog).getByRole('radio', { name: `${R}.reasons.CANT_ATTEND` }));
    fireEvent.click(within(dialog).getByRole('button', { name: `${R}.form.submit` }));
    expect(
      await within(dialog).findByText('A refund cannot be asked for once the event has happened.'),
    ).toBeTruthy();
  });

  it('lists the steps taken, with the team’s note, then the steps still to come', async () => {
    renderSection([
      refundQueryMock(
        refundApplication({
          can_request_refund: false,
          refund_request: refundRequest({
            status: 'APPROVED',
            can_cancel: false,
            decision_note: 'Sorry to miss you.',
            timeline: [
              { __typename: 'RefundRequestStep', status: 'REQUESTED', at: '2027-04-03 09:00:00' },
              { __typename: 'RefundRequestStep', status: 'APPROVED', at: '2027-04-04 12:00:00' },
            ],
          }),
        }),
      ),
    ]);
    const timeline = await screen.findByRole('list', { name: `${R}.timelineLabel` });
    const steps = within(timeline)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(steps).toHaveLength(4);
    // The steps taken carry their time; those to come say they are still to come.
    expect(steps[0]).toMatch(new RegExp(`^${R}\\.steps\\.REQUESTED.*2027`));
    expect(steps[1]).toMatch(new RegExp(`^${R}\\.steps\\.APPROVED.*2027`));
    expect(steps.slice(2)).toEqual([
      `${R}.next.PROCESSING${R}.next.pending`,
      `${R}.next.SUCCEEDED${R}.next.pending`,
    ]);
    expect(screen.getByText(`${R}.status.APPROVED`)).toBeTruthy();
    expect(screen.getByText(`${R}.request.note`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: `${R}.cancel.button` })).toBeNull();
  });

  it('offers to cancel an open request, and cancels it once confirmed', async () => {
    const open = refundApplication({ can_request_refund: false, refund_request: refundRequest() });
    const canceled = refundApplication({
      can_request_refund: true,
      refund_request: refundRequest({
        status: 'CANCELED',
        can_cancel: false,
        timeline: [
          { __typename: 'RefundRequestStep', status: 'REQUESTED', at: '2027-04-03 09:00:00' },
          { __typename: 'RefundRequestStep', status: 'CANCELED', at: '2027-04-03 10:00:00' },
        ],
      }),
    });
    renderSection([refundQueryMock(open), cancelMock(canceled)]);

    fireEvent.click(await screen.findByRole('button', { name: `${R}.cancel.button` }));
    const dialog = await screen.findByRole('dialog', { name: `${R}.cancel.title` });
    fireEvent.click(within(dialog).getByRole('button', { name: `${R}.cancel.confirm` }));

    expect(await screen.findByText(`${R}.status.CANCELED`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: `${R}.cancel.button` })).toBeNull();
    expect(screen.getByRole('button', { name: `${R}.ask` })).toBeTruthy();
  });

  it('shows what was given back, the automatic refund said to be so, and a failure with its reason', async () => {
    renderSection([
      refundQueryMock(
        refundApplication({
          can_request_refund: false,
          payment_info: paymentInfo({
            status: 'REFUNDED',
            refunded: money(5000),
            refundable: money(0),
            refunds: [
              refund({ id: 're-1', automatic: true, amount: money(5000) }),
              refund({
                id: 're-2',
                status: 'FAILED',
                succeeded_at: null,
                failure_reason: 'The card was closed.',
              }),
            ],
          }),
        }),
      ),
    ]);
    expect(await screen.findByText(`${R}.totalRefunded`)).toBeTruthy();
    const lines = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(lines).toEqual([`${R}.line.SUCCEEDED · ${R}.automatic`, `${R}.line.FAILED`]);
    // Given back in full: nothing is held any more.
    expect(screen.queryByText(`${R}.heldUntil`)).toBeNull();
  });

  it('shows nothing at all when there is nothing to say', async () => {
    const { container } = renderSection([
      refundQueryMock(
        refundApplication({
          can_request_refund: false,
          // Free with a coupon: nothing was paid by card, so nothing is held or given back.
          payment_info: paymentInfo({
            method: 'FREE_COUPON',
            held_until: null,
            total: money(0),
            refundable: money(0),
          }),
        }),
      ),
    ]);
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
