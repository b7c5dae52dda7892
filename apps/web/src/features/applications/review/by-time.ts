interface Dated {
  id: string;
  /** `YYYY-MM-DD HH:mm:ss` (UTC), which sorts as text. */
  created_at: string;
}

/**
 * Two loaded parts of a thread as one, oldest first. Pages shift while people write, so the same
 * item can come twice: the newer copy wins (its status may have changed) and keeps its place;
 * items of the same second keep the server's order.
 */
export function mergeByTime<T extends Dated>(current: readonly T[], incoming: readonly T[]): T[] {
  const byId = new Map<string, { item: T; position: number }>();
  [...current, ...incoming].forEach((item, position) => {
    const earlier = byId.get(item.id);
    byId.set(item.id, { item, position: earlier?.position ?? position });
  });
  return [...byId.values()]
    .sort((a, b) => a.item.created_at.localeCompare(b.item.created_at) || a.position - b.position)
    .map((entry) => entry.item);
}
