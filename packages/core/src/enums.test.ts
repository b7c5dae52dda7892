import { describe, it, expect } from 'vitest';
import {
  ACCOUNT_HOLDER_TYPES,
  ACCOUNT_TYPES,
  APPLICATION_STATUSES,
  APPROVAL_TYPES,
  FORM_FIELD_SUBTYPES,
  FORM_FIELD_TYPES,
  FORM_TYPES,
  GROUP_MEMBER_GENDERS,
  MEMBER_INVITATION_STATUSES,
  MESSAGE_STATUSES,
  OPERATION_STATUSES,
  OPPORTUNITY_PAYMENT_TYPES,
  OPPORTUNITY_PERMISSIONS,
  OPPORTUNITY_ROLE_PERMISSIONS,
  OPPORTUNITY_ROLES,
  OPPORTUNITY_STATUSES,
  ORGANISATION_PERMISSIONS,
  ORGANISATION_ROLE_PERMISSIONS,
  ORGANISATION_ROLES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PAYOUT_ACCOUNT_TYPES,
  PLATFORM_ROLES,
  PROFESSIONAL_LEVELS,
  REFUND_REASONS,
  REFUND_REQUEST_STATUSES,
  SOCIAL_TYPES,
  TARGET_USERS,
  TIME_VISIBILITY_FIELDS,
  grantsPermission,
  isOneOf,
  opportunityRoleGrants,
  organisationRoleGrants,
  type RefundRequestStatus,
} from './enums';

const ALL_LISTS = {
  REFUND_REQUEST_STATUSES,
  PAYMENT_STATUSES,
  OPPORTUNITY_STATUSES,
  APPROVAL_TYPES,
  MESSAGE_STATUSES,
  MEMBER_INVITATION_STATUSES,
  OPERATION_STATUSES,
  OPPORTUNITY_PAYMENT_TYPES,
  PAYMENT_METHODS,
  REFUND_REASONS,
  SOCIAL_TYPES,
  TARGET_USERS,
  ACCOUNT_HOLDER_TYPES,
  PAYOUT_ACCOUNT_TYPES,
  ACCOUNT_TYPES,
  PLATFORM_ROLES,
  ORGANISATION_ROLES,
  ORGANISATION_PERMISSIONS,
  OPPORTUNITY_ROLES,
  OPPORTUNITY_PERMISSIONS,
  APPLICATION_STATUSES,
  FORM_FIELD_TYPES,
  FORM_FIELD_SUBTYPES,
  FORM_TYPES,
  GROUP_MEMBER_GENDERS,
  PROFESSIONAL_LEVELS,
  TIME_VISIBILITY_FIELDS,
};

describe('enum lists', () => {
  it.each(Object.entries(ALL_LISTS))('%s is non-empty and has no duplicates', (_name, list) => {
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list).size).toBe(list.length);
  });

  it('match the seed values exactly where the seed lists them', () => {
    expect(REFUND_REQUEST_STATUSES).toEqual([
      'REQUESTED',
      'APPROVED',
      'DECLINED',
      'PROCESSING',
      'CANCELED',
      'FAILED',
      'SUCCEEDED',
    ]);
    expect(PAYMENT_STATUSES).toHaveLength(11);
    expect(PAYMENT_STATUSES).toContain('REFUND_FAIL');
    expect(OPPORTUNITY_STATUSES).toEqual([
      'DRAFT',
      'SCHEDULED',
      'PUBLISHED',
      'ACTIVE',
      'CLOSED',
      'DELETED',
      'ARCHIVED',
    ]);
    expect(APPROVAL_TYPES).toEqual(['AUTO', 'ON_REVIEW']);
    expect(MESSAGE_STATUSES).toEqual(['FAILED', 'SENT', 'PENDING']);
    expect(OPPORTUNITY_PAYMENT_TYPES).toEqual(['FREE', 'PAID_INTERNAL', 'PAID_EXTERNAL']);
    expect(PAYMENT_METHODS).toEqual(['FREE_COUPON', 'EXTERNAL_PAYMENT', 'INTERNAL_PAYMENT']);
    expect(REFUND_REASONS).toEqual(['CANCELED', 'CANT_ATTEND', 'OTHER']);
    expect(SOCIAL_TYPES).toContain('SOUND_CLOUD');
    expect(TARGET_USERS).toEqual(['BANDS', 'INDIVIDUALS']);
    expect(ACCOUNT_HOLDER_TYPES).toEqual(['INDIVIDUAL', 'COMPANY', 'NON_PROFIT']);
    expect(PAYOUT_ACCOUNT_TYPES).toEqual(['CARD', 'BANK_ACCOUNT']);
    expect(FORM_FIELD_TYPES).toHaveLength(16);
    expect(FORM_FIELD_SUBTYPES).toHaveLength(14);
    expect(FORM_TYPES).toEqual(['GENERAL', 'INDIVIDUAL']);
    expect(GROUP_MEMBER_GENDERS).toEqual(['male', 'female', 'non-binary', 'prefer-not-to-say']);
  });
});

