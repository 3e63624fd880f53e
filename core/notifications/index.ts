export { Notification, BuiltInNoticeRead, notificationKinds, type NotificationKind, type NotificationValues } from './Notification.ts';
export { builtInNotices, builtInNoticeIds, type BuiltInNotice, type Localized } from './builtInNotices.ts';
export { noticeTexts } from './texts.ts';
export { listNotices, markNoticeRead, markAllNoticesRead, presentNotification, isNoticeId, NOTICE_LIST_LIMIT, type NoticeView, type NoticeList } from './centre.ts';
export { startNotificationCentre, createNoticesFor, recipientsOf, noticeEvents, NOTICE_CREATED_EVENT, type NotificationCentreDeps } from './fromEvents.ts';
export { Migration20261124090000Notifications } from './migrations/Migration20261124090000Notifications.ts';
