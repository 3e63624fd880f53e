import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources } from './bundledResources';

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

void i18next.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'de',
  supportedLngs: [...supportedLanguages],
  defaultNS: 'common',
  ns: Object.keys(resources.de ?? {}),
  interpolation: { escapeValue: false },
  returnNull: false,
});
document.documentElement.lang = i18next.language;

export default i18next;
