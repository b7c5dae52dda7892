import { z } from 'zod';
import type { GraphQLContext } from '../../graphql/context';
import { AppError } from '../../lib/errors';
import type { OpportunityRow } from '../opportunities/opportunities.service';

const slugSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9-]+$/);

/** The opportunity an `opportunitySlug` names; refused by name before anything reads more. */
export async function opportunityOfSlug(
  context: GraphQLContext,
  slug: string,
): Promise<OpportunityRow> {
  const parsed = slugSchema.safeParse(slug);
  if (!parsed.success) throw AppError.validation({ opportunitySlug: ['validation.slug'] });
  const opportunity = await context.services.opportunities.bySlug(parsed.data);
  if (!opportunity) throw AppError.notFound('opportunity');
  return opportunity;
}

const REFUND_FAILURES = [
  'expired_or_canceled_card',
  'lost_or_stolen_card',
  'charge_already_refunded',
];
const PAYOUT_FAILURES = ['account_closed', 'no_account', 'insufficient_funds', 'canceled'];

/** Why the processor could not give money back, in the reader's language. */
export const refundFailureMessage = (context: GraphQLContext, code: string) =>
  context.t(`payments.refund_failure.${REFUND_FAILURES.includes(code) ? code : 'unknown'}`);

/** Why a bank refused a payout, in the reader's language. */
export const payoutFailureMessage = (context: GraphQLContext, code: string) =>
  context.t(`payments.payout_failure.${PAYOUT_FAILURES.includes(code) ? code : 'unknown'}`);
