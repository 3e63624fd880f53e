import type { TOptions } from 'i18next';
import { useRuntimeTranslation } from '../kit/usePluginTranslation.ts';

/**
 * The texts of a resource's pages: the plugin's own key (`<pluginId>:list.create`) where it has one,
 * else the SDK's default (`sdk:resource.list.create`), so a scaffolded resource needs no text but its title.
 */
export function useResourceTexts(pluginId: string) {
  const { t, i18n } = useRuntimeTranslation([pluginId, 'sdk']);
  const text = (key: string, options?: TOptions) => t([`${pluginId}:${key}`, `sdk:resource.${key}`], options);
  /** The plugin's key, or `fallback` (e.g. a field's name as its label). */
  const own = (key: string, fallback: string, options?: TOptions) => (i18n.exists(`${pluginId}:${key}`) ? (t(`${pluginId}:${key}`, options)) : fallback);
  const has = (key: string) => i18n.exists(`${pluginId}:${key}`);
  return { text, own, has, language: i18n.language };
}
