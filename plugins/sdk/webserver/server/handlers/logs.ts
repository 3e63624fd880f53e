/** A site's access and error log: a searched page (on the server, newest first) and live tails. */
import { noContent } from '../../../server.ts';
import { SEARCH_WINDOW, searchLog, type LogKind } from '../../shared/logs.ts';
import type { WebServerKit } from '../dialect.ts';
import type { LogPageView } from '../views.ts';
import { vhostOf, type SiteContext } from './context.ts';

type LogParams = { vhostId: number; kind: LogKind };

export function logHandlers({ dialect, state, ports, tails }: WebServerKit) {
  const site = async (c: SiteContext<LogParams>) => vhostOf(dialect.pluginId, await state.load(c.em, c.server.id), c.params.vhostId);

  return {
    async entries(c: SiteContext<LogParams, { search?: string; page?: number; per_page?: number }>): Promise<LogPageView> {
      const lines = await ports.gateway(c.server.id).tail(dialect.logPath(await site(c), c.params.kind), SEARCH_WINDOW);
      const page = c.query.page ?? 1;
      const perPage = c.query.per_page ?? 25;
      const { data, total } = searchLog(dialect.parseLine, c.params.kind, lines, c.query.search, page, perPage);
      return { data, meta: { page, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)) } };
    },

    async startTail(c: SiteContext<LogParams, { tailId?: string }>) {
      const vhost = await site(c);
      const lease = await tails.start(c.server.id, vhost.id, c.params.kind, dialect.logPath(vhost, c.params.kind), c.query.tailId);
      return { tailId: lease.tailId, expiresAt: lease.expiresAt.toISOString() };
    },

    async stopTail(c: SiteContext<LogParams & { tailId: string }>) {
      await site(c);
      tails.stop(c.server.id, c.params.vhostId, c.params.kind, c.params.tailId);
      return noContent;
    },
  };
}
