import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager, QueryBuilder } from '@mikro-orm/sql';
import { managedCustomerIds } from '../clusters/index.ts';
import type { Clock } from '../platform/index.ts';
import { NotFound, ValidationFailed } from '../platform/index.ts';
import { randomToken, sha256 } from '../platform/index.ts';
import { Invoice, InvoicePosition, type InvoiceStatus } from './Invoice.ts';

export const invoiceSorts = ['date', '-date', 'number', '-number'] as const;
export type InvoiceSort = (typeof invoiceSorts)[number];

export interface InvoiceQuery {
  search?: string;
  status?: InvoiceStatus;
  sort?: InvoiceSort;
  /** Opaque cursor of the previous page's last row. */
  cursor?: string;
  perPage: number;
}

/** The list counts at most this many matches, so a huge customer's count stays cheap. */
export const INVOICE_COUNT_CAP = 1_000;

export interface InvoicePage {
  items: Invoice[];
  /** Matching invoices, at most {@link INVOICE_COUNT_CAP}. */
  total: number;
  /** More than {@link INVOICE_COUNT_CAP} invoices match. */
  totalCapped: boolean;
  nextCursor: string | null;
}

/** Days a public invoice link stays valid. */
export const PUBLIC_LINK_DAYS = 30;

interface Cursor {
  k: string;
  i: number;
}
const encodeCursor = (c: Cursor): string => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(raw: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    // A NUL or a lone surrogate in the key would reach the database as a query parameter, which refuses it
    // (PostgreSQL: a protocol error, read as "database unavailable"), so the cursor is refused here (issue 31).
    if (typeof c.k === 'string' && c.k.length <= 32 && ![...c.k].some((ch) => ch.charCodeAt(0) < 0x20) && c.k.isWellFormed() && Number.isSafeInteger(c.i)) return c;
  } catch {
    /* fall through */
  }
  throw ValidationFailed({ cursor: ['validation.cursor'] });
}

/** The customers whose invoices a user sees: those they actively manage (§6). */
export const invoiceCustomerIds = (em: EntityManager, userId: number): Promise<number[]> => managedCustomerIds(em, userId);

/**
 * One page of a user's invoices, newest first by default. Keyset pagination over (issued_on, id) or
 * number: each page is an index range scan from the cursor, so a deep page costs what the first does.
 */
export async function listInvoices(em: EntityManager, customerIds: number[], query: InvoiceQuery): Promise<InvoicePage> {
  if (!customerIds.length) return { items: [], total: 0, totalCapped: false, nextCursor: null };
  const sort = query.sort ?? '-date';
  const desc = sort.startsWith('-');
  const byNumber = sort.endsWith('number');
  const sql = em as unknown as SqlEntityManager;
  const filter = (qb: QueryBuilder<Invoice, 'i'>) => {
    qb.where({ customer: { $in: customerIds } });
    if (query.status) qb.andWhere({ status: query.status });
    const term = query.search?.trim();
    if (term) qb.andWhere({ number: { $ilike: `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` } });
    return qb;
  };
  // The customer comes in the same query (a join), not in a second round trip.
  const qb = filter(sql.createQueryBuilder(Invoice, 'i')).leftJoinAndSelect('i.customer', 'c');
  if (query.cursor) {
    const c = decodeCursor(query.cursor);
    const op = desc ? '<' : '>';
    if (byNumber) qb.andWhere(`i.number ${op} ?`, [c.k]);
    else qb.andWhere(`(i.issued_on, i.id) ${op} (?, ?)`, [c.k, c.i]);
  }
  const dir = desc ? 'desc' : 'asc';
  qb.orderBy(byNumber ? { number: dir } : { issuedOn: dir, id: dir }).limit(query.perPage + 1);
  const [rows, counted] = await Promise.all([qb.getResultList(), countCapped(em, customerIds, query)]);
  const items = rows.slice(0, query.perPage);
  await em.populate(items, ['customer']);
  const last = items.at(-1);
  const nextCursor = rows.length > query.perPage && last ? encodeCursor({ k: byNumber ? last.number : last.issuedOn, i: last.id }) : null;
  return { items, total: Math.min(counted, INVOICE_COUNT_CAP), totalCapped: counted > INVOICE_COUNT_CAP, nextCursor };
}

/** Counts the matches up to the cap + 1 (an index range scan that stops early). */
async function countCapped(em: EntityManager, customerIds: number[], query: InvoiceQuery): Promise<number> {
  const params: unknown[] = [...customerIds];
  let where = `customer_id in (${customerIds.map(() => '?').join(', ')})`;
  if (query.status) {
    where += ' and status = ?';
    params.push(query.status);
  }
  const term = query.search?.trim();
  if (term) {
    where += ` and number ilike ?`;
    params.push(`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  const rows = (await em.getConnection().execute(`select count(*)::int as n from (select 1 from invoices where ${where} limit ${INVOICE_COUNT_CAP + 1}) capped`, params)) as { n: number }[];
  return rows[0].n;
}

/** An invoice of one of the customers, with its positions; 404 `errors.invoice_not_found` otherwise. */
export async function findInvoice(em: EntityManager, customerIds: number[], id: number): Promise<{ invoice: Invoice; positions: InvoicePosition[] }> {
  const invoice = customerIds.length ? await em.findOne(Invoice, { id, customer: { $in: customerIds } }, { populate: ['customer'] }) : null;
  if (!invoice) throw NotFound('errors.invoice_not_found');
  const positions = await em.find(InvoicePosition, { invoice: invoice.id }, { orderBy: { position: 'asc' } });
  return { invoice, positions };
}

export type PublicLinkState = 'none' | 'active' | 'expired';

/** §4 public invoice link: none, then active (with expiry), then expired. */
export const publicLinkState = (invoice: Invoice, now: Date): PublicLinkState =>
  !invoice.publicExpiresAt ? 'none' : invoice.publicExpiresAt.getTime() > now.getTime() ? 'active' : 'expired';

/**
 * Creates or renews the public link of an invoice: a new random token (256 bit) of which only the
 * SHA-256 is stored, valid for {@link PUBLIC_LINK_DAYS} days. An earlier link stops working. Returns the token once.
 */
export async function issuePublicLink(em: EntityManager, clock: Clock, invoice: Invoice): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken(32);
  invoice.publicTokenHash = sha256(token);
  invoice.publicExpiresAt = new Date(clock.now().getTime() + PUBLIC_LINK_DAYS * 86_400_000);
  await em.flush();
  return { token, expiresAt: invoice.publicExpiresAt };
}

/** The invoice behind a public token while its link is active; null for unknown or expired tokens. */
export async function findPublicInvoice(em: EntityManager, clock: Clock, token: string): Promise<{ invoice: Invoice; positions: InvoicePosition[] } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const invoice = await em.findOne(Invoice, { publicTokenHash: sha256(token) }, { populate: ['customer'] });
  if (!invoice || publicLinkState(invoice, clock.now()) !== 'active') return null;
  const positions = await em.find(InvoicePosition, { invoice: invoice.id }, { orderBy: { position: 'asc' } });
  return { invoice, positions };
}
