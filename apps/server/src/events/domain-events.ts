import type { AuthEvents } from '../modules/auth/auth.events';

/**
 * Every domain event of the product, by name: each feature declares its own in
 * `<feature>.events.ts` (facts in the past tense, with what its handlers need to know), and this
 * is where they meet.
 */
export type DomainEventMap = AuthEvents;

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
