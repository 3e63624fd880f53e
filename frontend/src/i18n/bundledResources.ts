/**
 * Translations for the browser (issue 14): every namespace of every language is a chunk of its own,
 * fetched when first needed — the login page loads only its language's `common`, `errors` and `auth`.
 * Plugins bring their own namespaces (added with `addResourceBundle`).
 */
export type Resources = Record<string, Record<string, Record<string, unknown>>>;

const modules = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

/** Every namespace there is (from the file names; no file is loaded for this). */
export const namespaces: string[] = [...new Set(Object.keys(modules).map((p) => /\/([\w-]+)\.json$/.exec(p)![1]))];

/** All resources at once: only where nothing can be fetched (jest reads them from disk, see bundledResources.node.ts). */
export const resources: Resources | undefined = undefined;

/** One namespace of one language; `{}` for a namespace the app does not have (a plugin's, added separately). */
export async function loadNamespace(language: string, namespace: string): Promise<Record<string, unknown>> {
  const load = modules[`./locales/${language}/${namespace}.json`];
  return load ? (await load()).default : {};
}
