import { useCallback, useSyncExternalStore } from 'react';

/** The cluster overview's columns; `name` always shows (it carries the row's actions). */
export const clusterColumns = ['favourite', 'number', 'name', 'customer', 'architecture', 'sla', 'mode', 'servers', 'role', 'twoFactor', 'documents', 'managed'] as const;
export type ClusterColumn = (typeof clusterColumns)[number];
export const fixedColumns: readonly ClusterColumn[] = ['name'];

/** §9 R9.032: table column settings are stored only in the browser (per browser, not per account). */
export const COLUMN_STORAGE_KEY = 'portal.clusterOverview.hiddenColumns';

const listeners = new Set<() => void>();

/** The hidden columns as stored; anything unreadable or unknown is ignored. */
export function readHiddenColumns(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ClusterColumn[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(COLUMN_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? clusterColumns.filter((c) => parsed.includes(c) && !fixedColumns.includes(c)) : [];
  } catch {
    return [];
  }
}

export function writeHiddenColumns(hidden: readonly ClusterColumn[], storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = globalThis.localStorage): void {
  try {
    if (hidden.length) storage?.setItem(COLUMN_STORAGE_KEY, JSON.stringify(hidden.filter((c) => !fixedColumns.includes(c))));
    else storage?.removeItem(COLUMN_STORAGE_KEY);
  } catch {
    /* storage full or blocked: the choice lasts for this page only */
  }
  listeners.forEach((l) => l());
}

let snapshot = '';
const subscribe = (l: () => void) => {
  listeners.add(l);
  const onStorage = (e: StorageEvent) => e.key === COLUMN_STORAGE_KEY && l();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
};
const getSnapshot = () => {
  const next = readHiddenColumns().join(',');
  if (next !== snapshot) snapshot = next;
  return snapshot;
};

/** The hidden columns of the cluster overview, kept in localStorage and shared by every tab. */
export function useHiddenColumns(): [ClusterColumn[], (hidden: ClusterColumn[]) => void] {
  const value = useSyncExternalStore(subscribe, getSnapshot, () => '');
  const hidden = (value ? value.split(',') : []) as ClusterColumn[];
  return [hidden, useCallback((next: ClusterColumn[]) => writeHiddenColumns(next), [])];
}
