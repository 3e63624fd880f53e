/** A Managed Center host for stories and component tests: a demo server, a store of its own, no requests. */
import i18next from 'i18next';
import { useState, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { registerSdkTranslations } from './i18n/index.ts';
import { createManagedStore, ManagedHostProvider, ManagedPluginScope } from './runtime.tsx';
import type { ManagedHost } from './types.ts';

/** The demo web server of cluster 20011. */
export const demoHost: ManagedHost = {
  cluster: { id: 1, number: '20011', name: 'Onlineshop Produktion' },
  server: { id: 2, name: 'web01.c20011.managed-hosting.example', role: 'web', ipv4: '10.11.0.21', services: ['nginx', 'php-fpm', 'cronjobs', 'ssh', 'monitoring'] },
  sectionPath: (section, sub, serverId = 2) => `/clusters/1/servers/${serverId}/managed/${section}${sub ? `/${sub}` : ''}`,
  // The story server's prefix (ManagedHost.apiPath), not an operation.
  apiPath: (sub) => `api/v1/clusters/1/servers/2/${sub}`,
  submitErrors: () => undefined,
  notify: () => undefined,
  notifyFailure: () => undefined,
  subscribe: () => () => undefined,
  connected: true,
};

/** A plugin's translations, as its `i18n/<lang>.json` files hold them. */
export type PluginTranslations = { de: Record<string, unknown>; en: Record<string, unknown> };

/** Registers a plugin's namespace (and the SDK's) in i18next, as the host does before a panel renders. */
export function registerPluginTranslations(pluginId: string, translations: PluginTranslations): void {
  registerSdkTranslations(i18next);
  for (const lang of ['de', 'en'] as const) if (!i18next.hasResourceBundle(lang, pluginId)) i18next.addResourceBundle(lang, pluginId, translations[lang], true, true);
}

export interface ManagedStoryHostProps {
  children: ReactNode;
  host?: Partial<ManagedHost>;
  /** Fills the store's cache before the first render (`api.util.upsertQueryData(...)`). */
  prepare?: (store: ReturnType<typeof createManagedStore>) => void;
  /** The plugin whose panel renders: its namespace is registered, form field ids get its prefix. */
  pluginId?: string;
  translations?: PluginTranslations;
  /** Wraps the children in a router at this address (for panels with links); omit when the story already has one. */
  route?: string;
}

/** Wraps children in the Managed Center's context; `prepare` may fill the store's cache first. */
export function ManagedStoryHost({ children, host, prepare, pluginId, translations, route }: ManagedStoryHostProps) {
  const [store] = useState(() => {
    registerSdkTranslations(i18next);
    if (pluginId && translations) registerPluginTranslations(pluginId, translations);
    const s = createManagedStore();
    prepare?.(s);
    return s;
  });
  const scoped = pluginId ? <ManagedPluginScope pluginId={pluginId}>{children}</ManagedPluginScope> : children;
  return (
    <ManagedHostProvider host={{ ...demoHost, ...host }} store={store}>
      {route !== undefined ? <MemoryRouter initialEntries={[route]}>{scoped}</MemoryRouter> : scoped}
    </ManagedHostProvider>
  );
}

/**
 * A Storybook decorator for a plugin's stories: `decorators: [storyHostFor('cronjobs', { de, en })]`.
 * Storybook's preview already provides a router.
 */
export const storyHostFor =
  (pluginId: string, translations: PluginTranslations, options: Omit<ManagedStoryHostProps, 'children' | 'pluginId' | 'translations'> = {}) =>
  (Story: () => ReactNode) => (
    <ManagedStoryHost pluginId={pluginId} translations={translations} {...options}>
      <Story />
    </ManagedStoryHost>
  );

/**
 * A story's `beforeEach` for a panel's loading and error states (Storybook serves no API): `'loading'` leaves every
 * request unanswered, `'failing'` answers 503 with the portal's error body (the server is unreachable). Gives the
 * real `fetch` back when the story is left.
 */
export const storyRequests = (mode: 'loading' | 'failing') => () => {
  const real = globalThis.fetch;
  globalThis.fetch = () =>
    mode === 'loading'
      ? new Promise<Response>(() => undefined)
      : Promise.resolve(
          new Response(JSON.stringify({ error: { code: 'unavailable', message: 'errors.server_unreachable' }, requestId: 'story' }), {
            status: 503,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
  return () => {
    globalThis.fetch = real;
  };
};
