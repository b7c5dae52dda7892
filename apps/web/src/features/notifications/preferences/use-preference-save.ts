import { useCallback, useRef, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import {
  NotificationPreferencesDocument,
  UpdateNotificationPreferenceDocument,
  type NotificationChannel,
  type NotificationType,
} from '../../../gql/graphql';

/** What the last change is doing, for the section's status line. */
export type PreferenceSaveStatus =
  | { state: 'idle' }
  | { state: 'saving'; type: NotificationType; channel: NotificationChannel }
  | { state: 'saved'; type: NotificationType; channel: NotificationChannel }
  | {
      state: 'failed';
      type: NotificationType;
      /** The choice shown again, since the new one was not kept. */
      restored: NotificationChannel;
      error: unknown;
    };

/**
 * Saves one row's choice as soon as it is made. The cache takes the new choice at once (an
 * optimistic layer); when the server refuses, Apollo drops that layer and the previous choice shows
 * again by itself, and the status says so.
 */
export function usePreferenceSave() {
  const [update] = useMutation(UpdateNotificationPreferenceDocument);
  const [status, setStatus] = useState<PreferenceSaveStatus>({ state: 'idle' });
  // Only the newest change speaks: an older answer arriving late must not overwrite its status.
  const latest = useRef(0);

  const choose = useCallback(
    async (type: NotificationType, channel: NotificationChannel, previous: NotificationChannel) => {
      const attempt = ++latest.current;
      setStatus({ state: 'saving', type, channel });
      // The generated types leave __typename out; the cache wants it in what it is given.
      const expected = { __typename: 'NotificationPreference', type, channel };
      try {
        await update({
          variables: { type, channel },
          optimisticResponse: { updateNotificationPreference: expected },
          // The preference has no id of its own, so the list is updated by hand.
          update(cache, { data }) {
            const saved = data?.updateNotificationPreference;
            if (!saved) return;
            cache.updateQuery({ query: NotificationPreferencesDocument }, (current) =>
              current
                ? {
                    notificationPreferences: current.notificationPreferences.map((preference) =>
                      preference.type === saved.type
                        ? { ...preference, channel: saved.channel }
                        : preference,
                    ),
                  }
                : current,
            );
          },
        });
        if (attempt === latest.current) setStatus({ state: 'saved', type, channel });
      } catch (error) {
        if (attempt === latest.current) {
          setStatus({ state: 'failed', type, restored: previous, error });
        }
      }
    },
    [update],
  );

  return { choose, status };
}
