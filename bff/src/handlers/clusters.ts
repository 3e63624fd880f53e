import { favouriteClusterIds, findClusterAccess, listVisibleClusters } from '@portal/core/clusters';
import { NotAllowed, NotFound } from '@portal/core/platform';
import { credentialAllowsCluster } from '../http/auth.ts';
import { defineHandlers } from '../openapi/handlers.ts';
import { pagination, presentClusterDetail, presentClusterSummary } from '../presenters/cluster.ts';

export const clusterHandlers = defineHandlers({
  listClusters: async ({ em, user, query, principal }) => {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 25;
    const favourites = new Set(await favouriteClusterIds(em, user.id));
    const { items, total } = await listVisibleClusters(em, user.id, {
      activeOnly: query.active === 1,
      search: query.search,
      onlyIds: query.favourites === 1 ? [...favourites] : undefined,
      page,
      perPage,
    });
    // A token limited to selected clusters lists only those.
    const allowed = principal ? items.filter((i) => credentialAllowsCluster(principal, i.cluster.id)) : items;
    return { data: allowed.map((i) => presentClusterSummary(i, favourites.has(i.cluster.id))), meta: pagination(page, perPage, allowed.length === items.length ? total : allowed.length) };
  },

  getCluster: async ({ em, user, params, principal }) => {
    const access = await findClusterAccess(em, user.id, params.clusterId);
    if (!access) throw NotFound('errors.cluster_not_found');
    if (principal && !credentialAllowsCluster(principal, params.clusterId)) throw NotAllowed('errors.token_not_allowed');
    return presentClusterDetail(access);
  },
});
