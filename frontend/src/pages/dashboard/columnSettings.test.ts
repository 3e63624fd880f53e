import { COLUMN_STORAGE_KEY, readHiddenColumns, writeHiddenColumns } from './columnSettings';

const memory = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k), data };
};

describe('cluster overview column settings (§9)', () => {
  it('R9.032 are kept in browser storage only, ignoring unknown and fixed columns', () => {
    const s = memory();
    expect(readHiddenColumns(s)).toEqual([]);
    writeHiddenColumns(['sla', 'role'], s);
    expect(s.data.get(COLUMN_STORAGE_KEY)).toBe('["sla","role"]');
    expect(readHiddenColumns(s)).toEqual(['sla', 'role']);
    s.setItem(COLUMN_STORAGE_KEY, '["name","bogus","servers"]');
    expect(readHiddenColumns(s)).toEqual(['servers']);
    s.setItem(COLUMN_STORAGE_KEY, '{not json');
    expect(readHiddenColumns(s)).toEqual([]);
    writeHiddenColumns([], s);
    expect(s.data.has(COLUMN_STORAGE_KEY)).toBe(false);
  });
});
