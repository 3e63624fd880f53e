import { defineWebPlugin, type ServerEventsOf } from '@portal/plugin-sdk/web';
import type { WebServerEvents } from '@portal/plugin-sdk/webserver/shared';
import { webServerPages, webServerRoutes } from '@portal/plugin-sdk/webserver/web';
import { apacheApi, apacheClient } from '../generated/client.ts';
import { apacheDirectives } from '../shared/options.ts';

/** The web server family's pages with apache's operations, directive whitelist and syntax. */
export const pages = webServerPages({
  pluginId: 'apache',
  api: apacheApi,
  client: apacheClient,
  directives: apacheDirectives,
  syntax: 'apache',
});

/** apache: domains, their logs, redirects, authentications, the rendered configuration (spec §2 sub-routes). */
export default defineWebPlugin({
  routes: webServerRoutes(pages),
});

declare module '@portal/plugin-sdk/web' {
  // `apache.log` (its live log tail, the web server family's, @portal/plugin-sdk/webserver/shared), typed for `useServerEvent`.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members come from the shared event map
  interface ServerEvents extends ServerEventsOf<'apache', WebServerEvents> {}
}
