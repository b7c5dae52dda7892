import { expect } from 'vitest';
import { createViewerAccess } from '../src/modules/access/access';
import { Viewer } from '../src/modules/access/viewer';
import { registerAccount, type TestAccount } from './accounts';
import type { TestServer } from './harness';
import { publishedOpportunity, type OpportunitySeat } from './opportunities';

/** A checkout session as `startCheckout` and `refreshPayment` answer it. */
export interface CheckoutSessionAnswer {
  payment: {
    id: string;
    status: string;
    method: string;
    amount: number;
    discount: number;
    fee: number;
    coupon: string | null;
    receipt: string | null;
    receipt_number: number | null;
    last_error: string | null;
  };
  client_secret: string | null;
  next_action_url: string | null;
}

const SESSION = `payment { id status method amount discount fee coupon receipt receipt_number last_error } client_secret next_action_url`;
export const START_CHECKOUT = `mutation($application: ID!, $input: CheckoutInput) { startCheckout(application: $application, input: $input) { ${SESSION} } }`;
export const REFRESH_PAYMENT = `mutation($application: ID!) { refreshPayment(application: $application) { ${SESSION} } }`;
export const CHECKOUT_PREVIEW = `query($application: ID!, $input: CheckoutInput) { checkoutPreview(application: $application, input: $input) {
  method total { amount currency formatted } discount { amount } discount_percent platform_fee { amount } organisation_receives { amount }
  slots_left applied_count coupon payment_option { id title }
} }`;
const APPLICATION = `query($id: ID!) { viewApplication(id: $id) { status payment_status payment_info { status amount coupon receipt } payment { title filled_slots } } }`;

export interface PaidOpportunityOptions {
  earlySlots?: number;
  type?: 'PAID_INTERNAL' | 'PAID_EXTERNAL';
  auto?: boolean;
  seats?: OpportunitySeat[];
}

/**
 * Paid opportunities of one organisation and applicants waiting to pay, for the checkout suites.
 * `world` is read when a fixture is used (the suite's server starts in its beforeAll).
 */
export function checkoutFixtures(
  world: () => {
    server: TestServer;
    owner: TestAccount;
    organisation: { id: string };
  },
) {
  let serial = 0;

  /** A published paid opportunity: an early-bird tier, a regular one, EARLY50 and FREEPASS. */
  async function paidOpportunity(options: PaidOpportunityOptions = {}) {
    const { server, owner, organisation } = world();
    serial += 1;
    const opportunity = await publishedOpportunity(server, {
      organisationId: organisation.id,
      owner,
      title: `Riverside Open Call ${serial}`,
      seats: options.seats ?? [],
      fields: {
        payment_type: options.type ?? 'PAID_INTERNAL',
        ...(options.type === 'PAID_EXTERNAL'
          ? { external_payment_url: 'https://tickets.example.com/riverside' }
          : {}),
        ...(options.auto ? { approval_type: 'AUTO' } : {}),
        payment_options: [
          { title: 'Early bird', cost: 1000, currency: 'EUR', slots: options.earlySlots ?? 10 },
          { title: 'Regular', cost: 2000, currency: 'EUR' },
        ],
      },
    });
    const [tiers = []] = await server.app.services.opportunities.paymentOptionsOf([opportunity.id]);
    const actor = { id: owner.id, access: accessOf(server, owner) };
    const { coupons } = server.app.services.payments;
    const early = await coupons.create(
      opportunity.id,
      { name: 'Early fifty', code: 'EARLY50', value: 50, slots: 10 },
      actor,
    );
    const free = await coupons.create(
      opportunity.id,
      { name: 'Free pass', code: 'FREEPASS', value: 100, slots: 2 },
      actor,
    );
    return { opportunity, early: tiers[0]!, regular: tiers[1]!, coupons: { early, free } };
  }

  /** A performer's complete application, waiting for its fee. */
  async function awaitingPayment(opportunityId: string, name = 'Sam Performer') {
    const { server } = world();
    const applicant = await registerAccount(server, { name });
    const saved = await server.graphql<{ saveApplication: { id: string } }>(
      `mutation($input: SaveApplicationInput!) { saveApplication(input: $input) { id } }`,
      {
        input: {
          opportunity_id: opportunityId,
          form_type: 'INDIVIDUAL',
          answers: {
            full_name: name,
            email: applicant.email,
            address: { label: 'Rua das Flores 12, Lisbon', city_id: '2267057', country_code: 'PT' },
          },
        },
      },
      applicant.headers,
    );
    expect(saved.body.errors).toBeUndefined();
    const id = saved.body.data!.saveApplication.id;
    const submitted = await server.graphql(
      `mutation($input: ApplicationIdInput!) { submitApplication(input: $input) { id } }`,
      { input: { id } },
      applicant.headers,
    );
    expect(submitted.body.errors).toBeUndefined();
    return { applicant, applicationId: id };
  }

  const start = (
    applicant: TestAccount,
    application: string,
    input: Record<string, unknown> = {},
  ) =>
    world().server.graphql<{ startCheckout: CheckoutSessionAnswer }>(
      START_CHECKOUT,
      { application, input },
      applicant.headers,
    );

  /** The application as its applicant reads it, with its payment. */
  async function applicationOf(applicant: TestAccount, id: string) {
    const answer = await world().server.graphql<{
      viewApplication: {
        status: string;
        payment_status: string;
        payment_info: {
          status: string;
          amount: number;
          coupon: string | null;
          receipt: string | null;
        };
        payment: { title: string; filled_slots: number };
      };
    }>(APPLICATION, { id }, applicant.headers);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data!.viewApplication;
  }

  return { paidOpportunity, awaitingPayment, start, applicationOf };
}

/** What the account holds on opportunities, as a request of theirs would read it. */
export function accessOf(server: TestServer, account: TestAccount) {
  return createViewerAccess(
    new Viewer({ id: account.id, role: 'performer' }),
    server.app.services.organisations,
    server.app.services.opportunities,
  );
}
