/** The SDK's own strings (namespace `sdk`): the host and the story/test hosts register them. */
import type { i18n as I18n } from 'i18next';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };

export const sdkNamespace = 'sdk';
export const sdkResources = { de, en } as const;

/** Adds namespace `sdk` in both languages (idempotent). */
export function registerSdkTranslations(i18n: I18n): void {
  for (const lang of ['de', 'en'] as const) {
    if (!i18n.hasResourceBundle(lang, sdkNamespace)) i18n.addResourceBundle(lang, sdkNamespace, sdkResources[lang], true, true);
  }
}
