import type { TOptions } from 'i18next';
import { useTranslation } from 'react-i18next';

/** `t` that only accepts the keys of a plugin's namespace (plural keys without `_one`/`_other`). */
export type TypedT<Key extends string> = (key: Key, options?: TOptions) => string;

/** `t` of namespaces known only at run time: any key (or keys to try in turn). */
export type RuntimeNamespaceT = (key: string | string[], options?: TOptions) => string;

/**
 * `useTranslation` for namespaces known only at run time (a plugin's id): the web app's typed resources
 * (frontend/src/i18n/resources.d.ts) list the core namespaces and `sdk`, not the plugins'. Used by
 * `usePluginTranslation` (which types the keys again) and by the SDK's pages that serve any plugin (config
 * settings, resource forms); docs/decisions.md counts the uses.
 */
export function useRuntimeTranslation(namespaces: string | readonly string[]) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a plugin's namespace is not among the typed resources
  const { t, i18n } = useTranslation(namespaces as any);
  return { t: t as unknown as RuntimeNamespaceT, i18n };
}

/**
 * The translation hook of a plugin with typed keys: the generator writes `plugins/<id>/generated/i18n.ts`
 * with `useT = () => usePluginTranslation<TranslationKey>('<id>')`, so a missing key fails the type check.
 */
export function usePluginTranslation<Key extends string>(namespace: string) {
  const { t, i18n } = useRuntimeTranslation(namespace);
  return { t: t as TypedT<Key>, i18n, language: i18n.language };
}
