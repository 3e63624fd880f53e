/**
 * The manifest of a Managed Center plugin (`plugins/<id>/plugin.ts`). No side effects: the
 * generator (`scripts/generate-plugins.ts`) imports it to write the BFF's and the frontend's registries.
 */
import type { AnyServerPlugin } from './server.ts';
import type { WebPlugin } from './web/types.ts';

export * from './config/fields.ts';

export interface PluginManifest {
  /** `[a-z][a-z0-9-]*`: the URL section (`/managed/<id>`), the i18next namespace, the API path segment, the table prefix. */
  id: string;
  /** Key of the plugin's namespace for its title (navigation, page title, breadcrumbs), e.g. `title`. */
  titleKey: string;
  /** An icon of `@mui/icons-material` by its name, e.g. `Dns`, `Schedule`, `Key`, `Language`, `MonitorHeart`. */
  icon: string;
  /** Place in the section navigation (lower first; the dashboard is 0). */
  nav: { order: number };
  /** The server services it applies to (any of them), or `all` for every server. */
  services: readonly string[] | 'all';
  /**
   * The service programs it needs on a server (`nginx`): the gateway provides them (the `local`
   * gateway runs a private instance per server), and its jobs validate and reload them.
   */
  programs?: readonly string[];
  /**
   * `beta`: only customers registered for the beta phase see it; for the others its section and its
   * operations answer 403 `errors.beta_not_registered` (§8). Default `stable`.
   */
  stage?: 'stable' | 'beta';
  /** Its server part. Must be written literally as `() => import('./server/index.ts')`. */
  server: () => Promise<{ default: AnyServerPlugin }>;
  /** Its web part. Must be written literally as `() => import('./web/index.tsx')`. */
  web: () => Promise<{ default: WebPlugin }>;
}

/** Declares a plugin. */
export const definePlugin = (manifest: PluginManifest): PluginManifest => manifest;

/** Whether a plugin applies to a server with these services. */
export const appliesTo = (manifest: Pick<PluginManifest, 'services'>, services: readonly string[]): boolean =>
  manifest.services === 'all' || manifest.services.some((s) => services.includes(s));

/** Plugin ids: lowercase, starting with a letter; `managed` is the platform's own. */
export const pluginIdPattern = /^[a-z][a-z0-9-]{0,30}$/;
export const reservedPluginIds = ['managed', 'dashboard'] as const;
