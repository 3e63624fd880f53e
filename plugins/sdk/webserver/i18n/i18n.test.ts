/** The web server family's texts: German and English have the same keys, and every key its pages and its server use exists. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { redirectCodes } from '../shared/options.ts';
import { includeSlots } from '../shared/slots.ts';

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
const readMember = (lang: string) => JSON.parse(fs.readFileSync(path.join(here, `../../../nginx/i18n/${lang}.json`), 'utf8')) as Record<string, unknown>;
/** Every source file under a directory (the family's server and shared code), tests left out. */
const familySources = (dir: string): string =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.(test|stories)\.tsx?$/.test(f))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');

describe('web server family texts', () => {
  const de = read('de');
  const en = read('en');
  const keys = new Set(keysOf(de));
  const has = (key: string) => keys.has(key) || (keys.has(`${key}_one`) && keys.has(`${key}_other`));

  it('R1.001 German and English have the same keys, none empty', () => {
    expect({ onlyGerman: [...keys].filter((k) => !keysOf(en).includes(k)), onlyEnglish: keysOf(en).filter((k) => !keys.has(k)) }).toEqual({ onlyGerman: [], onlyEnglish: [] });
    for (const lang of [de, en]) for (const k of keysOf(lang)) expect([k, k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], lang)]).not.toEqual([k, '']);
  });

  it('R1.001 every key the panels use exists', () => {
    const used = [...sources('web').matchAll(/\bt\('([a-zA-Z][\w.]+)'/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(100);
    expect(used.filter((k) => !has(k))).toEqual([]);
    const dynamic = [
      ...['installed', 'will_generate', 'missing'].flatMap((s) => [`certificateStatus.${s}`, `tls.${s}`, `tls.hint.${s}`]),
      ...['running', 'stopped', 'not_installed', 'unknown'].flatMap((s) => [`status.service.${s}`, `status.service.${s}Endpoint`]),
      ...['unchanged', 'changed', 'added', 'removed'].map((s) => `config.fileStatus.${s}`),
      ...['will_generate', 'missing'].map((s) => `config.tls.${s}`),
      ...redirectCodes.map((c) => `redirects.codes.${c}`),
      ...['access', 'error'].flatMap((k) => [`logs.title.${k}`, `logs.tableLabel.${k}`, `logs.emptyHint.${k}`, `logs.kind.${k}`, `logs.searchPlaceholder.${k}`]),
      ...['first', 'last', 'next', 'previous'].map((b) => `logs.pageButton.${b}`),
      ...['domains', 'redirects', 'authentications', 'config'].map((tab) => `tabs.${tab}`),
      ...['apply', 'rollback'].flatMap((kind) => ['running', 'done'].map((phase) => `job.title.${kind}.${phase}`)),
    ];
    expect(dynamic.filter((k) => !has(k))).toEqual([]);
  });

  it('R1.001 every message key the server answers with exists', () => {
    // The family's server code answers in the member's namespace (`${pluginId}:errors.x`, or `key('x')`
    // for `<namespace>:errors.x`); the member's namespace starts from these texts.
    const family = familySources(path.join(here, '..'));
    const used = [
      ...[...family.matchAll(/\$\{(?:dialect\.)?pluginId\}:([\w.]+)/g)].map((m) => m[1]),
      ...[...family.matchAll(/\bkey\('([\w.]+)'\)/g)].map((m) => `errors.${m[1]}`),
    ];
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((k) => !has(k))).toEqual([]);
  });

  it('R1.001 a member (nginx) overrides only keys the family has, in both languages', () => {
    for (const lang of ['de', 'en']) expect(keysOf(readMember(lang)).filter((k) => !has(k))).toEqual([]);
    expect(keysOf(readMember('de')).sort()).toEqual(keysOf(readMember('en')).sort());
    expect(includeSlots.length).toBeGreaterThan(0);
  });
});
