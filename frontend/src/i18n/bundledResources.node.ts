/** The same translations as `bundledResources.ts`, read from disk at once for jest (which has no `import.meta.glob`). */
import fs from 'node:fs';
import path from 'node:path';
import type { Resources } from './bundledResources';

const dir = path.join(process.cwd(), 'frontend/src/i18n/locales');

export const resources: Resources | undefined = {};
for (const lang of fs.readdirSync(dir))
  for (const file of fs.readdirSync(path.join(dir, lang)))
    (resources[lang] ??= {})[file.replace(/\.json$/, '')] = JSON.parse(fs.readFileSync(path.join(dir, lang, file), 'utf8'));

export const namespaces: string[] = Object.keys(resources.de ?? {});

export async function loadNamespace(language: string, namespace: string): Promise<Record<string, unknown>> {
  return resources?.[language]?.[namespace] ?? {};
}
