import { defineWebPlugin, type ServerEventsOf } from '@portal/plugin-sdk/web';
import type { WebServerEvents } from '@portal/plugin-sdk/webserver/shared';
import { webServerPages, webServerRoutes } from '@portal/plugin-sdk/webserver/web';
import { nginxApi, nginxClient } from '../generated/client.ts';
import { nginxDirectives } from '../shared/options.ts';

/** The web server family's pages with nginx's operations, directive whitelist and syntax. */
const pages = webServerPages({ pluginId: 'nginx', api: nginxApi, client: nginxClient, directives: nginxDirectives, syntax: 'nginx' });

/** nginx: domains, their logs, redirects, authentications, the rendered configuration (spec §2 sub-routes). */
export default defineWebPlugin({
  routes: webServerRoutes(pages),
});

declare module '@portal/plugin-sdk/web' {
  // `nginx.log` (its live log tail, the web server family's, @portal/plugin-sdk/webserver/shared), typed for `useServerEvent`.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members come from the shared event map
  interface ServerEvents extends ServerEventsOf<'nginx', WebServerEvents> {}
}
