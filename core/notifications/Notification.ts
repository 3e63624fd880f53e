import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../accounts/index.ts';

/** What a server-side notice reports; its title and message are rendered per language from these (texts.ts). */
export const notificationKinds = [
  'apply_failed',
  'apply_rolled_back',
  'invoice_issued',
  'termination_confirmed',
  'order_status_changed',
  'invitation_accepted',
  'new_sign_in',
  'webhook_disabled',
  /** A fact a Managed Center plugin raised about a server (`ports.notify`); its texts come with it (values `titleDe`, …). */
  'managed_notice',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Values a notice's texts and link are built from (numbers, names, ids). */
export type NotificationValues = Record<string, string | number>;

/**
 * A notice the portal created for one user from a domain event (§3 Notification, server side). Its read
 * state lives here, so it is the same on every device. `sourceKey` names the fact (`job:12`), so a fact
 * announced twice makes one notice.
 */
export const Notification = defineEntity({
  name: 'Notification',
  tableName: 'notifications',
  uniques: [{ properties: ['user', 'sourceKey'] }],
  indexes: [{ properties: ['user', 'createdAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    kind: p.string().length(40).$type<NotificationKind>(),
    values: p.json<NotificationValues>(),
    /** A portal path (`/invoices/12`) or null. */
    link: p.string().length(500).nullable(),
    sourceKey: p.string().length(100),
    createdAt: p.datetime(),
    readAt: p.datetime().nullable(),
  },
});
export type Notification = InferEntity<typeof Notification>;

/** A built-in notice (ids 0–9) a user has read; unread built-ins have no row. */
export const BuiltInNoticeRead = defineEntity({
  name: 'BuiltInNoticeRead',
  tableName: 'notification_built_in_reads',
  uniques: [{ properties: ['user', 'noticeId'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    noticeId: p.smallint(),
    readAt: p.datetime(),
  },
});
export type BuiltInNoticeRead = InferEntity<typeof BuiltInNoticeRead>;
