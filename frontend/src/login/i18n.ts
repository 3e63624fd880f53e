/**
 * Translations of the lean sign-in page (issue 14, branch signin): the same JSON files as the SPA, only
 * the namespaces the page needs, and a few lines instead of i18next (17 KB gzipped): keys `ns:a.b`,
 * `{{name}}` interpolation. The language is the SPA's (the `portal_language` cookie, else German).
 */
import { loadNamespace } from '../i18n/loadNamespace';
import { rememberVisitorLanguage, visitorLanguage } from '../ssr/languageCookie';

export const languages = ['de', 'en'] as const;
export type Language = (typeof languages)[number];

type Tree = { [key: string]: string | Tree };
type Options = Record<string, string | number>;


/** What the page needs before it shows; `security` (two-factor step) and a hand-over notice's namespace follow when needed. */
export const startNamespaces = ['common', 'errors', 'auth', 'password'];

const loaded: Record<string, Tree> = {};

/** The visitor's language (the `portal_language` cookie the server reads, else the stored one), else German. */
export function storedLanguage(): Language {
  return visitorLanguage() ?? 'de';
}

export function rememberLanguage(language: Language): void {
  rememberVisitorLanguage(language);
  document.documentElement.lang = language;
}

/** Fetches namespaces of a language (each is a chunk shared with the SPA). */
export async function loadNamespaces(language: Language, namespaces: string[]): Promise<void> {
  await Promise.all(
    namespaces.map(async (ns) => {
      const id = `${language}/${ns}`;
      if (loaded[id]) return;
      loaded[id] = (await loadNamespace(language, ns)) as Tree;
    }),
  );
}

function lookup(language: Language, key: string): string | undefined {
  const [ns, path] = key.includes(':') ? (key.split(/:(.*)/s) as [string, string]) : ['common', key];
  let node: string | Tree | undefined = loaded[`${language}/${ns}`];
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

export interface Translator {
  language: Language;
  t: (key: string, options?: Options) => string;
  exists: (key: string) => boolean;
}

export function translator(language: Language): Translator {
  return {
    language,
    exists: (key) => lookup(language, key) !== undefined,
    t: (key, options) => (lookup(language, key) ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => String(options?.[name] ?? m)),
  };
}
