/**
 * The web server family's pages (`@portal/plugin-sdk/webserver/web`): domains with their form, logs with
 * search and live tail, redirects, basic authentications, the configuration with its diff. A member's
 * `web/index.tsx` lists its routes with `webServerPages({ pluginId, api, client, directives, syntax })`;
 * the texts are the family's (`plugins/sdk/webserver/i18n`, the generator puts them under the member's own
 * namespace, whose keys win: its title, the program's name in the status lines, …).
 */
import type { ComponentType } from 'react';
import { AuthenticationsPage } from './AuthenticationsPage.tsx';
import { ConfigPage } from './ConfigPage.tsx';
import { WebServerProvider, type WebServerWebOptions } from './context.tsx';
import { LogsPage } from './LogsPage.tsx';
import { RedirectsPage } from './RedirectsPage.tsx';
import { VhostFormPage } from './VhostFormPage.tsx';
import { VhostsPage } from './VhostsPage.tsx';

export { useWebServer, useWebServerApi, webServerApi, WebServerProvider, type WebServerApi, type WebServerApiObject, type WebServerWebOptions } from './context.tsx';
export * from './model.ts';

/** The family's pages for one member, each inside the member's provider. */
export interface WebServerPages {
  /** `''`: the domains. */
  Vhosts: ComponentType;
  /** `domains/new` and `domains/:vhostId`. */
  VhostForm: ComponentType;
  /** `domains/:vhostId/logs/:kind`. */
  Logs: ComponentType;
  /** `redirects`. */
  Redirects: ComponentType;
  /** `authentications`. */
  Authentications: ComponentType;
  /** `config`. */
  Config: ComponentType;
}

/**
 * The family's pages for a member's routes. The member's `web/index.tsx` keeps its route list literal
 * (the accessibility pass reads it from the source, frontend/e2e/routeList.ts):
 * `routes: [{ path: '', Component: pages.Vhosts }, { path: 'domains/new', Component: pages.VhostForm }, …]`.
 */
export function webServerPages(options: WebServerWebOptions): WebServerPages {
  const page = (Page: ComponentType): ComponentType =>
    function WebServerPage() {
      return (
        <WebServerProvider options={options}>
          <Page />
        </WebServerProvider>
      );
    };
  return {
    Vhosts: page(VhostsPage),
    VhostForm: page(VhostFormPage),
    Logs: page(LogsPage),
    Redirects: page(RedirectsPage),
    Authentications: page(AuthenticationsPage),
    Config: page(ConfigPage),
  };
}

/** The family's routes (spec §2 sub-routes: domains, their logs, redirects, authentications, the configuration) over a member's pages. */
export function webServerRoutes(pages: WebServerPages): { path: string; Component: ComponentType }[] {
  return [
    { path: '', Component: pages.Vhosts },
    { path: 'domains/new', Component: pages.VhostForm },
    { path: 'domains/:vhostId', Component: pages.VhostForm },
    { path: 'domains/:vhostId/logs/:kind', Component: pages.Logs },
    { path: 'redirects', Component: pages.Redirects },
    { path: 'authentications', Component: pages.Authentications },
    { path: 'config', Component: pages.Config },
  ];
}
