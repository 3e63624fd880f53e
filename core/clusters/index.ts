export { Cluster, architectures, serviceLevels, contractModes, contractStatuses } from './Cluster.ts';
export { Server, serverRoles } from './Server.ts';
export { ClusterAdministrator } from './ClusterAdministrator.ts';
export { listVisibleClusters, managedCustomerIds, visibleClusterIds, findClusterAccess, type ClusterAccess, type VisibleCluster, type ClusterRole, type ClusterQuery } from './visibility.ts';
export { Migration20261122000300Clusters } from './migrations/Migration20261122000300Clusters.ts';
export { ClusterFavourite } from './ClusterFavourite.ts';
export { favouriteClusterIds, setClusterFavourite, isProductive, updateClusterDetails } from './overview.ts';
export { Migration20261124064500ClusterFavourites } from './migrations/Migration20261124064500ClusterFavourites.ts';
export { setClusterTwoFactorRequirement, twoFactorRequirementError, hasOwnTwoFactor, clusterUsers, type TwoFactorRequirementContext } from './twoFactorRequirement.ts';
