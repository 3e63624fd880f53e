import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TFunction } from 'i18next';
import type { TypedT } from '@portal/plugin-sdk/web';
import type { TranslationKey as CronjobsKey } from '../../../plugins/cronjobs/generated/i18n.ts';
import type { FamilyTranslationKey } from '../../../plugins/sdk/webserver/generated/i18n.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every directory holding `de/` and `en/` translation files: the frontend's and each plugin's. */
function localeRoots(): string[] {
  const roots = [path.join(repo, 'frontend/src/i18n/locales')];
  const plugins = path.join(repo, 'plugins');
  for (const p of fs.existsSync(plugins) ? fs.readdirSync(plugins) : []) {
    const dir = path.join(plugins, p, 'i18n');
    if (fs.existsSync(path.join(dir, 'de'))) roots.push(dir);
  }
  return roots;
}

const keysOf = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

describe('translations', () => {
  for (const root of localeRoots()) {
    const namespaces = new Set([...fs.readdirSync(path.join(root, 'de')), ...fs.readdirSync(path.join(root, 'en'))]);
    for (const file of namespaces) {
      it(`R1.001 ${path.relative(repo, root)}/${file} has every key in German and English`, () => {
        const read = (lang: string) => {
          const f = path.join(root, lang, file);
          return fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, 'utf8')) : undefined;
        };
        const de = read('de');
        const en = read('en');
        expect({ file, de: de !== undefined, en: en !== undefined }).toEqual({ file, de: true, en: true });
        const deKeys = new Set(keysOf(de));
        const enKeys = new Set(keysOf(en));
        expect({ onlyGerman: [...deKeys].filter((k) => !enKeys.has(k)), onlyEnglish: [...enKeys].filter((k) => !deKeys.has(k)) }).toEqual({
          onlyGerman: [],
          onlyEnglish: [],
        });
        for (const lang of [de, en]) for (const k of keysOf(lang)) expect(k.split('.').reduce((n, p) => n[p], lang)).not.toBe('');
      });
    }
  }
});

/**
 * Typed keys (issue 30): never called, but type-checked by `npm run typecheck` (tsconfig.web.json). Each
 * `@ts-expect-error` line must be an error — a wrong key that compiled would make the directive unused, itself an error.
 */
export function typedKeysRefuseWrongOnes(billing: TFunction<'billing'>, plugin: TypedT<CronjobsKey>, family: TypedT<FamilyTranslationKey>): string[] {
  return [
    billing('contracts.title'),
    billing('contracts.count', { count: 2 }),
    billing('loading', { ns: 'common' }),
    // @ts-expect-error a misspelt key of a core namespace
    billing('contracts.titel'),
    // @ts-expect-error a key of another namespace without naming it
    billing('loading'),
    plugin('list.caption'),
    // @ts-expect-error a key the plugin's i18n files do not have
    plugin('list.captions'),
    family('logs.title.access'),
    // @ts-expect-error a key the web server family's texts do not have
    family('logs.title.debug'),
  ];
}

describe('typed translation keys', () => {
  it('R1.001 every namespace of the web app is in the typed resources (resources.d.ts), so its keys are checked', () => {
    const declared = fs.readFileSync(path.join(repo, 'frontend/src/i18n/resources.d.ts'), 'utf8');
    const namespaces = fs.readdirSync(path.join(repo, 'frontend/src/i18n/locales/de')).map((f) => f.replace(/\.json$/, ''));
    expect(namespaces.filter((ns) => !declared.includes(`  ${ns}: typeof ${ns};`))).toEqual([]);
  });
});
