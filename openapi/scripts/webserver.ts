/**
 * `x-webserver` of a plugin's `openapi.yaml`: the plugin is a member of the web server family (nginx,
 * apache; docs/plugins.md "Web servers"). The bundler and the plugin generator replace it by the family's
 * operations and schemas (`webserver.yaml` next to this file), named after the plugin: `list<Pascal>Vhosts`,
 * `<Pascal>Vhost`, … on `…/servers/{serverId}/<id>/vhosts`, … The member writes only what is its own: the
 * tag, `x-apply`, its whitelist of additional directives (`<Pascal>Directive`) and operations of its own.
 *
 *     x-webserver:
 *       program: nginx              # the service program (status: its state; tools.<program>)
 *       check: nginx -t             # how the program checks a configuration (in the descriptions)
 *       phpVersions: ['8.3', '8.4'] # optional: fewer PHP versions than the family's
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { certificateIds, phpVersions } from '../../plugins/sdk/webserver/shared/options.ts';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- arbitrary YAML

const here = path.dirname(fileURLToPath(import.meta.url));
const pascal = (id: string) => id.replace(/(^|-)([a-z0-9])/g, (_m, _s, c: string) => c.toUpperCase());

/** The family's contract for one member: `{ paths, components: { schemas } }`. */
export function webServerContract(pluginId: string, options: Doc, applyOperationId: string): Doc {
  const where = `plugins/${pluginId}: x-webserver`;
  const program = options.program ?? pluginId;
  if (!/^[a-z][a-z0-9-]*$/.test(program)) throw new Error(`${where}.program must be a program id`);
  const versions = (options.phpVersions ?? phpVersions) as string[];
  for (const v of versions) if (!(phpVersions as readonly string[]).includes(v)) throw new Error(`${where}.phpVersions: ${v} is not a PHP version of the family (${phpVersions.join(', ')})`);
  const values: Record<string, string> = {
    Pascal: pascal(pluginId),
    id: pluginId,
    program,
    check: String(options.check ?? `${program} -t`).replace(/[`'"]/g, ''),
    apply: applyOperationId,
    phpVersions: JSON.stringify([...versions, null]),
    certificates: JSON.stringify([...certificateIds, null]),
  };
  const template = fs.readFileSync(path.join(here, 'webserver.yaml'), 'utf8');
  return parse(template.replace(/\$\{(\w+)\}/g, (m, name: string) => values[name] ?? m)) as Doc;
}

/**
 * Replaces `x-webserver` of a plugin's fragment by the family's operations and schemas. The plugin's own
 * paths come first; a path or schema the family adds may not be written by the plugin.
 */
export function expandWebServer(fragment: Doc, pluginId: string): void {
  const options = fragment['x-webserver'] as Doc | undefined;
  delete fragment['x-webserver'];
  if (!options) return;
  const apply = (fragment['x-apply'] as Doc | undefined)?.operationId ?? `apply${pascal(pluginId)}`;
  const family = webServerContract(pluginId, options, apply);
  fragment.paths ??= {};
  fragment.components ??= {};
  fragment.components.schemas ??= {};
  for (const p of Object.keys(family.paths)) if (fragment.paths[p]) throw new Error(`plugins/${pluginId}: ${p} is added by x-webserver, do not write it`);
  for (const s of Object.keys(family.components.schemas)) if (fragment.components.schemas[s]) throw new Error(`plugins/${pluginId}: schema ${s} is added by x-webserver, do not write it`);
  if (!fragment.components.schemas[`${pascal(pluginId)}Directive`]) throw new Error(`plugins/${pluginId}: x-webserver needs the schema ${pascal(pluginId)}Directive (the whitelist of additional directives)`);
  fragment.paths = { ...fragment.paths, ...family.paths };
  fragment.components.schemas = { ...fragment.components.schemas, ...family.components.schemas };
}
