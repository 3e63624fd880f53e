import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/sql';
import { User } from '../accounts/index.ts';
import { ClusterAdministrator, Server } from '../clusters/index.ts';
import { CustomerManager } from '../customers/index.ts';
import type { Clock, DomainEvent, EventAudience, EventBus, Logger, Mailer, Orm } from '../platform/index.ts';
import type { NotificationKind, NotificationValues } from './Notification.ts';
import { noticeTexts } from './texts.ts';

/**
 * The domain events that become notices, by event name. Producers publish them on the EventBus after
 * their commit; the audience says who is affected (users directly, the active managers of customers, the
 * administrators of clusters, the administrators of a server's cluster).
 *
 * - `managed.job` (ManagedJob view: id, kind, status, serverId, pluginId): failed → `apply_failed`; a rollback
 *   that succeeded → `apply_rolled_back`. Audience: the server.
 * - `invoice.issued` `{ invoiceId, number }`, audience: the customer.
 * - `termination.confirmed` `{ clusterId, clusterNumber, endOfTerm }`, audience: the customer.
 * - `order.changed` `{ type, number, status }` (the ordering module's ORDER_CHANGED, on every status change), audience: the customer.
 * - `invitation.accepted` `{ invitationId, name, target }`, audience: the inviting user.
 * - `session.new_browser` `{ sessionId, browser, ip }`, audience: the signed-in user.
 * - `webhook.disabled` `{ endpointId, url, owner, ownerId, disabledAt }` (core/webhooks: switched off after failing deliveries), audience: its customer or cluster.
 * - `managed.notice` `{ pluginId, serverId, fact, title, message, path }` (a Managed Center plugin's `ports.notify`: texts
 *   in both languages, `fact` names it within the plugin and server, `path` is inside the plugin's section) →
 *   `managed_notice`. Audience: the server.
 */
export const noticeEvents = ['managed.job', 'invoice.issued', 'termination.confirmed', 'order.changed', 'invitation.accepted', 'session.new_browser', 'webhook.disabled', 'managed.notice'] as const;

/** Sent to a user's room when they got a notice; the panel reloads. */
export const NOTICE_CREATED_EVENT = 'notification.created';

interface Draft {
  kind: NotificationKind;
  values: NotificationValues;
  link: string | null;
  sourceKey: string;
}

type Payload = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v));

/** The notice an event makes, or null when the event is not one to announce (a running job, say). */
async function draftOf(em: EntityManager, event: DomainEvent): Promise<Draft | null> {
  const p = (event.payload ?? {}) as Payload;
  switch (event.type) {
    case 'managed.job': {
      const failed = p.status === 'failed';
      const rolledBack = p.kind === 'rollback' && p.status === 'succeeded';
      if (!failed && !rolledBack) return null;
      const server = await em.findOne(Server, { id: num(p.serverId) }, { populate: ['cluster'] });
      if (!server) return null;
      const values = { jobId: num(p.id), serverId: server.id, serverName: server.name, clusterId: server.cluster.id, clusterNumber: server.cluster.number, pluginId: str(p.pluginId) };
      return {
        kind: failed ? 'apply_failed' : 'apply_rolled_back',
        values,
        link: `/clusters/${server.cluster.id}/servers/${server.id}/incidents?job=${num(p.id)}`,
        sourceKey: `job:${num(p.id)}`,
      };
    }
    case 'invoice.issued':
      return { kind: 'invoice_issued', values: { invoiceId: num(p.invoiceId), number: str(p.number) }, link: `/invoices/${num(p.invoiceId)}`, sourceKey: `invoice:${num(p.invoiceId)}` };
    case 'termination.confirmed':
      return {
        kind: 'termination_confirmed',
        values: { clusterId: num(p.clusterId), clusterNumber: str(p.clusterNumber), endOfTerm: str(p.endOfTerm) },
        link: `/contracts/${num(p.clusterId)}/cluster/termination/show`,
        sourceKey: `termination:${str(p.terminationId) || num(p.clusterId)}`,
      };
    case 'order.changed':
      // The order's detail on the orders page: /orders/<type>/<number>.
      if (!str(p.type) || !str(p.number)) return null;
      return {
        kind: 'order_status_changed',
        values: { type: str(p.type), number: str(p.number), status: str(p.status) },
        link: `/orders/${str(p.type)}/${str(p.number)}`,
        sourceKey: `order:${str(p.type)}:${str(p.number)}:${str(p.status)}`,
      };
    case 'invitation.accepted':
      return { kind: 'invitation_accepted', values: { name: str(p.name), target: str(p.target) }, link: null, sourceKey: `invitation:${num(p.invitationId)}` };
    case 'session.new_browser':
      return { kind: 'new_sign_in', values: { browser: str(p.browser), ip: str(p.ip) }, link: '/profile/security', sourceKey: `session:${str(p.sessionId)}` };
    case 'webhook.disabled': {
      const cluster = p.owner === 'cluster';
      return {
        kind: 'webhook_disabled',
        values: { endpointId: num(p.endpointId), url: str(p.url).slice(0, 200) },
        link: cluster ? `/clusters/${num(p.ownerId)}/webhooks` : `/customers/${num(p.ownerId)}/edit#webhooks`,
        sourceKey: `webhook:${num(p.endpointId)}:${str(p.disabledAt)}`.slice(0, 100),
      };
    }
    case 'managed.notice': {
      const server = await em.findOne(Server, { id: num(p.serverId) }, { populate: ['cluster'] });
      const pluginId = str(p.pluginId);
      const fact = str(p.fact);
      if (!server || !/^[a-z][a-z0-9-]{0,39}$/.test(pluginId) || !fact) return null;
      const text = (v: unknown, lang: 'de' | 'en') => str((v as Partial<Record<'de' | 'en', unknown>> | undefined)?.[lang]).slice(0, 1000);
      const path = str(p.path);
      return {
        kind: 'managed_notice',
        values: {
          pluginId,
          serverId: server.id,
          serverName: server.name,
          clusterId: server.cluster.id,
          clusterNumber: server.cluster.number,
          titleDe: text(p.title, 'de'),
          titleEn: text(p.title, 'en'),
          messageDe: text(p.message, 'de'),
          messageEn: text(p.message, 'en'),
        },
        // Only inside the plugin's section of that server.
        link: `/clusters/${server.cluster.id}/servers/${server.id}/managed/${pluginId}${/^[/?#][^\s]{0,300}$/.test(path) && !path.includes('..') ? path : ''}`,
        // A long fact is hashed: the key stays unique and fits its column.
        sourceKey: `managed:${pluginId}:${server.id}:${fact.length > 40 ? createHash('sha256').update(fact).digest('hex').slice(0, 40) : fact}`,
      };
    }
    default:
      return null;
  }
}

