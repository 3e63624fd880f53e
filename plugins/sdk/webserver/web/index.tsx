/**
 * The web server family's pages (`@portal/plugin-sdk/webserver/web`): domains with their form, logs with
 * search and live tail, redirects, basic authentications, the configuration with its diff. A member's
 * `web/index.tsx` is `defineWebPlugin({ routes: webServerRoutes({ pluginId, api, client, directives, syntax }) })`;
 * the texts are the family's (`plugins/sdk/webserver/i18n`, the generator puts them under the member's own
 * namespace, whose keys win: its title, the program's name in the status lines, …).
 */
import type { ComponentType } from 'react';
import type { PluginRoute } from '../../web/types.ts';
import { AuthenticationsPage } from './AuthenticationsPage.tsx';
import { ConfigPage } from './ConfigPage.tsx';
import { WebServerProvider, type WebServerWebOptions } from './context.tsx';
import { LogsPage } from './LogsPage.tsx';
import { RedirectsPage } from './RedirectsPage.tsx';
import { VhostFormPage } from './VhostFormPage.tsx';
import { VhostsPage } from './VhostsPage.tsx';

export { useWebServer, useWebServerApi, webServerApi, WebServerProvider, type WebServerApi, type WebServerApiObject, type WebServerWebOptions } from './context.tsx';
export * from './model.ts';

/** The family's pages below the member's section (the paths every member has: spec §2 sub-routes). */
export function webServerRoutes(options: WebServerWebOptions): PluginRoute[] {
  const page = (Page: ComponentType): ComponentType =>
    function WebServerPage() {
      return (
        <WebServerProvider options={options}>
          <Page />
        </WebServerProvider>
      );
    };
  return [
    { path: '', Component: page(VhostsPage) },
    { path: 'domains/new', Component: page(VhostFormPage) },
    { path: 'domains/:vhostId', Component: page(VhostFormPage) },
    { path: 'domains/:vhostId/logs/:kind', Component: page(LogsPage) },
    { path: 'redirects', Component: page(RedirectsPage) },
    { path: 'authentications', Component: page(AuthenticationsPage) },
    { path: 'config', Component: page(ConfigPage) },
  ];
}
