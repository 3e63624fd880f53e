import i18next from 'i18next';
import { registerSdkTranslations, type WebPlugin } from '@portal/plugin-sdk/web';
import type { ComponentType } from 'react';
import { loadChunk } from '../shell/chunks';
import type { WebPluginEntry } from './registry';

const webParts = new Map<string, Promise<WebPlugin>>();
const namespaces = new Map<string, Promise<void>>();

/** Loads a plugin's i18next namespace in both languages (the language switch needs no reload), and the SDK's. */
export function loadPluginTranslations(entry: WebPluginEntry): Promise<void> {
  registerSdkTranslations(i18next);
  let p = namespaces.get(entry.id);
  if (!p) {
    p = Promise.all([entry.translations.de(), entry.translations.en()]).then(([de, en]) => {
      i18next.addResourceBundle('de', entry.id, de.default, true, true);
      i18next.addResourceBundle('en', entry.id, en.default, true, true);
    });
    p.catch(() => namespaces.delete(entry.id));
    namespaces.set(entry.id, p);
  }
  return p;
}

/** Loads a plugin's web part (its own chunk) together with its translations. */
export function loadWebPlugin(entry: WebPluginEntry): Promise<WebPlugin> {
  let p = webParts.get(entry.id);
  if (!p) {
    p = Promise.all([loadChunk(entry.web), loadPluginTranslations(entry)]).then(([web]) => web.default);
    p.catch(() => webParts.delete(entry.id));
    webParts.set(entry.id, p);
  }
  return p;
}

const cards = new Map<string, Promise<ComponentType | undefined>>();

/**
 * Loads a plugin's dashboard card: its own small chunk (`web/dashboard.tsx`) when it has one, so the
 * dashboard does not download every plugin's whole web part; else the web part's `DashboardPanel`.
 */
export function loadDashboardCard(entry: WebPluginEntry): Promise<ComponentType | undefined> {
  let p = cards.get(entry.id);
  if (!p) {
    const dashboard = entry.dashboard;
    p = dashboard
      ? Promise.all([loadChunk(dashboard), loadPluginTranslations(entry)]).then(([m]) => m.default)
      : loadWebPlugin(entry).then((web) => web.DashboardPanel);
    p.catch(() => cards.delete(entry.id));
    cards.set(entry.id, p);
  }
  return p;
}
