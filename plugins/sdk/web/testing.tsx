/**
 * Component-test host for plugin panels (jsdom + Testing Library): one call gives i18next in the wanted
 * language with the SDK's and the plugin's namespaces, the Managed Center's context, a store and a router.
 */
import { render, type RenderResult } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { ManagedStoryHost, registerPluginTranslations, type ManagedStoryHostProps, type PluginTranslations } from './storyHost.tsx';

/** Initializes i18next once for component tests (German by default, like the portal). */
export async function initTestI18n(language: 'de' | 'en' = 'de'): Promise<void> {
  if (!i18next.isInitialized)
    await i18next.use(initReactI18next).init({ lng: language, fallbackLng: 'de', resources: {}, interpolation: { escapeValue: false }, returnNull: false });
  else await i18next.changeLanguage(language);
}

export interface RenderWithHostOptions extends Omit<ManagedStoryHostProps, 'children' | 'pluginId' | 'translations'> {
  pluginId: string;
  translations: PluginTranslations;
  language?: 'de' | 'en';
}

/** Renders a plugin panel inside the Managed Center's context (router at `route`, default `/`). */
export async function renderWithHost(ui: ReactElement, { pluginId, translations, language = 'de', route = '/', ...host }: RenderWithHostOptions): Promise<RenderResult> {
  await initTestI18n(language);
  registerPluginTranslations(pluginId, translations);
  return render(
    <ManagedStoryHost pluginId={pluginId} translations={translations} route={route} {...host}>
      {ui}
    </ManagedStoryHost>,
  );
}
