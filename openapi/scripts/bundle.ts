/**
 * Bundles the contract: the root document, every core paths file and every plugin's `openapi.yaml`
 * into `dist/portal.openapi.json`, and generates the TypeScript types in `generated/schema.ts`.
 * `--check` writes nothing and fails when the committed output is out of date (CI runs it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse } from 'yaml';
import { expandResources } from './resources.ts';
import { expandWebServer } from './webserver.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const repo = path.resolve(root, '..');

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- arbitrary YAML

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

const readYaml = (file: string): Doc => parse(fs.readFileSync(file, 'utf8')) as Doc;

/** Every fragment that contributes paths or components, in a stable order. */
export function fragmentFiles(): string[] {
  const core = fs
    .readdirSync(path.join(root, 'src/paths'))
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => path.join(root, 'src/paths', f));
  const pluginsDir = path.join(repo, 'plugins');
  const plugins = fs.existsSync(pluginsDir)
    ? fs
        .readdirSync(pluginsDir)
        .sort()
        .map((d) => path.join(pluginsDir, d, 'openapi.yaml'))
        .filter((f) => fs.existsSync(f))
    : [];
  return [...core, ...plugins];
}

function mergeInto(target: Doc, source: Doc, what: string, origin: string): void {
  for (const [key, value] of Object.entries(source ?? {})) {
    if (key in target) throw new Error(`${what} "${key}" from ${origin} is defined twice`);
    target[key] = value;
  }
}

