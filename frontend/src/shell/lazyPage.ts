import type { ComponentType } from 'react';
import { loadTranslations } from '../i18n';
import { loadChunk } from './chunks';

/**
 * A react-router `lazy` route for a page module with a default export. `namespaces` are the translations the
 * page uses: fetched together with its chunk, so the page does not suspend again for them after it arrived.
 */
export const lazyPage =
  (load: () => Promise<{ default: ComponentType }>, namespaces: readonly string[] = []) =>
  async () => {
    const [page] = await Promise.all([loadChunk(load), namespaces.length ? loadTranslations(namespaces).catch(() => undefined) : undefined]);
    return { Component: page.default };
  };
