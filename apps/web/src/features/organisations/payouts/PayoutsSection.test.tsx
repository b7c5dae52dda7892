import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatMoney } from '../../../lib/format';
import {
  balance,
  balanceAnswer,
  createPayoutAnswer,
  ORGANISATION_ID,
  payout,
  payoutsAnswer,
  renderPart,
  scheduleAnswer,
} from './payout-test-data';
import { useOrganisationBalance } from './payout-parts';
import { PayoutsSection } from './PayoutsSection';

// Translations are not loaded in unit tests: texts show as their keys.
const P = 'app.organisations.payouts';

function Payouts() {
  const query = useOrganisationBalance(ORGANISATION_ID, 0);
  return <PayoutsSection organisationId={ORGANISATION_ID} balanceQuery={query} />;
}

const renderPayouts = (responses: Parameters<typeof renderPart>[1]) =>
  renderPart(<Payouts />, responses);

// Dialogs and menus take a while to open on a busy machine.
describe('PayoutsSection', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('lists payouts with their status, who started them, and why a failed one came back', async () => {
    renderPayouts([
      balanceAnswer(),
      payoutsAnswer([
        payout({
          id: 'po-2',
          status: 'FAILED',
          automatic: false,
          created_by: { __typename: 'User', id: 'u-1', name: 'Rita Sousa' },
          failure_code: 'account_closed',
          failure_message: 'The bank account has been closed.',
        }),
        payout(),
      ]),
    ]);
    const history = await screen.findByRole('list', { name: `${P}.list.title` });
    const [failed, paid] = within(history).getAllByRole('listitem');
    expect(within(failed!).getByText(`${P}.status.FAILED`)).toBeTruthy();
    expect(failed!.textContent).toContain(`${P}.list.by`);
    expect(within(failed!).getByRole('alert').textContent).toBe(`${P}.list.failed`);
    expect(within(paid!).getByText(`${P}.status.PAID`)).toBeTruthy();
    expect(paid!.textContent).toContain(`${P}.list.automatic`);
    expect(paid!.textContent).toContain(`${P}.list.arrived`);
    expect(within(paid!).queryByRole('alert')).toBeNull();
  });

  it('keeps "pay out now" disabled while nothing is available', async () => {
    renderPayouts([balanceAnswer(balance({ available: 0 })), payoutsAnswer([])]);
    const button = await screen.findByRole('button', { name: `${P}.payOut.button` });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(`${P}.payOut.nothing`)).toBeTruthy();
    expect(await screen.findByText(`${P}.list.empty`)).toBeTruthy();
  });

  it('pays out what is available once confirmed, then shows the new payout', async () => {
    const created = payout({
      id: 'po-new',
      status: 'PENDING',
      automatic: false,
      amount: {
        __typename: 'Money',
        amount: 123456,
        currency: 'EUR',
        formatted: formatMoney(123456, 'EUR'),
      },
    });
    renderPayouts([
      balanceAnswer(),
      payoutsAnswer([]),
      createPayoutAnswer(created),
      balanceAnswer(balance({ available: 0 })),
      payoutsAnswer([created]),
    ]);
    const button = await screen.findByRole('button', { name: `${P}.payOut.button` });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: `${P}.payOut.title` });
    fireEvent.click(within(dialog).getByRole('button', { name: `${P}.payOut.confirm` }));

    expect(await screen.findByText(`${P}.status.PENDING`)).toBeTruthy();
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: `${P}.payOut.button` }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
  });

  it('switches the schedule to manual payouts', async () => {
    renderPayouts([balanceAnswer(), payoutsAnswer([]), scheduleAnswer('MANUAL')]);
    expect(await screen.findByText(`${P}.schedule.next`)).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: `${P}.schedule.label` }));
    fireEvent.click(await screen.findByRole('option', { name: `${P}.schedule.intervals.MANUAL` }));
    expect(await screen.findByText(`${P}.schedule.help.MANUAL`)).toBeTruthy();
  });

  it('shows no schedule before the account is known', async () => {
    renderPayouts([balanceAnswer(balance(), null), payoutsAnswer([])]);
    expect(await screen.findByText(`${P}.list.empty`)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: `${P}.schedule.label` })).toBeNull();
  });
});
