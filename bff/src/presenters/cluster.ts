import type { VisibleCluster } from '@portal/core/clusters';
import type { Schemas } from '@portal/openapi';

export const presentClusterSummary = ({ cluster, role, serverCount }: VisibleCluster): Schemas['ClusterSummary'] => ({
  id: cluster.id,
  number: cluster.number,
  name: cluster.name,
  architecture: cluster.architecture,
  sla: cluster.sla,
  contractMode: cluster.contractMode,
  status: cluster.status,
  customer: { id: cluster.customer.id, number: cluster.customer.number, company: cluster.customer.company },
  role,
  serverCount,
});

/** The pagination block of a list response. */
export const pagination = (page: number, perPage: number, total: number): Schemas['Pagination'] => ({
  page,
  perPage,
  total,
  lastPage: Math.max(1, Math.ceil(total / perPage)),
});
