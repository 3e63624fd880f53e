/**
 * `npm run plugin:new <id> [-- --family config|webserver|stats] [--service <name>] [--title "<Title>"] [--no-install]`:
 * scaffolds a working
 * Managed Center plugin in `plugins/<id>/` from `scripts/plugin-template/` — manifest, contract with one
 * resource (`x-resources`: list/get/create/update/delete, its fields written once) and the apply
 * operation, entity + migration, rules, renderer, the server's `defineResource` + `render` + `state`,
 * the SDK's resource pages (no page of its own), a dashboard card, de/en, unit/integration/component
 * tests, a story and an e2e spec — then links the workspace
 * (`npm install`) and runs `npm run generate` so the contract and registries include it.
 *
 * With `--family <name>` the plugin is a member of an SDK family instead (docs/plugins.md): its template is
 * `scripts/plugin-template/<name>/` (a family without a template directory is not available yet), and
 * the first migration is generated from the family's entities with MikroORM's migrator (`families` below).
 *
 * Template files end in `.tpl` (so the repository's tsc, ESLint and Jest leave them alone); in their
 * names and contents `__id__`, `__camel__`, `__Pascal__`, `__Title__`, `__snake__`, `__table__`, `__timestamp__`,
 * `__service__`, `__process__` and `__configPath__` are replaced.
 */
import { execFileSync } from 'node:child_process';
import type { Options } from '@mikro-orm/core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoDefault = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const templateDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'plugin-template');

export const idPattern = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const reserved = new Set(['managed', 'dashboard', 'sdk']);

export interface PluginNames {
  id: string;
  camel: string;
  Pascal: string;
  Title: string;
  /** The id with underscores (table names). */
  snake: string;
  table: string;
  timestamp: string;
  service: string;
  /** The service's process name as `ps -C` matches it (the stats template's sampler). */
  process: string;
  configPath: string;
}

/** Services whose process is called otherwise (`ps -C <name>`); any other runs as its own name. */
const processNames: Record<string, string> = {
  redis: 'redis-server',
  mysql: 'mysqld',
  rabbitmq: 'beam.smp',
  elasticsearch: 'java',
  'open-search': 'java',
  solr: 'java',
  sphinx: 'searchd',
  apache: 'apache2',
  tomcat: 'java',
  nodejs: 'node',
  postfix: 'master',
  ssh: 'sshd',
  dns: 'named',
  cronjobs: 'cron',
};

/** Every spelling of a plugin id the template needs (`example-cache` → `exampleCache`, `ExampleCache`, `example_cache_items`, …). */
export function namesOf(
  id: string,
  { service = 'nginx', title, now = new Date() }: { service?: string; title?: string; now?: Date } = {},
): PluginNames {
  if (!idPattern.test(id) || id.length > 31)
    throw new Error(`"${id}" is not a plugin id: lower-case letters and digits, words joined by "-", at most 31 characters`);
  if (reserved.has(id)) throw new Error(`"${id}" is reserved`);
  if (!/^[a-z0-9-]+$/.test(service)) throw new Error(`"${service}" is not a service name`);
  const camel = id.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
  const words = id.split('-').join(' ');
  const snake = id.replace(/-/g, '_');
  return {
    id,
    camel,
    Pascal: camel[0]!.toUpperCase() + camel.slice(1),
    Title: title ?? words[0]!.toUpperCase() + words.slice(1),
    snake,
    table: `${snake}_items`,
    timestamp: now.toISOString().replace(/\D/g, '').slice(0, 14),
    service,
    process: processNames[service] ?? service,
    configPath: `/etc/portal/${id}.conf`,
  };
}

const substitute = (text: string, names: PluginNames) =>
  text.replace(/__(id|camel|Pascal|Title|snake|table|timestamp|service|process|configPath)__/g, (_m, k: keyof PluginNames) => names[k]);

/** A top-level folder of the template that holds a family's own template (it has a manifest of its own). */
const isFamilyDir = (dir: string) => fs.existsSync(path.join(dir, 'plugin.ts.tpl'));

/**
 * The families the scaffolder knows: what their plugins' entities are, for the first migration generated
 * with MikroORM's migrator. The stats family has none here: its template's migration is the family's own
 * `statsTableSql(id)` (the SQL of `defineStatsEntity(id)`, which the SDK's plugin check compares with the entity).
 */
export const families: Record<string, { entities?: (names: PluginNames) => Promise<EntityList> }> = {
  config: {
    entities: async (names) => {
      const { configEntity } = await import('../plugins/sdk/config/service.ts');
      return [configEntity(names.id)];
    },
  },
  // Reworked on another branch (plugins/sdk/webserver); its template comes with it.
  webserver: {},
  stats: {},
};
type EntityList = NonNullable<Options['entities']>;

/** The template directory of a family (`undefined`: the default resource template); throws when it is not there yet. */
export function familyTemplate(family: string | undefined): string {
  if (!family) return templateDir;
  if (!(family in families)) throw new Error(`unknown family "${family}" (${Object.keys(families).join(', ')})`);
  const dir = path.join(templateDir, family);
  if (!isFamilyDir(dir)) throw new Error(`the ${family} family is not yet available (no scripts/plugin-template/${family}/)`);
  return dir;
}

