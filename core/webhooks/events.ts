import { createHash } from 'node:crypto';
import type { DomainEvent } from '../platform/index.ts';
import { noticeTexts, type NotificationKind, type NotificationValues } from '../notifications/index.ts';
import type { WebhookEventType } from './WebhookEndpoint.ts';

/**
 * What a domain event becomes for webhooks (issue 30): the webhook event type, a key naming the fact (the
 * event id is derived from it, so the same fact announced twice — a job's last progress event, say — is
 * one event), the payload's `data`, and whose endpoints receive it: the customers' and the clusters'
 * (the servers of an event are resolved to their clusters, and clusters to their customers, by the caller).
 *
 * Domain events (published after their commit; see core/notifications/fromEvents.ts for their payloads):
 * `managed.job` (final status only), `managed.drift.detected`, `invoice.issued`, `invoice.public_link.created`,
 * `order.changed`, `termination.confirmed`, `contract.status_changed`, `notification.created`.
 */
export interface WebhookFact {
  type: WebhookEventType;
  key: string;
  data: Record<string, unknown>;
  customers: number[];
  clusters: number[];
  servers: number[];
}

type Payload = Record<string, unknown>;
const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v));
const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

export function webhookFactOf(event: DomainEvent): WebhookFact | null {
  const p = (event.payload ?? {}) as Payload;
  const customers = event.audience.customers ?? [];
  const clusters = event.audience.clusters ?? [];
  const servers = event.audience.servers ?? [];
  const customerId = customers[0] ?? null;
  switch (event.type) {
    case 'managed.job': {
      if (p.status !== 'succeeded' && p.status !== 'failed') return null;
      const validation = (p.validation ?? null) as { output?: string } | null;
      return {
        type: p.status === 'succeeded' ? 'managed.apply.succeeded' : 'managed.apply.failed',
        key: `job:${num(p.id)}:${str(p.status)}`,
        data: { jobId: num(p.id), kind: p.kind === 'rollback' ? 'rollback' : 'apply', status: p.status, serverId: num(p.serverId), pluginId: str(p.pluginId), reason: p.status === 'failed' ? (validation?.output?.slice(0, 200) ?? null) : null },
        customers: [],
        clusters,
        servers,
      };
    }
    case 'managed.drift.detected':
      return {
        type: 'managed.drift.detected',
        key: `drift:${num(p.jobId)}`,
        data: { jobId: num(p.jobId), serverId: num(p.serverId), pluginId: str(p.pluginId), paths: Array.isArray(p.paths) ? p.paths.map(str).slice(0, 1000) : [] },
        customers: [],
        clusters,
        servers,
      };
    case 'invoice.issued':
      return { type: 'invoice.issued', key: `invoice:${num(p.invoiceId)}`, data: { invoiceId: num(p.invoiceId), number: str(p.number), customerId }, customers, clusters: [], servers: [] };
    case 'invoice.public_link.created':
      return {
        type: 'invoice.public_link.created',
        key: `invoice-link:${num(p.invoiceId)}:${str(p.expiresAt)}`,
        data: { invoiceId: num(p.invoiceId), number: str(p.number), customerId, expiresAt: str(p.expiresAt) },
        customers,
        clusters: [],
        servers: [],
      };
    case 'order.changed':
      if (!str(p.type) || !str(p.number)) return null;
      return {
        type: 'order.status_changed',
        key: `order:${str(p.type)}:${str(p.number)}:${str(p.status)}`,
        data: { orderType: str(p.type), number: str(p.number), status: str(p.status), customerId },
        customers,
        clusters: [],
        servers: [],
      };
    case 'termination.confirmed':
      return {
        type: 'contract.termination.confirmed',
        key: `termination:${str(p.terminationId) || num(p.clusterId)}`,
        data: { terminationId: num(p.terminationId), clusterId: num(p.clusterId), clusterNumber: str(p.clusterNumber), endOfTerm: str(p.endOfTerm), customerId },
        customers,
        clusters: p.clusterId ? [num(p.clusterId)] : [],
        servers: [],
      };
    case 'contract.status_changed':
      return {
        type: 'contract.status_changed',
        key: `contract:${str(p.contractType)}:${num(p.contractId)}:${str(p.status)}:${event.occurredAt}`,
        data: { contractType: str(p.contractType), contractId: num(p.contractId), status: str(p.status), customerId },
        customers,
        clusters: p.contractType === 'cluster' ? [num(p.contractId)] : [],
        servers: [],
      };
    case 'notification.created': {
      // The notification centre names the fact (`sourceKey`) and whom it concerned (`source`), not only the users notified.
      const source = (p.source ?? null) as { customers?: number[]; clusters?: number[]; servers?: number[] } | null;
      if (!source || !str(p.sourceKey) || !str(p.kind)) return null;
      const texts = noticeTexts(str(p.kind) as NotificationKind, (p.values ?? {}) as NotificationValues);
      return {
        type: 'notification.created',
        key: `notice:${str(p.sourceKey)}`,
        data: { kind: str(p.kind), title: texts.title, message: texts.message, link: typeof p.link === 'string' ? `/a${p.link}` : null },
        customers: source.customers ?? [],
        clusters: source.clusters ?? [],
        servers: source.servers ?? [],
      };
    }
    default:
      return null;
  }
}

/** The event id (`webhook-id`) of a fact: the same for every endpoint and every announcement of the fact. */
export const eventIdOf = (fact: Pick<WebhookFact, 'type' | 'key'>): string => `msg_${createHash('sha256').update(`${fact.type}|${fact.key}`).digest('hex').slice(0, 40)}`;
