import { CombinedGraphQLErrors } from '@apollo/client/errors';
import type { PaymentAccountFieldsFragment } from '../../gql/graphql';

/** The translation keys of the payout account pages (common namespace). */
export const PAYMENTS = 'app.organisations.payments';

/**
 * What the processor still needs, as sentences to show: one a group of requirement codes
 * (`tos_acceptance.date` and `tos_acceptance.ip` are one thing to do), in the order first asked.
 * A code nothing here knows is kept, to be shown as it is.
 */
export interface DueItem {
  /** The sentence's key under `${PAYMENTS}.due`. */
  key: string;
  /** The processor's own code, for a requirement without a sentence of its own. */
  code?: string;
}

const PERSON = /^(individual|representative|owners|directors|executives|person_[^.]+)(\.|$)/;

function groupOf(code: string): string | null {
  if (code === 'business_type') return 'business_type';
  if (code.startsWith('business_profile.')) return 'business_profile';
  if (code === 'external_account' || code.startsWith('external_account.')) {
    return 'external_account';
  }
  if (code === 'country') return 'country';
  if (code === 'default_currency') return 'default_currency';
  if (code.startsWith('tos_acceptance.') || code === 'tos_acceptance') return 'tos_acceptance';
  if (/verification\.(additional_)?document$/.test(code)) return 'identity_document';
  if (code === 'relationship' || code.startsWith('relationship.')) return 'person';
  if (code.endsWith('_provided')) return 'person';
  if (PERSON.test(code)) return 'person';
  if (code === 'company' || code.startsWith('company.')) return 'company';
  if (code.startsWith('settings.')) return 'settings';
  if (code === 'verification') return 'verification';
  return null;
}

export function dueItems(codes: readonly string[]): DueItem[] {
  const items: DueItem[] = [];
  const seen = new Set<string>();
  for (const code of codes) {
    const group = groupOf(code);
    const id = group ?? `other:${code}`;
    if (seen.has(id)) continue;
    seen.add(id);
    items.push(group ? { key: group } : { key: 'other', code });
  }
  return items;
}

const DISABLED_REASONS: Record<string, string> = {
  'requirements.past_due': 'past_due',
  'requirements.pending_verification': 'pending_verification',
  under_review: 'under_review',
  listed: 'under_review',
  'rejected.fraud': 'fraud',
  'rejected.platform_fraud': 'fraud',
  'rejected.terms_of_service': 'terms',
  'rejected.platform_terms_of_service': 'terms',
  'rejected.listed': 'listed',
  'rejected.incomplete_verification': 'incomplete_verification',
  'rejected.other': 'rejected',
  'rejected.platform_other': 'rejected',
  platform_paused: 'paused',
  'paused.inactivity': 'paused',
};

/** The sentence's key under `${PAYMENTS}.disabled` for why the processor holds the account. */
export function disabledReasonKey(reason: string): string {
  return DISABLED_REASONS[reason] ?? 'other';
}

/** The account was closed by the processor: nothing the organisation fills in opens it again. */
export function isRejected(reason: string | null): boolean {
  return reason !== null && reason.startsWith('rejected.');
}

export type AccountState = 'ready' | 'due' | 'disabled' | 'checking';

/**
 * One word for where the account stands: ready for payments and payouts, waiting for details
 * from the organisation, held by the processor, or being checked with nothing left to give.
 */
export function accountState(account: PaymentAccountFieldsFragment): AccountState {
  if (isRejected(account.disabled_reason)) return 'disabled';
  if (account.requirements_due.length > 0) return 'due';
  if (account.is_disabled) return 'disabled';
  if (account.charges_enabled && account.payouts_enabled) return 'ready';
  return 'checking';
}

/** Something is still to be given at the processor's onboarding. */
export function needsOnboarding(account: PaymentAccountFieldsFragment): boolean {
  if (isRejected(account.disabled_reason)) return false;
  return account.requirements_due.length > 0 || account.disabled_reason === 'requirements.past_due';
}

/** The server refuses: only owners and admins manage an organisation's payments. */
export function isForbidden(error: unknown): boolean {
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some(
      (item) =>
        item.extensions?.code === 'FORBIDDEN' || item.extensions?.category === 'authorization',
    )
  );
}

/** The processor's onboarding is another site: a full page load, replaceable in tests. */
export const processorRedirect = {
  to: (url: string) => window.location.assign(url),
};
