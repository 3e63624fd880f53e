import i18next from 'i18next';
import type { WebPlugin } from '@portal/plugin-sdk/web';
import { loadChunk } from '../shell/chunks';
import type { WebPluginEntry } from './registry';

const webParts = new Map<string, Promise<WebPlugin>>();
const namespaces = new Map<string, Promise<void>>();

/** Loads a plugin's i18next namespace in both languages (the language switch needs no reload). */
export function loadPluginTranslations(entry: WebPluginEntry): Promise<void> {
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
