/**
 * Identity and tenancy: who signs in (users), whose contracts they are (customers and their managers),
 * what the contracts are (clusters, their servers and administrators), and who may see which cluster.
 * accounts, customers and clusters (and every other core module) build on this model; it imports none of
 * them, so they need not import one another for it (docs/decisions.md "Tenancy").
 */
export { User, genders, languages, type Language } from './User.ts';
export { Customer, paymentMethods } from './Customer.ts';
export { CustomerManager } from './CustomerManager.ts';
export { Cluster, architectures, serviceLevels, contractModes, contractStatuses } from './Cluster.ts';
export { Server, serverRoles } from './Server.ts';
export { ClusterAdministrator } from './ClusterAdministrator.ts';
export { listVisibleClusters, managedCustomerIds, visibleClusterIds, findClusterAccess, type ClusterAccess, type VisibleCluster, type ClusterRole, type ClusterQuery } from './visibility.ts';
export { isValidPhone, phoneDefaultRegion } from './phone.ts';
