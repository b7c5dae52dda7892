import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import type { TestServer } from '../../../test/harness';
import {
  CHECKOUT_PREVIEW,
  checkoutFixtures,
  REFRESH_PAYMENT,
  type CheckoutSessionAnswer,
} from '../../../test/checkout';
import { insertOrganisation } from '../../../test/organisations';
import type { Clock } from '../../lib/clock';
import type { ProviderEvent, ProviderIntentStatus } from '../../lib/payments/provider';
import { payments } from './payments.table';

/**
 * Checkout's journeys, the same for every payment provider: everything above the provider is one
 * code path, so what an applicant goes through — paying, a declined card and its retry,
 * authentication, a free coupon, the race for a tier's last slot, a double click, a change of
 * coupon, a crash between the processor's answer and our commit, an abandoned checkout, events
 * replayed or late — ends the same whichever processor takes the card. A provider's test file runs
 * this suite with a driver: how to start Encore's server on that provider, and what happens
 * outside the server (the processor's onboarding, the payer's browser, the processor's events).
 * The payments audit finds nothing wrong after every journey.
 */

export type IntentEventType = Extract<ProviderEvent, { intent: unknown }>['type'];

/** One test server on the driver's provider, and the world around it. */
export interface CheckoutWorld {
  server: TestServer;
  /**
   * The organisation's owner onboards its payout account at the processor, and the processor's
   * word reaches Encore: charges and payouts enabled.
   */
  connectPayoutAccount(organisation: { id: string; slug: string; name: string }): Promise<void>;
  /**
   * The payer's browser confirms the intent with its client secret and a card number, as the
   * processor's script does. Answers the intent's status after it (a declined card is
   * `requires_payment_method`), or `refused` when the processor would not confirm it at all (an
   * intent canceled or paid). Events are not delivered.
   */
  confirm(
    intent: { id: string; clientSecret: string },
    cardNumber: string,
  ): Promise<ProviderIntentStatus | 'refused'>;
  /** The payer completes (or fails) the authentication page the session sent them to. */
  authenticate(nextActionUrl: string, approved: boolean): Promise<void>;
  /** What the processor told since the last delivery reaches Encore, and is applied. */
  deliverEvents(): Promise<void>;
  /**
   * The processor sends, again and in this order, events of the intent it sent before (the latest
   * of each type named), as a retried or late delivery. Not applied until `deliverEvents`.
   */
  redeliver(intentId: string, types: readonly IntentEventType[]): Promise<void>;
  /** How many intents the processor made for the payment (its metadata names the payment). */
  intentsMadeFor(paymentId: string): Promise<number>;
  close(): Promise<void>;
}

export interface CheckoutDriver {
  /** The provider's name, as in `PAYMENTS_PROVIDER`. */
  name: 'local' | 'stripe';
  /** Starts Encore's server on the provider with the suite's clock. */
  start(clock: Clock): Promise<CheckoutWorld>;
}

export const TEST_CARD = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  authentication: '4000 0027 6000 3184',
};

const START_OF_DAY = new Date('2027-03-01T10:00:00Z');

