import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import {
  OrganisationPaymentAccountDocument,
  VerifyOrganisationAccountLinkDocument,
} from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import {
  account,
  accountAnswer,
  destinationsAnswer,
  NEW_ACCOUNT,
  organisationAnswer,
  recheckAnswer,
  refused,
  renderPaymentPage,
  SLUG,
  unreachable,
  verifyAnswer,
} from '../payment-test-data';
import { balanceAnswer, payoutsAnswer } from '../payouts/payout-test-data';
import { OrganisationPaymentAccountPage } from './OrganisationPaymentAccountPage';

// Translations are not loaded in unit tests: texts show as their keys.
const ACCOUNT = 'app.organisations.paymentAccount';
const PAYMENTS = 'app.organisations.payments';

const renderPage = (responses: Parameters<typeof renderPaymentPage>[2], search = '') =>
  renderPaymentPage('account', <OrganisationPaymentAccountPage />, responses, search);

/** The balance, the money held for events and the payouts, loaded beside the account. */
const money = () => [balanceAnswer(), payoutsAnswer()];

const section = (name: string) => screen.getByRole('region', { name });

describe('OrganisationPaymentAccountPage', () => {
  afterEach(cleanup);

  it('says a connected account takes payments, with its balance, destinations and currencies', async () => {
    renderPage([organisationAnswer(), accountAnswer(account()), ...money(), destinationsAnswer()]);

    expect(await screen.findByText(`${ACCOUNT}.state.ready`)).toBeTruthy();
    const status = section(`${ACCOUNT}.status`);
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`${ACCOUNT}.charges: ${ACCOUNT}.on`, `${ACCOUNT}.payouts: ${ACCOUNT}.on`]);
    // Nothing is due: no way to the update page, and no warning.
    expect(within(status).queryByRole('link')).toBeNull();
    expect(within(status).queryByRole('alert')).toBeNull();
    expect(within(status).getByRole('button', { name: `${ACCOUNT}.recheck` })).toBeTruthy();

    // Amounts are minor units, shown in the viewer's locale.
    const balance = section(`${ACCOUNT}.balance`);
    expect(within(balance).getByText(formatMoney(123456, 'EUR'))).toBeTruthy();
    expect(within(balance).getByText(formatMoney(150000, 'EUR'))).toBeTruthy();
    expect(formatMoney(123456, 'EUR', { locale: 'en' })).toBe('€1,234.56');

    const destinations = section(`${ACCOUNT}.destinations`);
    expect(await within(destinations).findByText('•••• 6789')).toBeTruthy();
    expect(within(destinations).getByText(`${ACCOUNT}.bankAccount`, { exact: false })).toBeTruthy();
    expect(within(destinations).getByText(`${ACCOUNT}.defaultFor`)).toBeTruthy();
    const currencies = within(destinations).getByRole('list', { name: `${ACCOUNT}.currencies` });
    expect(within(currencies).getAllByRole('listitem')).toHaveLength(1);

    const details = section(`${ACCOUNT}.details`);
    expect(within(details).getByText('acct_1PqRsTuVwXyZ')).toBeTruthy();
    expect(within(details).getByText(`${ACCOUNT}.businessTypes.NON_PROFIT`)).toBeTruthy();
  });

  it('lists what is still due in sentences, one per thing to do, and leads to the update page', async () => {
    renderPage([
      organisationAnswer(),
      accountAnswer(
        account({ ...NEW_ACCOUNT, requirements_due: [...NEW_ACCOUNT.requirements_due!, 'x.y'] }),
      ),
      balanceAnswer(null),
      payoutsAnswer([]),
      destinationsAnswer([], []),
    ]);

    expect(await screen.findByText(`${ACCOUNT}.state.due`)).toBeTruthy();
    const due = screen.getByRole('list', { name: `${ACCOUNT}.dueTitle` });
    expect(
      within(due)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `${PAYMENTS}.due.business_type`,
      `${PAYMENTS}.due.external_account`,
      // tos_acceptance.date and tos_acceptance.ip are one thing to do.
      `${PAYMENTS}.due.tos_acceptance`,
      // A code without a sentence of its own is shown as it is.
      `${PAYMENTS}.due.other x.y`,
    ]);
    const status = section(`${ACCOUNT}.status`);
    expect(within(status).getByRole('alert').textContent).toBe(`${PAYMENTS}.disabled.past_due`);
    expect(
      within(status)
        .getByRole('link', { name: `${PAYMENTS}.finishSetup` })
        .getAttribute('href'),
    ).toBe(`/organisation/${SLUG}/payment/update`);
    expect(within(status).getAllByRole('listitem')[0]!.textContent).toBe(
      `${ACCOUNT}.charges: ${ACCOUNT}.off`,
    );
    expect(within(section(`${ACCOUNT}.balance`)).getByText(`${ACCOUNT}.noBalance`)).toBeTruthy();
    expect(await screen.findByText(`${ACCOUNT}.noDestinations`)).toBeTruthy();
  });

  it('says why a closed account is disabled, offers no setup, and points to the contact page', async () => {
    renderPage([
      organisationAnswer(),
      accountAnswer(
        account({
          charges_enabled: false,
          payouts_enabled: false,
          is_disabled: true,
          disabled_reason: 'rejected.fraud',
        }),
      ),
      ...money(),
      destinationsAnswer(),
    ]);

    expect(await screen.findByText(`${ACCOUNT}.state.disabled`)).toBeTruthy();
    const status = section(`${ACCOUNT}.status`);
    const alert = within(status).getByRole('alert');
    expect(alert.textContent).toContain(`${PAYMENTS}.disabled.fraud`);
    expect(
      within(alert)
        .getByRole('link', { name: `${ACCOUNT}.contact` })
        .getAttribute('href'),
    ).toBe('/contact');
    expect(within(status).queryByRole('link', { name: `${PAYMENTS}.finishSetup` })).toBeNull();
  });

  it('shows an unknown reason for a disabled account as the processor gives it', async () => {
    renderPage([
      organisationAnswer(),
      accountAnswer(account({ is_disabled: true, disabled_reason: 'platform_frozen' })),
      ...money(),
      destinationsAnswer(),
    ]);
    const alert = await within(
      await screen.findByRole('region', { name: `${ACCOUNT}.status` }),
    ).findByRole('alert');
    expect(alert.textContent).toBe(`${PAYMENTS}.disabled.other platform_frozen`);
  });

  it('without an account, leads to the connect page', async () => {
    renderPage([organisationAnswer(), accountAnswer(null)]);
    const connect = await screen.findByRole('link', {
      name: 'app.organisations.paymentConnect.button',
    });
    expect(connect.getAttribute('href')).toBe(`/organisation/${SLUG}/payment/connect`);
    expect(screen.getByText(`${ACCOUNT}.empty`)).toBeTruthy();
  });

  it('tells a member who does not manage payments that owners and admins do, without asking', async () => {
    // No answer for the account: the page must not ask for it.
    renderPage([organisationAnswer(false)]);
    expect(await screen.findByText(`${PAYMENTS}.forbidden.message`)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'app.organisations.backToDashboard' }).getAttribute('href'),
    ).toBe(`/organisation/${SLUG}/dashboard`);
  });

  it('shows the same refusal when the server answers FORBIDDEN', async () => {
    renderPage([organisationAnswer(), refused(OrganisationPaymentAccountDocument)]);
    expect(await screen.findByText(`${PAYMENTS}.forbidden.message`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'errors.general.retry' })).toBeNull();
  });

  it('shows a load error with a retry that loads the account again', async () => {
    renderPage([
      organisationAnswer(),
      unreachable(OrganisationPaymentAccountDocument),
      accountAnswer(account()),
      ...money(),
      destinationsAnswer(),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The payment processor could not be reached.');
    fireEvent.click(within(alert).getByRole('button', { name: 'errors.general.retry' }));
    expect(await screen.findByText(`${ACCOUNT}.state.ready`)).toBeTruthy();
  });

  it('back from onboarding, asks the processor first, says so, and drops ?connected=1', async () => {
    renderPage(
      [
        organisationAnswer(),
        verifyAnswer(true),
        accountAnswer(account()),
        ...money(),
        destinationsAnswer(),
      ],
      '?connected=1',
    );
    expect(await screen.findByText(`${ACCOUNT}.returnedDone`)).toBeTruthy();
    expect(await screen.findByText(`${ACCOUNT}.state.ready`)).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe(`/organisation/${SLUG}/payment/account`);
  });

  it('back from onboarding with the processor unreachable, shows the account as last heard', async () => {
    renderPage(
      [
        organisationAnswer(),
        unreachable(VerifyOrganisationAccountLinkDocument),
        accountAnswer(account({ ...NEW_ACCOUNT })),
        ...money(),
        destinationsAnswer([], []),
      ],
      '?connected=1',
    );
    expect(await screen.findByText(`${ACCOUNT}.state.due`)).toBeTruthy();
    const alert = screen
      .getAllByRole('alert')
      .find((item) => item.textContent?.includes('could not be reached'));
    expect(alert).toBeTruthy();
    expect(within(alert!).getByRole('button', { name: 'errors.general.retry' })).toBeTruthy();
  });

  it('rechecks with the processor, then shows what it says now', async () => {
    const updated = account();
    renderPage([
      organisationAnswer(),
      accountAnswer(account({ ...NEW_ACCOUNT })),
      ...money(),
      destinationsAnswer([], []),
      recheckAnswer(updated),
      accountAnswer(updated),
      balanceAnswer(),
      destinationsAnswer(),
    ]);
    const recheck = await screen.findByRole('button', { name: `${ACCOUNT}.recheck` });
    expect(screen.getByText(`${ACCOUNT}.state.due`)).toBeTruthy();
    fireEvent.click(recheck);
    expect(await screen.findByText(`${ACCOUNT}.rechecked`)).toBeTruthy();
    expect(screen.getByText(`${ACCOUNT}.state.ready`)).toBeTruthy();
    expect(await screen.findByText('•••• 6789')).toBeTruthy();
  });
});
