import type { AccountUpgradeEvents } from '../modules/account-upgrades/account-upgrades.events';
import type { ApplicationEvents } from '../modules/applications/applications.events';
import type { AuthEvents } from '../modules/auth/auth.events';
import type { NotificationEvents } from '../modules/notifications/notifications.events';
import type { OpportunityEvents } from '../modules/opportunities/opportunities.events';
import type { OrganisationEvents } from '../modules/organisations/organisations.events';
import type { PaymentEvents } from '../modules/payments/payments.events';
import type { RefundEvents } from '../modules/payments/refunds.events';

/**
 * Every domain event of the product, by name: each feature declares its own in
 * `<feature>.events.ts` (facts in the past tense, with what its handlers need to know), and this
 * is where they meet.
 */
export type DomainEventMap = OutboxEvents &
  AuthEvents &
  AccountUpgradeEvents &
  OrganisationEvents &
  OpportunityEvents &
  ApplicationEvents &
  NotificationEvents &
  PaymentEvents &
  RefundEvents;

/** What the outbox itself tells: an event whose delivery was given up after its last try. */
export interface OutboxEvents {
  DeliveryAbandoned: {
    eventId: string;
    name: string;
    aggregate: string;
    /** The abandoned event's payload, for a handler that knows its name to read. */
    payload: unknown;
    lastError: string;
  };
}

export type DomainEventName = keyof DomainEventMap & string;

/** An event as a service writes it. */
export interface NewDomainEvent<Name extends DomainEventName = DomainEventName> {
  name: Name;
  /** What it is about (`user:…`, `application:…`): handlers see one aggregate's events in order. */
  aggregate: string;
  payload: DomainEventMap[Name];
}

/** An event as a handler receives it. */
export interface DomainEvent<
  Name extends DomainEventName = DomainEventName,
> extends NewDomainEvent<Name> {
  id: string;
  sequence: number;
  occurredAt: Date;
}

/** Builds an event with its payload checked against its name. */
export const domainEvent = <Name extends DomainEventName>(
  name: Name,
  aggregate: string,
  payload: DomainEventMap[Name],
): NewDomainEvent<Name> => ({ name, aggregate, payload });