describe('isOneOf', () => {
  it('accepts members and narrows the type', () => {
    const value: unknown = 'APPROVED';
    if (!isOneOf(REFUND_REQUEST_STATUSES, value)) throw new Error('expected a member');
    const narrowed: RefundRequestStatus = value;
    expect(narrowed).toBe('APPROVED');
  });

  it('is case-sensitive and rejects non-strings', () => {
    expect(isOneOf(REFUND_REQUEST_STATUSES, 'approved')).toBe(false);
    expect(isOneOf(REFUND_REQUEST_STATUSES, ' APPROVED')).toBe(false);
    expect(isOneOf(REFUND_REQUEST_STATUSES, '')).toBe(false);
    expect(isOneOf(REFUND_REQUEST_STATUSES, null)).toBe(false);
    expect(isOneOf(REFUND_REQUEST_STATUSES, undefined)).toBe(false);
    expect(isOneOf(REFUND_REQUEST_STATUSES, 0)).toBe(false);
    expect(isOneOf(REFUND_REQUEST_STATUSES, ['APPROVED'])).toBe(false);
  });

  it('does not match inherited array properties', () => {
    expect(isOneOf(TARGET_USERS, 'length')).toBe(false);
    expect(isOneOf(TARGET_USERS, 'toString')).toBe(false);
  });
});

describe('role permissions', () => {
  it('only grants permissions that exist', () => {
    for (const permissions of Object.values(ORGANISATION_ROLE_PERMISSIONS)) {
      for (const permission of permissions) expect(ORGANISATION_PERMISSIONS).toContain(permission);
    }
    for (const permissions of Object.values(OPPORTUNITY_ROLE_PERMISSIONS)) {
      for (const permission of permissions) expect(OPPORTUNITY_PERMISSIONS).toContain(permission);
    }
    expect(Object.keys(ORGANISATION_ROLE_PERMISSIONS)).toEqual([...ORGANISATION_ROLES]);
    expect(Object.keys(OPPORTUNITY_ROLE_PERMISSIONS)).toEqual([...OPPORTUNITY_ROLES]);
  });

  it('lets the organisation owner do everything through full_access', () => {
    for (const permission of ORGANISATION_PERMISSIONS) {
      expect(organisationRoleGrants('owner', permission)).toBe(true);
    }
  });

  it('gives an organisation admin everything but full_access', () => {
    expect(organisationRoleGrants('admin', 'manage_payments')).toBe(true);
    expect(organisationRoleGrants('admin', 'manage_team_members')).toBe(true);
    expect(organisationRoleGrants('admin', 'full_access')).toBe(false);
  });

  it('limits editors to creating opportunities and members to nothing', () => {
    expect(organisationRoleGrants('editor', 'create_opportunity')).toBe(true);
    expect(organisationRoleGrants('editor', 'manage_payments')).toBe(false);
    for (const permission of ORGANISATION_PERMISSIONS) {
      expect(organisationRoleGrants('member', permission)).toBe(false);
    }
  });

  it('lets opportunity managers do everything and reviewers only rate and comment', () => {
    for (const permission of OPPORTUNITY_PERMISSIONS) {
      expect(opportunityRoleGrants('manager', permission)).toBe(true);
    }
    expect(opportunityRoleGrants('reviewer', 'rate')).toBe(true);
    expect(opportunityRoleGrants('reviewer', 'comment')).toBe(true);
    expect(opportunityRoleGrants('reviewer', 'manage_applications')).toBe(false);
    expect(opportunityRoleGrants('reviewer', 'full_access')).toBe(false);
  });

  it('grantsPermission denies everything for an empty grant list', () => {
    expect(grantsPermission<string>([], 'rate')).toBe(false);
    expect(grantsPermission<string>(['full_access'], 'anything')).toBe(true);
  });
});
