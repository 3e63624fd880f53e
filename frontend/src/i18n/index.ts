import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { BackendModule } from 'i18next';
import { readCookie } from '../api/baseApi';
import { whenIdle } from '../shell/idle';
import { rememberVisitorLanguage, visitorLanguage } from '../ssr/languageCookie';
import { ssrPayload } from '../ssr/payload';
import { loadNamespace, namespaces, resources } from './bundledResources';

export const supportedLanguages = ['de', 'en'] as const;
export type Language = (typeof supportedLanguages)[number];

/** The language the server rendered the page in, else the visitor's (cookie or storage, issue 29), else German. */
export function initialLanguage(): Language {
  // Read in any case: a language only stored in the browser is written into the cookie for the next page.
  const visitor = visitorLanguage();
  return ssrPayload?.language ?? visitor ?? 'de';
}

export function rememberLanguage(language: Language): void {
  // The server renders a guest's or demo visitor's page in it (issue 29).
  rememberVisitorLanguage(language);
  document.documentElement.lang = language;
}

/** Namespaces the first screen (the shell, sign-in, error messages) needs before it renders. */
export const criticalNamespaces = ['common', 'errors', 'auth'];

/** Namespaces of the signed-in frame (impersonation banner, notification bell, spotlight): fetched with the critical ones when the browser says it is signed in. */
export const signedInNamespaces = ['impersonation', 'notifications', 'spotlight'];

const signedIn = () => typeof document !== 'undefined' && readCookie('portal_logged_in') === '1';

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
  // i18next loads namespaces it was told about for a new language.
  const known = i18next.options.ns ?? [];
  i18next.options.ns = [...new Set([...(typeof known === 'string' ? [known] : known), ...missing])];
  // Mounted components re-render only when one of them asked for a key of these namespaces before they were
  // there (it shows the key): a re-render at an arbitrary moment is not free — it may land in the middle of
  // someone's work on a form, and re-rendering the whole app costs a long task on a phone.
  const asked = missing.filter((ns) => missedNamespaces.delete(`${language}|${ns}`));
  if (asked.length) i18next.emit('loaded', { [language]: asked });
}

/** `language|namespace` of keys looked up before their namespace was loaded (i18next's missing-key handler). */
const missedNamespaces = new Set<string>();

/**
 * Resolves once the critical namespaces of the current language are there (at once where all translations
 * are bundled: jest); signed in, also those of the signed-in frame. The other namespaces come with their
 * route (`lazyPage`) or when a component asks for one (it suspends); the rest follow in one batch at the
 * first idle moment after the load event, so a later screen rarely waits.
 */
export const i18nReady: Promise<unknown> = i18next
  .use(initReactI18next)
  .init({
    // A server-rendered page brings the translations it used (issue 29): only the others are fetched.
    ...(resources
      ? { resources }
      : ssrPayload
        ? { resources: { [ssrPayload.language]: ssrPayload.resources }, partialBundledLanguages: true }
        : {}),
    lng: initialLanguage(),
    // English and German are both complete (i18n.test.ts fails on a missing key): no second language is fetched as a fallback.
    fallbackLng: resources ? 'de' : false,
    supportedLngs: [...supportedLanguages],
    defaultNS: 'common',
    // i18next fetches these (and those `loadTranslations` adds) for a new language. A server-rendered page's own
    // namespaces belong to them: else a language switched on it (header, "My data") left the page's namespaces
    // in the old language until a component suspended for them, and a notice translated right after the switch
    // (e.g. "Your contact data has been saved.") was not in the new language (issue 29).
    ns: resources
      ? Object.keys(resources.de ?? {})
      : [...new Set([...criticalNamespaces, ...(signedIn() ? signedInNamespaces : []), ...Object.keys(ssrPayload?.resources ?? {})])],
    interpolation: { escapeValue: false },
    returnNull: false,
    // Re-render when a namespace arrives: a component may use `t('other:key')` of a namespace it did not ask for.
    react: { bindI18n: 'languageChanged loaded' },
    // Which namespaces were asked for too early (see loadTranslations); nothing is saved anywhere.
    saveMissing: !resources,
    saveMissingTo: 'current',
    saveMissingPlurals: false,
    missingKeyHandler: (languages, namespace) => {
      for (const language of languages) missedNamespaces.add(`${language}|${namespace}`);
    },
  })
  .then(() => {
    if (resources) return;
    // The rest at the first idle moment after the load event, in one batch: a step of a wizard or a dialog
    // that uses a namespace its route did not name must not suspend (a navigation in a transition would
    // keep showing the previous step meanwhile). No re-render follows unless a key was asked for too early.
    const later = () => whenIdle(() => void loadTranslations(namespaces), 1000);
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
  });
// The page's language follows i18next's (screen readers, hyphenation). Not `i18next.language` right here: with
// the lazy backend the init above has not finished, and the attribute would read "undefined".
if (typeof document !== 'undefined') document.documentElement.lang = initialLanguage();
i18next.on('languageChanged', (language) => {
  if ((supportedLanguages as readonly string[]).includes(language) && typeof document !== 'undefined')
    document.documentElement.lang = language;
});

export default i18next;
