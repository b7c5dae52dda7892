/** What grouping looks at; the list's items carry more. */
export interface GroupableNotification {
  type: string;
  url_path: string | null;
  is_read: boolean;
}

export interface NotificationGroup<T extends GroupableNotification> {
  /** The newest of the group: the one the panel shows. */
  lead: T;
  /** Older ones folded into it ("and N more"), newest first. */
  rest: T[];
}

const belongTogether = (a: GroupableNotification, b: GroupableNotification) =>
  !a.is_read && !b.is_read && a.type === b.type && a.url_path !== null && a.url_path === b.url_path;

/**
 * Folds a run of unread notifications of one kind that lead to the same page (three messages on
 * one application) into one entry, so the panel shows what needs a look rather than how often it
 * happened. Only neighbours in the list (newest first) are folded: the order stays the order of
 * events. Read ones, and ones that lead nowhere, always stand alone.
 */
export function groupNotifications<T extends GroupableNotification>(
  list: readonly T[],
): NotificationGroup<T>[] {
  const groups: NotificationGroup<T>[] = [];
  for (const item of list) {
    const last = groups.at(-1);
    if (last && belongTogether(last.lead, item)) last.rest.push(item);
    else groups.push({ lead: item, rest: [] });
  }
  return groups;
}
