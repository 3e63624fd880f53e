/**
 * `x-resources` of a plugin's `openapi.yaml`: a resource (a list of things of a server that are stored
 * and applied, e.g. cron jobs, SSH keys) declared once, expanded into its five operations and schemas by
 * the bundler (`expandResources`) and into `plugins/<id>/generated/resources.ts` by the plugin generator
 * (`resourceDeclarations`), which the SDK's `defineResource` (server) and resource pages (web) read: a
 * field's pattern and limits are written once, here, and shared by contract, server and form.
 *
 *     x-resources:
 *       cronjob:                    # the singular of the operation ids: getCronjob, createCronjob, …
 *         plural: Cronjobs          # listCronjobs (default: the singular + s)
 *         path: ''                  # the collection, below …/servers/{serverId}/<pluginId> (default /<singular>s)
 *         id: cronjobId             # the item's path parameter (default <singular>Id)
 *         schema: CronjobsJob       # the presented schema; the input is <schema>Input
 *         operations: [list, get, create, update, delete]   # default: all five
 *         update: put               # or `patch: [label]`: a PATCH of these fields only
 *         perPage: 200              # the list's page size (default and maximum; default 100)
 *         fields: { … }             # the input's properties (JSON Schema), all required
 *         view: { … }               # the presented schema's other properties (and overrides of fields)
 *                                   # (a field with `writeOnly: true`, a password, is left out of it)
 *         list: { … }               # further properties of the list's answer besides data and total
 *         summaries / descriptions: { list, get, create, update, delete }
 *         errors: …                 # the 422 of create (its field keys)
 */

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- arbitrary YAML

export const resourceOperations = ['list', 'get', 'create', 'update', 'delete'] as const;
export type ResourceOperation = (typeof resourceOperations)[number];

/** What `plugins/<id>/generated/resources.ts` holds of a resource (and the SDK's `ResourceDeclaration`). */
export interface ResourceSpec {
  pluginId: string;
  name: string;
  idParam: string;
  schema: string;
  input: string;
  perPage: number;
  update: 'put' | 'patch';
  /** The fields a PATCH changes (`update: patch`). */
  patch?: string[];
  operations: Partial<Record<ResourceOperation, string>>;
  /** The input's fields with their `$ref`s resolved: type, enum, minLength, maxLength, pattern, minimum, maximum. */
  fields: Record<string, Doc>;
}

const pascal = (s: string) => s.replace(/(^|[-_])([a-z0-9])/g, (_m, _s, c: string) => c.toUpperCase());
const kept = ['type', 'enum', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'format'];

function resolve(fragment: Doc, schema: Doc): Doc {
  const ref = typeof schema.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;
  return ref ? { ...resolve(fragment, fragment.components?.schemas?.[ref] ?? {}), ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== '$ref')) } : schema;
}

function specOf(fragment: Doc, pluginId: string, name: string, r: Doc): ResourceSpec {
  const where = `plugins/${pluginId}: x-resources.${name}`;
  if (!r.fields || typeof r.fields !== 'object') throw new Error(`${where}: fields are missing`);
  const singular = pascal(name);
  const plural = r.plural ?? `${singular}s`;
  const ops = (r.operations ?? resourceOperations) as ResourceOperation[];
  for (const op of ops) if (!resourceOperations.includes(op)) throw new Error(`${where}: unknown operation ${op}`);
  const schema = r.schema ?? `${pascal(pluginId)}${singular}`;
  const ids: Record<ResourceOperation, string> = { list: `list${plural}`, get: `get${singular}`, create: `create${singular}`, update: `update${singular}`, delete: `delete${singular}` };
  const patch = r.patch as string[] | undefined;
  for (const f of patch ?? []) if (!(f in r.fields)) throw new Error(`${where}: patch field ${f} is not a field`);
  return {
    pluginId,
    name,
    idParam: r.id ?? `${name}Id`,
    schema,
    input: `${schema}Input`,
    perPage: r.perPage ?? 100,
    update: patch ? 'patch' : 'put',
    ...(patch ? { patch } : {}),
    operations: Object.fromEntries(ops.map((op) => [op, ids[op]])),
    fields: Object.fromEntries(
      Object.entries<Doc>(r.fields).map(([field, s]) => {
        const full = resolve(fragment, s);
        return [field, Object.fromEntries(kept.filter((k) => full[k] !== undefined).map((k) => [k, full[k]]))];
      }),
    ),
  };
}

/** The resources a plugin's `openapi.yaml` declares (`x-resources`), checked. */
export function resourceDeclarations(fragment: Doc, pluginId: string): ResourceSpec[] {
  const all = (fragment['x-resources'] ?? {}) as Doc;
  return Object.entries<Doc>(all).map(([name, r]) => specOf(fragment, pluginId, name, r));
}

/** A field of the input as a property of the presented schema: what a client reads, without the input's limits on length and form. */
const presented = (s: Doc): Doc => Object.fromEntries(Object.entries(s).filter(([k]) => !['minLength', 'pattern', 'example', 'default'].includes(k)));

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const json = (schema: Doc, description: string) => ({ description, content: { 'application/json': { schema } } });

