import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import {
  OrganisationAccountLinkDocument,
  OrganisationPaymentAccountDocument,
} from '../../../gql/graphql';
import { processorRedirect } from '../payment-account';
import {
  account,
  accountAnswer,
  linkAnswer,
  NEW_ACCOUNT,
  ONBOARDING_URL,
  organisationAnswer,
  refused,
  renderPaymentPage,
  SLUG,
  unreachable,
} from '../payment-test-data';
import { OrganisationPaymentConnectPage } from './OrganisationPaymentConnectPage';
import { OrganisationPaymentUpdatePage } from './OrganisationPaymentUpdatePage';

// Translations are not loaded in unit tests: texts show as their keys.
const CONNECT = 'app.organisations.paymentConnect';
const UPDATE = 'app.organisations.paymentUpdate';
const PAYMENTS = 'app.organisations.payments';

const renderConnect = (responses: Parameters<typeof renderPaymentPage>[2]) =>
  renderPaymentPage('connect', <OrganisationPaymentConnectPage />, responses);
const renderUpdate = (responses: Parameters<typeof renderPaymentPage>[2]) =>
  renderPaymentPage('update', <OrganisationPaymentUpdatePage />, responses);

let redirect: MockInstance<(url: string) => void>;

beforeEach(() => {
  redirect = vi.spyOn(processorRedirect, 'to').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('OrganisationPaymentConnectPage', () => {
  it('explains connecting, and its button sends the browser to the processor', async () => {
    renderConnect([organisationAnswer(), accountAnswer(null), linkAnswer(false)]);

    const page = await screen.findByRole('region', { name: `${CONNECT}.intro` });
    for (const point of ['cards', 'payouts', 'fee']) {
      expect(
        within(page).getByRole('heading', { level: 3, name: `${CONNECT}.points.${point}.title` }),
      ).toBeTruthy();
    }
    fireEvent.click(within(page).getByRole('button', { name: `${CONNECT}.button` }));
    await vi.waitFor(() => expect(redirect).toHaveBeenCalledWith(ONBOARDING_URL));
    // The page is being left: the button says so and cannot be pressed twice.
    const busy = within(page).getByRole('button', { name: new RegExp(`${PAYMENTS}.opening`) });
    expect(busy.hasAttribute('disabled')).toBe(true);
  });

  it('says "connected" when the processor needs nothing more, and leads to the account', async () => {
    renderConnect([organisationAnswer(), accountAnswer(null), linkAnswer(true)]);
    fireEvent.click(await screen.findByRole('button', { name: `${CONNECT}.button` }));
    expect(await screen.findByRole('heading', { name: `${CONNECT}.connected` })).toBeTruthy();
    expect(redirect).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: `${PAYMENTS}.viewAccount` }).getAttribute('href')).toBe(
      `/organisation/${SLUG}/payment/account`,
    );
  });

  it('with an account that needs nothing, says it is connected without a button', async () => {
    renderConnect([organisationAnswer(), accountAnswer(account())]);
    expect(await screen.findByText(`${CONNECT}.connectedHint`)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('with an account started, offers to finish the setup', async () => {
    renderConnect([
      organisationAnswer(),
      accountAnswer(account({ ...NEW_ACCOUNT })),
      linkAnswer(false),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: `${PAYMENTS}.finishSetup` }));
    await vi.waitFor(() => expect(redirect).toHaveBeenCalledWith(ONBOARDING_URL));
  });

  it('says why the processor could not be reached, and lets the organiser try again', async () => {
    renderConnect([
      organisationAnswer(),
      accountAnswer(null),
      unreachable(OrganisationAccountLinkDocument),
      linkAnswer(false),
    ]);
    const button = await screen.findByRole('button', { name: `${CONNECT}.button` });
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The payment processor could not be reached.',
    );
    expect(redirect).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: `${CONNECT}.button` }));
    await vi.waitFor(() => expect(redirect).toHaveBeenCalledWith(ONBOARDING_URL));
  });

  it('tells a member who does not manage payments that owners and admins do', async () => {
    renderConnect([organisationAnswer(false)]);
    expect(await screen.findByText(`${PAYMENTS}.forbidden.message`)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the refusal when the server answers FORBIDDEN to the connect step', async () => {
    renderConnect([
      organisationAnswer(),
      accountAnswer(null),
      refused(OrganisationAccountLinkDocument),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: `${CONNECT}.button` }));
    expect(await screen.findByText(`${PAYMENTS}.forbidden.message`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: `${CONNECT}.button` })).toBeNull();
  });
});

describe('OrganisationPaymentUpdatePage', () => {
  it('lists what is due and sends the browser to the processor', async () => {
    renderUpdate([
      organisationAnswer(),
      accountAnswer(account({ ...NEW_ACCOUNT })),
      linkAnswer(false),
    ]);
    const due = await screen.findByRole('list', { name: `${UPDATE}.dueTitle` });
    expect(within(due).getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: `${UPDATE}.button` }));
    await vi.waitFor(() => expect(redirect).toHaveBeenCalledWith(ONBOARDING_URL));
  });

  it('says nothing is due for a complete account', async () => {
    renderUpdate([organisationAnswer(), accountAnswer(account())]);
    expect(await screen.findByRole('heading', { name: `${UPDATE}.nothingDue` })).toBeTruthy();
    expect(screen.getByText(`${UPDATE}.nothingDueHint`)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says nothing can be updated on an account the processor closed', async () => {
    renderUpdate([
      organisationAnswer(),
      accountAnswer(
        account({
          charges_enabled: false,
          payouts_enabled: false,
          is_disabled: true,
          disabled_reason: 'rejected.other',
        }),
      ),
    ]);
    expect(await screen.findByText(`${UPDATE}.rejectedHint`)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('without an account, leads to the connect page', async () => {
    renderUpdate([organisationAnswer(), accountAnswer(null)]);
    const connect = await screen.findByRole('link', { name: `${CONNECT}.button` });
    expect(connect.getAttribute('href')).toBe(`/organisation/${SLUG}/payment/connect`);
  });

  it('shows the refusal when the server answers FORBIDDEN', async () => {
    renderUpdate([organisationAnswer(), refused(OrganisationPaymentAccountDocument)]);
    expect(await screen.findByText(`${PAYMENTS}.forbidden.message`)).toBeTruthy();
  });
});
