/**
 * Snapshot and restore of a plugin's desired state, generically from the tables it declares
 * (`ServerPlugin.state.entities`, each with a `server_id` column): the rows of one server as JSON,
 * put back with `jsonb_populate_recordset`, so every column keeps its type and every row its id.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';

export interface RowsSnapshot {
  format: 'rows/1';
  tables: Record<string, unknown[]>;
}

export const isRowsSnapshot = (s: unknown): s is RowsSnapshot =>
  !!s && typeof s === 'object' && (s as RowsSnapshot).format === 'rows/1' && typeof (s as RowsSnapshot).tables === 'object';

const quoted = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected table name ${JSON.stringify(name)}`);
  return `"${name}"`;
};

/** The table names of entity definitions, in the order given. */
export function tablesOf(em: EntityManager, entities: readonly unknown[]): string[] {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- entity definitions of any shape (defineEntity schemas)
  return entities.map((e) => em.getMetadata().get((e as any).meta?.className ?? (e as any).name ?? e).tableName);
}

/** The rows of one server in each table. */
export async function snapshotRows(em: EntityManager, tables: readonly string[], serverId: number): Promise<RowsSnapshot> {
  const sql = em as SqlEntityManager;
  const out: Record<string, unknown[]> = {};
  for (const t of tables) {
    const [row] = await sql.execute<{ rows: unknown[] | string }[]>(
      `select coalesce(jsonb_agg(to_jsonb(t) order by t.id), '[]'::jsonb) as rows from ${quoted(t)} t where t.server_id = ?`,
      [serverId],
    );
    out[t] = typeof row.rows === 'string' ? (JSON.parse(row.rows) as unknown[]) : row.rows;
  }
  return { format: 'rows/1', tables: out };
}

/** Replaces one server's rows of the tables (children are removed first, parents inserted first). */
export async function restoreRows(em: EntityManager, tables: readonly string[], serverId: number, snapshot: RowsSnapshot | null): Promise<void> {
  const sql = em as SqlEntityManager;
  for (const t of [...tables].reverse()) await sql.execute(`delete from ${quoted(t)} where server_id = ?`, [serverId]);
  if (!snapshot) return;
  for (const t of tables) {
    const rows = (snapshot.tables[t] ?? []).filter((r) => (r as { server_id?: unknown }).server_id === serverId);
    if (rows.length) await sql.execute(`insert into ${quoted(t)} select * from jsonb_populate_recordset(null::${quoted(t)}, cast(? as jsonb))`, [JSON.stringify(rows)]);
  }
  em.clear();
}
