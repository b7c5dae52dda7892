import {
  isChargeable,
  minimumChargeFor,
  quoteCheckout,
  UUID_PATTERN,
  type CheckoutQuote,
} from '@encore/core';
import { setTimeout } from 'node:timers/promises';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Outbox } from '../../events/outbox';
import { AppError } from '../../lib/errors';
import { ProcessorError } from '../../lib/payments/local/processor';
import type { PaymentProvider, ProviderIntent } from '../../lib/payments/provider';
import type { ViewerAccess } from '../access/access';
import type { ApplicationRow, ApplicationsService } from '../applications/applications.service';
import type {
  OpportunitiesService,
  OpportunityPaymentOptionRow,
  OpportunityRow,
} from '../opportunities/opportunities.service';
import type { CouponRow, CouponsService } from './coupons.service';
import type { PaymentAccounts } from './payment-accounts.service';
import { isSettled, type PaymentSettlement } from './payments.settlement';
import { payments, type PaymentAccountRow, type PaymentRow } from './payments.table';

/** What the applicant chose at checkout. */
export interface CheckoutChoice {
  payment_option_id?: string | null | undefined;
  coupon_code?: string | null | undefined;
}

/** What the applicant sees before paying: the quote and what it depends on. */
export interface CheckoutPreview extends CheckoutQuote {
  option: OpportunityPaymentOptionRow;
  coupon: CouponRow | null;
  /** The tier's slots still open; null for a tier without a limit. */
  slotsLeft: number | null;
  /** How many have applied so far. */
  appliedCount: number;
  minimumCharge: number;
}

/** A checkout under way: the payment, and what the browser needs to confirm it. */
export interface CheckoutSession {
  payment: PaymentRow;
  clientSecret: string | null;
  nextActionUrl: string | null;
}

export interface CheckoutActor {
  id: string;
  access: Pick<ViewerAccess, 'opportunity'>;
}

/** How often a create whose key is in flight is asked again. */
const IN_FLIGHT_TRIES = 4;

const validation = (field: string, key: string) => AppError.validation({ [field]: [key] });

const processorUnreachable = (cause: unknown) =>
  new AppError('PAYMENT_FAILED', 'The payment processor could not be reached.', {
    messageKey: 'errors.payments_unavailable',
    cause,
  });

const conflict = (message: string, messageKey: string) =>
  new AppError('CONFLICT', message, { messageKey });

/**
 * Checkout (issue 20): an applicant whose form is complete picks a tier and maybe a coupon, sees
 * what they will pay, and pays through the processor. One payment row an application; each change
 * of tier or coupon is a new attempt with its own idempotency key, sent with every processor call
 * of that attempt, so a double click, a resent request or a crash between the processor's answer
 * and our commit never charges twice. The tier's and coupon's slots are held from the start of an
 * attempt until it is paid (kept) or abandoned (given back).
 */
