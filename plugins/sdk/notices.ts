/**
 * Notices a plugin raises in the notification centre (`ports.notify`): a fact about one server that its users should
 * learn without the section open (a program in a crash loop). The texts are the plugin's own, from its i18n files
 * (`notices.<key>.title` / `.message` in `i18n/de.json` and `i18n/en.json`), rendered in both languages when the
 * notice is raised (`noticeTexts`); the panel, the e-mail and the webhook show them as they were.
 */

export interface LocalizedText {
  de: string;
  en: string;
}

export interface PluginNotice {
  /**
   * Names the fact within the plugin and the server (`crash-loop:worker:12`): the same fact raised again makes no
   * second notice for a user. A new fact (the next crash loop) needs a new name.
   */
  fact: string;
  title: LocalizedText;
  message: LocalizedText;
  /** Where the notice links to inside the plugin's section of the server: `''` (its page, the default), `/12`, `?tab=log`. */
  path?: string;
}

type Messages = Record<string, unknown>;

const lookUp = (messages: Messages, key: string): string | undefined => {
  let at: unknown = messages;
  for (const part of key.split('.')) at = at && typeof at === 'object' ? (at as Messages)[part] : undefined;
  return typeof at === 'string' ? at : undefined;
};

/** `{{name}}` replaced by its value (as i18next interpolates, without escaping: the texts are not HTML). */
const interpolate = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) => (name in values ? String(values[name]) : all));

/**
 * The title and message of the notice `key` in both languages from the plugin's i18n files, with `values`
 * interpolated. A missing text is a programming error (the i18n check keeps de and en alike): it throws.
 */
export function noticeTexts(messages: { de: Messages; en: Messages }, key: string, values: Record<string, string | number> = {}): Pick<PluginNotice, 'title' | 'message'> {
  const text = (lang: 'de' | 'en', part: 'title' | 'message') => {
    const found = lookUp(messages[lang], `notices.${key}.${part}`);
    if (found === undefined) throw new Error(`notice text notices.${key}.${part} is missing in ${lang}`);
    return interpolate(found, values);
  };
  return { title: { de: text('de', 'title'), en: text('en', 'title') }, message: { de: text('de', 'message'), en: text('en', 'message') } };
}
