/** The SDK's namespace `sdk`: German and English have the same keys, none empty, and every key the kit uses exists. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const read = (lang: string) => JSON.parse(fs.readFileSync(path.join(here, `${lang}.json`), 'utf8')) as Record<string, unknown>;
const keysOf = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k)) : [prefix];
const kitSources = () =>
  ['kit', 'stats']
    .map((d) => path.join(here, '..', d))
    .flatMap((dir) =>
      fs
        .readdirSync(dir)
        .filter((f) => /\.tsx?$/.test(f) && !/\.(test|stories)\.tsx?$/.test(f))
        .map((f) => fs.readFileSync(path.join(dir, f), 'utf8')),
    )
    .join('\n');

describe('SDK translations (namespace sdk)', () => {
  const de = read('de');
  const en = read('en');

  it('R1.001 German and English have the same keys, none empty', () => {
    const deKeys = keysOf(de);
    const enKeys = keysOf(en);
    expect({ onlyGerman: deKeys.filter((k) => !enKeys.includes(k)), onlyEnglish: enKeys.filter((k) => !deKeys.includes(k)) }).toEqual({
      onlyGerman: [],
      onlyEnglish: [],
    });
    for (const lang of [de, en])
      for (const k of keysOf(lang))
        expect([k, k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], lang)]).not.toEqual([k, '']);
  });

  it('R1.001 every key the web kit uses exists in both languages', () => {
    const used = [...kitSources().matchAll(/\bt\('([a-zA-Z][\w.]+)'/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(10);
    const dynamic = [
      ...['first', 'previous', 'next', 'last'].map((b) => `table.page.${b}`),
      ...['1h', '24h', '7d'].flatMap((r) => [`stats.range.short.${r}`, `stats.range.long.${r}`, `stats.history.hint.${r}`]),
    ];
    for (const keys of [new Set(keysOf(de)), new Set(keysOf(en))]) expect([...used, ...dynamic].filter((k) => !keys.has(k))).toEqual([]);
  });
});
