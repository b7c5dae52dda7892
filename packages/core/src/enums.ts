/**
 * Closed value sets of the product (SEED-SPEC points 3, 4, 6 and 9). Each list is the single
 * source for its type, for the database enum and for the GraphQL enum, so they cannot drift.
 */

/** Narrows `value` to a member of `list`; use it to validate values read from outside. */
export function isOneOf<const T extends readonly string[]>(
  list: T,
  value: unknown,
): value is T[number] {
  return typeof value === 'string' && list.includes(value);
}

// --- Payments and refunds ---------------------------------------------------------------

export const REFUND_REQUEST_STATUSES = [
  'REQUESTED',
  'APPROVED',
  'DECLINED',
  'PROCESSING',
  'CANCELED',
  'FAILED',
  'SUCCEEDED',
] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];

/** Mirrors the payment processor's payment-intent lifecycle, plus the refund outcomes. */
export const PAYMENT_STATUSES = [
  'REQUIRES_CREATION',
  'REQUIRES_METHOD',
  'REQUIRES_CONFIRMATION',
  'REQUIRES_ACTION',
  'REQUIRES_CAPTURE',
  'PROCESSING',
  'CANCELED',
  'SUCCEEDED',
  'REFUNDED',
  'REFUND_FAIL',
  'FAILED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How an opportunity charges applicants: not at all, through our processor, or elsewhere. */
export const OPPORTUNITY_PAYMENT_TYPES = ['FREE', 'PAID_INTERNAL', 'PAID_EXTERNAL'] as const;
export type OpportunityPaymentType = (typeof OPPORTUNITY_PAYMENT_TYPES)[number];

/** How a single application was paid for. */
export const PAYMENT_METHODS = ['FREE_COUPON', 'EXTERNAL_PAYMENT', 'INTERNAL_PAYMENT'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const REFUND_REASONS = ['CANCELED', 'CANT_ATTEND', 'OTHER'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const ACCOUNT_HOLDER_TYPES = ['INDIVIDUAL', 'COMPANY', 'NON_PROFIT'] as const;
export type AccountHolderType = (typeof ACCOUNT_HOLDER_TYPES)[number];

export const PAYOUT_ACCOUNT_TYPES = ['CARD', 'BANK_ACCOUNT'] as const;
export type PayoutAccountType = (typeof PAYOUT_ACCOUNT_TYPES)[number];

// --- Opportunities and applications -----------------------------------------------------

export const OPPORTUNITY_STATUSES = [
  'DRAFT',
  'SCHEDULED',
  'PUBLISHED',
  'ACTIVE',
  'CLOSED',
  'DELETED',
  'ARCHIVED',
] as const;
export type OpportunityStatus = (typeof OPPORTUNITY_STATUSES)[number];

/** AUTO accepts every application on submission; ON_REVIEW waits for the organiser. */
export const APPROVAL_TYPES = ['AUTO', 'ON_REVIEW'] as const;
export type ApprovalType = (typeof APPROVAL_TYPES)[number];

/** Who an opportunity is for. */
export const TARGET_USERS = ['BANDS', 'INDIVIDUALS'] as const;
export type TargetUser = (typeof TARGET_USERS)[number];

/** The seed does not list application statuses; this is the lifecycle we chose. */
export const APPLICATION_STATUSES = [
  'DRAFT',
  'SUBMITTED',
  'IN_REVIEW',
  'SHORTLISTED',
  'ACCEPTED',
  'DECLINED',
  'WITHDRAWN',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Fields of an opportunity's `time_visibility`: which of its times are shown publicly. */
export const TIME_VISIBILITY_FIELDS = ['start_time', 'end_time', 'deadline_time'] as const;
export type TimeVisibilityField = (typeof TIME_VISIBILITY_FIELDS)[number];
export type TimeVisibility = Record<TimeVisibilityField, boolean>;

// --- Application forms ------------------------------------------------------------------

export const FORM_FIELD_TYPES = [
  'text_field',
  'email',
  'tel',
  'datetime_field',
  'link',
  'video_link',
  'image',
  'audio',
  'attachment',
  'instruments',
  'genres',
  'list',
  'heading',
  'group_members',
  'toggle',
  'location',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export const FORM_FIELD_SUBTYPES = [
  'text',
  'textarea',
  'date',
  'time',
  'datetime',
  'single_url',
  'multiple_urls',
  'single',
  'multiple',
  'radio',
  'checkbox',
  'h4',
  'body1',
  'social_links',
] as const;
export type FormFieldSubtype = (typeof FORM_FIELD_SUBTYPES)[number];

export const FORM_TYPES = ['GENERAL', 'INDIVIDUAL'] as const;
export type FormType = (typeof FORM_TYPES)[number];

export const GROUP_MEMBER_GENDERS = ['male', 'female', 'non-binary', 'prefer-not-to-say'] as const;
export type GroupMemberGender = (typeof GROUP_MEMBER_GENDERS)[number];

// --- People and accounts ----------------------------------------------------------------

/** What a person registers as. */
export const ACCOUNT_TYPES = ['INDIVIDUAL', 'BAND', 'ORGANISATION'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** A user's role on the platform as a whole (stored in the user_role cookie at login). */
export const PLATFORM_ROLES = ['performer', 'organiser', 'admin'] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];

/** Ordered from least to most experienced. */
export const PROFESSIONAL_LEVELS = [
  'beginner',
  'amateur',
  'semi_professional',
  'professional',
] as const;
export type ProfessionalLevel = (typeof PROFESSIONAL_LEVELS)[number];

export const SOCIAL_TYPES = [
  'FACEBOOK',
  'TWITTER',
  'YOUTUBE',
  'LINKEDIN',
  'INSTAGRAM',
  'SOUND_CLOUD',
] as const;
export type SocialType = (typeof SOCIAL_TYPES)[number];

export const MEMBER_INVITATION_STATUSES = ['invited', 'accepted', 'rejected'] as const;
export type MemberInvitationStatus = (typeof MEMBER_INVITATION_STATUSES)[number];

// --- Roles and permissions --------------------------------------------------------------

export const ORGANISATION_ROLES = ['owner', 'admin', 'editor', 'member'] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];

/** `full_access` implies every other organisation permission. */
export const ORGANISATION_PERMISSIONS = [
  'full_access',
  'manage_organisation',
  'manage_team_members',
  'create_opportunity',
  'manage_payments',
] as const;
export type OrganisationPermission = (typeof ORGANISATION_PERMISSIONS)[number];

export const ORGANISATION_ROLE_PERMISSIONS = {
  owner: ['full_access'],
  admin: ['manage_organisation', 'manage_team_members', 'create_opportunity', 'manage_payments'],
  editor: ['create_opportunity'],
  member: [],
} as const satisfies Record<OrganisationRole, readonly OrganisationPermission[]>;

export const OPPORTUNITY_ROLES = ['manager', 'reviewer'] as const;
export type OpportunityRole = (typeof OPPORTUNITY_ROLES)[number];

/** `full_access` implies every other opportunity permission. */
export const OPPORTUNITY_PERMISSIONS = [
  'full_access',
  'rate',
  'comment',
  'manage_opportunity',
  'manage_applications',
  'manage_payments',
] as const;
export type OpportunityPermission = (typeof OPPORTUNITY_PERMISSIONS)[number];

export const OPPORTUNITY_ROLE_PERMISSIONS = {
  manager: ['full_access'],
  reviewer: ['rate', 'comment'],
} as const satisfies Record<OpportunityRole, readonly OpportunityPermission[]>;

/** True when `granted` includes `needed` or `full_access`. */
export function grantsPermission<P extends string>(
  granted: readonly (P | 'full_access')[],
  needed: P | 'full_access',
): boolean {
  return granted.includes('full_access') || granted.includes(needed);
}

export function organisationRoleGrants(
  role: OrganisationRole,
  permission: OrganisationPermission,
): boolean {
  return grantsPermission<OrganisationPermission>(ORGANISATION_ROLE_PERMISSIONS[role], permission);
}

export function opportunityRoleGrants(
  role: OpportunityRole,
  permission: OpportunityPermission,
): boolean {
  return grantsPermission<OpportunityPermission>(OPPORTUNITY_ROLE_PERMISSIONS[role], permission);
}

// --- Messaging and UI state -------------------------------------------------------------

/** A message stays PENDING until the other side has seen it, then becomes SENT. */
export const MESSAGE_STATUSES = ['FAILED', 'SENT', 'PENDING'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Progress of a client-side operation; also the snackbar types. */
export const OPERATION_STATUSES = ['loading', 'success', 'error'] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

/** How well a person plays an instrument on their profile; ordered from least to most. */
export const SKILL_LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number];

/** A person's gender on their profile: the same choices as group-member forms. */
export const GENDERS = GROUP_MEMBER_GENDERS;
export type Gender = (typeof GENDERS)[number];

/**
 * Premium features an administrator grants to an account (docs/decisions.md, "Premium").
 * `profile_badge` marks the public profile; `featured_profile` lists the person first among
 * applicants with equal standing.
 */
export const PREMIUM_FEATURES = ['profile_badge', 'featured_profile'] as const;
export type PremiumFeature = (typeof PREMIUM_FEATURES)[number];

/** A performer's request for an organiser account, decided by a platform administrator. */
export const UPGRADE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'CANCELED'] as const;
export type UpgradeStatus = (typeof UPGRADE_STATUSES)[number];