/** Writes the plugin's files into `<repo>/plugins/<id>/`; returns their paths relative to the plugin. */
export function scaffold(names: PluginNames, repo = repoDefault, family?: string): string[] {
  const from = familyTemplate(family);
  const target = path.join(repo, 'plugins', names.id);
  if (fs.existsSync(target)) throw new Error(`plugins/${names.id} exists already`);
  const written: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!isFamilyDir(file)) walk(file); // the default template leaves the families' folders out
        continue;
      }
      const rel = substitute(path.relative(from, file), names).replace(/\.tpl$/, '');
      const to = path.join(target, rel);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.writeFileSync(to, substitute(fs.readFileSync(file, 'utf8'), names));
      written.push(rel);
    }
  };
  walk(from);
  return written.sort();
}

/**
 * The plugin's first migration, generated from its entities by MikroORM's migrator (`migrator.create`:
 * the difference between the entities and a freshly migrated portal database), written as
 * `server/migrations/Migration<timestamp><Pascal>.ts`. Returns its path relative to the plugin.
 */
export async function generateMigration(names: PluginNames, entities: EntityList, repo = repoDefault): Promise<string> {
  const { createTestDatabase } = await import('@portal/core/testing');
  const db = await createTestDatabase({ entities });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'plugin-new-'));
  try {
    const result = await db.orm.migrator.create(tmp, false, false, names.Pascal);
    if (!result.fileName) throw new Error(`the entities of ${names.id} need no tables`);
    const className = `Migration${names.timestamp}${names.Pascal}`;
    const code = result.code
      .replace(
        /export class \w+ extends Migration \{\n/,
        `/** The tables of plugin \`${names.id}\`, generated from its entities by \`npm run plugin:new\`. */\nexport class ${className} extends Migration {\n`,
      )
      .replace(/\n {2}override name = '[^']*';\n/, '');
    const rel = `server/migrations/${className}.ts`;
    const file = path.join(repo, 'plugins', names.id, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, code);
    return rel;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    await db.close();
  }
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return args[i + 1];
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

async function main(args: string[]): Promise<void> {
  const valued = ['--service', '--title', '--family'];
  const id = args.find((a, i) => !a.startsWith('--') && !valued.includes(args[i - 1] ?? ''));
  if (!id) {
    console.error(
      'usage: npm run plugin:new <id> [-- --family config|webserver|stats] [--service <name>] [--title "<Title>"] [--no-install]',
    );
    process.exit(2);
  }
  const started = Date.now();
  const family = option(args, 'family');
  const names = namesOf(id, { service: option(args, 'service'), title: option(args, 'title') });
  try {
    familyTemplate(family);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
  const files = scaffold(names, repoDefault, family);
  const entities = family ? await families[family]!.entities?.(names) : undefined;
  if (entities) files.push(await generateMigration(names, entities));
  // The repository's formatting (the templates keep the placeholders readable instead).
  execFileSync(
    process.execPath,
    [path.join(repoDefault, 'node_modules/prettier/bin/prettier.cjs'), '--log-level', 'warn', '--write', `plugins/${id}`],
    { cwd: repoDefault, stdio: 'inherit' },
  );
  console.log(`plugins/${id}: ${files.length} files\n${files.map((f) => `  ${f}`).join('\n')}`);
  if (!args.includes('--no-install')) {
    const run = (cmd: string, cmdArgs: string[]) => {
      console.log(`\n$ ${cmd} ${cmdArgs.join(' ')}`);
      execFileSync(cmd, cmdArgs, { cwd: repoDefault, stdio: 'inherit' });
    };
    run('npm', ['install', '--no-audit', '--no-fund']); // links @portal/plugin-<id> into node_modules
    run('npm', ['run', 'generate']); // contract, registries, generated/{operations,client,i18n}.ts
  }
  const steps =
    family === 'config'
      ? `  - open the Managed Center of a demo server that runs ${names.service} and find "${names.Title}"
  - then write the service's fields into x-config of openapi.yaml (npm run generate), its renderer in
    server/program.ts and its test, and when it writes the service's own format let the service check it
    (check in server/program.ts: one line, examples there)`
      : family === 'stats'
        ? `  - open the Managed Center of a demo server that runs ${names.service} and find "${names.Title}"
  - then read what the service itself reports in server/sampler.ts (its figures: the names in \`figures\`,
    the properties of ${names.Pascal}Figures/${names.Pascal}SeriesFigures in openapi.yaml, labels in i18n, the
    list in web/index.tsx)`
        : `  - open the Managed Center of web01.c20011 (services: ['${names.service}']) and find "${names.Title}"
  - then rename the resource, fields, rules and renderer to what the service needs, and add a
    service check (steps: { service: '<program>' } and programs: ['<program>'] in plugin.ts)`;
  const guide = family === 'config' ? 'Config services' : family === 'stats' ? 'Stats services (family)' : 'A new plugin in minutes';
  console.log(`
Done in ${((Date.now() - started) / 1000).toFixed(1)} s. Next steps (docs/plugins.md, "${guide}"):
  - npm run typecheck -w @portal/plugin-${id}
  - DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:unit -- plugins/${id}
${steps}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main(process.argv.slice(2));
