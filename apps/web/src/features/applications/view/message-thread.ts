import type { ApplicationMessageFieldsFragment } from '../../../gql/graphql';

export type ThreadMessage = ApplicationMessageFieldsFragment;

/**
 * The conversation as loaded so far: pages arrive newest first and move as messages are added, so
 * they are merged by id (a newer copy replaces an older one: its status may have changed) and put
 * in time order, oldest first. Messages of the same second keep the server's order.
 */
export function mergeMessages(
  current: readonly ThreadMessage[],
  incoming: readonly ThreadMessage[],
): ThreadMessage[] {
  const byId = new Map<string, { message: ThreadMessage; position: number }>();
  [...current, ...incoming].forEach((message, position) => {
    const earlier = byId.get(message.id);
    byId.set(message.id, { message, position: earlier?.position ?? position });
  });
  return [...byId.values()]
    .sort(
      (a, b) => a.message.created_at.localeCompare(b.message.created_at) || a.position - b.position,
    )
    .map((entry) => entry.message);
}
