import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { formatMoney } from '../../../lib/format';
import { BalanceSection } from './BalanceSection';
import {
  balance,
  balanceAnswer,
  earlyReleaseAnswer,
  ORGANISATION_ID,
  release,
  renderPart,
} from './payout-test-data';
import { useOrganisationBalance } from './payout-parts';

// Translations are not loaded in unit tests: texts show as their keys.
const P = 'app.organisations.payouts';

function Balance() {
  const query = useOrganisationBalance(ORGANISATION_ID, 0);
  return <BalanceSection organisationId={ORGANISATION_ID} query={query} />;
}

// Dialogs and menus take a while to open on a busy machine.
describe('BalanceSection', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('shows what is available, what is not yet, the hold, and the money held per opportunity', async () => {
    renderPart(<Balance />, [
      balanceAnswer(
        balance({
          releases: [
            release(),
            release({
              opportunity_id: 'opp-2',
              opportunity_title: 'Winter Residency',
              opportunity_slug: 'winter-residency',
              release_at: null,
            }),
          ],
        }),
      ),
    ]);
    expect(await screen.findByText(formatMoney(123456, 'EUR'))).toBeTruthy();
    expect(screen.getByText(formatMoney(26544, 'EUR'))).toBeTruthy();
    expect(screen.getByText(`${P}.holdHint`)).toBeTruthy();

    const held = screen.getByRole('list', { name: `${P}.upcoming.title` });
    const [dated, undated] = within(held).getAllByRole('listitem');
    expect(
      within(dated!).getByRole('link', { name: 'Riverside Open Call' }).getAttribute('href'),
    ).toBe('/opportunity/riverside-open-call/payments/details');
    expect(dated!.textContent).toContain(`${P}.upcoming.on`);
    expect(undated!.textContent).toContain(`${P}.upcoming.noDate`);
    expect(screen.queryByRole('button', { name: `${P}.early.button` })).toBeNull();
  });

  it('releases one opportunity early once confirmed', async () => {
    const early = release({ can_request_early: true });
    renderPart(<Balance />, [
      balanceAnswer(balance({ releases: [early] })),
      earlyReleaseAnswer({ ...early, can_request_early: false, release_at: '2027-04-30 10:00:00' }),
      balanceAnswer(balance({ available: 168456, pending: 0, releases: [] })),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: `${P}.early.button` }));
    const dialog = await screen.findByRole('dialog', { name: `${P}.early.title` });
    fireEvent.click(within(dialog).getByRole('button', { name: `${P}.early.confirm` }));
    expect(await screen.findByText(`${P}.upcoming.empty`)).toBeTruthy();
    // Available and in all alike, now that nothing is held.
    expect(screen.getAllByText(formatMoney(168456, 'EUR'))).toHaveLength(2);
  });

  it('says there is no balance yet when there is none', async () => {
    renderPart(<Balance />, [balanceAnswer(null)]);
    expect(await screen.findByText('app.organisations.paymentAccount.noBalance')).toBeTruthy();
  });
});
