import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import type { i18n } from 'i18next';
import { tokenRefresher } from '../../../app/session/session-manager';
import { RefundOpportunityPaymentDocument } from '../../../gql/graphql';
import { PaymentsSection } from './PaymentsSection';
import {
  SLUG,
  englishI18n,
  euros,
  paymentRow,
  paymentsMock,
  renderWith,
  setViewportWidth,
  validationError,
} from './payments-test-data';

// Rendering MUI and running axe over it in jsdom is slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

let english: i18n;

beforeAll(async () => {
  english = await englishI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ANA = paymentRow();
const BEN = paymentRow({
  payment_id: 'p-2',
  application_id: 'a-2',
  name: 'Ben Okafor',
  amount: euros(1250),
  coupon: 'EARLY50',
  discount: euros(1250),
  discount_percent: 50,
  refund_status: 'REQUESTED',
});
const CARLA = paymentRow({
  payment_id: 'p-3',
  application_id: 'a-3',
  name: 'Carla Pires',
  status: 'REFUNDED',
  refunded: euros(2500),
  refund_status: 'SUCCEEDED',
});

function renderSection(mocks: Parameters<typeof renderWith>[2]) {
  return renderWith(english, <PaymentsSection slug={SLUG} />, mocks);
}

describe('PaymentsSection', () => {
  it('lists the payments as a table on a wide screen, with translated statuses', async () => {
    setViewportWidth(1400);
    const { container } = renderSection([paymentsMock([ANA, BEN, CARLA])]);
    const table = await screen.findByRole('table', { name: 'Payments' });
    // Rows of placeholders first, then the payments.
    const ben = await within(table).findByRole('row', { name: /Ben Okafor/ });
    expect(within(ben).getByText('€12.50')).toBeTruthy();
    expect(within(ben).getByText('EARLY50')).toBeTruthy();
    expect(within(ben).getByText('€12.50 off (50%)')).toBeTruthy();
    expect(within(ben).getByText('Paid')).toBeTruthy();
    expect(within(ben).getByText('Requested')).toBeTruthy();
    const carla = within(table).getByRole('row', { name: /Carla Pires/ });
    // The payment's status and its refund request's, both done.
    expect(within(carla).getAllByText('Refunded')).toHaveLength(2);
    expect(within(carla).getByText('€25.00 refunded')).toBeTruthy();
    // Nothing is left to give back to Carla.
    expect(within(carla).queryByRole('button', { name: /Refund/ })).toBeNull();
    expect(within(ben).getByRole('button', { name: 'Refund Ben Okafor' })).toBeTruthy();
    const receipt = within(ben).getByRole('link', { name: "Receipt of Ben Okafor's payment" });
    expect(receipt.getAttribute('href')).toBe('/receipt/tok-1');
    expect(screen.getByText('3 payments')).toBeTruthy();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it('shows cards on a phone, with a sort of its own instead of the headers', async () => {
    setViewportWidth(390);
    const { container } = renderSection([
      paymentsMock([ANA, BEN]),
      paymentsMock([BEN, ANA], { filters: { sort: 'CREATED_AT', asc: true } }),
    ]);
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(cards[1] as HTMLElement).getByText('€12.50 off (50%)')).toBeTruthy();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Descending order: switch to ascending' }));
    await waitFor(() => {
      const names = screen
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent);
      expect(names).toEqual(['Ben Okafor', 'Ana Lima']);
    });
  });

  it('sorts by a clicked header, largest amount first, then the other way round', async () => {
    setViewportWidth(1400);
    renderSection([
      paymentsMock([ANA, BEN]),
      paymentsMock([ANA, BEN], { filters: { sort: 'AMOUNT', asc: false } }),
      paymentsMock([BEN, ANA], { filters: { sort: 'AMOUNT', asc: true } }),
    ]);
    await screen.findByRole('table', { name: 'Payments' });
    fireEvent.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Amount/ }).getAttribute('aria-sort')).toBe(
        'descending',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: /Amount/ }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Amount/ }).getAttribute('aria-sort')).toBe(
        'ascending',
      ),
    );
    await waitFor(() => {
      const rows = screen.getAllByRole('row').slice(1);
      expect(rows[0]?.textContent).toContain('Ben Okafor');
    });
  });

  it('pages ten at a time', async () => {
    setViewportWidth(1400);
    const second = paymentRow({ payment_id: 'p-11', application_id: 'a-11', name: 'Kai Sato' });
    renderSection([
      paymentsMock([ANA, BEN], { total: 12 }),
      paymentsMock([second], { page: 2, total: 12 }),
    ]);
    expect(await screen.findByText('1–2 of 12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Kai Sato')).toBeTruthy();
    expect(screen.getByText('11–11 of 12')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 2, current page' })).toBeTruthy();
  });

  it('filters by a search once typing pauses, a status and refunded only', async () => {
    setViewportWidth(1400);
    renderSection([
      paymentsMock([ANA, BEN, CARLA]),
      paymentsMock([BEN], { filters: { sort: 'CREATED_AT', asc: false, q: 'ben' } }),
      paymentsMock([], {
        filters: { sort: 'CREATED_AT', asc: false, q: 'ben', refunded: true },
      }),
    ]);
    await screen.findByText('Carla Pires');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), {
      target: { value: ' ben ' },
    });
    // Asked once, after the pause, not once a keystroke.
    expect(screen.getByText('Carla Pires')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Carla Pires')).toBeNull(), { timeout: 2000 });
    expect(screen.getByText('Ben Okafor')).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: 'Refunded only' }));
    expect(await screen.findByText('No payments match these filters')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Clear filters' }).length).toBeGreaterThan(0);
  });

  it('says when there are no payments yet', async () => {
    renderSection([paymentsMock([])]);
    expect(await screen.findByText('No payments yet')).toBeTruthy();
    expect(screen.getByText("Applicants' fees appear here once they pay.")).toBeTruthy();
  });

  it('shows a load error with a retry', async () => {
    renderSection([paymentsMock(new Error('Network down')), paymentsMock([ANA])]);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ana Lima')).toBeTruthy();
  });

  it('downloads the list as filtered on screen, under the name the server gives', async () => {
    setViewportWidth(1400);
    vi.spyOn(tokenRefresher, 'getValidAccessToken').mockResolvedValue('token-1');
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
      new Response('name,amount\n', {
        headers: { 'content-disposition': `attachment; filename="payments-${SLUG}.csv"` },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    // jsdom has no object URLs.
    Object.defineProperty(URL, 'createObjectURL', { value: () => 'blob:csv', configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: () => {}, configurable: true });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderSection([
      paymentsMock([ANA, CARLA]),
      paymentsMock([CARLA], { filters: { sort: 'CREATED_AT', asc: false, refunded: true } }),
    ]);
    await screen.findByText('Carla Pires');
    fireEvent.click(screen.getByRole('switch', { name: 'Refunded only' }));
    await waitFor(() => expect(screen.queryByText('Ana Lima')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual([`payments-${SLUG}.csv`]));
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/opportunities/${SLUG}/payments.csv?refunded=true&sort=CREATED_AT&asc=false`,
      expect.objectContaining({ headers: { Authorization: 'Bearer token-1' } }),
    );
  });
});

describe('RefundDialog', () => {
  async function openRefund(mocks: Parameters<typeof renderWith>[2]) {
    setViewportWidth(1400);
    renderSection([paymentsMock([ANA]), ...mocks]);
    fireEvent.click(await screen.findByRole('button', { name: 'Refund Ana Lima' }));
    return screen.getByRole('dialog', { name: 'Refund Ana Lima' });
  }

  it('refunds all that is left by default', async () => {
    const dialog = await openRefund([
      {
        request: { query: RefundOpportunityPaymentDocument, variables: { id: 'a-1' } },
        result: {
          data: {
            refundApplication: {
              __typename: 'PaymentInfo',
              id: 'p-1',
              refunded: euros(2500),
              refundable: euros(0),
            },
          },
        },
      },
      paymentsMock([{ ...ANA, status: 'REFUNDED', refunded: euros(2500) }]),
    ]);
    expect(within(dialog).getByRole('radio', { name: 'All that is left (€25.00)' })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Refund Ana Lima' })).toBeNull(),
    );
  });

  it('refuses more than is left before sending, then sends a partial amount in cents', async () => {
    const dialog = await openRefund([
      {
        request: {
          query: RefundOpportunityPaymentDocument,
          variables: { id: 'a-1', amount: 1050 },
        },
        result: {
          data: {
            refundApplication: {
              __typename: 'PaymentInfo',
              id: 'p-1',
              refunded: euros(1050),
              refundable: euros(1450),
            },
          },
        },
      },
      paymentsMock([{ ...ANA, refunded: euros(1050) }]),
    ]);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Part of it' }));
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    fireEvent.change(amount, { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText('At most €25.00 can be given back.')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    // Nothing answers 30 euros here: had it been sent, the dialog would show the failure.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(within(dialog).queryByRole('alert')).toBeNull();

    fireEvent.change(amount, { target: { value: 'ten' } });
    expect(within(dialog).getByText('Enter an amount in figures, such as 12.50.')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '10,50' } });
    expect(within(dialog).queryByText(/Enter an amount/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('€10.50 refunded')).toBeTruthy();
  });

  it("shows the server's refusal of the amount under the field", async () => {
    const message = 'The processor refuses refunds below €1.00.';
    const dialog = await openRefund([
      {
        request: {
          query: RefundOpportunityPaymentDocument,
          variables: { id: 'a-1', amount: 50 },
        },
        result: { errors: [validationError('amount', message)] },
      },
    ]);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Part of it' }));
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    fireEvent.change(amount, { target: { value: '0.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    const shown = await within(dialog).findByText(message);
    expect(amount.getAttribute('aria-describedby')).toContain(shown.id);
    await waitFor(() => expect(document.activeElement).toBe(amount));
  });
});
