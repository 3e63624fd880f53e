import { listVisibleClusters } from '@portal/core/clusters';
import { defineHandlers } from '../openapi/handlers.ts';
import { pagination, presentClusterSummary } from '../presenters/cluster.ts';

export const clusterHandlers = defineHandlers({
  listClusters: async ({ em, user, query }) => {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 25;
    const { items, total } = await listVisibleClusters(em, user.id, { activeOnly: query.active === 1, search: query.search, page, perPage });
    return { data: items.map(presentClusterSummary), meta: pagination(page, perPage, total) };
  },
});
