import type { AdministratedContract, ManagedCustomer } from '../../../api/permissions';

/** One line of the permissions table (§3 Permission entry): a managed customer or an administrated contract. */
export type PermissionRow =
  | { key: string; role: 'manager'; id: number; cluster: null; customer: { number: number; company: string }; active: boolean }
  | { key: string; role: 'administrator'; id: number; cluster: { number: string; name: string }; customer: { number: number; company: string }; active: true };

export type SortField = 'cluster' | 'customer' | 'role';
export interface Sort {
  field: SortField;
  direction: 'asc' | 'desc';
}

/** §2: the table is initially sorted by cluster. */
export const initialSort: Sort = { field: 'cluster', direction: 'asc' };

/** Both lists as rows of one table. */
export function toRows(customers: ManagedCustomer[], contracts: AdministratedContract[]): PermissionRow[] {
  return [
    ...customers.map((c): PermissionRow => ({
      key: `customer-${c.id}`,
      role: 'manager',
      id: c.id,
      cluster: null,
      customer: { number: c.number, company: c.company },
      active: c.active,
    })),
    ...contracts.map((c): PermissionRow => ({
      key: `contract-${c.id}`,
      role: 'administrator',
      id: c.id,
      cluster: { number: c.cluster.number, name: c.cluster.name },
      customer: c.customer,
      active: true,
    })),
  ];
}

/** Rows whose cluster, customer or role (in the user's language) contain the search text. */
export function filterRows(rows: PermissionRow[], search: string, roleLabel: (role: PermissionRow['role']) => string): PermissionRow[] {
  const q = search.trim().toLocaleLowerCase();
  if (!q) return rows;
  return rows.filter((r) =>
    [r.cluster?.number, r.cluster?.name, r.customer.company, String(r.customer.number), roleLabel(r.role)].some((v) => v?.toLocaleLowerCase().includes(q)),
  );
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Sorted rows. By cluster: by cluster number, and entries without a cluster (managed customers, which
 * cover all of the customer's clusters) after them, by customer; ties broken by customer, then role.
 */
export function sortRows(rows: PermissionRow[], sort: Sort): PermissionRow[] {
  const key = (r: PermissionRow): string[] => {
    const cluster = r.cluster ? `0 ${r.cluster.number}` : '1';
    const customer = `${r.customer.company} ${r.customer.number}`;
    if (sort.field === 'customer') return [customer, cluster, r.role];
    if (sort.field === 'role') return [r.role, cluster, customer];
    return [cluster, customer, r.role];
  };
  const factor = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) {
      const c = collator.compare(ka[i], kb[i]);
      if (c) return c * factor;
    }
    return 0;
  });
}
