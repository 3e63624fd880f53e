/** The same translations as `bundledResources.ts`, all in the server rendering's bundle (issue 29): nothing is fetched there. */
import type { Resources } from './bundledResources';

const modules = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });

export const resources: Resources | undefined = {};
for (const [file, module] of Object.entries(modules)) {
  const [, lang, ns] = /\/(\w+)\/([\w-]+)\.json$/.exec(file)!;
  (resources[lang] ??= {})[ns] = module.default;
}

export const namespaces: string[] = Object.keys(resources.de ?? {});

export async function loadNamespace(language: string, namespace: string): Promise<Record<string, unknown>> {
  return resources?.[language]?.[namespace] ?? {};
}