/** Everyone an event concerns: its users, the active managers of its customers, the administrators of its clusters and of its servers' clusters. */
export async function recipientsOf(em: EntityManager, audience: EventAudience): Promise<number[]> {
  const ids = new Set<number>(audience.users ?? []);
  if (audience.customers?.length) {
    for (const m of await em.find(CustomerManager, { customer: { $in: audience.customers }, active: true }, { fields: ['user'] })) ids.add(m.user.id);
  }
  const clusterIds = new Set(audience.clusters ?? []);
  if (audience.servers?.length) for (const s of await em.find(Server, { id: { $in: audience.servers } }, { fields: ['cluster'] })) clusterIds.add(s.cluster.id);
  if (clusterIds.size) {
    for (const a of await em.find(ClusterAdministrator, { cluster: { $in: [...clusterIds] } }, { fields: ['user'] })) ids.add(a.user.id);
  }
  return [...ids].sort((a, b) => a - b);
}

export interface NotificationCentreDeps {
  orm: Orm;
  events: EventBus;
  mailer: Mailer;
  logger: Logger;
  clock: Clock;
  /** The portal's address, for links in e-mails. */
  publicUrl: string;
}

/**
 * Turns one event into notices: one per affected user (at most one per fact), pushed at once to the
 * user's sockets, and e-mailed to those who subscribed to technical notifications. Returns the users
 * who got a new notice.
 */
export async function createNoticesFor(deps: NotificationCentreDeps, event: DomainEvent): Promise<number[]> {
  const em = deps.orm.em.fork();
  const draft = await draftOf(em, event);
  if (!draft) return [];
  const users = await recipientsOf(em, event.audience);
  if (!users.length) return [];
  const now = deps.clock.now();
  // One notice per user and fact, even when the fact is announced twice (a job's last progress event, say).
  const inserted = await (em as unknown as SqlEntityManager).execute<{ user_id: number }[]>(
    `insert into "notifications" ("user_id", "kind", "values", "link", "source_key", "created_at", "read_at") values ${users.map(() => '(?, ?, ?::jsonb, ?, ?, ?, null)').join(', ')} ` +
      `on conflict ("user_id", "source_key") do nothing returning "user_id"`,
    users.flatMap((user) => [user, draft.kind, JSON.stringify(draft.values), draft.link, draft.sourceKey, now]),
    'all',
  );
  const notified = inserted.map((r) => r.user_id);
  if (!notified.length) return [];
  // `source` and `sourceKey`: whom the fact concerned (webhooks send `notification.created` to those owners' endpoints).
  await deps.events.publish(NOTICE_CREATED_EVENT, { kind: draft.kind, values: draft.values, link: draft.link, sourceKey: draft.sourceKey, source: event.audience }, { users: notified });
  // The sign-in already sends its own e-mail (newLogin); everything else goes to the subscribers.
  if (draft.kind !== 'new_sign_in') {
    const texts = noticeTexts(draft.kind, draft.values);
    const subscribers = await em.find(User, { id: { $in: notified }, technicalNotifications: true });
    for (const u of subscribers) {
      const language = u.language === 'en' ? 'en' : 'de';
      await deps.mailer
        .send(
          { email: u.email, language, firstname: u.firstname, surname: u.surname },
          { kind: 'notification', title: texts.title[language], message: texts.message[language], link: draft.link ? `${deps.publicUrl}/a${draft.link}` : undefined },
        )
        .catch((err: unknown) => deps.logger.warn({ err, userId: u.id, kind: draft.kind }, 'notification mail not sent'));
    }
  }
  return notified;
}

/** Subscribes the notification centre to the event bus; returns the unsubscribe function. */
export function startNotificationCentre(deps: NotificationCentreDeps): () => void {
  const handled = new Set<string>(noticeEvents);
  return deps.events.subscribe((event) => {
    if (!handled.has(event.type)) return;
    // Not awaited: the publisher (an apply job's progress, a request) never waits for notices and e-mails,
    // and a publisher still inside its own transaction cannot block our queries on a single connection.
    void createNoticesFor(deps, event).catch((err: unknown) => deps.logger.error({ err, event: event.type }, 'notification from event failed'));
  });
}