/**
 * Replaces `x-resources` of a plugin's fragment by the operations and schemas it declares: the presented
 * schema, `<schema>Input`, and `list…` (paged: `page`, `per_page`; `{ data, total, …list }`), `get…`,
 * `create…` (202), `update…` (PUT, or PATCH of some fields; 202) and `delete…` (202). The plugin's own
 * paths come first (they win over `…/{id}`), so a resource adds nothing a plugin wrote itself.
 */
export function expandResources(fragment: Doc, pluginId: string): void {
  const resources = fragment['x-resources'] as Doc | undefined;
  delete fragment['x-resources'];
  if (!resources) return;
  const prefix = `/api/v1/clusters/{clusterId}/servers/{serverId}/${pluginId}`;
  fragment.paths ??= {};
  fragment.components ??= {};
  fragment.components.schemas ??= {};
  const schemas = fragment.components.schemas as Doc;
  for (const [name, r] of Object.entries<Doc>(resources)) {
    const spec = specOf(fragment, pluginId, name, r);
    const what = r.title ?? name;
    const summaries = (r.summaries ?? {}) as Doc;
    const descriptions = (r.descriptions ?? {}) as Doc;
    const collection = `${prefix}${r.path ?? `/${name}s`}`;
    const item = `${collection}/{${spec.idParam}}`;
    for (const p of [collection, item]) if (fragment.paths[p] && Object.keys(fragment.paths[p]).some((m) => m !== 'parameters')) throw new Error(`plugins/${pluginId}: ${p} is added by x-resources.${name}, do not write it`);
    const fieldNames = Object.keys(r.fields);
    if (schemas[spec.input] || schemas[spec.schema]) throw new Error(`plugins/${pluginId}: ${spec.schema}/${spec.input} are added by x-resources.${name}`);
    schemas[spec.input] = { type: 'object', required: fieldNames, additionalProperties: false, properties: r.fields };
    // A `writeOnly` field (a password) is input only: never part of what is presented.
    const shown = Object.entries<Doc>(r.fields).filter(([, s]) => s.writeOnly !== true);
    const view: Doc = { id: { type: 'integer' }, ...Object.fromEntries(shown.map(([f, s]) => [f, presented(s)])), ...(r.view ?? {}) };
    schemas[spec.schema] = { type: 'object', required: Object.keys(view), additionalProperties: false, properties: view };
    const o = spec.operations;
    const accepted = { '202': ref('responses', 'ApplyStarted') };
    const paths: Doc = { [collection]: {}, [item]: {} };
    if (o.list) {
      const extra = (r.list ?? {}) as Doc;
      paths[collection].get = {
        operationId: o.list,
        summary: summaries.list ?? `The server's ${what} entries`,
        description: descriptions.list ?? `Administrators of the cluster only. At most ${spec.perPage} per page, oldest first.`,
        parameters: [
          { name: 'page', in: 'query', description: 'Page of the list, from 1.', schema: { type: 'integer', minimum: 1, maximum: 10000, default: 1 } },
          { name: 'per_page', in: 'query', description: `Entries per page (default and at most ${spec.perPage}).`, schema: { type: 'integer', minimum: 1, maximum: spec.perPage, default: spec.perPage } },
        ],
        responses: {
          '200': json(
            {
              type: 'object',
              required: ['data', 'total', ...Object.keys(extra)],
              additionalProperties: false,
              properties: { data: { type: 'array', maxItems: spec.perPage, items: ref('schemas', spec.schema) }, total: { type: 'integer', description: 'All entries of the server.' }, ...extra },
            },
            descriptions.listAnswer ?? 'One page of the entries of the server.',
          ),
        },
      };
    }
    if (o.create)
      paths[collection].post = {
        operationId: o.create,
        summary: summaries.create ?? `Adds a ${what} and applies it`,
        description: descriptions.create ?? 'Administrators of the cluster only. Checked (422 with the fields), stored and applied as a job (202); recorded in the change log.',
        requestBody: { required: true, content: { 'application/json': { schema: ref('schemas', spec.input) } } },
        responses: { ...accepted, ...(r.errors ? { '422': json(ref('schemas', 'ErrorResponse'), r.errors) } : {}) },
      };
    if (o.get)
      paths[item].get = {
        operationId: o.get,
        summary: summaries.get ?? `One ${what}`,
        description: descriptions.get ?? 'Administrators of the cluster only; one of another server is a 404.',
        responses: { '200': json(ref('schemas', spec.schema), `The ${what}.`) },
      };
    if (o.update)
      paths[item][spec.update] = {
        operationId: o.update,
        summary: summaries.update ?? `Changes a ${what} and applies it`,
        description: descriptions.update ?? 'Administrators of the cluster only. Checked like its creation; stored and applied as a job (202); recorded in the change log.',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: spec.patch
                ? { type: 'object', required: spec.patch, additionalProperties: false, properties: Object.fromEntries(spec.patch.map((f) => [f, r.fields[f]])) }
                : ref('schemas', spec.input),
            },
          },
        },
        responses: accepted,
      };
    if (o.delete)
      paths[item].delete = {
        operationId: o.delete,
        summary: summaries.delete ?? `Removes a ${what} and applies the change`,
        description: descriptions.delete ?? 'Administrators of the cluster only. Applied as a job (202); recorded in the change log.',
        responses: accepted,
      };
    for (const [p, ops] of Object.entries<Doc>(paths)) if (Object.keys(ops).length) fragment.paths[p] = { ...fragment.paths[p], ...ops };
  }
}
