import { listNotices, markAllNoticesRead, markNoticeRead } from '@portal/core/notifications';
import type { Schemas } from '@portal/openapi';
import { defineHandlers, noContent } from '../openapi/handlers.ts';

/** The notification centre (§2, §4): the caller's notices and their read state. */
export const notificationHandlers = defineHandlers({
  listNotifications: async ({ em, user }) => {
    const { items, unread } = await listNotices(em, user.id);
    return { data: items satisfies Schemas['Notice'][], meta: { unread } };
  },

  markNotificationRead: async ({ em, deps, user, params }) => {
    await markNoticeRead(em, deps.clock, user.id, params.notificationId);
    return noContent;
  },

  markAllNotificationsRead: async ({ em, deps, user }) => {
    await markAllNoticesRead(em, deps.clock, user.id);
    return noContent;
  },
});
