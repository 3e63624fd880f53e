/**
 * What every plugin used to test with its own copy (issue 7, §2): its migrations create exactly the
 * schema its entities describe, German and English have the same keys (none empty), and every error key
 * its server code sends (`'<id>:errors.<key>'`) has a message in both. Runs for every `plugins/<id>/`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@portal/core/testing';
import type { PluginManifest } from '../index.ts';

const pluginsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const plugins = fs
  .readdirSync(pluginsDir)
  .filter((d) => d !== 'sdk' && fs.existsSync(path.join(pluginsDir, d, 'plugin.ts')))
  .sort();

type Json = Record<string, unknown>;
const keys = (node: Json, prefix = ''): string[] =>
  Object.entries(node).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as Json, `${prefix}${k}.`) : [`${prefix}${k}`]));
const at = (node: Json, key: string) => key.split('.').reduce<unknown>((n, p) => (n as Json | undefined)?.[p], node);
const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Json;

/** Every `.ts` file under a folder, tests left out. */
const sources = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const p = path.join(dir, e.name);
        return e.isDirectory() ? sources(p) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
      })
    : [];

describe.each(plugins)('plugin %s', (dir) => {
  it('migrations create exactly the schema the entities describe', async () => {
    const manifest = ((await import(path.join(pluginsDir, dir, 'plugin.ts'))) as { default: PluginManifest }).default;
    const server = (await manifest.server()).default;
    if (!server.entities?.length) return;
    const db = await createTestDatabase({ entities: [...server.entities], migrations: [...(server.migrations ?? [])] });
    try {
      expect((await db.orm.schema.getUpdateSchemaSQL()).trim()).toBe('');
    } finally {
      await db.close();
    }
  });

  it('German and English have the same keys, none empty; every error key of the server has a message', () => {
    const de = read(path.join(pluginsDir, dir, 'i18n/de.json'));
    const en = read(path.join(pluginsDir, dir, 'i18n/en.json'));
    expect(keys(de).sort()).toEqual(keys(en).sort());
    for (const lang of [de, en]) for (const k of keys(lang)) expect([k, at(lang, k)]).toEqual([k, expect.stringMatching(/\S/)]);
    const sent = new Set<string>();
    for (const file of [...sources(path.join(pluginsDir, dir, 'server')), ...sources(path.join(pluginsDir, dir, 'shared'))])
      for (const m of fs.readFileSync(file, 'utf8').matchAll(new RegExp(`['"\`]${dir}:(errors\\.[a-z0-9_.]+)['"\`]`, 'g'))) sent.add(m[1]);
    for (const key of sent) expect([key, typeof at(en, key), typeof at(de, key)]).toEqual([key, 'string', 'string']);
  });
});
