import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Tree = { [k: string]: string | Tree };
const here = path.dirname(fileURLToPath(import.meta.url));
const plugin = path.resolve(here, '..');
const de = JSON.parse(fs.readFileSync(path.join(here, 'de.json'), 'utf8')) as Tree;
const en = JSON.parse(fs.readFileSync(path.join(here, 'en.json'), 'utf8')) as Tree;

const flatten = (tree: Tree, prefix = ''): Map<string, string> =>
  new Map(Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v]] : [...flatten(v, `${prefix}${k}.`)])));

const sources = (dir: string) =>
  fs
    .readdirSync(path.join(plugin, dir))
    .filter((f) => /\.tsx?$/.test(f) && !/\.(test|stories)\.tsx?$/.test(f))
    .map((f) => fs.readFileSync(path.join(plugin, dir, f), 'utf8'))
    .join('\n');

const recordTypes = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA', 'NS'];

/** Every key the code uses: literal `t('…')` and `dns:…` keys, and the ones it builds from a known list. */
function usedKeys(): Set<string> {
  const keys = new Set<string>();
  const web = sources('web');
  for (const m of web.matchAll(/\bt\(\s*'([A-Za-z0-9_.]+)'/g)) keys.add(m[1]);
  for (const m of web.matchAll(/'(form\.[A-Za-z0-9_]+)'/g)) keys.add(m[1]);
  for (const type of recordTypes) keys.add(`types.${type}`).add(`recordForm.value.${type}`).add(`recordForm.valueHelp.${type}`);
  for (const tag of ['issue', 'issuewild', 'iodef']) keys.add(`recordForm.tags.${tag}`);
  for (const name of ['defaultTtl', 'refresh', 'retry', 'expire', 'minimum']) keys.add(`settings.${name}`).add(`form.${name}Range`);

  const server = sources('server');
  for (const m of server.matchAll(/'dns:([a-z_]+\.[a-z0-9_]+)'/g)) keys.add(m[1]);
  for (const problem of ['syntax', 'too_long', 'wildcard', 'hostname']) keys.add(`errors.name_${problem}`);
  for (const problem of ['syntax', 'too_long', 'hostname', 'root']) keys.add(`errors.target_${problem}`);
  for (const m of server.matchAll(/key: '([a-z_]+)'/g)) keys.add(`changes.${m[1]}`);
  return keys;
}

describe('dns translations', () => {
  const deKeys = flatten(de);
  const enKeys = flatten(en);

  it('have the same keys in German and English, none empty', () => {
    expect([...deKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
    for (const [k, v] of [...deKeys, ...enKeys]) expect([k, v.trim().length > 0]).toEqual([k, true]);
  });

  it('have every key the server and the panels use (plural keys with _one and _other)', () => {
    const used = usedKeys();
    expect(used.size).toBeGreaterThan(150);
    const missing = [...used].filter((k) => !enKeys.has(k) && !(enKeys.has(`${k}_one`) && enKeys.has(`${k}_other`)));
    expect(missing).toEqual([]);
  });

  it('use the same interpolation values in both languages', () => {
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [k, v] of enKeys) expect([k, vars(deKeys.get(k) ?? '')]).toEqual([k, vars(v)]);
  });
});
