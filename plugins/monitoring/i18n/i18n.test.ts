/** The monitoring namespace: German and English have the same keys, and every key the code uses exists. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const read = (lang: string) => JSON.parse(fs.readFileSync(path.join(here, `${lang}.json`), 'utf8')) as Record<string, unknown>;
const keysOf = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k)) : [prefix];
const sources = (dir: string) =>
  fs
    .readdirSync(path.join(here, '..', dir))
    .filter((f) => /\.tsx?$/.test(f) && !/\.(test|stories)\.tsx?$/.test(f))
    .map((f) => fs.readFileSync(path.join(here, '..', dir, f), 'utf8'))
    .join('\n');

describe('monitoring translations', () => {
  const de = read('de');
  const en = read('en');
  const keys = new Set(keysOf(de));
  const has = (key: string) => keys.has(key) || (keys.has(`${key}_one`) && keys.has(`${key}_other`));

  it('R1.001 German and English have the same keys, none empty', () => {
    expect({ onlyGerman: [...keys].filter((k) => !keysOf(en).includes(k)), onlyEnglish: keysOf(en).filter((k) => !keys.has(k)) }).toEqual({
      onlyGerman: [],
      onlyEnglish: [],
    });
    for (const lang of [de, en])
      for (const k of keysOf(lang))
        expect([k, k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], lang)]).not.toEqual([k, '']);
  });

  it('R1.001 every key the panels use exists, including the ones built at run time', () => {
    const used = [...sources('web').matchAll(/\bt\('([a-zA-Z][\w.]+)'/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(25);
    expect(used.filter((k) => !has(k))).toEqual([]);
    const dynamic = [
      ...['running', 'stopped', 'not_installed', 'unknown'].map((s) => `services.state.${s}`),
      ...['networkRx', 'networkTx', 'cpu', 'load', 'memory', 'disk'].map((m) => `metric.${m}`),
    ];
    expect(dynamic.filter((k) => !has(k))).toEqual([]);
  });

  it('R1.001 every message key the server answers with exists', () => {
    const used = [...sources('server').matchAll(/'monitoring:([\w.]+)'/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThanOrEqual(1);
    expect(used.filter((k) => !has(k))).toEqual([]);
  });
});
