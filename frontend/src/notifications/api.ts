import type { ResponseOf } from '@portal/openapi';
import { api } from '../api/baseApi';
import { request } from '../api/request';

export type NoticeList = ResponseOf<'listNotifications'>;
export type Notice = NoticeList['data'][number];

/** Marks notices read in the cached list at once (the server call follows), so the badge never lags. */
const markInCache = (ids: 'all' | string[]) =>
  notificationsApi.util.updateQueryData('listNotifications', undefined, (draft) => {
    for (const n of draft.data) {
      if (!n.isRead && (ids === 'all' || ids.includes(n.id))) {
        n.isRead = true;
        draft.meta.unread = Math.max(0, draft.meta.unread - 1);
      }
    }
    if (ids === 'all') draft.meta.unread = 0;
  });

export const notificationsApi = api.enhanceEndpoints({ addTagTypes: ['Notifications'] }).injectEndpoints({
  endpoints: (build) => ({
    listNotifications: build.query<NoticeList, void>({
      query: () => request('listNotifications'),
      providesTags: ['Notifications'],
    }),
    markNotificationRead: build.mutation<void, string>({
      query: (notificationId) => request('markNotificationRead', { notificationId }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(markInCache([id]));
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    markAllNotificationsRead: build.mutation<void, void>({
      query: () => request('markAllNotificationsRead'),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const patch = dispatch(markInCache('all'));
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
  }),
});

export const { useListNotificationsQuery, useMarkNotificationReadMutation, useMarkAllNotificationsReadMutation } = notificationsApi;

/** §9: the badge shows the count, and 9+ above nine. */
export const badgeLabel = (unread: number): string => (unread > 9 ? '9+' : String(unread));
