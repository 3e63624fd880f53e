import { filterRows, initialSort, sortRows, toRows } from './permissionRows';

const rows = toRows(
  [
    { id: 1, number: 10002, company: 'Nordlicht Medien', role: 'manager', active: true },
    { id: 2, number: 10001, company: 'Müller & Schmidt', role: 'manager', active: true },
  ],
  [
    { id: 12, cluster: { id: 12, number: '20012', name: 'Staging' }, customer: { number: 10001, company: 'Müller & Schmidt' }, role: 'administrator' },
    { id: 11, cluster: { id: 11, number: '20011', name: 'Produktion' }, customer: { number: 10001, company: 'Müller & Schmidt' }, role: 'administrator' },
  ],
);
const label = (r: string) => (r === 'manager' ? 'Manager' : 'Administrator');

describe('permission rows', () => {
  it('R2.079 are initially sorted by cluster, entries without a cluster last', () => {
    expect(initialSort).toEqual({ field: 'cluster', direction: 'asc' });
    expect(sortRows(rows, initialSort).map((r) => r.key)).toEqual(['contract-11', 'contract-12', 'customer-2', 'customer-1']);
    expect(sortRows(rows, { field: 'cluster', direction: 'desc' }).map((r) => r.key)).toEqual(['customer-1', 'customer-2', 'contract-12', 'contract-11']);
  });

  it('R2.079 sort by customer and by role', () => {
    expect(sortRows(rows, { field: 'customer', direction: 'asc' }).map((r) => r.key)).toEqual(['contract-11', 'contract-12', 'customer-2', 'customer-1']);
    expect(sortRows(rows, { field: 'role', direction: 'asc' }).map((r) => r.role)).toEqual(['administrator', 'administrator', 'manager', 'manager']);
  });

  it('R2.078 search matches cluster number and name, customer and role', () => {
    expect(filterRows(rows, 'staging', label).map((r) => r.key)).toEqual(['contract-12']);
    expect(filterRows(rows, '10002', label).map((r) => r.key)).toEqual(['customer-1']);
    expect(filterRows(rows, 'MANAGER', label)).toHaveLength(2);
    expect(filterRows(rows, '  ', label)).toHaveLength(4);
  });
});
