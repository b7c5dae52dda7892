import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import axe from 'axe-core';
import { GraphQLError } from 'graphql';
import i18next, { type i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import common from '../../../../public/locales/en/common.json';
import pages from '../../../../public/locales/en/pages.json';
import {
  CreateCouponDocument,
  OpportunityCouponsDocument,
  SetCouponActiveDocument,
  UpdateCouponDocument,
  type OpportunityPaymentType,
} from '../../../gql/graphql';
import { CouponsPanel } from './CouponsPanel';
import { CouponsSection } from './CouponsSection';
import { WizardCoupons } from './WizardCoupons';

const OPPORTUNITY = 'opp-1';
const CODE_TAKEN = 'Another coupon of this opportunity already has this code.';

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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function coupon(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Coupon' as const,
    id: 'c-1',
    name: 'Early partners',
    code: 'EARLY50',
    value: 50,
    slots: 10,
    used_slots: 3,
    slots_left: 7,
    is_active: true,
    created_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const EARLY = coupon();
const FREEPASS = coupon({
  id: 'c-2',
  name: 'Jury guests',
  code: 'FREEPASS',
  value: 100,
  slots: null,
  used_slots: 0,
  slots_left: null,
});

function listMock(coupons: unknown[]): MockLink.MockedResponse {
  return {
    request: { query: OpportunityCouponsDocument, variables: { opportunity: OPPORTUNITY } },
    result: { data: { opportunityCoupons: coupons } },
  };
}

function validationError(field: string, message: string) {
  return new GraphQLError('Validation failed.', {
    extensions: { category: 'validation', validation: { [`input.${field}`]: [message] } },
  });
}

/** jsdom has no layout: media queries are answered from a pretend window width. */
function setViewportWidth(width: number) {
  vi.stubGlobal(
    'matchMedia',
    (query: string): MediaQueryList =>
      ({
        matches: [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, kind, px]) =>
          kind === 'min' ? width >= Number(px) : width <= Number(px),
        ),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

function renderPanel(
  mocks: MockLink.MockedResponse[],
  paymentType: OpportunityPaymentType = 'PAID_INTERNAL',
) {
  return render(
    <I18nextProvider i18n={english}>
      <MockedProvider mocks={mocks}>
        <CouponsPanel opportunityId={OPPORTUNITY} paymentType={paymentType} />
      </MockedProvider>
    </I18nextProvider>,
  );
}

const field = (name: RegExp) => screen.getByRole<HTMLInputElement>('textbox', { name });
const spin = (name: RegExp) => screen.getByRole<HTMLInputElement>('spinbutton', { name });
const activeSwitch = (code: string) =>
  screen.getByRole<HTMLInputElement>('switch', { name: `Coupon ${code} can be used` });

describe('CouponsPanel', () => {
  it('lists the coupons on a phone as cards: code, percent, free entry, use', async () => {
    setViewportWidth(390);
    const { container } = renderPanel([listMock([EARLY, FREEPASS])]);
    expect(screen.getByRole('progressbar', { name: 'Loading the coupons' })).toBeTruthy();
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const [early, free] = cards as [HTMLElement, HTMLElement];
    expect(within(early).getByText('Early partners')).toBeTruthy();
    expect(within(early).getByText('EARLY50')).toBeTruthy();
    expect(within(early).getByText('50%')).toBeTruthy();
    expect(within(early).getByText('3 of 10 used')).toBeTruthy();
    expect(within(free).getByText('Free entry')).toBeTruthy();
    expect(within(free).getByText('0 used, no limit')).toBeTruthy();
    expect(activeSwitch('EARLY50').checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Edit coupon FREEPASS' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it('lists them as a table on a wider screen', async () => {
    setViewportWidth(1024);
    const { container } = renderPanel([listMock([EARLY, FREEPASS])]);
    const table = await screen.findByRole('table', { name: 'Coupons' });
    const row = within(table).getByRole('row', { name: /Jury guests/ });
    expect(within(row).getByText('FREEPASS')).toBeTruthy();
    expect(within(row).getByText('Free entry')).toBeTruthy();
    expect(within(row).getByRole('switch', { name: 'Coupon FREEPASS can be used' })).toBeTruthy();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it('shows the empty state, and the note on a free opportunity', async () => {
    renderPanel([listMock([])], 'FREE');
    expect(await screen.findByText('No coupons yet')).toBeTruthy();
    expect(
      screen.getByText('This opportunity is free: coupons apply to paid opportunities only.'),
    ).toBeTruthy();
  });

  it('shows a load error with a retry', async () => {
    renderPanel([
      {
        request: { query: OpportunityCouponsDocument, variables: { opportunity: OPPORTUNITY } },
        error: new Error('Network down'),
      },
      listMock([EARLY]),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('EARLY50')).toBeTruthy();
  });

  it('checks the form before sending, then shows the server refusal of the code under the field', async () => {
    const input = { name: 'Press', code: 'EARLY50', value: 25, slots: null };
    const created = coupon({
      id: 'c-3',
      name: 'Press',
      code: 'PRESS25',
      value: 25,
      slots: null,
      used_slots: 0,
      slots_left: null,
    });
    renderPanel([
      listMock([EARLY]),
      {
        request: { query: CreateCouponDocument, variables: { opportunity: OPPORTUNITY, input } },
        result: { errors: [validationError('code', CODE_TAKEN)] },
      },
      {
        request: {
          query: CreateCouponDocument,
          variables: { opportunity: OPPORTUNITY, input: { ...input, code: 'PRESS25' } },
        },
        result: { data: { createCoupon: created } },
      },
    ]);
    await screen.findByText('EARLY50');
    fireEvent.click(screen.getByRole('button', { name: 'Add coupon' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a coupon' });

    // The shared schema, before anything is sent.
    fireEvent.change(field(/Code/), { target: { value: 'no spaces' } });
    fireEvent.change(spin(/Percent off/), { target: { value: '150' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add coupon' }));
    expect(within(dialog).getByText('Enter a name.')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Use 3 to 32 characters: letters A–Z, digits, dashes and underscores.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('Enter a whole percentage from 1 to 100.')).toBeTruthy();
    expect(document.activeElement).toBe(field(/Name/));

    fireEvent.change(field(/Name/), { target: { value: ' Press ' } });
    fireEvent.change(field(/Code/), { target: { value: 'EARLY50' } });
    fireEvent.change(spin(/Percent off/), { target: { value: '25' } });
    expect(within(dialog).queryByText('Enter a name.')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add coupon' }));

    const message = await within(dialog).findByText(CODE_TAKEN);
    const code = field(/Code/);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(code.getAttribute('aria-describedby')).toContain(message.id);
    expect(document.activeElement).toBe(code);

    fireEvent.change(code, { target: { value: 'PRESS25' } });
    expect(within(dialog).queryByText(CODE_TAKEN)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add coupon' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('PRESS25')).toBeTruthy();
    // Told politely to a screen reader, in the panel's live region.
    const told = screen.getByText('Coupon PRESS25 added.');
    expect(told.getAttribute('aria-live')).toBe('polite');
  });

  it('edits a coupon: the form starts from it, slots cannot go below those used', async () => {
    const input = { name: 'Early partners', code: 'EARLY40', value: 40, slots: null };
    renderPanel([
      listMock([EARLY]),
      {
        request: { query: UpdateCouponDocument, variables: { id: EARLY.id, input } },
        result: { data: { updateCoupon: { ...EARLY, ...input, slots_left: null } } },
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit coupon EARLY50' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit coupon EARLY50' });
    expect(field(/Name/).value).toBe('Early partners');
    expect(spin(/Percent off/).value).toBe('50');
    expect(spin(/Uses/).value).toBe('10');

    fireEvent.change(spin(/Uses/), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      within(dialog).getByText('Used so far: 3. Enter 3 or more, or leave it empty.'),
    ).toBeTruthy();

    fireEvent.change(spin(/Uses/), { target: { value: '' } });
    fireEvent.change(field(/Code/), { target: { value: 'EARLY40' } });
    fireEvent.change(spin(/Percent off/), { target: { value: '40' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('EARLY40')).toBeTruthy();
    expect(screen.getByText('40%')).toBeTruthy();
    expect(screen.getByText('3 used, no limit')).toBeTruthy();
  });

  it('switches a coupon off at once and back on when the server refuses', async () => {
    renderPanel([
      listMock([EARLY]),
      {
        request: { query: SetCouponActiveDocument, variables: { id: EARLY.id, is_active: false } },
        delay: 200,
        result: {
          errors: [
            new GraphQLError('Not allowed.', {
              extensions: {
                code: 'FORBIDDEN',
                category: 'authorization',
                debugMessage: 'Not allowed.',
              },
            }),
          ],
        },
      },
    ]);
    await screen.findByText('EARLY50');
    fireEvent.click(activeSwitch('EARLY50'));
    // Off before the server answers…
    await waitFor(() => expect(activeSwitch('EARLY50').checked).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
    // …and on again when it refuses.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Coupon EARLY50 could not be switched off.');
    expect(alert.textContent).toContain('Not allowed.');
    expect(activeSwitch('EARLY50').checked).toBe(true);
  });

  it('keeps a coupon switched off once the server agrees', async () => {
    renderPanel([
      listMock([EARLY]),
      {
        request: { query: SetCouponActiveDocument, variables: { id: EARLY.id, is_active: false } },
        result: { data: { setCouponActive: { ...EARLY, is_active: false } } },
      },
    ]);
    await screen.findByText('EARLY50');
    fireEvent.click(activeSwitch('EARLY50'));
    await waitFor(() => expect(activeSwitch('EARLY50').checked).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(activeSwitch('EARLY50').checked).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

const can = (manage_payments: boolean) => ({
  __typename: 'OpportunityViewerCan' as const,
  view_team: true,
  update: true,
  change_status: true,
  delete: false,
  duplicate: true,
  manage_team: false,
  manage_applications: true,
  manage_payments,
  rate: true,
  comment: true,
});

function renderWith(node: React.ReactNode, mocks: MockLink.MockedResponse[] = []) {
  return render(
    <I18nextProvider i18n={english}>
      <MockedProvider mocks={mocks}>{node}</MockedProvider>
    </I18nextProvider>,
  );
}

describe('CouponsSection and WizardCoupons', () => {
  it('shows the dashboard section to whoever manages payments', async () => {
    renderWith(
      <CouponsSection
        opportunity={{ id: OPPORTUNITY, payment_type: 'PAID_INTERNAL', viewerCan: can(true) }}
      />,
      [listMock([EARLY])],
    );
    expect(screen.getByRole('region', { name: 'Coupons' })).toBeTruthy();
    expect(await screen.findByText('EARLY50')).toBeTruthy();
  });

  it('shows nothing, and asks nothing, to a viewer who does not manage payments', () => {
    const { container } = renderWith(
      <>
        <CouponsSection
          opportunity={{ id: OPPORTUNITY, payment_type: 'PAID_INTERNAL', viewerCan: can(false) }}
        />
        <WizardCoupons
          saved={{ id: OPPORTUNITY, viewerCan: can(false) }}
          paymentType="PAID_INTERNAL"
        />
      </>,
    );
    expect(container.textContent).toBe('');
  });

  it('asks for a saved draft in the wizard before coupons can be added', () => {
    renderWith(<WizardCoupons paymentType="PAID_INTERNAL" />);
    expect(
      screen.getByText('Save the opportunity first: coupons can be added once it has been saved.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add coupon' })).toBeNull();
  });

  it('shows the panel, with its h3, in a saved draft', async () => {
    renderWith(
      <WizardCoupons
        saved={{ id: OPPORTUNITY, viewerCan: can(true) }}
        paymentType="PAID_INTERNAL"
      />,
      [listMock([])],
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Coupons' })).toBeTruthy();
    expect(await screen.findByText('No coupons yet')).toBeTruthy();
  });

  it("keeps the dialog's submit from reaching the wizard's own form", async () => {
    const wizardSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    renderWith(
      <form onSubmit={wizardSubmit}>
        <WizardCoupons
          saved={{ id: OPPORTUNITY, viewerCan: can(true) }}
          paymentType="PAID_INTERNAL"
        />
      </form>,
      [listMock([])],
    );
    await screen.findByText('No coupons yet');
    fireEvent.click(screen.getByRole('button', { name: 'Add coupon' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a coupon' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add coupon' }));
    expect(within(dialog).getByText('Enter a name.')).toBeTruthy();
    expect(wizardSubmit).not.toHaveBeenCalled();
  });
});
