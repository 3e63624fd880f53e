/** The same resources as `bundledResources.ts`, read from disk for jest (which has no `import.meta.glob`). */
import fs from 'node:fs';
import path from 'node:path';
import type { Resources } from './bundledResources';

const dir = path.join(process.cwd(), 'frontend/src/i18n/locales');

export const resources: Resources = {};
for (const lang of fs.readdirSync(dir))
  for (const file of fs.readdirSync(path.join(dir, lang)))
    (resources[lang] ??= {})[file.replace(/\.json$/, '')] = JSON.parse(fs.readFileSync(path.join(dir, lang, file), 'utf8'));
