import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BANK_ACCOUNT, destinationsAnswer, linkAnswer } from '../payment-test-data';
import { PayoutAccountsSection } from './PayoutAccountsSection';
import {
  addAccountAnswer,
  countriesAnswer,
  ORGANISATION_ID,
  removeAnswer,
  renderPart,
  setDefaultAnswer,
} from './payout-test-data';

// Translations are not loaded in unit tests: texts show as their keys.
const P = 'app.organisations.payouts';

const DEFAULTS = { country: 'PT', currency: 'EUR', individual: false };
const INPUT = {
  country: 'PT',
  currency: 'eur',
  holder_name: 'Associação Sons do Atlântico',
  account_number: 'PT50000201231234567890154',
  account_type: 'company',
};
const SECOND = { ...BANK_ACCOUNT, id: 'ba_2', last4: '0154', default_for_currency: false };

function renderAccounts(
  responses: Parameters<typeof renderPart>[1],
  managesExternalAccounts: boolean | null = true,
) {
  return renderPart(
    <PayoutAccountsSection
      organisationId={ORGANISATION_ID}
      refreshKey={0}
      managesExternalAccounts={managesExternalAccounts}
      defaults={DEFAULTS}
    />,
    responses,
  );
}

async function fillForm() {
  fireEvent.click(await screen.findByRole('button', { name: `${P}.add.button` }));
  const dialog = await screen.findByRole('dialog', { name: `${P}.add.title` });
  fireEvent.change(within(dialog).getByRole('textbox', { name: `${P}.add.holder` }), {
    target: { value: ' Associação Sons do Atlântico ' },
  });
  fireEvent.change(within(dialog).getByRole('textbox', { name: `${P}.add.number` }), {
    target: { value: 'PT50 0002 0123 1234 5678 9015 4' },
  });
  return dialog;
}

// Dialogs and menus take a while to open on a busy machine.
describe('PayoutAccountsSection', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('adds a bank account with what was typed, then lists it', async () => {
    renderAccounts([
      destinationsAnswer(),
      countriesAnswer(),
      addAccountAnswer(INPUT, { added: SECOND }),
      destinationsAnswer([BANK_ACCOUNT, SECOND]),
    ]);
    const dialog = await fillForm();
    fireEvent.click(within(dialog).getByRole('button', { name: `${P}.add.submit` }));
    expect(await screen.findByText('•••• 0154')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s message on the field it names', async () => {
    renderAccounts([
      destinationsAnswer(),
      countriesAnswer(),
      addAccountAnswer(INPUT, {
        validation: {
          'input.account_number': ['The IBAN provided appears to be invalid.'],
        },
      }),
    ]);
    const dialog = await fillForm();
    fireEvent.click(within(dialog).getByRole('button', { name: `${P}.add.submit` }));
    const number = within(dialog).getByRole('textbox', { name: `${P}.add.number` });
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('The IBAN provided appears to be invalid.')).toBeTruthy();
  });

  it('asks for the missing fields before sending anything', async () => {
    renderAccounts([destinationsAnswer(), countriesAnswer()]);
    fireEvent.click(await screen.findByRole('button', { name: `${P}.add.button` }));
    const dialog = await screen.findByRole('dialog', { name: `${P}.add.title` });
    fireEvent.click(within(dialog).getByRole('button', { name: `${P}.add.submit` }));
    expect(within(dialog).getAllByText(`${P}.add.required`)).toHaveLength(2);
  });

  it('makes another account the default and removes one once confirmed', async () => {
    const first = { ...BANK_ACCOUNT, default_for_currency: false };
    const second = { ...SECOND, default_for_currency: true };
    renderAccounts([
      destinationsAnswer([BANK_ACCOUNT, SECOND]),
      setDefaultAnswer(SECOND.id, [first, second]),
      destinationsAnswer([first, second]),
      removeAnswer(BANK_ACCOUNT.id, [second]),
      destinationsAnswer([second]),
    ]);
    const item = async (last4: string) => (await screen.findByText(`•••• ${last4}`)).closest('li')!;

    fireEvent.click(
      within(await item('0154')).getByRole('button', { name: `${P}.accounts.makeDefault` }),
    );
    expect(
      await within(await item('6789')).findByRole(
        'button',
        { name: `${P}.accounts.makeDefault` },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(
      within(await item('0154')).queryByRole('button', { name: `${P}.accounts.makeDefault` }),
    ).toBeNull();

    fireEvent.click(
      within(await item('6789')).getByRole('button', { name: `${P}.accounts.remove` }),
    );
    const dialog = await screen.findByRole('dialog', { name: `${P}.accounts.removeTitle` });
    fireEvent.click(within(dialog).getByRole('button', { name: `${P}.accounts.remove` }));
    await waitFor(() => expect(screen.queryByText('•••• 6789')).toBeNull());
    expect(screen.getByText('•••• 0154')).toBeTruthy();
  });

  it('leads to the processor’s own pages where the processor keeps the accounts', async () => {
    renderAccounts([destinationsAnswer(), linkAnswer(true)], false);
    expect(await screen.findByText('•••• 6789')).toBeTruthy();
    expect(screen.queryByRole('button', { name: `${P}.add.button` })).toBeNull();
    expect(screen.queryByRole('button', { name: `${P}.accounts.remove` })).toBeNull();
    expect(screen.getByRole('button', { name: `${P}.accounts.manageAtProcessor` })).toBeTruthy();
  });
});
