import type { TOptions } from 'i18next';
import { useTranslation } from 'react-i18next';

/** `t` that only accepts the keys of a plugin's namespace (plural keys without `_one`/`_other`). */
export type TypedT<Key extends string> = (key: Key, options?: TOptions) => string;

/**
 * The translation hook of a plugin with typed keys: the generator writes `plugins/<id>/generated/i18n.ts`
 * with `useT = () => usePluginTranslation<TranslationKey>('<id>')`, so a missing key fails the type check.
 */
export function usePluginTranslation<Key extends string>(namespace: string): { t: TypedT<Key>; language: string } {
  const { t, i18n } = useTranslation(namespace);
  return { t: t as unknown as TypedT<Key>, language: i18n.language };
}