function checkRefs(doc: Doc): void {
  const missing: string[] = [];
  const operationIds = new Map<string, string>();
  const walk = (node: unknown, at: string): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`));
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') {
        const target = v
          .replace(/^#\//, '')
          .split('/')
          .reduce<unknown>((n, part) => (n as Doc | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
        if (target === undefined) missing.push(`${at}: ${v}`);
      } else walk(v, `${at}/${k}`);
    }
  };
  walk(doc, '#');
  for (const [p, item] of Object.entries(doc.paths as Doc)) {
    for (const [method, op] of Object.entries(item as Doc)) {
      const id = (op as Doc).operationId as string | undefined;
      if (!id) throw new Error(`${method.toUpperCase()} ${p} has no operationId`);
      if (operationIds.has(id)) throw new Error(`operationId ${id} is used twice`);
      operationIds.set(id, p);
    }
  }
  if (missing.length) throw new Error(`Unresolved $ref:\n  ${missing.join('\n  ')}`);
}

const accessValues = ['public', 'user', 'cluster', 'cluster-administrator', 'staff', 'partner'];

/** Every operation declares who may call it (`x-access`); the authorization matrix derives its expectations from it. */
function checkAccess(doc: Doc): void {
  for (const [p, item] of Object.entries(doc.paths as Doc))
    for (const [method, op] of Object.entries(item as Doc)) {
      const access = (op as Doc)['x-access'];
      if (!accessValues.includes(access))
        throw new Error(`${method.toUpperCase()} ${p} has no valid x-access (${accessValues.join(', ')})`);
      const isPublic = Array.isArray((op as Doc).security) && (op as Doc).security.length === 0;
      if ((access === 'public') !== isPublic) throw new Error(`${method.toUpperCase()} ${p}: x-access public must go with security: []`);
    }
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A deprecated operation (`deprecated: true`) says since when and until when (issue 30): `x-deprecated-since`
 * and `x-sunset` (YYYY-MM-DD, the sunset later); the router answers it with `Deprecation` and `Sunset` headers.
 */
export function checkDeprecations(doc: Doc): void {
  for (const [p, item] of Object.entries(doc.paths as Doc))
    for (const [method, op] of Object.entries(item as Doc)) {
      const o = op as Doc;
      const since = o['x-deprecated-since'];
      const sunset = o['x-sunset'];
      if (!o.deprecated) {
        if (since !== undefined || sunset !== undefined)
          throw new Error(`${method.toUpperCase()} ${p}: x-deprecated-since/x-sunset without deprecated: true`);
        continue;
      }
      for (const [name, value] of [
        ['x-deprecated-since', since],
        ['x-sunset', sunset],
      ] as const)
        if (typeof value !== 'string' || !isoDate.test(value) || Number.isNaN(Date.parse(value)))
          throw new Error(`${method.toUpperCase()} ${p} is deprecated: it needs ${name}: YYYY-MM-DD`);
      if (sunset <= since) throw new Error(`${method.toUpperCase()} ${p}: x-sunset must come after x-deprecated-since`);
    }
}

/**
 * One operation's example (issue 30), written per contract source: `openapi/examples/<paths file>.yaml` for the
 * core, `plugins/<id>/examples.yaml` for a plugin, keyed by operationId. `as` is the demo login that sends it
 * (`anonymous` for a public operation); `parameters` the path and query values; `body` the JSON request body.
 */
interface OperationExample {
  as: string;
  parameters?: Record<string, unknown>;
  body?: unknown;
}

/** Every examples file, in the order of the contract sources. */
export function exampleFiles(): string[] {
  const dir = path.join(root, 'examples');
  const core = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.yaml'))
        .sort()
        .map((f) => path.join(dir, f))
    : [];
  const plugins = fragmentFiles()
    .filter((f) => f.startsWith(path.join(repo, 'plugins')))
    .map((f) => path.join(path.dirname(f), 'examples.yaml'))
    .filter((f) => fs.existsSync(f));
  return [...core, ...plugins];
}

function readExamples(): Map<string, { example: OperationExample; origin: string }> {
  const all = new Map<string, { example: OperationExample; origin: string }>();
  for (const file of exampleFiles()) {
    const origin = path.relative(repo, file);
    for (const [id, example] of Object.entries(
      (parse(fs.readFileSync(file, 'utf8'), { merge: true }) ?? {}) as Record<string, OperationExample>,
    )) {
      if (all.has(id)) throw new Error(`the example of ${id} is in ${all.get(id)!.origin} and ${origin}`);
      all.set(id, { example, origin });
    }
  }
  return all;
}

const deref = (doc: Doc, node: Doc): Doc =>
  node?.$ref
    ? deref(
        doc,
        node.$ref
          .replace(/^#\//, '')
          .split('/')
          .reduce((x: Doc, k: string) => x?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc),
      )
    : node;

const exampleUser = /^(anonymous|[a-z0-9.-]+@[a-z0-9.-]+\.example)$/;

/**
 * Merges the examples into the document (issue 30): the body as the JSON request body's `example`, each
 * parameter value as the parameter's `example` (a shared parameter is written out for it), the sender as
 * `x-example-user`. Refuses an operation with a body or parameters but no example, an example of an unknown
 * operation, and any value that does not pass its own schema — the API must accept every example as it stands.
 */
function addExamples(doc: Doc): void {
  const examples = readExamples();
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: 'doc' });
  const rebase = (node: unknown): unknown =>
    Array.isArray(node)
      ? node.map(rebase)
      : node && typeof node === 'object'
        ? Object.fromEntries(
            Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `doc${v}` : rebase(v)]),
          )
        : node;
  const check = (what: string, schema: Doc, value: unknown): void => {
    const validate = ajv.compile(rebase(schema) as Doc);
    if (!validate(value)) problems.push(`${what} does not pass its schema: ${ajv.errorsText(validate.errors)}`);
  };
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [p, item] of Object.entries(doc.paths as Doc))
    for (const [method, op] of Object.entries(item as Doc)) {
      const id = (op as Doc).operationId as string;
      const where = `${id} (${method.toUpperCase()} ${p})`;
      const entry = examples.get(id);
      const declared = ((op as Doc).parameters ?? []) as Doc[];
      const body = (op as Doc).requestBody ? deref(doc, (op as Doc).requestBody) : undefined;
      if (!entry) {
        if (declared.length || body)
          throw new Error(
            `${where} has a request body or parameters but no example (openapi/examples/*.yaml or plugins/<id>/examples.yaml)`,
          );
        continue;
      }
      seen.add(id);
      const { example, origin } = entry;
      const at = `${origin}: ${id}`;
      if (typeof example.as !== 'string' || !exampleUser.test(example.as))
        throw new Error(`${at}: as must be a demo login (…@….example) or anonymous`);
      const isPublic = Array.isArray((op as Doc).security) && (op as Doc).security.length === 0;
      if (!isPublic && example.as === 'anonymous') throw new Error(`${at}: the operation needs a signed-in user`);
      const values = { ...(example.parameters ?? {}) };
      (op as Doc).parameters = declared.map((prmIn) => {
        const prm = deref(doc, prmIn);
        if (!(prm.name in values)) {
          if (prm.required) problems.push(`${at}: no value for the required parameter ${prm.name}`);
          return prmIn;
        }
        const value = values[prm.name];
        delete values[prm.name];
        check(`${at}: parameter ${prm.name}`, prm.schema, value);
        // A shared parameter keeps its reference while the value is the one it shows (the first example
        // that names it sets it); another value is written out for this operation.
        if (prmIn.$ref) {
          if (prm.example === undefined) prm.example = value;
          if (JSON.stringify(prm.example) === JSON.stringify(value)) return prmIn;
        }
        return { ...prm, example: value };
      });
      if (!(op as Doc).parameters.length) delete (op as Doc).parameters;
      if (Object.keys(values).length)
        throw new Error(
          `${at}: ${Object.keys(values).join(', ')} ${Object.keys(values).length > 1 ? 'are' : 'is'} no parameter of the operation`,
        );
      const media = body?.content?.['application/json'];
      if (example.body !== undefined) {
        if (!media) throw new Error(`${at}: a body for an operation without a JSON request body`);
        check(`${at}: body`, media.schema, example.body);
        (op as Doc).requestBody = { ...body, content: { ...body!.content, 'application/json': { ...media, example: example.body } } };
      } else if (body?.required) throw new Error(`${at}: the operation requires a body`);
      (op as Doc)['x-example-user'] = example.as;
    }
  const unknown = [...examples.keys()].filter((id) => !seen.has(id));
  if (unknown.length)
    problems.push(`examples of unknown operations: ${unknown.map((id) => `${id} (${examples.get(id)!.origin})`).join(', ')}`);
  if (problems.length) throw new Error(`The examples do not fit the contract:\n  ${problems.join('\n  ')}`);
}

/** The example's value as it goes into a URL. */
const urlValue = (v: unknown): string => encodeURIComponent(String(v));

/**
 * Every operation gets an example call (`x-codeSamples`, shown by API reference renderers) unless its
 * fragment brings one: curl with the credential the operation accepts and the operation's example (its
 * parameter values and JSON body, `addExamples`).
 */
function addCodeSamples(doc: Doc): void {
  for (const [p, item] of Object.entries(doc.paths as Doc))
    for (const [method, op] of Object.entries(item as Doc)) {
      if ((op as Doc)['x-codeSamples']) continue;
      const params = ((op as Doc).parameters ?? []).map((prm: Doc) => deref(doc, prm));
      const path = p.replace(/\{(\w+)\}/g, (_, name: string) =>
        urlValue(params.find((x: Doc) => x.name === name && x.in === 'path')?.example),
      );
      const query = params
        .filter((x: Doc) => x.in === 'query' && x.example !== undefined)
        .map((x: Doc) => `${urlValue(x.name)}=${urlValue(x.example)}`)
        .join('&');
      const lines = [`curl -X ${method.toUpperCase()} 'https://portal.example.com${path}${query ? `?${query}` : ''}'`];
      const isPublic = Array.isArray((op as Doc).security) && (op as Doc).security.length === 0;
      const tokens = (op as Doc)['x-token-area'] && !(op as Doc)['x-session-only'];
      for (const x of params) if (x.in === 'header' && x.example !== undefined) lines.push(`  -H '${x.name}: ${String(x.example)}'`);
      if (!isPublic && tokens) lines.push(`  -H 'Authorization: Bearer 12|<secret>'`);
      else if (!isPublic || (op as Doc)['x-session-only']) {
        lines.push(`  -b 'portal_session=<session>; portal_csrf=<csrf>'`);
        if (method !== 'get') lines.push(`  -H 'X-CSRF-Token: <csrf>'`);
      }
      const body = (op as Doc).requestBody?.content?.['application/json']?.example;
      if (body !== undefined) lines.push(`  -H 'Content-Type: application/json'`, `  -d '${JSON.stringify(body).replace(/'/g, "'\\''")}'`);
      (op as Doc)['x-codeSamples'] = [{ lang: 'curl', label: 'curl', source: lines.join(' \\\n') }];
    }
}

const ref = (kind: 'parameters' | 'responses', name: string): Doc => ({ $ref: `#/components/${kind}/${name}` });

/** The answers every plugin operation shares; a plugin's `openapi.yaml` documents only its own (2xx, a 422 with its keys). */
const pluginResponses: [code: string, name: string][] = [
  ['401', 'Unauthenticated'],
  ['403', 'Forbidden'],
  ['404', 'NotFound'],
  ['503', 'PluginUnavailable'],
];

const pascal = (id: string) => id.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** The answer of the `x-files` operation (added to the components when a plugin declares it). */
const renderedFilesSchema: Doc = {
  type: 'object',
  description: 'The files a Managed Center plugin renders from its stored state (`GET …/<id>/files`).',
  required: ['files', 'applied'],
  additionalProperties: false,
  properties: {
    files: {
      type: 'array',
      maxItems: 10000,
      items: {
        type: 'object',
        required: ['path', 'content', 'mode', 'secret'],
        additionalProperties: false,
        properties: {
          path: { type: 'string', maxLength: 4096, example: '/etc/cron.d/portal' },
          content: { type: 'string', maxLength: 10485760, description: 'Empty for a secret file.' },
          mode: { type: 'string', maxLength: 4, pattern: '^[0-7]{4}$', example: '0644' },
          owner: { type: 'string', maxLength: 64 },
          group: { type: 'string', maxLength: 64 },
          secret: { type: 'boolean', description: 'A password file or key: its content is never shown.' },
        },
      },
    },
    applied: { type: 'boolean', description: 'Whether these are exactly the files last applied to the server.' },
  },
};

/**
 * `x-config` (the config family, docs/plugins.md "Config services"): `{ schema: { properties }, summary?,
 * getOperationId?, updateOperationId? }` becomes the component `<Pascal>Settings` (every property required,
 * nothing else allowed), `GET …/<id>/settings` (`get<Pascal>Settings`, 200 `{ settings }`) and
 * `PUT …/<id>/settings` (`update<Pascal>Settings`, 202 `ApplyStarted`, 422 `ValidationFailed`), answered by
 * the SDK's `defineConfigService`. Each property declares its type, limits and `default` once: the
 * generator copies them into `plugins/<id>/generated/config.ts` for the server's rules and the form.
 */
function addConfigOperations(fragment: Doc, id: string, prefix: string, config: Doc): void {
  const name = `${pascal(id)}Settings`;
  const properties = (config.schema?.properties ?? {}) as Doc;
  if (!Object.keys(properties).length) throw new Error(`plugins/${id}: x-config.schema.properties is empty`);
  for (const [field, schema] of Object.entries<Doc>(properties)) {
    const where = `plugins/${id}: x-config field ${field}`;
    if (!['integer', 'number', 'string', 'boolean'].includes(schema.type))
      throw new Error(`${where}: type must be integer, number, string or boolean`);
    if (schema.default === undefined) throw new Error(`${where} has no default`);
    if (schema.type === 'string' && (typeof schema.maxLength !== 'number' || !(schema.pattern || schema.enum)))
      throw new Error(`${where}: a string needs maxLength and a pattern or an enum (nothing a user types may change a file's structure)`);
  }
  if (fragment.paths[`${prefix}/settings`]) throw new Error(`plugins/${id}: ${prefix}/settings is added by x-config, do not write it`);
  fragment.components ??= {};
  fragment.components.schemas ??= {};
  fragment.components.schemas[name] = {
    type: 'object',
    description: config.schema.description ?? `The settings of ${id} on a server.`,
    additionalProperties: false,
    required: Object.keys(properties),
    properties,
  };
  fragment.components.schemas[`${name}View`] = {
    type: 'object',
    additionalProperties: false,
    required: ['settings'],
    properties: { settings: { $ref: `#/components/schemas/${name}` } },
  };
  fragment.paths[`${prefix}/settings`] = {
    get: {
      operationId: config.getOperationId ?? `get${name}`,
      summary: config.summary ?? 'The stored settings (the defaults where none were stored)',
      description: 'Administrators of the cluster only.',
      responses: {
        '200': { description: 'The settings.', content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}View` } } } },
      },
    },
    put: {
      operationId: config.updateOperationId ?? `update${name}`,
      summary: config.updateSummary ?? 'Replaces the settings and applies them (the program checks the files first)',
      description:
        'Administrators of the cluster only. Every field is required; a value outside its limits is a 422 and nothing is stored. Runs as a job (202); recorded in the change log.',
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } },
      responses: { '202': ref('responses', 'ApplyStarted') },
    },
  };
}

/**
 * What every Managed Center plugin operation shares, added here so a plugin's `openapi.yaml` holds only
 * its own operations and schemas:
 * - the path parameters `ClusterId` and `ServerId` (first), the tag `<id>`;
 * - `x-token-area: clusters` (personal access tokens reach it like the cluster: `*`, `clusters:*`,
 *   `cluster:<id>`) unless `x-session-only`, and `x-access: cluster-administrator`;
 * - the answers 401, 403, 404 (also a server without the plugin's service), 503 (plugin degraded), and 422
 *   `ValidationFailed` for an operation with a body or query parameters unless it documents its own 422;
 * - with `x-apply` at the top of the file (`{ operationId, summary?, description? }`): the plugin's
 *   "apply now" operation `POST …/<id>/apply` (202 `ApplyStarted`), answered by the host. Rollback is the
 *   platform's `rollBackManagedPlugin` for every plugin;
 * - with `x-files` (`{ operationId?, summary?, description? }`): `GET …/<id>/files` (200
 *   `ManagedRenderedFiles`: the files `render` returns now, a secret's content left out, and whether they
 *   are the ones last applied), answered by the host and shown by the SDK's `RenderedFilesPanel`. It comes
 *   first, since the router tries paths in the document's order and it must win over a plugin's `…/{id}`;
 * - a path parameter `{<name>Id}` the operation does not declare: an id (integer 1–2³¹−1);
 * - with `x-resources`: each resource's list/get/create/update/delete and schemas (`scripts/resources.ts`).
 * - with `x-config`: the config family's settings operations (`addConfigOperations`);
 * - with `x-webserver`: the web server family's operations and schemas (`scripts/webserver.ts`);
 * - a path parameter `{<name>Id}` the operation does not declare: an id (integer 1–2³¹−1).
 */
function addPluginCommons(doc: Doc, fragment: Doc, id: string): void {
  const prefix = `/api/v1/clusters/{clusterId}/servers/{serverId}/${id}`;
  expandResources(fragment, id);
  expandWebServer(fragment, id);
  fragment.paths ??= {};
  const apply = fragment['x-apply'] as Doc | undefined;
  delete fragment['x-apply'];
  if (apply) {
    if (fragment.paths[`${prefix}/apply`]) throw new Error(`plugins/${id}: ${prefix}/apply is added by x-apply, do not write it`);
    fragment.paths[`${prefix}/apply`] = {
      post: {
        operationId: apply.operationId ?? `apply${pascal(id)}`,
        summary: apply.summary ?? 'Renders the stored desired state and applies it again (e.g. after a manual edit on the server)',
        description: apply.description ?? 'Administrators of the cluster only. Runs as a job (202); recorded in the change log.',
        responses: { '202': ref('responses', 'ApplyStarted') },
      },
    };
  }
  const files = fragment['x-files'] as Doc | undefined;
  delete fragment['x-files'];
  if (files) {
    if (fragment.paths[`${prefix}/files`]) throw new Error(`plugins/${id}: ${prefix}/files is added by x-files, do not write it`);
    doc.components.schemas ??= {};
    doc.components.schemas.ManagedRenderedFiles ??= renderedFilesSchema;
    const get = {
      operationId: files.operationId ?? `get${pascal(id)}Files`,
      summary: files.summary ?? 'The files as rendered from the stored state now, and whether they are the ones last applied',
      description: files.description ?? 'Administrators of the cluster only. Read-only; the content of a secret file is never shown.',
      responses: {
        '200': {
          description: 'The rendered files.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ManagedRenderedFiles' } } },
        },
      },
    };
    fragment.paths = { [`${prefix}/files`]: { get }, ...fragment.paths };
  }
  const config = fragment['x-config'] as Doc | undefined;
  delete fragment['x-config'];
  if (config) addConfigOperations(fragment, id, prefix, config);
  const resolve = (p: Doc): Doc => {
    const name = String(p.$ref ?? '')
      .split('/')
      .pop()!;
    return p.$ref ? (fragment.components?.parameters?.[name] ?? doc.components.parameters?.[name] ?? {}) : p;
  };
  for (const [pathName, item] of Object.entries<Doc>(fragment.paths)) {
    // Parameters of the path (a query parameter a resource's generated list takes, e.g. redis's `instance`) move into
    // each of its operations, so every operation lists all its parameters itself (router, examples, generated types).
    const shared = (item.parameters ?? []) as Doc[];
    delete item.parameters;
    for (const [method, op] of Object.entries<Doc>(item)) {
      if (!op?.operationId) continue;
      const own = ([...shared, ...((op.parameters ?? []) as Doc[])] as Doc[]).filter(
        (p) => !['#/components/parameters/ClusterId', '#/components/parameters/ServerId'].includes(p.$ref),
      );
      for (const [, name] of pathName.slice(prefix.length).matchAll(/\{(\w+Id)\}/g))
        if (!own.some((p) => resolve(p).name === name && resolve(p).in === 'path'))
          own.push({
            name,
            in: 'path',
            required: true,
            description: `The id of the ${name.slice(0, -2)}.`,
            schema: { type: 'integer', minimum: 1, maximum: 2147483647 },
          });
      const validates = !!op.requestBody || own.some((p) => ['query', 'header'].includes(resolve(p).in));
      const responses: Doc = { ...op.responses };
      for (const [code, name] of pluginResponses) responses[code] ??= ref('responses', name);
      if (validates) responses['422'] ??= ref('responses', 'ValidationFailed');
      const shaped: Doc = {
        operationId: op.operationId,
        ...(!('x-token-area' in op) && !op['x-session-only'] ? { 'x-token-area': 'clusters' } : {}),
        tags: op.tags ?? [id],
        ...op,
        'x-access': op['x-access'] ?? 'cluster-administrator',
        parameters: [ref('parameters', 'ClusterId'), ref('parameters', 'ServerId'), ...own],
        responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
      };
      item[method] = shaped;
    }
  }
}

export function bundle(): Doc {
  const doc = readYaml(path.join(root, 'src/portal.yaml'));
  doc.paths = {};
  doc.components ??= {};
  for (const file of fragmentFiles()) {
    const fragment = readYaml(file);
    const origin = path.relative(repo, file);
    if (origin.startsWith('plugins/')) addPluginCommons(doc, fragment, path.basename(path.dirname(file)));
    mergeInto(doc.paths, fragment.paths, 'path', origin);
    for (const [section, entries] of Object.entries((fragment.components ?? {}) as Doc)) {
      doc.components[section] ??= {};
      mergeInto(doc.components[section], entries as Doc, `components.${section}`, origin);
    }
    if (fragment.tags) doc.tags = [...(doc.tags ?? []), ...fragment.tags];
    // OpenAPI 3.1 `webhooks` (issue 30): the payloads the portal sends to registered endpoints.
    if (fragment.webhooks) mergeInto((doc.webhooks ??= {}), fragment.webhooks, 'webhook', origin);
  }
  checkRefs(doc);
  checkAccess(doc);
  checkDeprecations(doc);
  addExamples(doc);
  addCodeSamples(doc);
  return doc;
}

const header = '// Generated by openapi/scripts/bundle.ts from the OpenAPI fragments. Do not edit.\n';

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const doc = bundle();
  const json = JSON.stringify(doc, null, 2) + '\n';
  const types = header + astToString(await openapiTS(structuredClone(doc) as never, { alphabetize: false }));
  const outputs: [string, string][] = [
    [path.join(root, 'dist/portal.openapi.json'), json],
    [path.join(root, 'generated/schema.ts'), types],
  ];
  let stale = 0;
  for (const [file, content] of outputs) {
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (current === content) continue;
    if (check) {
      console.error(`out of date: ${path.relative(repo, file)} (run npm run generate)`);
      stale++;
    } else {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
      console.log(`wrote ${path.relative(repo, file)}`);
    }
  }
  if (stale) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
