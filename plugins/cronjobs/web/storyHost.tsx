/** What the Managed Center host gives a panel, for stories: the cronjobs namespace, a server, a store. */
import type { Decorator } from '@storybook/react-vite';
import { createManagedStore, ManagedHostProvider, type ManagedHost } from '@portal/plugin-sdk/web';
import i18next from 'i18next';
import { useState } from 'react';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

if (!i18next.hasResourceBundle('de', 'cronjobs')) {
  i18next.addResourceBundle('de', 'cronjobs', de);
  i18next.addResourceBundle('en', 'cronjobs', en);
}

export const storyHost: ManagedHost = {
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

/** Wraps a story in the Managed Center's context (presentational panels make no requests). */
export const withCronjobs: Decorator = (Story) => {
  const [store] = useState(() => createManagedStore());
  return (
    <ManagedHostProvider host={storyHost} store={store}>
      <Story />
    </ManagedHostProvider>
  );
};

/** A fixed "now" so the previews and next runs of the stories do not change. */
export const storyNow = new Date('2026-11-22T10:00:00Z');
