import { favouriteClusterIds, findClusterAccess, listVisibleClusters } from '@portal/core/clusters';
import { NotAllowed, NotFound } from '@portal/core/platform';
import { credentialAllowsCluster } from '../http/auth.ts';
import { defineHandlers } from '../openapi/handlers.ts';
import { pagination, presentClusterDetail, presentClusterSummary } from '../presenters/cluster.ts';

export const clusterHandlers = defineHandlers({
  listClusters: async ({ em, user, query, principal }) => {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 25;
    // A token limited to selected clusters lists only those — filtered in the query, so the total and
    // the pages count only them (issue 8, defect 10); the favourites filter narrows the same way.
    const limited = principal?.via === 'token' && !principal.abilities.some((a) => a === '*' || a === 'clusters:*');
    const tokenIds = limited ? principal.abilities.filter((a) => a.startsWith('cluster:')).map((a) => Number(a.slice('cluster:'.length))) : undefined;
    const favourites = new Set(await favouriteClusterIds(em, user.id));
    const favouriteIds = query.favourites === 1 ? [...favourites] : undefined;
    const onlyIds = tokenIds && favouriteIds ? tokenIds.filter((id) => favourites.has(id)) : (tokenIds ?? favouriteIds);
    const { items, total } = await listVisibleClusters(em, user.id, { activeOnly: query.active === 1, search: query.search, onlyIds, page, perPage });
    const allowed = principal ? items.filter((i) => credentialAllowsCluster(principal, i.cluster.id)) : items;
    return { data: allowed.map((i) => presentClusterSummary(i, favourites.has(i.cluster.id))), meta: pagination(page, perPage, total) };
  },

  getCluster: async ({ em, user, params, principal }) => {
    const access = await findClusterAccess(em, user.id, params.clusterId);
    if (!access) throw NotFound('errors.cluster_not_found');
    if (principal && !credentialAllowsCluster(principal, params.clusterId)) throw NotAllowed('errors.token_not_allowed');
    return presentClusterDetail(access);
  },
});
