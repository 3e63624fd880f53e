import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/sql';
import { NotFound, type Clock } from '../platform/index.ts';
import { builtInNotices, type Localized } from './builtInNotices.ts';
import { BuiltInNoticeRead, Notification, type NotificationKind } from './Notification.ts';
import { noticeTexts } from './texts.ts';

/** How many server-side notices the panel lists (newest first); older ones still count as unread until read. */
export const NOTICE_LIST_LIMIT = 50;

/** One entry of the notification centre (§3 Notification), built-in or server-side. */
export interface NoticeView {
  /** `0`–`9` for the built-in notices, `s<id>` for server-side ones. */
  id: string;
  kind: 'built_in' | NotificationKind;
  title: Localized;
  message: Localized;
  /** ISO date-time. */
  date: string;
  isRead: boolean;
  link: string | null;
  linkEn: string | null;
  external: boolean;
  image: Localized | null;
  isFeedback: boolean;
}

export interface NoticeList {
  items: NoticeView[];
  unread: number;
}

const builtInId = /^[0-9]$/;
const serverId = /^s([0-9]{1,10})$/;

/** Whether a string names a notice at all (`0`–`9` or `s<id>`). */
export const isNoticeId = (id: string): boolean => builtInId.test(id) || serverId.test(id);

export function presentNotification(n: Notification): NoticeView {
  return {
    id: `s${n.id}`,
    kind: n.kind,
    ...noticeTexts(n.kind, n.values),
    date: n.createdAt.toISOString(),
    isRead: n.readAt !== null,
    link: n.link ?? null,
    linkEn: null,
    external: false,
    image: null,
    isFeedback: false,
  };
}

/** The user's notices, newest first, with the number of unread ones (for the badge). */
export async function listNotices(em: EntityManager, userId: number): Promise<NoticeList> {
  const [reads, recent, unreadServer] = await Promise.all([
    em.find(BuiltInNoticeRead, { user: userId }, { fields: ['noticeId'] }),
    em.find(Notification, { user: userId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: NOTICE_LIST_LIMIT }),
    em.count(Notification, { user: userId, readAt: null }),
  ]);
  const read = new Set(reads.map((r) => r.noticeId));
  const builtIns: NoticeView[] = builtInNotices.map((b) => ({
    id: String(b.id),
    kind: 'built_in',
    title: b.title,
    message: b.message,
    date: new Date(`${b.date}T08:00:00Z`).toISOString(),
    isRead: read.has(b.id),
    link: b.link,
    linkEn: b.linkEn,
    external: b.external,
    image: b.image,
    isFeedback: b.isFeedback,
  }));
  const items = [...recent.map(presentNotification), ...builtIns].sort((a, b) => b.date.localeCompare(a.date));
  return { items, unread: unreadServer + builtIns.filter((b) => !b.isRead).length };
}

/** Records built-in notices as read; one already read keeps its first time. */
async function insertBuiltInReads(em: EntityManager, userId: number, noticeIds: number[], at: Date): Promise<void> {
  const rows = noticeIds.map(() => '(?, ?, ?)').join(', ');
  await (em as unknown as SqlEntityManager).execute(
    `insert into "notification_built_in_reads" ("user_id", "notice_id", "read_at") values ${rows} on conflict ("user_id", "notice_id") do nothing`,
    noticeIds.flatMap((id) => [userId, id, at]),
    'run',
  );
}

/** Marks one notice read (§4: clicked, scrolled into view, or its link followed). Another user's notice is "not found". */
export async function markNoticeRead(em: EntityManager, clock: Clock, userId: number, id: string): Promise<void> {
  const now = clock.now();
  if (builtInId.test(id)) {
    await insertBuiltInReads(em, userId, [Number(id)], now);
    return;
  }
  const match = serverId.exec(id);
  const notice = match ? await em.findOne(Notification, { id: Number(match[1]), user: userId }) : null;
  if (!notice) throw NotFound('errors.notification_not_found');
  notice.readAt ??= now;
}

/** §4 mark-all-read: every built-in and every server-side notice of the user. */
export async function markAllNoticesRead(em: EntityManager, clock: Clock, userId: number): Promise<void> {
  const now = clock.now();
  await insertBuiltInReads(em, userId, builtInNotices.map((b) => b.id), now);
  await em.nativeUpdate(Notification, { user: userId, readAt: null }, { readAt: now });
}