export function createCheckout({
  db,
  outbox,
  provider,
  accounts,
  coupons,
  opportunities,
  applications,
  settlement,
  platformFeePercent,
}: {
  db: Database;
  outbox: Outbox;
  provider: PaymentProvider;
  accounts: Pick<PaymentAccounts, 'of'>;
  coupons: Pick<CouponsService, 'findForApplicant' | 'takeSlot' | 'requireById'>;
  opportunities: Pick<
    OpportunitiesService,
    'requireById' | 'isOpen' | 'paymentOptionsOf' | 'tierSlots'
  >;
  applications: Pick<ApplicationsService, 'requireById' | 'sentCount'>;
  settlement: PaymentSettlement;
  platformFeePercent: number;
}) {
  async function paymentOf(applicationId: string): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.applicationId, applicationId));
    return row;
  }

  /** The applicant's own application, sent and waiting for its fee, on an opportunity taking them. */
  async function requireAwaiting(
    applicationId: string,
    actor: CheckoutActor,
  ): Promise<{ application: ApplicationRow; opportunity: OpportunityRow }> {
    if (!UUID_PATTERN.test(applicationId)) throw AppError.notFound('application');
    const application = await applications.requireById(applicationId);
    if (application.userId !== actor.id) throw AppError.notFound('application');
    const opportunity = await opportunities.requireById(application.opportunityId);
    // A withdrawn application is never charged; a paid one is only shown its payment.
    const waiting = application.status === 'DRAFT' || application.paymentStatus === 'SUCCEEDED';
    if (opportunity.paymentType === 'FREE' || application.paymentStatus === null || !waiting) {
      throw conflict('This application is not waiting for a payment.', 'errors.payment_not_due');
    }
    return { application, opportunity };
  }

  /** The tier and coupon chosen, and what they come to; the problems name the field. */
  async function price(opportunity: OpportunityRow, choice: CheckoutChoice, held?: PaymentRow) {
    // What this applicant's own open attempt holds is theirs, even when it took the last slot.
    const holds = held?.holdsSlots && !isSettled(held.status) ? held : undefined;
    const [options = []] = await opportunities.paymentOptionsOf([opportunity.id]);
    const optionId = choice.payment_option_id ?? (options.length === 1 ? options[0]!.id : null);
    if (!optionId) throw validation('input.payment_option_id', 'validation.required');
    const option = options.find((candidate) => candidate.id === optionId);
    if (!option) throw validation('input.payment_option_id', 'validation.payment_option_unknown');
    if (holds?.paymentOptionId !== option.id && !opportunities.tierSlots.isAvailable(option)) {
      throw validation('input.payment_option_id', 'validation.payment_option_full');
    }
    const code = choice.coupon_code?.trim();
    const heldCoupon =
      code && holds?.couponId && holds.couponCode?.toLowerCase() === code.toLowerCase()
        ? await coupons.requireById(holds.couponId)
        : null;
    const coupon = code
      ? (heldCoupon ??
        (await coupons.findForApplicant(opportunity.id, code, { field: 'input.coupon_code' })))
      : null;
    const quote = quoteCheckout({
      cost: option.cost,
      currency: option.currency,
      couponPercent: coupon?.value ?? null,
      platformFeePercent,
    });
    if (!isChargeable(quote))
      throw validation('input.coupon_code', 'validation.payment_below_minimum');
    return { option, coupon, quote };
  }

  /** Whether an attempt is for this very choice (a repeated click, not a change of mind). */
  const sameChoice = (
    payment: PaymentRow,
    { option, coupon, quote }: Awaited<ReturnType<typeof price>>,
  ) =>
    payment.paymentOptionId === option.id &&
    payment.couponId === (coupon?.id ?? null) &&
    payment.amount === quote.amount;

  /** Applies what the processor says of the payment's intent, in a transaction of its own. */
  async function apply(payment: PaymentRow, intent: ProviderIntent): Promise<PaymentRow> {
    return outbox.transaction(async (tx) => {
      const locked = await settlement.lock(tx, payment.id);
      if (!locked) return payment;
      if (locked.providerIntentId === null && locked.idempotencyKey === payment.idempotencyKey) {
        const [linked] = await tx
          .update(payments)
          .set({ providerIntentId: intent.id, provider: provider.name })
          .where(eq(payments.id, locked.id))
          .returning();
        return settlement.applyIntent(tx, linked!, intent);
      }
      return settlement.applyIntent(tx, locked, intent);
    });
  }

  /**
   * Stripe answers a request whose key is still in flight (the other of a double click) with an
   * idempotency error rather than waiting: asked again a moment later, it answers the first one's.
   */
  async function createIntentOnce(
    input: Parameters<PaymentProvider['createIntent']>[0],
    key: string,
  ): Promise<ProviderIntent> {
    for (let tries = 1; ; tries++) {
      try {
        return await provider.createIntent(input, key);
      } catch (error) {
        const inFlight = error instanceof ProcessorError && error.code === 'idempotency_key_in_use';
        if (!inFlight || tries === IN_FLIGHT_TRIES) throw error;
        await setTimeout(250 * tries);
      }
    }
  }

  /**
   * The attempt's intent at the processor: made with the attempt's key (the same intent however
   * often this runs, a crash in between included), or read again.
   */
  async function intentOf(payment: PaymentRow, known?: PaymentAccountRow): Promise<ProviderIntent> {
    try {
      if (payment.providerIntentId) return await provider.retrieveIntent(payment.providerIntentId);
      const account = known ?? (await accounts.of(payment.organisationId));
      if (!account?.chargesEnabled) {
        throw conflict(
          'This organisation cannot take payments now.',
          'errors.payments_not_accepted',
        );
      }
      return await createIntentOnce(
        {
          amount: payment.amount,
          currency: payment.currency.toLowerCase(),
          applicationFeeAmount: payment.platformFee,
          destination: account.providerAccountId,
          description: `${payment.optionTitle ?? 'Application fee'} (${payment.applicationId})`,
          metadata: {
            payment_id: payment.id,
            application_id: payment.applicationId,
            attempt: String(payment.attempt),
          },
        },
        payment.idempotencyKey,
      );
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw processorUnreachable(error);
    }
  }

  /** `account`: the organisation's, when the caller has just read it. */
  async function resume(
    payment: PaymentRow,
    account?: PaymentAccountRow,
  ): Promise<CheckoutSession> {
    if (isSettled(payment.status) || payment.method !== 'INTERNAL_PAYMENT') {
      return { payment, clientSecret: null, nextActionUrl: null };
    }
    const intent = await intentOf(payment, account);
    const current = await apply(payment, intent);
    const open = !isSettled(current.status);
    return {
      payment: current,
      clientSecret: open ? intent.clientSecret : null,
      nextActionUrl: open ? intent.nextActionUrl : null,
    };
  }

  /** Ends an attempt at the processor before another starts; an intent paid meanwhile stays paid. */
  async function endAttempt(payment: PaymentRow): Promise<PaymentRow> {
    if (!payment.providerIntentId || isSettled(payment.status)) return payment;
    const intent = await provider
      .cancelIntent(payment.providerIntentId, `cancel:${payment.providerIntentId}`)
      .catch(async (error: unknown) => {
        // Refused because it succeeded (or is processing): what it is now decides.
        const now = await provider.retrieveIntent(payment.providerIntentId!).catch(() => null);
        if (now) return now;
        throw processorUnreachable(error);
      });
    return apply(payment, intent);
  }

  return {
    paymentOf,

    async paymentsOf(applicationIds: readonly string[]): Promise<PaymentRow[]> {
      if (applicationIds.length === 0) return [];
      return db
        .select()
        .from(payments)
        .where(inArray(payments.applicationId, [...applicationIds]));
    },

    /** What paying would come to, with nothing taken or charged. */
    async preview(
      applicationId: string,
      choice: CheckoutChoice,
      actor: CheckoutActor,
    ): Promise<CheckoutPreview> {
      const { application, opportunity } = await requireAwaiting(applicationId, actor);
      const held = await paymentOf(application.id);
      const { option, coupon, quote } = await price(opportunity, choice, held);
      return {
        ...quote,
        option,
        coupon,
        slotsLeft: option.slots === null ? null : Math.max(0, option.slots - option.filledSlots),
        appliedCount: await applications.sentCount(opportunity.id),
        minimumCharge: minimumChargeFor(quote.currency),
      };
    },

    /**
     * Starts (or resumes) paying: holds the tier's and coupon's slots, and makes the intent the
     * browser confirms. A 100 % coupon pays nothing and is done at once.
     */
    async start(
      applicationId: string,
      choice: CheckoutChoice,
      actor: CheckoutActor,
    ): Promise<CheckoutSession> {
      const { application, opportunity } = await requireAwaiting(applicationId, actor);
      if (opportunity.paymentType === 'PAID_EXTERNAL') {
        throw conflict(
          'This organisation takes payment on its own site.',
          'errors.payment_external',
        );
      }
      let current = await paymentOf(application.id);
      const priced = await price(opportunity, choice, current);
      if (current?.status === 'SUCCEEDED') return resume(current);
      if (current && !isSettled(current.status) && sameChoice(current, priced)) {
        return resume(current);
      }
      if (!opportunities.isOpen(opportunity)) {
        throw new AppError('CONFLICT', 'This opportunity is not taking applications.', {
          messageKey: 'errors.application_closed',
          messageValues: { opportunity: opportunity.title },
        });
      }
      const account =
        priced.quote.method === 'INTERNAL_PAYMENT'
          ? await accounts.of(opportunity.organisationId)
          : undefined;
      if (priced.quote.method === 'INTERNAL_PAYMENT') {
        if (!account?.chargesEnabled) {
          throw conflict(
            'This organisation cannot take payments now.',
            'errors.payments_not_accepted',
          );
        }
      }
      if (current) {
        current = await endAttempt(current);
        if (current.status === 'SUCCEEDED') return resume(current);
      }
      const { option, coupon, quote } = priced;
      const attempt = () =>
        outbox.transaction(async (tx) => {
          const previous = current ? await settlement.lock(tx, current.id) : undefined;
          if (current && previous?.attempt !== current.attempt) {
            throw conflict(
              'This checkout changed meanwhile; try again.',
              'errors.checkout_changed',
            );
          }
          if (previous) await settlement.releaseHolds(tx, previous);
          if (!(await opportunities.tierSlots.take(tx, option.id))) {
            throw validation('input.payment_option_id', 'validation.payment_option_full');
          }
          if (coupon && !(await coupons.takeSlot(tx, coupon.id))) {
            throw validation('input.coupon_code', 'validation.coupon.not_valid');
          }
          const attempt = (previous?.attempt ?? 0) + 1;
          const values = {
            paymentOptionId: option.id,
            couponId: coupon?.id ?? null,
            method: quote.method,
            status: 'REQUIRES_CREATION' as const,
            optionTitle: option.title,
            couponCode: coupon?.code ?? null,
            currency: quote.currency,
            price: quote.price,
            discountPercent: quote.discountPercent,
            discount: quote.discount,
            amount: quote.amount,
            platformFee: quote.platformFee,
            processorFee: null,
            provider: quote.method === 'INTERNAL_PAYMENT' ? provider.name : null,
            providerIntentId: null,
            attempt,
            idempotencyKey: `checkout:${application.id}:${attempt}`,
            holdsSlots: true,
            lastErrorCode: null,
            lastErrorMessage: null,
            payerName: application.name,
            payerEmail: application.email || null,
          };
          const [row] = previous
            ? [await settlement.move(tx, previous, values)]
            : await tx
                .insert(payments)
                .values({
                  ...values,
                  applicationId: application.id,
                  opportunityId: opportunity.id,
                  organisationId: opportunity.organisationId,
                  userId: application.userId,
                })
                .onConflictDoNothing({ target: payments.applicationId })
                .returning();
          if (!row) {
            throw conflict(
              'This checkout changed meanwhile; try again.',
              'errors.checkout_changed',
            );
          }
          if (quote.method === 'FREE_COUPON')
            return settlement.succeed(tx, row, { processorFee: null });
          return row;
        });
      try {
        return await resume(await attempt(), account);
      } catch (error) {
        if (!(error instanceof AppError) || error.messageKey !== 'errors.checkout_changed')
          throw error;
        // Another request of the applicant's got there first (a double click): the same choice
        // is the same checkout.
        const winner = await paymentOf(application.id);
        if (winner?.status === 'SUCCEEDED') return resume(winner);
        if (winner && !isSettled(winner.status) && sameChoice(winner, priced))
          return resume(winner);
        throw error;
      }
    },

    /** Asks the processor how the applicant's payment stands now (back from confirming it). */
    async refresh(applicationId: string, actor: CheckoutActor): Promise<CheckoutSession> {
      if (!UUID_PATTERN.test(applicationId)) throw AppError.notFound('application');
      const application = await applications.requireById(applicationId);
      if (application.userId !== actor.id) throw AppError.notFound('application');
      const payment = await paymentOf(applicationId);
      if (!payment) {
        throw conflict(
          'No payment was started for this application.',
          'errors.payment_not_started',
        );
      }
      return resume(payment);
    },

    /** The processor told of an intent: what it says now is applied (events may come out of order). */
    async sync(intentId: string): Promise<void> {
      const [payment] = await db
        .select()
        .from(payments)
        .where(eq(payments.providerIntentId, intentId));
      if (!payment || isSettled(payment.status)) return;
      await apply(payment, await provider.retrieveIntent(intentId));
    },

    /**
     * Ends the application's open checkout, if any (abandoned past the hold, or the application
     * withdrawn): canceled at the processor and its slots given back. A payment that went through
     * meanwhile stays paid.
     */
    async abandon(payment: PaymentRow): Promise<PaymentRow> {
      if (isSettled(payment.status)) return payment;
      if (payment.providerIntentId) return endAttempt(payment);
      // No intent was ever made: nothing at the processor to end.
      return outbox.transaction(async (tx) => {
        const locked = await settlement.lock(tx, payment.id);
        if (!locked || isSettled(locked.status) || locked.providerIntentId)
          return locked ?? payment;
        await settlement.releaseHolds(tx, locked);
        return settlement.move(tx, locked, { status: 'CANCELED', holdsSlots: false });
      });
    },

    /** For reconciliation: an attempt a crash or a lost event left unfinished. */
    resume,
  };
}

export type Checkout = ReturnType<typeof createCheckout>;
