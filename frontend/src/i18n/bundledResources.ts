/** Every namespace of every language, bundled by Vite (small JSON files; plugins bring their own). */
export type Resources = Record<string, Record<string, Record<string, unknown>>>;

const modules = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });

export const resources: Resources = {};
for (const [path, mod] of Object.entries(modules)) {
  const [, lang, ns] = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(path)!;
  (resources[lang] ??= {})[ns] = mod.default;
}