export function describeCheckoutJourneys(driver: CheckoutDriver) {
  describe(`checkout on the ${driver.name} provider`, () => {
    let now = START_OF_DAY;
    let world: CheckoutWorld;
    let server: TestServer;
    let owner: TestAccount;
    let organisation: { id: string; slug: string; name: string };

    beforeAll(async () => {
      world = await driver.start(() => now);
      server = world.server;
      owner = await registerAccount(server, { name: 'Maya Owner' });
      organisation = await insertOrganisation(server.database.db, { name: 'Harbour Lights' }, [
        { userId: owner.id, email: owner.email, role: 'owner' },
      ]);
      await world.connectPayoutAccount(organisation);
    });
    afterEach(async () => {
      await world.deliverEvents();
      now = START_OF_DAY;
      expect(await server.app.services.payments.audit.problems()).toEqual([]);
    });
    afterAll(async () => {
      await world?.close();
    });

    const { paidOpportunity, awaitingPayment, start, applicationOf } = checkoutFixtures(() => ({
      server,
      owner,
      organisation,
    }));

    async function started(applicant: TestAccount, application: string, input = {}) {
      const answer = await start(applicant, application, input);
      expect(answer.body.errors).toBeUndefined();
      return answer.body.data!.startCheckout;
    }

    async function refreshed(applicant: TestAccount, application: string) {
      const answer = await server.graphql<{ refreshPayment: CheckoutSessionAnswer }>(
        REFRESH_PAYMENT,
        { application },
        applicant.headers,
      );
      expect(answer.body.errors).toBeUndefined();
      return answer.body.data!.refreshPayment;
    }

    const paymentRow = async (paymentId: string) =>
      (await server.database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!;

    /** The payer confirms the session's intent with a card, and the processor's word arrives. */
    async function pay(session: CheckoutSessionAnswer, card: string) {
      const { providerIntentId } = await paymentRow(session.payment.id);
      expect(session.client_secret).toBeTruthy();
      const status = await world.confirm(
        { id: providerIntentId!, clientSecret: session.client_secret! },
        card,
      );
      expect(status).toBe(
        card === TEST_CARD.succeeds
          ? 'succeeded'
          : card === TEST_CARD.declined
            ? 'requires_payment_method'
            : 'requires_action',
      );
      await world.deliverEvents();
    }

    const filledSlotsOf = async (opportunityId: string) =>
      (await server.app.services.opportunities.paymentOptionsOf([opportunityId]))[0]!.map(
        (tier) => tier.filledSlots,
      );

    const chargeEntriesOf = async (paymentId: string) =>
      (
        (await server.database.db.execute(
          sql`select count(*)::int as count from ledger_entries where idempotency_key = ${`charge:${paymentId}`}`,
        )) as unknown as { rows: { count: number }[] }
      ).rows[0]!.count;

    it('shows the breakdown, takes the card, sends the application and books the charge with what the processor kept', async () => {
      const { opportunity, early } = await paidOpportunity();
      const { applicant, applicationId } = await awaitingPayment(opportunity.id);

      const preview = await server.graphql<{ checkoutPreview: Record<string, unknown> }>(
        CHECKOUT_PREVIEW,
        {
          application: applicationId,
          input: { payment_option_id: early.id, coupon_code: 'early50' },
        },
        applicant.headers,
      );
      expect(preview.body.errors).toBeUndefined();
      expect(preview.body.data!.checkoutPreview).toMatchObject({
        method: 'INTERNAL_PAYMENT',
        total: { amount: 500, currency: 'EUR' },
        discount: { amount: 500 },
        discount_percent: 50,
        slots_left: 10,
        applied_count: 0,
        coupon: 'EARLY50',
        payment_option: { id: early.id, title: 'Early bird' },
      });
      const { platform_fee, organisation_receives } = preview.body.data!.checkoutPreview as {
        platform_fee: { amount: number };
        organisation_receives: { amount: number };
      };
      expect(platform_fee.amount + organisation_receives.amount).toBe(500);

      const session = await started(applicant, applicationId, {
        payment_option_id: early.id,
        coupon_code: 'EARLY50',
      });
      expect(session.payment).toMatchObject({
        status: 'REQUIRES_METHOD',
        amount: 500,
        coupon: 'EARLY50',
      });
      expect(session.client_secret).toBeTruthy();
      // The processor was asked for the quote's amount, fee and destination.
      const { providerIntentId } = await paymentRow(session.payment.id);
      const { provider, accounts } = server.app.services.payments;
      expect(await provider.retrieveIntent(providerIntentId!)).toMatchObject({
        amount: 500,
        currency: 'eur',
        applicationFeeAmount: platform_fee.amount,
        destination: (await accounts.account(organisation.id))!.providerAccountId,
        metadata: { payment_id: session.payment.id, application_id: applicationId },
      });

      await pay(session, TEST_CARD.succeeds);
      const paid = await applicationOf(applicant, applicationId);
      expect(paid).toMatchObject({
        status: 'SUBMITTED',
        payment_status: 'SUCCEEDED',
        payment_info: { status: 'SUCCEEDED', amount: 500, coupon: 'EARLY50' },
        payment: { title: 'Early bird', filled_slots: 1 },
      });
      expect(paid.payment_info.receipt).toMatch(/^\/receipt\/[\w-]{20,}$/);

      // The books hold the processor's fee as the processor tells it.
      const row = await paymentRow(session.payment.id);
      const told = await provider.retrieveIntent(providerIntentId!);
      expect(told.processorFee).toBeGreaterThan(0);
      expect(row.processorFee).toBe(told.processorFee);
      const { ledger } = server.app.services.payments;
      expect(await ledger.balance('organisation_pending', organisation.id)).toContainEqual({
        amount: organisation_receives.amount,
        currency: 'EUR',
      });
      expect(await chargeEntriesOf(session.payment.id)).toBe(1);
    });

    it('explains a declined card, keeps the draft, and takes the retry on the same intent', async () => {
      const { opportunity, regular } = await paidOpportunity({ auto: true });
      const { applicant, applicationId } = await awaitingPayment(opportunity.id);
      const session = await started(applicant, applicationId, { payment_option_id: regular.id });
      await pay(session, TEST_CARD.declined);
      expect((await refreshed(applicant, applicationId)).payment).toMatchObject({
        status: 'REQUIRES_METHOD',
        last_error: expect.stringMatching(/declined/i),
      });
      expect((await applicationOf(applicant, applicationId)).status).toBe('DRAFT');
      expect(await chargeEntriesOf(session.payment.id)).toBe(0);

      const again = await started(applicant, applicationId, { payment_option_id: regular.id });
      expect(again.payment.id).toBe(session.payment.id);
      expect(again.client_secret).toBe(session.client_secret);
      await pay(again, TEST_CARD.succeeds);
      expect(await world.intentsMadeFor(session.payment.id)).toBe(1);
      // AUTO approval: accepted as soon as it is paid.
      expect(await applicationOf(applicant, applicationId)).toMatchObject({
        status: 'ACCEPTED',
        payment_status: 'SUCCEEDED',
      });
      expect((await refreshed(applicant, applicationId)).payment.last_error).toBeNull();
    });

    it('sends the applicant to authenticate, takes a failed authentication as a refusal, and settles when they complete it', async () => {
      const { opportunity, regular } = await paidOpportunity();
      const { applicant, applicationId } = await awaitingPayment(opportunity.id);
      const session = await started(applicant, applicationId, { payment_option_id: regular.id });
      await pay(session, TEST_CARD.authentication);
      const waiting = await refreshed(applicant, applicationId);
      expect(waiting.payment.status).toBe('REQUIRES_ACTION');
      expect(waiting.next_action_url).toMatch(/^https?:\/\//);

      await world.authenticate(waiting.next_action_url!, false);
      await world.deliverEvents();
      const refused = await refreshed(applicant, applicationId);
      expect(refused.payment.status).toBe('REQUIRES_METHOD');
      expect(refused.payment.last_error).toBeTruthy();
      expect(refused.next_action_url).toBeNull();

      await pay(refused, TEST_CARD.authentication);
      const again = await refreshed(applicant, applicationId);
      expect(again.payment.status).toBe('REQUIRES_ACTION');
      await world.authenticate(again.next_action_url!, true);
      await world.deliverEvents();
      expect(await applicationOf(applicant, applicationId)).toMatchObject({
        status: 'SUBMITTED',
        payment_status: 'SUCCEEDED',
      });
      expect(await chargeEntriesOf(session.payment.id)).toBe(1);
    });

    it('takes no payment at all, and makes no intent, with a 100 % coupon', async () => {
      const { opportunity, regular } = await paidOpportunity();
      const { applicant, applicationId } = await awaitingPayment(opportunity.id);
      const session = await started(applicant, applicationId, {
        payment_option_id: regular.id,
        coupon_code: 'FREEPASS',
      });
      expect(session).toMatchObject({
        payment: { status: 'SUCCEEDED', method: 'FREE_COUPON', amount: 0 },
        client_secret: null,
        next_action_url: null,
      });
      expect(session.payment.receipt_number).toBeGreaterThan(1000);
      expect((await paymentRow(session.payment.id)).providerIntentId).toBeNull();
      expect(await world.intentsMadeFor(session.payment.id)).toBe(0);
      expect(await chargeEntriesOf(session.payment.id)).toBe(0);
      await world.deliverEvents();
      expect((await applicationOf(applicant, applicationId)).status).toBe('SUBMITTED');
    });

    it('gives the last slot of a tier to exactly one of five paying at once', async () => {
      const { opportunity, early } = await paidOpportunity({ earlySlots: 1 });
      const applicants = await Promise.all(
        [1, 2, 3, 4, 5].map((n) => awaitingPayment(opportunity.id, `Racer ${n}`)),
      );
      const answers = await Promise.all(
        applicants.map(({ applicant, applicationId }) =>
          start(applicant, applicationId, { payment_option_id: early.id }),
        ),
      );
      const winners = answers.filter((answer) => !answer.body.errors);
      expect(winners).toHaveLength(1);
      for (const answer of answers.filter((candidate) => candidate.body.errors)) {
        expect(answer.body.errors![0]!.extensions).toMatchObject({
          code: 'VALIDATION',
          validation: { 'input.payment_option_id': [expect.any(String)] },
        });
      }
      expect(await filledSlotsOf(opportunity.id)).toEqual([1, 0]);
      const winner = winners[0]!.body.data!.startCheckout;
      expect(await world.intentsMadeFor(winner.payment.id)).toBe(1);
      await pay(winner, TEST_CARD.succeeds);
      expect(await filledSlotsOf(opportunity.id)).toEqual([1, 0]);
    });

    it('makes one payment and one intent of a double click, and answers both clicks with it', async () => {
      const { opportunity, early } = await paidOpportunity();
      const { applicant, applicationId } = await awaitingPayment(opportunity.id);
      const choice = { payment_option_id: early.id };
      const answers = await Promise.all([
        start(applicant, applicationId, choice),
        start(applicant, applicationId, choice),
      ]);
      for (const answer of answers) expect(answer.body.errors).toBeUndefined();
      const [first, second] = answers.map((answer) => answer.body.data!.startCheckout);
      expect(second!.payment.id).toBe(first!.payment.id);
      expect(second!.client_secret).toBe(first!.client_secret);
      expect(await filledSlotsOf(opportunity.id)).toEqual([1, 0]);
      expect(await world.intentsMadeFor(first!.payment.id)).toBe(1);
      // A third click after the processor answered resumes the same intent.
      const third = await started(applicant, applicationId, choice);
      expect(third.client_secret).toBe(first!.client_secret);
      expect(await world.intentsMadeFor(first!.payment.id)).toBe(1);
    });

    it('makes a new attempt of a new coupon, and cancels the old intent at the processor', async () => {
      const { opportunity, early } = await paidOpportunity();
      const { applicant, applicationId } = await awaitingPayment(opportunity.id);
      const choice = { payment_option_id: early.id };
      const first = await started(applicant, applicationId, choice);
      const before = await paymentRow(first.payment.id);

      const changed = await started(applicant, applicationId, {
        ...choice,
        coupon_code: 'EARLY50',
      });
      expect(changed.payment).toMatchObject({ id: first.payment.id, amount: 500 });
      expect(changed.client_secret).not.toBe(first.client_secret);
      const after = await paymentRow(changed.payment.id);
      expect(after.attempt).toBe(before.attempt + 1);
      expect(after.idempotencyKey).not.toBe(before.idempotencyKey);
      expect(after.providerIntentId).not.toBe(before.providerIntentId);
      const { provider } = server.app.services.payments;
      expect((await provider.retrieveIntent(before.providerIntentId!)).status).toBe('canceled');
      expect(await world.intentsMadeFor(first.payment.id)).toBe(2);
      await world.deliverEvents();
      expect(await filledSlotsOf(opportunity.id)).toEqual([1, 0]);

      // The old intent's secret pays nothing now; the new one pays the new amount.
      expect(
        await world.confirm(
          { id: before.providerIntentId!, clientSecret: first.client_secret! },
          TEST_CARD.succeeds,
        ),
      ).toBe('refused');
      await world.deliverEvents();
      expect((await paymentRow(first.payment.id)).status).toBe('REQUIRES_METHOD');
      await pay(changed, TEST_CARD.succeeds);
      expect(await paymentRow(first.payment.id)).toMatchObject({
        status: 'SUCCEEDED',
        amount: 500,
        couponCode: 'EARLY50',
      });
    });

    it('finds the intent a crash kept from the database, by the attempt key, and settles it', async () => {
      const { opportunity, regular } = await paidOpportunity();
      const { applicant, applicationId } = await awaitingPayment(opportunity.id);
      const session = await started(applicant, applicationId, { payment_option_id: regular.id });
      const made = await paymentRow(session.payment.id);
      // As if the process died after the processor answered and before our commit.
      await server.database.db
        .update(payments)
        .set({ providerIntentId: null, status: 'REQUIRES_CREATION', updatedAt: now })
        .where(eq(payments.id, made.id));
      now = new Date(now.getTime() + 2 * 60 * 1000);
      const pass = await server.app.services.payments.reconciliation.run();
      expect(pass.checked).toBeGreaterThanOrEqual(1);
      const recovered = await paymentRow(made.id);
      expect(recovered.providerIntentId).toBe(made.providerIntentId);
      expect(recovered.status).toBe('REQUIRES_METHOD');
      expect(await world.intentsMadeFor(made.id)).toBe(1);
      await pay(session, TEST_CARD.succeeds);
      expect((await paymentRow(made.id)).status).toBe('SUCCEEDED');
    });

    it('settles a payment the payer finished while a crash kept its intent from the database', async () => {
      const { opportunity, regular } = await paidOpportunity();
      const { applicant, applicationId } = await awaitingPayment(opportunity.id);
      const session = await started(applicant, applicationId, { payment_option_id: regular.id });
      const made = await paymentRow(session.payment.id);
      await server.database.db
        .update(payments)
        .set({ providerIntentId: null, status: 'REQUIRES_CREATION', updatedAt: now })
        .where(eq(payments.id, made.id));
      // The browser had the client secret: the payer pays, and the processor's word finds no intent.
      expect(
        await world.confirm(
          { id: made.providerIntentId!, clientSecret: session.client_secret! },
          TEST_CARD.succeeds,
        ),
      ).toBe('succeeded');
      await world.deliverEvents();
      expect((await paymentRow(made.id)).status).toBe('REQUIRES_CREATION');
      now = new Date(now.getTime() + 2 * 60 * 1000);
      const pass = await server.app.services.payments.reconciliation.run();
      expect(pass.settled).toBeGreaterThanOrEqual(1);
      expect(await paymentRow(made.id)).toMatchObject({
        providerIntentId: made.providerIntentId,
        status: 'SUCCEEDED',
      });
      expect((await paymentRow(made.id)).processorFee).toBeGreaterThan(0);
      expect(await chargeEntriesOf(made.id)).toBe(1);
    });

    it('gives back the slots of a checkout nobody finished, and lets the applicant start again', async () => {
      const { opportunity, early } = await paidOpportunity({ earlySlots: 1 });
      const { applicant, applicationId } = await awaitingPayment(opportunity.id);
      const session = await started(applicant, applicationId, { payment_option_id: early.id });
      const abandoned = await paymentRow(session.payment.id);
      now = new Date(now.getTime() + 31 * 60 * 1000);
      await server.app.services.payments.reconciliation.run();
      await world.deliverEvents();
      expect((await paymentRow(session.payment.id)).status).toBe('CANCELED');
      const { provider } = server.app.services.payments;
      expect((await provider.retrieveIntent(abandoned.providerIntentId!)).status).toBe('canceled');
      expect((await applicationOf(applicant, applicationId)).payment_status).toBe('CANCELED');
      expect(await filledSlotsOf(opportunity.id)).toEqual([0, 0]);

      const again = await started(applicant, applicationId, { payment_option_id: early.id });
      expect(again.payment.status).toBe('REQUIRES_METHOD');
      expect(again.client_secret).not.toBe(session.client_secret);
      expect(await filledSlotsOf(opportunity.id)).toEqual([1, 0]);
    });

    it('keeps a paid payment paid, in the books once, whatever replayed or late events say', async () => {
      const { opportunity, regular } = await paidOpportunity();
      const { applicant, applicationId } = await awaitingPayment(opportunity.id);
      const session = await started(applicant, applicationId, { payment_option_id: regular.id });
      await pay(session, TEST_CARD.declined);
      await pay(session, TEST_CARD.succeeds);
      const paid = await paymentRow(session.payment.id);
      expect(paid.status).toBe('SUCCEEDED');

      // Delivered three times more, then the decline's event arrives late.
      await world.redeliver(paid.providerIntentId!, [
        'payment_intent.succeeded',
        'payment_intent.succeeded',
        'payment_intent.succeeded',
        'payment_intent.payment_failed',
      ]);
      await world.deliverEvents();
      expect(await paymentRow(session.payment.id)).toMatchObject({
        status: 'SUCCEEDED',
        receiptNumber: paid.receiptNumber,
        processorFee: paid.processorFee,
        lastErrorMessage: null,
      });
      expect(await chargeEntriesOf(session.payment.id)).toBe(1);
      expect((await applicationOf(applicant, applicationId)).payment_status).toBe('SUCCEEDED');
    });
  });
}
