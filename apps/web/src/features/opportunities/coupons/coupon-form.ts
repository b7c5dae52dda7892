import { couponInputSchema, type CouponInput } from '@encore/core';
import type { CouponFieldsFragment } from '../../../gql/graphql';

/** The coupon dialog's fields as typed. */
export interface CouponFormValues {
  name: string;
  code: string;
  /** Percent off, 1–100. */
  value: string;
  /** Empty for no limit. */
  slots: string;
}

export type CouponField = keyof CouponFormValues;
export const COUPON_FIELDS: readonly CouponField[] = ['name', 'code', 'value', 'slots'];

/** Translation keys under `opportunities.coupons.problems.` by field. */
export type CouponProblems = Partial<Record<CouponField, string>>;

export function couponFormValues(coupon?: CouponFieldsFragment | null): CouponFormValues {
  return {
    name: coupon?.name ?? '',
    code: coupon?.code ?? '',
    value: coupon ? String(coupon.value) : '',
    slots: coupon?.slots == null ? '' : String(coupon.slots),
  };
}

function numberOf(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/** The shared schema's keys (`validation.coupon.code`) as this form's problem names. */
function problemOf(message: string): string {
  switch (message) {
    case 'validation.required':
      return 'required';
    case 'validation.coupon.name_length':
      return 'nameLength';
    case 'validation.coupon.code':
      return 'code';
    case 'validation.coupon.value':
      return 'value';
    case 'validation.coupon.slots':
      return 'slots';
    default:
      // NUL characters, broken surrogates: text the field cannot keep.
      return 'invalidText';
  }
}

export type CouponCheck =
  | { ok: true; input: CouponInput & { slots: number | null } }
  | { ok: false; problems: CouponProblems };

/**
 * The same checks as the server's (`couponInputSchema`), for feedback before sending. An edit
 * also keeps the slots at or above those already used.
 */
export function checkCoupon(values: CouponFormValues, usedSlots = 0): CouponCheck {
  const slots = values.slots.trim() === '' ? null : Number(values.slots.trim());
  const result = couponInputSchema.safeParse({
    name: values.name,
    code: values.code,
    value: numberOf(values.value),
    slots,
  });
  const problems: CouponProblems = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as CouponField | undefined;
      if (field !== undefined && problems[field] === undefined) {
        problems[field] = problemOf(issue.message);
      }
    }
  }
  if (problems.slots === undefined && slots !== null && slots < usedSlots) {
    problems.slots = 'slotsBelowUsed';
  }
  if (!result.success || Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, input: { ...result.data, slots: result.data.slots ?? null } };
}
