// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import {
  accountState,
  disabledReasonKey,
  dueItems,
  isForbidden,
  needsOnboarding,
} from './payment-account';
import { account, NEW_ACCOUNT } from './payment-test-data';

describe('dueItems', () => {
  it("groups Stripe's requirement codes into things to do, in the order first asked", () => {
    expect(
      dueItems([
        'business_profile.url',
        'business_profile.mcc',
        'individual.first_name',
        'individual.dob.day',
        'individual.verification.document',
        'person_1AbC.address.city',
        'representative.email',
        'company.tax_id',
        'external_account',
        'tos_acceptance.date',
        'tos_acceptance.ip',
        'settings.payments.statement_descriptor',
        'country',
        'default_currency',
        'business_type',
        'verification',
      ]).map((item) => item.key),
    ).toEqual([
      'business_profile',
      'person',
      'identity_document',
      'company',
      'external_account',
      'tos_acceptance',
      'settings',
      'country',
      'default_currency',
      'business_type',
      'verification',
    ]);
  });

  it('keeps each unknown code, once, to be shown as it is', () => {
    expect(dueItems(['x.y', 'business_type', 'x.y', 'z'])).toEqual([
      { key: 'other', code: 'x.y' },
      { key: 'business_type' },
      { key: 'other', code: 'z' },
    ]);
  });
});

describe('disabledReasonKey', () => {
  it.each([
    ['requirements.past_due', 'past_due'],
    ['requirements.pending_verification', 'pending_verification'],
    ['under_review', 'under_review'],
    ['rejected.fraud', 'fraud'],
    ['rejected.platform_fraud', 'fraud'],
    ['rejected.terms_of_service', 'terms'],
    ['rejected.listed', 'listed'],
    ['rejected.other', 'rejected'],
    ['paused.inactivity', 'paused'],
    ['something.new', 'other'],
  ])('%s → %s', (reason, key) => {
    expect(disabledReasonKey(reason)).toBe(key);
  });
});

describe('accountState and needsOnboarding', () => {
  it('tells a ready account from one with details due, one held, and one being checked', () => {
    expect(accountState(account())).toBe('ready');
    expect(needsOnboarding(account())).toBe(false);

    expect(accountState(account(NEW_ACCOUNT))).toBe('due');
    expect(needsOnboarding(account(NEW_ACCOUNT))).toBe(true);

    const checking = account({
      charges_enabled: false,
      is_disabled: true,
      disabled_reason: 'requirements.pending_verification',
    });
    expect(accountState(checking)).toBe('disabled');
    expect(needsOnboarding(checking)).toBe(false);

    const waiting = account({ payouts_enabled: false });
    expect(accountState(waiting)).toBe('checking');
    expect(needsOnboarding(waiting)).toBe(false);
  });

  it('offers no onboarding to an account the processor closed, whatever it still lists', () => {
    const closed = account({
      is_disabled: true,
      disabled_reason: 'rejected.fraud',
      requirements_due: ['external_account'],
    });
    expect(accountState(closed)).toBe('disabled');
    expect(needsOnboarding(closed)).toBe(false);
  });
});

describe('isForbidden', () => {
  it("knows the server's refusal from other errors", () => {
    const refusal = new CombinedGraphQLErrors({
      errors: [{ message: 'No', extensions: { code: 'FORBIDDEN', category: 'authorization' } }],
    });
    const failure = new CombinedGraphQLErrors({
      errors: [
        { message: 'Down', extensions: { code: 'PAYMENT_FAILED', category: 'bad-request' } },
      ],
    });
    expect(isForbidden(refusal)).toBe(true);
    expect(isForbidden(failure)).toBe(false);
    expect(isForbidden(new Error('network'))).toBe(false);
    expect(isForbidden(null)).toBe(false);
  });
});
