import type { MockLink } from '@apollo/client/testing';
import type { NotificationCreatedPayload } from '@encore/core';
import {
  NotificationListDocument,
  UnreadNotificationsCountDocument,
  type NotificationFieldsFragment,
} from '../../gql/graphql';
import { PANEL_VARIABLES } from './notification-cache';

/** Test data: notifications and the API's answers about them, as the server shapes them. */

export type MockNotification = NotificationFieldsFragment & { __typename: 'Notification' };

let next = 0;
/** A minute apart, newest first in the order they are made. */
export function makeNotification(overrides: Partial<MockNotification> = {}): MockNotification {
  next += 1;
  const created = new Date(Date.now() - next * 60_000).toISOString().replace('T', ' ').slice(0, 19);
  return {
    __typename: 'Notification',
    id: `n-${next}`,
    type: 'application_message',
    title: `Message ${next} on your application`,
    message: 'Soundcheck is at 17:30.',
    url_path: '/application/a-1',
    is_read: false,
    created_at: created,
    updated_at: created,
    ...overrides,
  };
}

export function listAnswer(
  data: MockNotification[],
  {
    page = 1,
    perPage = PANEL_VARIABLES.per_page,
    total = data.length,
  }: { page?: number; perPage?: number; total?: number } = {},
) {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return {
    universalNotifications: {
      __typename: 'NotificationPaginator',
      paginatorInfo: {
        __typename: 'PaginatorInfo',
        count: data.length,
        currentPage: page,
        lastPage,
        perPage,
        total,
        hasMorePages: page < lastPage,
      },
      data,
    },
  };
}

export const countMock = (count: number, uses = 1): MockLink.MockedResponse => ({
  request: { query: UnreadNotificationsCountDocument },
  result: { data: { unreadNotificationsCount: count } },
  maxUsageCount: uses,
});

export const panelMock = (
  data: MockNotification[],
  total = data.length,
): MockLink.MockedResponse => ({
  request: { query: NotificationListDocument, variables: PANEL_VARIABLES },
  result: { data: listAnswer(data, { total }) },
});

export const pushed = (
  notification: MockNotification,
  unreadCount: number,
): NotificationCreatedPayload => {
  const { __typename: _typename, ...fields } = notification;
  return { notification: fields, unread_count: unreadCount };
};
