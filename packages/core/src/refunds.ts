import { z } from 'zod';
import { REFUND_REASONS } from './enums';

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const REFUND_LIMITS = {
  messageMax: 2000,
  noteMax: 2000,
} as const;

/** How long after its event an opportunity's money is held before it can be paid out. */
export const DEFAULT_PAYOUT_HOLD_DAYS = 7;

/** Hours before an answer-by date the team is warned of undecided paid applications. */
export const ANSWER_BY_WARNING_HOURS = [48, 24] as const;

/** Free text a person writes to the other side: no NUL, no broken characters, trimmed, bounded. */
const note = (max: number, lengthKey: string) =>
  z
    .string()
    .refine((text) => !text.includes('\u0000'), 'validation.nul_character')
    .refine((text) => !UNPAIRED_SURROGATE.test(text), 'validation.unpaired_surrogate')
    .trim()
    .max(max, lengthKey)
    .transform((text) => (text === '' ? null : text))
    .nullish();

/** An applicant's refund request: a reason, and a message (needed when the reason is OTHER). */
export const refundRequestSchema = z
  .strictObject({
    reason: z.enum(REFUND_REASONS, { error: 'validation.refund.reason' }),
    message: note(REFUND_LIMITS.messageMax, 'validation.refund.message_length'),
  })
  .superRefine((input, context) => {
    if (input.reason === 'OTHER' && !input.message) {
      context.addIssue({
        code: 'custom',
        path: ['message'],
        message: 'validation.refund.message_required',
      });
    }
  });
export type RefundRequestInput = z.output<typeof refundRequestSchema>;

/** The team's answer to a request: an optional note to the applicant. */
export const refundDecisionSchema = z.strictObject({
  note: note(REFUND_LIMITS.noteMax, 'validation.refund.note_length'),
});

/** A refund's amount in minor units, when not all that is left. */
export const refundAmountSchema = z.strictObject({
  amount: z
    .number({ error: 'validation.refund.amount' })
    .int('validation.refund.amount')
    .positive('validation.refund.amount')
    .max(Number.MAX_SAFE_INTEGER, 'validation.refund.amount')
    .nullish(),
});

/** The organisation's share of a refund: the platform's fee is given back in proportion. */
export function refundSplit(
  payment: { amount: number; platformFee: number; amountRefunded: number },
  refund: number,
): { feeBack: number; shareBack: number } {
  const feeBackBefore = Math.round((payment.platformFee * payment.amountRefunded) / payment.amount);
  const feeBackAfter = Math.round(
    (payment.platformFee * (payment.amountRefunded + refund)) / payment.amount,
  );
  const feeBack = feeBackAfter - feeBackBefore;
  return { feeBack, shareBack: refund - feeBack };
}
