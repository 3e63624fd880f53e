import { clustersOfTokens, createPersonalAccessToken, deletePersonalAccessToken, listPersonalAccessTokens } from '@portal/core/accounts';
import { consume } from '../http/rate-limits.ts';
import { defineHandlers, noContent } from '../openapi/handlers.ts';
import { pagination } from '../presenters/cluster.ts';
import { presentPersonalAccessToken } from '../presenters/security.ts';

export const tokenHandlers = defineHandlers({
  listPersonalAccessTokens: async ({ em, user, query }) => {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 25;
    const { items, total } = await listPersonalAccessTokens(em, user.id, { search: query.search, sort: query.sort, order: query.order, page, perPage });
    const clusters = await clustersOfTokens(em, items);
    return { data: items.map((t) => presentPersonalAccessToken(t, clusters)), meta: pagination(page, perPage, total) };
  },

  createPersonalAccessToken: async ({ em, deps, user, body, koa }) => {
    // TOKEN_CREATE_LIMIT new tokens per user and hour (issue 8, defect 9).
    await consume(deps.rateLimits.tokenCreateByUser, String(user.id));
    const { token, plainTextToken } = await createPersonalAccessToken(
      em,
      user,
      {
        name: body.name,
        expires: body.expires as 0 | 1,
        expiresAt: body.expires_at ?? null,
        access: { global: body.abilities.global, allClusters: body.abilities.allClusters, clusters: body.abilities.clusters, areas: body.abilities.areas },
      },
      deps.clock,
    );
    koa.status = 201;
    return { token: presentPersonalAccessToken(token, await clustersOfTokens(em, [token])), plainTextToken };
  },

  deletePersonalAccessToken: async ({ em, user, params }) => {
    await deletePersonalAccessToken(em, user.id, params.tokenId);
    return noContent;
  },
});
