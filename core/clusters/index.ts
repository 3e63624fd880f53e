/** The cluster, server and administrator entities and who sees which cluster live in core/tenancy (shared with accounts and customers); clusters' public face keeps them. */
export {
  Cluster,
  architectures,
  serviceLevels,
  contractModes,
  contractStatuses,
  Server,
  serverRoles,
  ClusterAdministrator,
  listVisibleClusters,
  managedCustomerIds,
  visibleClusterIds,
  findClusterAccess,
  type ClusterAccess,
  type VisibleCluster,
  type ClusterRole,
  type ClusterQuery,
} from '../tenancy/index.ts';
export { Migration20261122000300Clusters } from './migrations/Migration20261122000300Clusters.ts';
export { ClusterFavourite } from './ClusterFavourite.ts';
export { favouriteClusterIds, setClusterFavourite, isProductive, updateClusterDetails } from './overview.ts';
export { Migration20261124064500ClusterFavourites } from './migrations/Migration20261124064500ClusterFavourites.ts';
export { setClusterTwoFactorRequirement, twoFactorRequirementError, hasOwnTwoFactor, clusterUsers, type TwoFactorRequirementContext } from './twoFactorRequirement.ts';
