/**
 * The running searchd over SphinxQL (its `mysql41` port) through the `mariadb` connector: a search to try an index,
 * and the documents per index for the list. The index name comes from the portal's own rows (the contract's
 * pattern: lower-case letters, digits, `_`) and SphinxQL has no quoted identifiers; the words are a bound value.
 */
import mariadb, { type Connection } from 'mariadb';
import type { ServerGateway } from '@portal/plugin-sdk/server';
import { sphinxAddresses } from './program.ts';

const safeName = /^[a-z][a-z0-9_]{0,47}$/;

/** A connection to the server's searchd, or `null` when it does not answer. */
export async function connect(gateway: Pick<ServerGateway, 'listenAddress' | 'reach'>): Promise<Connection | null> {
  const sql = await gateway.reach((await sphinxAddresses(gateway)).sql);
  try {
    return await mariadb.createConnection({
      host: sql.host,
      port: sql.port,
      user: 'portal',
      connectTimeout: 2000,
      multipleStatements: false,
    });
  } catch {
    return null;
  }
}

/** A SphinxQL error: the words are no valid query (e.g. an unbalanced quote). */
export class SearchRefused extends Error {}

/** The ids of the first matches and the total, or `running: false`. */
export async function search(gateway: Pick<ServerGateway, 'listenAddress' | 'reach'>, index: string, words: string, limit: number) {
  if (!safeName.test(index)) throw new Error('bad index name');
  const conn = await connect(gateway);
  if (!conn) return { running: false, ids: [], total: 0 };
  try {
    let rows: { id: number | bigint }[];
    try {
      rows = (await conn.query(`SELECT id FROM ${index} WHERE MATCH(?) LIMIT ${Math.trunc(limit)}`, [words])) as { id: number | bigint }[];
    } catch (e) {
      throw new SearchRefused((e as Error).message);
    }
    const meta = (await conn.query('SHOW META')) as { Variable_name: string; Value: string }[];
    const total = Number(meta.find((m) => m.Variable_name === 'total_found')?.Value ?? rows.length);
    return { running: true, ids: rows.map((r) => Number(r.id)), total };
  } finally {
    await conn.end().catch(() => undefined);
  }
}

/** Documents per index as searchd reports them (`SHOW INDEX <name> STATUS`); empty when it does not run. */
export async function documents(gateway: Pick<ServerGateway, 'listenAddress' | 'reach'>, names: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!names.length) return out;
  const conn = await connect(gateway);
  if (!conn) return out;
  try {
    for (const name of names.filter((n) => safeName.test(n))) {
      const rows = (await conn.query(`SHOW INDEX ${name} STATUS`).catch(() => [])) as { Variable_name: string; Value: string }[];
      const value = rows.find((r) => r.Variable_name === 'indexed_documents')?.Value;
      if (value !== undefined) out.set(name, Number(value));
    }
  } finally {
    await conn.end().catch(() => undefined);
  }
  return out;
}
