import { favouriteClusterIds, findClusterAccess, setClusterFavourite, updateClusterDetails } from '@portal/core/clusters';
import { NotFound } from '@portal/core/platform';
import { defineHandlers, noContent } from '../openapi/handlers.ts';
import { presentClusterSummary } from '../presenters/cluster.ts';

/** The cluster overview's own actions (§2): favourites per user, name and description. */
export const clusterOverviewHandlers = defineHandlers({
  setClusterFavourite: async ({ em, user, params, body }) => {
    if (!(await findClusterAccess(em, user.id, params.clusterId))) throw NotFound('errors.cluster_not_found');
    await setClusterFavourite(em, user.id, params.clusterId, body.favourite);
    return noContent;
  },

  updateClusterDetails: async ({ em, user, params, body }) => {
    const access = await findClusterAccess(em, user.id, params.clusterId);
    if (!access) throw NotFound('errors.cluster_not_found');
    const cluster = await updateClusterDetails(em, access.cluster, body);
    const favourite = (await favouriteClusterIds(em, user.id)).includes(cluster.id);
    return presentClusterSummary({ cluster, role: access.isManager ? 'manager' : 'administrator', serverCount: access.servers.length, administrator: access.isAdministrator }, favourite);
  },
});
