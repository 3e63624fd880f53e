import type { ClusterAccess, Server, VisibleCluster } from '@portal/core/clusters';
import type { Schemas } from '@portal/openapi';

export const presentClusterSummary = ({ cluster, role, serverCount, administrator }: VisibleCluster, favourite = false): Schemas['ClusterSummary'] => ({
  id: cluster.id,
  number: cluster.number,
  name: cluster.name,
  description: cluster.description ?? null,
  favourite,
  architecture: cluster.architecture,
  sla: cluster.sla,
  contractMode: cluster.contractMode,
  status: cluster.status,
  customer: { id: cluster.customer.id, number: cluster.customer.number, company: cluster.customer.company },
  role,
  serverCount,
  administrator: administrator ?? role === 'administrator',
  forceTwoFactor: cluster.forceTwoFactor,
});

/** The pagination block of a list response. */
export const pagination = (page: number, perPage: number, total: number): Schemas['Pagination'] => ({
  page,
  perPage,
  total,
  lastPage: Math.max(1, Math.ceil(total / perPage)),
});

export const presentServer = (s: Server): Schemas['Server'] => ({ id: s.id, name: s.name, role: s.role, ipv4: s.ipv4 ?? null, services: s.services });

export const presentClusterDetail = ({ cluster: c, servers, isAdministrator }: ClusterAccess): Schemas['ClusterDetail'] => ({
  id: c.id,
  number: c.number,
  name: c.name,
  description: c.description ?? null,
  architecture: c.architecture,
  sla: c.sla,
  contractMode: c.contractMode,
  status: c.status,
  customer: { id: c.customer.id, number: c.customer.number, company: c.customer.company },
  role: isAdministrator ? 'administrator' : 'manager',
  forceTwoFactor: c.forceTwoFactor,
  distribution: c.distribution,
  application: c.application ?? null,
  cpu: c.cpu,
  ramGb: c.ramGb,
  nvmeSsdGb: c.nvmeSsdGb,
  nvmeStorageGb: c.nvmeStorageGb,
  servers: servers.map(presentServer),
});
