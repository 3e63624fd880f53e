/** A Managed Center host for stories and component tests: a demo server, a store of its own, no requests. */
import { useState, type ReactNode } from 'react';
import { createManagedStore, ManagedHostProvider } from './runtime.tsx';
import type { ManagedHost } from './types.ts';

/** The demo web server of cluster 20011. */
export const demoHost: ManagedHost = {
  cluster: { id: 1, number: '20011', name: 'Onlineshop Produktion' },
  server: { id: 2, name: 'web01.c20011.managed-hosting.example', role: 'web', ipv4: '10.11.0.21', services: ['nginx', 'php-fpm', 'cronjobs', 'ssh', 'monitoring'] },
  sectionPath: (section, sub) => `/clusters/1/servers/2/managed/${section}${sub ? `/${sub}` : ''}`,
  apiPath: (sub) => `api/v1/clusters/1/servers/2/${sub}`,
  submitErrors: () => undefined,
  notify: () => undefined,
  notifyFailure: () => undefined,
  subscribe: () => () => undefined,
  connected: true,
};

/** Wraps children in the Managed Center's context; `prepare` may fill the store's cache first. */
export function ManagedStoryHost({
  children,
  host,
  prepare,
}: {
  children: ReactNode;
  host?: Partial<ManagedHost>;
  prepare?: (store: ReturnType<typeof createManagedStore>) => void;
}) {
  const [store] = useState(() => {
    const s = createManagedStore();
    prepare?.(s);
    return s;
  });
  return (
    <ManagedHostProvider host={{ ...demoHost, ...host }} store={store}>
      {children}
    </ManagedHostProvider>
  );
}
