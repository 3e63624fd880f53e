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

/** Namespaces of the signed-in frame (impersonation banner, notification bell, spotlight): fetched with the critical ones when the browser says it is signed in. */
export const signedInNamespaces = ['impersonation', 'notifications', 'spotlight'];

const signedIn = () => typeof document !== 'undefined' && /(?:^|;\s*)portal_logged_in=1(?:;|$)/.test(document.cookie);

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
 * Loads namespaces of the current language together and tells the mounted components once (issue 14).
 * i18next's own `loadNamespaces` emits `loaded` per namespace, and every mounted `useTranslation` re-renders
 * on each (`bindI18n` below): the dashboard was rendered a dozen times while its namespaces arrived.
 */
export async function loadTranslations(wanted: readonly string[]): Promise<void> {
  if (resources || !wanted.length) return;
  const language = i18next.language || initialLanguage();
  const missing = wanted.filter((ns) => !i18next.hasResourceBundle(language, ns));
  if (!missing.length) return;
  const bundles = await Promise.all(missing.map(async (ns) => [ns, await loadNamespace(language, ns)] as const));
  for (const [ns, data] of bundles) i18next.addResourceBundle(language, ns, data, true, true);
  // i18next loads namespaces it was told about for a new language; components re-render once for all of them.
  const known = i18next.options.ns ?? [];
  i18next.options.ns = [...new Set([...(typeof known === 'string' ? [known] : known), ...missing])];
  i18next.emit('loaded', { [language]: missing });
}

/**
 * Resolves once the critical namespaces of the current language are there (at once where all translations
 * are bundled: jest); signed in, also those of the signed-in frame. The other namespaces come with their
 * route (`lazyPage`) or when a component asks for one (it suspends); the rest follow in one batch once the
 * page has been idle for a while, so a later screen rarely waits.
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
    ns: resources ? Object.keys(resources.de ?? {}) : signedIn() ? [...criticalNamespaces, ...signedInNamespaces] : criticalNamespaces,
    interpolation: { escapeValue: false },
    returnNull: false,
    // Re-render when a namespace arrives: a component may use `t('other:key')` of a namespace it did not ask for.
    react: { bindI18n: 'languageChanged loaded' },
  })
  .then(() => {
    if (resources) return;
    // Not while the first screen is still loading its data: after the load event, a pause, and an idle moment.
    const later = () =>
      setTimeout(
        () =>
          'requestIdleCallback' in window
            ? window.requestIdleCallback(() => void loadTranslations(namespaces), { timeout: 5000 })
            : void loadTranslations(namespaces),
        PRELOAD_DELAY_MS,
      );
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
  });

/** How long after the page's load event the remaining namespaces are fetched in the background. */
export const PRELOAD_DELAY_MS = 3000;
// The page's language follows i18next's (screen readers, hyphenation). Not `i18next.language` right here: with
// the lazy backend the init above has not finished, and the attribute would read "undefined".
document.documentElement.lang = initialLanguage();
i18next.on('languageChanged', (language) => {
  if ((supportedLanguages as readonly string[]).includes(language)) document.documentElement.lang = language;
});

export default i18next;
