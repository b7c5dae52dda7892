import type { Executor } from '../db/client';
import type { DomainEvent, DomainEventName } from './domain-events';

export interface HandlerContext {
  /**
   * For a handler that runs in a transaction, the one that records the event as handled: its
   * writes and the record commit together, so a redelivered event changes nothing twice. For one
   * that runs outside (`inTransaction: false`), the database.
   */
  executor: Executor;
}

export type EventHandler<Name extends DomainEventName> = (
  event: DomainEvent<Name>,
  context: HandlerContext,
) => Promise<void>;

/**
 * What one feature does when events happen. `name` keys the record of what it has handled, so it
 * never changes once events have been delivered to it. A handler whose effect leaves the database
 * (an email) runs outside the transaction (`inTransaction: false`): it may run twice if the
 * process dies between its effect and the record, never zero times.
 */
export interface FeatureHandlers {
  name: string;
  inTransaction: boolean;
  on: { [Name in DomainEventName]?: EventHandler<Name> };
}

/** The features' handlers, looked up by event. */
export function composeHandlers(features: FeatureHandlers[]) {
  const names = new Set<string>();
  for (const feature of features) {
    if (names.has(feature.name)) throw new Error(`two handlers are called ${feature.name}`);
    names.add(feature.name);
  }
  return {
    features,
    /** The features that handle events of this name. */
    of(name: string): FeatureHandlers[] {
      return features.filter((feature) => name in feature.on);
    },
  };
}

export type EventHandlerRegistry = ReturnType<typeof composeHandlers>;
