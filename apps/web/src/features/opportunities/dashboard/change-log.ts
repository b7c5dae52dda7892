import type { TFunction } from 'i18next';
import type { OpportunityMemberRole, OpportunityStatus } from '../../../gql/graphql';

/** One entry of `opportunityEventsLog`, as far as the sentence needs it. */
export interface LoggedEvent {
  action: string;
  actor_name: string | null;
  details: unknown;
}

const ROLES: readonly OpportunityMemberRole[] = ['manager', 'reviewer', 'custom'];
const STATUSES: readonly OpportunityStatus[] = [
  'DRAFT',
  'SCHEDULED',
  'PUBLISHED',
  'ACTIVE',
  'CLOSED',
  'ARCHIVED',
  'DELETED',
];

// `details` is free-form JSON recorded by the server; read it defensively, never trust its shape.
function valueOf(details: unknown, key: string): unknown {
  return details && typeof details === 'object'
    ? (details as Record<string, unknown>)[key]
    : undefined;
}

function stringOf(details: unknown, key: string): string {
  const value = valueOf(details, key);
  return typeof value === 'string' ? value : '';
}

function stringsOf(details: unknown, key: string): string[] {
  const value = valueOf(details, key);
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

/** The name of an opportunity field as the editor labels it; the raw name for an unknown one. */
export function fieldLabel(field: string, t: TFunction<'pages'>): string {
  return t(`opportunities.dashboard.fields.${field}`, { defaultValue: field.replace(/_/g, ' ') });
}

/**
 * A recorded change as a sentence in the reader's language: "Maya Costa invited
 * jo@example.com as Reviewer." Actions the page does not know yet still read as a change.
 */
export function describeEvent(event: LoggedEvent, t: TFunction<'pages'>, locale: string): string {
  const { details } = event;
  const role = (key: string) => {
    const value = stringOf(details, key);
    const known = ROLES.find((item) => item === value);
    return known ? t(`opportunities.dashboard.roles.${known}.name`) : value;
  };
  const status = (key: string) => {
    const value = stringOf(details, key);
    const known = STATUSES.find((item) => item === value);
    return known ? t(`opportunities.status.${known}`) : value;
  };
  const fields = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    stringsOf(details, 'fields').map((field) => fieldLabel(field, t)),
  );
  const email = stringOf(details, 'email');
  // Invitations are answered by the invitee, who may have no name on the platform.
  const actor = event.actor_name ?? (email || t('opportunities.dashboard.log.someone'));
  const values = {
    actor,
    email,
    role: role(event.action === 'member_role_changed' ? 'to' : 'role'),
    fromRole: role('from'),
    from: status('from'),
    to: status('to'),
    copyOf: stringOf(details, 'from'),
    fields,
  };
  const action = event.action === 'updated' && fields === '' ? 'updated_plain' : event.action;
  return t(`opportunities.dashboard.log.actions.${action}`, {
    ...values,
    defaultValue: t('opportunities.dashboard.log.unknown', values),
  });
}
