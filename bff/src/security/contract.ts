/**
 * The contract as the security suites read it: every operation with its declared access policy and
 * schemas, and sample values that satisfy (or deliberately break) them. A new operation in the contract
 * is picked up here without anyone writing a test.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { loadContract } from '../app.ts';
import { listOperations, type OperationSpec } from '../openapi/router.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the OpenAPI document is arbitrary JSON
export type Json = any;

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** Who may call an operation, read from the contract (`security`, `x-access`, `x-token-area`, `x-session-only`). */
export type Access =
  /** No sign-in needed (`security: []`). */
  | 'public'
  /** Any signed-in user, for their own data. */
  | 'user'
  /** Managers of the cluster's customer and administrators of the cluster (`/clusters/{clusterId}…`). */
  | 'cluster'
  /** Administrators of the cluster only (Managed Center: `/clusters/{clusterId}/servers/…`, `/managed/…`). */
  | 'cluster-administrator'
  /** Staff members only. */
  | 'staff'
  /** Partner managers and authorised users of the partner in `{partnerId}` (of any partner where the path names none). */
  | 'partner';

export interface ContractOperation extends OperationSpec {
  access: Access;
  pathParams: { name: string; schema: Json }[];
  queryParams: { name: string; schema: Json; required: boolean }[];
  body?: Json;
  bodyRequired: boolean;
  op: Json;
}

export const contract: Json = loadContract();

export const resolve = (node: Json): Json =>
  node && node.$ref
    ? resolve(
        node.$ref
          .replace(/^#\//, '')
          .split('/')
          .reduce((n: Json, k: string) => n[k.replace(/~1/g, '/').replace(/~0/g, '~')], contract),
      )
    : node;

const accessValues: Access[] = ['public', 'user', 'cluster', 'cluster-administrator', 'staff', 'partner'];

/** The declared access of an operation (`x-access`; the bundler refuses an operation without one). */
export function accessOf(op: Json): Access {
  const declared = op['x-access'];
  if (!accessValues.includes(declared)) throw new Error(`${op.operationId}: unknown x-access ${declared}`);
  return declared;
}

export function contractOperations(): ContractOperation[] {
  return listOperations(contract).map((spec) => {
    const item = contract.paths[spec.path];
    const op = item[spec.method];
    const parameters: Json[] = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolve);
    return {
      ...spec,
      op,
      access: accessOf(op),
      pathParams: parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: resolve(p.schema) })),
      queryParams: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: resolve(p.schema), required: !!p.required })),
      body: op.requestBody?.content?.['application/json']?.schema,
      bodyRequired: !!op.requestBody?.required,
    };
  });
}

const ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });
addFormats(ajv);
ajv.addSchema({ ...contract, $id: 'doc' });
const rebase = (node: Json): Json =>
  Array.isArray(node)
    ? node.map(rebase)
    : node && typeof node === 'object'
      ? Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `doc${v}` : rebase(v)]))
      : node;
const compiled = new Map<Json, (v: unknown) => boolean>();
/** Whether a value satisfies a schema of the contract. */
export function satisfies(schema: Json, value: unknown): boolean {
  let check = compiled.get(schema);
  if (!check) {
    const fn = ajv.compile(rebase(schema));
    check = (v) => fn(v) as boolean;
    compiled.set(schema, check);
  }
  return check(value);
}

const stringCandidates = ['nginx', 'example.com', 'Abcdefghijklmnop0123', 'a', '2026-12-31', 'manager@demo.example', '0 3 * * *', '/var/www', 'https://example.com/'];

/** A plain value that satisfies the schema (the first example, enum value or candidate that fits). */
export function sampleValue(schemaIn: Json, depth = 0): unknown {
  const schema = resolve(schemaIn);
  if (!schema || depth > 8) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches) {
    for (const b of branches) {
      const v = sampleValue(b, depth + 1);
      if (v !== undefined && v !== null) return v;
    }
  }
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s: Json) => sampleValue(s, depth + 1)));
  const types = [].concat(schema.type ?? (schema.properties ? 'object' : []));
  const type = types.find((t) => t !== 'null') ?? types[0];
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required: string[] = schema.required ?? [];
      for (const [name, prop] of Object.entries<Json>(schema.properties ?? {})) {
        if (!required.includes(name) && !(schema.minProperties && Object.keys(out).length < schema.minProperties)) continue;
        const v = sampleValue(prop, depth + 1);
        if (v !== undefined) out[name] = v;
      }
      return out;
    }
    case 'array': {
      const item = sampleValue(schema.items ?? {}, depth + 1);
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
    }
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string': {
      if (schema.format === 'email') return 'someone@demo.example';
      if (schema.format === 'date') return '2030-01-01';
      if (schema.format === 'date-time') return '2030-01-01T00:00:00Z';
      for (const c of stringCandidates) if (satisfies(schema, c)) return c;
      const min = schema.minLength ?? 1;
      return 'a'.repeat(min);
    }
    default:
      return undefined;
  }
}

/** The operation's path with its parameters filled in (`values` first, then sample values). */
export function fillPath(op: ContractOperation, values: Record<string, string | number> = {}): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (values[name] !== undefined) return encodeURIComponent(String(values[name]));
    const p = op.pathParams.find((x) => x.name === name);
    return encodeURIComponent(String(sampleValue(p?.schema ?? { type: 'integer', minimum: 1 })));
  });
}

/** Every string schema reachable from a schema, with where it is (for the maxLength check). */
export function stringSchemas(schemaIn: Json, at: string, out: { at: string; schema: Json }[] = [], seen = new Set<Json>()): { at: string; schema: Json }[] {
  const schema = resolve(schemaIn);
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return out;
  seen.add(schema);
  if ([].concat(schema.type ?? []).includes('string' as never)) out.push({ at, schema });
  for (const [n, v] of Object.entries<Json>(schema.properties ?? {})) stringSchemas(v, `${at}.${n}`, out, seen);
  for (const k of ['items', 'additionalProperties', 'not']) if (schema[k] && typeof schema[k] === 'object') stringSchemas(schema[k], `${at}[${k}]`, out, seen);
  for (const k of ['oneOf', 'anyOf', 'allOf', 'prefixItems']) (schema[k] ?? []).forEach((v: Json, i: number) => stringSchemas(v, `${at}|${i}`, out, seen));
  return out;
}
