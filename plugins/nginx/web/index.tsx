import { defineWebPlugin, type ServerEventsOf } from '@portal/plugin-sdk/web';
import { webServerRoutes } from '@portal/plugin-sdk/webserver/web';
import { nginxApi, nginxClient } from '../generated/client.ts';
import { nginxDirectives } from '../shared/options.ts';
import type { NginxEvents } from '../shared/events.ts';

/** nginx: the web server family's pages (domains, logs, redirects, authentications, configuration) with nginx's directives. */
export default defineWebPlugin({
  routes: webServerRoutes({ pluginId: 'nginx', api: nginxApi, client: nginxClient, directives: nginxDirectives, syntax: 'nginx' }),
});

declare module '@portal/plugin-sdk/web' {
  // `nginx.log` (its live log tail, declared once in shared/events.ts), typed for `useServerEvent`.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members come from the shared event map
  interface ServerEvents extends ServerEventsOf<'nginx', NginxEvents> {}
}
