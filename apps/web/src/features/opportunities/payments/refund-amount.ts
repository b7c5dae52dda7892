/** Why a partial refund's amount cannot be sent. */
export type RefundAmountProblem = 'required' | 'invalid' | 'tooSmall' | 'tooMuch';

export type RefundAmountCheck =
  { ok: true; minor: number } | { ok: false; problem: RefundAmountProblem };

/**
 * An amount typed in major units ("12.50", "12,50", "12") as minor units, exactly (no floating
 * point); null when it is not a plain amount with at most `decimalDigits` decimals. Either a
 * point or a comma may separate the decimals, as keyboards in many languages type them; digit
 * groups ("1,250.00") are not accepted, so "1,250" can never mean 1.25 by mistake.
 */
export function parseMajorAmount(text: string, decimalDigits: number): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  const pattern =
    decimalDigits > 0 ? new RegExp(`^(\\d+)(?:[.,](\\d{1,${decimalDigits}}))?$`) : /^(\d+)$/;
  const match = pattern.exec(trimmed);
  if (!match?.[1]) return null;
  const fraction = (match[2] ?? '').padEnd(decimalDigits, '0');
  const minor = Number(match[1]) * 10 ** decimalDigits + Number(fraction || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}

/** A partial refund: more than nothing and no more than what is left of the payment. */
export function checkRefundAmount(
  text: string,
  decimalDigits: number,
  refundableMinor: number,
): RefundAmountCheck {
  if (text.trim() === '') return { ok: false, problem: 'required' };
  const minor = parseMajorAmount(text, decimalDigits);
  if (minor === null) return { ok: false, problem: 'invalid' };
  if (minor <= 0) return { ok: false, problem: 'tooSmall' };
  if (minor > refundableMinor) return { ok: false, problem: 'tooMuch' };
  return { ok: true, minor };
}
