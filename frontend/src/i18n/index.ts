import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { BackendModule } from 'i18next';
import { loadNamespace, namespaces, resources } from './bundledResources';

export const supportedLanguages = ['de', 'en'] as const;
export type Language = (typeof supportedLanguages)[number];

const storageKey = 'portal.language';

/** The language stored in the browser (guests), else German. */
export function initialLanguage(): Language {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(storageKey) : null;
  return (supportedLanguages as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'de';
}

export function rememberLanguage(language: Language): void {
  localStorage.setItem(storageKey, language);
  document.documentElement.lang = language;
}

/** Namespaces the first screen (the shell, sign-in, error messages) needs before it renders. */
export const criticalNamespaces = ['common', 'errors', 'auth'];

/** Fetches a namespace of a language when i18next first needs it (issue 14). */
const lazyTranslations: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    loadNamespace(language, namespace).then(
      (data) => callback(null, data),
      (error: Error) => callback(error, false),
    );
  },
};

if (!resources) i18next.use(lazyTranslations);

/**
 * Resolves once the critical namespaces of the current language are there (at once where all translations
 * are bundled: jest). The other namespaces follow in the background, so a later screen rarely waits; a
 * component asking for one that is still on its way suspends (the shell shows its loading state).
 */
export const i18nReady: Promise<unknown> = i18next
  .use(initReactI18next)
  .init({
    ...(resources ? { resources } : {}),
    lng: initialLanguage(),
    // English and German are both complete (i18n.test.ts fails on a missing key): no second language is fetched as a fallback.
    fallbackLng: resources ? 'de' : false,
    supportedLngs: [...supportedLanguages],
    defaultNS: 'common',
    ns: resources ? Object.keys(resources.de ?? {}) : criticalNamespaces,
    interpolation: { escapeValue: false },
    returnNull: false,
    // Re-render when a namespace arrives: a component may use `t('other:key')` of a namespace it did not ask for.
    react: { bindI18n: 'languageChanged loaded' },
  })
  .then(() => {
    if (resources) return;
    const rest = namespaces.filter((ns) => !criticalNamespaces.includes(ns));
    const later = (fn: () => void) =>
      'requestIdleCallback' in window ? window.requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 200);
    later(() => void i18next.loadNamespaces(rest));
  });
// The page's language follows i18next's (screen readers, hyphenation). Not `i18next.language` right here: with
// the lazy backend the init above has not finished, and the attribute would read "undefined".
document.documentElement.lang = initialLanguage();
i18next.on('languageChanged', (language) => {
  if ((supportedLanguages as readonly string[]).includes(language)) document.documentElement.lang = language;
});

export default i18next;
