import Router from '@koa/router';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { EntityManager } from '@mikro-orm/core';
import type { Context, Middleware } from 'koa';
import { User } from '@portal/core/accounts';
import { DomainError, NotAllowed, Unauthenticated, ValidationFailed, currentAuditScope, recordAudit, runRequestTransaction, type FieldErrors } from '@portal/core/platform';
import type { AppDeps } from '../deps.ts';
import { assertCredentialAllowsOperation, assertCredentialAllowsPathCluster, type Principal, type TokenPolicy } from '../http/auth.ts';
import { NoContent, type OperationContext, type OperationHandler, type PreAuthorizer } from './handlers.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the OpenAPI document is arbitrary JSON
type Json = any;

const jsonType = 'application/json; charset=utf-8';
/** A plain object or array (what Koa answers as JSON), not a string, Buffer, stream or other class instance. */
const isJsonValue = (value: unknown): boolean =>
  Array.isArray(value) || (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype);
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface OperationSpec {
  id: string;
  method: (typeof methods)[number];
  path: string;
  /** Whether the operation needs a signed-in caller. */
  secured: boolean;
  /** `x-token-area` / `x-session-only`: what a personal access token may call. */
  tokens?: TokenPolicy;
}

const pointer = (...parts: string[]) => 'doc#/' + parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Every operation of the document. */
export function listOperations(doc: Json): OperationSpec[] {
  const globalSecured = (doc.security ?? []).length > 0;
  const ops: OperationSpec[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const method of methods) {
      const op = item[method];
      if (!op) continue;
      const secured = op.security ? op.security.length > 0 : globalSecured;
      ops.push({ id: op.operationId, method, path, secured, tokens: { tokenArea: op['x-token-area'], sessionOnly: op['x-session-only'] === true, public: !secured } });
    }
  }
  return ops;
}

/** A field-error map without a prototype: a property called `constructor` or `__proto__` is just a key. */
export const emptyFieldErrors = (): FieldErrors => Object.create(null) as FieldErrors;

/** Ajv errors → field errors with message keys (`validation.<keyword>`). */
export function toFieldErrors(errors: ErrorObject[] | null | undefined, prefix = ''): FieldErrors {
  const fields = emptyFieldErrors();
  for (const e of errors ?? []) {
    let field = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (e.keyword === 'required') field = [field, (e.params as { missingProperty: string }).missingProperty].filter(Boolean).join('.');
    if (e.keyword === 'additionalProperties')
      field = [field, (e.params as { additionalProperty: string }).additionalProperty].filter(Boolean).join('.');
    const key = e.keyword === 'format' ? `validation.format.${(e.params as { format: string }).format}` : `validation.${e.keyword}`;
    const name = (prefix + field) || '_';
    const list = (fields[name] ??= []);
    if (!list.includes(key)) list.push(key);
  }
  return fields;
}

/** Property names that collide with `Object.prototype` (`constructor`, `toString`, `__proto__`, …). */
const prototypeKeys = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);
const maxDepth = 32;

/**
 * What the contract cannot say for every string at once: NUL and unpaired UTF-16 surrogates (which
 * PostgreSQL, file writers and JSON consumers reject or mangle) are refused in every string, at any depth,
 * in path, query and body (`validation.characters`); property names that collide with `Object.prototype`
 * are refused like unknown properties (`validation.additionalProperties`), and nesting deeper than
 * `maxDepth` is refused as a whole (`validation.depth`). Runs before Ajv, so no such value reaches a handler.
 */
export function hostileInputErrors(value: unknown, prefix: string, fields: FieldErrors = emptyFieldErrors(), depth = 0): FieldErrors {
  const add = (name: string, key: string) => {
    const list = (fields[name || '_'] ??= []);
    if (!list.includes(key)) list.push(key);
  };
  if (typeof value === 'string') {
    if (value.includes('\0') || !value.isWellFormed()) add(prefix, 'validation.characters');
    return fields;
  }
  if (!value || typeof value !== 'object') return fields;
  if (depth >= maxDepth) {
    add(prefix, 'validation.depth');
    return fields;
  }
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  for (const [key, v] of entries) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (!Array.isArray(value)) {
      if (key.includes('\0') || !key.isWellFormed()) {
        add(prefix, 'validation.characters');
        continue;
      }
      if (prototypeKeys.has(key)) {
        add(name, 'validation.additionalProperties');
        continue;
      }
    }
    hostileInputErrors(v, name, fields, depth + 1);
  }
  return fields;
}

/** Resolves a local `$ref` (`#/components/…`) of the document. */
const target = (doc: Json, ref: string): Json =>
  ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((n: Json, k: string) => n?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);

/**
 * A copy of a schema with every local `$ref` replaced by the schema it names (siblings of the `$ref` kept
 * next to it through `allOf`), so Ajv compiles one function without calls into referenced schemas. A
 * recursive reference stays a reference (to `doc#/…`, resolvable by the Ajv instance that holds the document).
 */
export function inlineRefs(doc: Json, node: Json, path: string[] = []): Json {
  if (Array.isArray(node)) return node.map((n) => inlineRefs(doc, n, path));
  if (!node || typeof node !== 'object') return node;
  const ref = node.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    const { $ref: _ref, ...siblings } = node;
    if (path.includes(ref)) return { ...inlineRefs(doc, siblings, path), $ref: `doc${ref}` };
    const inlined = inlineRefs(doc, target(doc, ref), [...path, ref]);
    return Object.keys(siblings).length ? { ...inlineRefs(doc, siblings, path), allOf: [...(siblings.allOf ?? []).map((n: Json) => inlineRefs(doc, n, path)), inlined] } : inlined;
  }
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === 'example' || k === 'examples' ? v : inlineRefs(doc, v, path);
  return out;
}

/**
 * Arrays longer than their schema's `maxItems`, found in one pass over the body before Ajv runs: Ajv checks
 * every item of an array even when it is already too long (allErrors), so 500,000 bad items in a 1 MB body
 * made 500,000 errors and a 10 MB answer. Follows `properties`, `additionalProperties`, `items` and `allOf`;
 * below `oneOf`/`anyOf` it leaves the decision to Ajv (which branch applies is Ajv's to say). Linear in the body.
 */
export function oversizedArrays(doc: Json, schemaIn: Json, value: unknown, prefix = '', fields: FieldErrors = emptyFieldErrors(), depth = 0): FieldErrors {
  let schema = schemaIn;
  for (let hops = 0; schema && typeof schema.$ref === 'string' && hops < 32; hops++) schema = target(doc, schema.$ref);
  if (!schema || typeof schema !== 'object' || value === null || typeof value !== 'object' || depth > maxDepth) return fields;
  for (const part of schema.allOf ?? []) oversizedArrays(doc, part, value, prefix, fields, depth + 1);
  if (Array.isArray(value)) {
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) {
      (fields[prefix || '_'] ??= []).push('validation.maxItems');
      return fields;
    }
    if (schema.items && typeof schema.items === 'object')
      for (let i = 0; i < value.length; i++) oversizedArrays(doc, schema.items, value[i], prefix ? `${prefix}.${i}` : String(i), fields, depth + 1);
    return fields;
  }
  const properties = schema.properties ?? {};
  const additional = schema.additionalProperties && typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  for (const [key, v] of Object.entries(value)) {
    const sub = Object.hasOwn(properties, key) ? properties[key] : additional;
    if (sub) oversizedArrays(doc, sub, v, prefix ? `${prefix}.${key}` : key, fields, depth + 1);
  }
  return fields;
}

/**
 * The answer headers of a deprecated operation (issue 30), from its contract entry (`deprecated: true`,
 * `x-deprecated-since`, `x-sunset`, checked by the bundler): `Deprecation` as an RFC 9745 date (`@` Unix
 * seconds), `Sunset` as an RFC 8594 HTTP date, and a `Link` to the changelog that explains it.
 */
export function deprecationHeaders(op: Json): [string, string][] | undefined {
  if (!op?.deprecated) return undefined;
  const since = Date.parse(`${op['x-deprecated-since']}T00:00:00Z`);
  const sunset = Date.parse(`${op['x-sunset']}T00:00:00Z`);
  const headers: [string, string][] = [];
  if (!Number.isNaN(since)) headers.push(['Deprecation', `@${Math.floor(since / 1000)}`]);
  else headers.push(['Deprecation', '@0']); // no date in the contract (the bundler refuses that): deprecated since ever
  if (!Number.isNaN(sunset)) headers.push(['Sunset', new Date(sunset).toUTCString()]);
  headers.push(['Link', '</api/changelog>; rel="deprecation"; type="text/markdown"']);
  return headers;
}

interface Validators {
  params?: ValidateFunction;
  query?: ValidateFunction;
  body?: ValidateFunction;
  /** The body's schema as the contract has it (for `oversizedArrays`). */
  bodySchema?: Json;
  bodyRequired: boolean;
  responses: Map<number, ValidateFunction>;
}

function buildValidators(doc: Json, spec: OperationSpec, ajvParams: Ajv2020, ajvBody: Ajv2020, withResponses: boolean): Validators {
  const item = doc.paths[spec.path];
  const op = item[spec.method];
  const deref = (p: Json) => (p.$ref ? p.$ref.replace(/^#\//, '').split('/').reduce((n: Json, k: string) => n[k], doc) : p);
  const parameters: Json[] = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(deref);
  const group = (where: string) => {
    const ps = parameters.filter((p) => p.in === where);
    if (!ps.length) return undefined;
    return ajvParams.compile({
      type: 'object',
      properties: Object.fromEntries(ps.map((p) => [p.name, rebase(p.schema ?? {})])),
      required: ps.filter((p) => p.required || where === 'path').map((p) => p.name),
    });
  };
  // Parameter schemas may $ref the document; compile them with the document as base.
  const v: Validators = { params: group('path'), query: group('query'), bodyRequired: !!op.requestBody?.required, responses: new Map() };
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  // The body's schema with its $refs inlined: Ajv calls a referenced schema as a function of its own and, in
  // allErrors mode, appends that function's errors with `vErrors.concat(…)` — a copy of every error so far per
  // failing item, quadratic in the number of items (20,000 bad items: 3 s). Inlined, each error is one push.
  if (bodySchema) {
    v.body = ajvBody.compile(inlineRefs(doc, bodySchema));
    v.bodySchema = bodySchema;
  }
  for (const [status, response] of withResponses ? Object.entries<Json>(op.responses ?? {}) : []) {
    const r = deref(response);
    if (r.content?.['application/json']?.schema) {
      const ref = response.$ref
        ? pointer(...response.$ref.replace(/^#\//, '').split('/'), 'content', 'application/json', 'schema')
        : pointer('paths', spec.path, spec.method, 'responses', status, 'content', 'application/json', 'schema');
      v.responses.set(Number(status), ajvBody.getSchema(ref)!);
    }
  }
  return v;
}

function createAjv(doc: Json, coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: coerce ? 'array' : false, useDefaults: coerce, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: 'doc' });
  return ajv;
}

/** Replaces `#/components/...` refs with `doc#/components/...` so standalone schemas resolve. */
const rebase = (node: Json): Json =>
  Array.isArray(node)
    ? node.map(rebase)
    : node && typeof node === 'object'
      ? Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `doc${v}` : rebase(v)]))
      : node;

/**
 * A handler's context. The EntityManager and the user entity are built on first use: an answer from the
 * principal's cached profile (`GET /me`) needs neither (issue 14). A class with its accessors on the
 * prototype, not an object literal with getters: the literal made new closures over the whole request
 * per request, and under load those requests survived the young-generation collections (issue 14).
 */
class RequestOperationContext {
  #em: EntityManager | undefined;
  readonly params: unknown;
  readonly query: unknown;
  readonly body: unknown;
  readonly deps: AppDeps;
  readonly koa: Context;
  readonly principal: Principal | undefined;
  constructor(params: unknown, query: unknown, body: unknown, deps: AppDeps, koa: Context, principal: Principal | undefined) {
    this.params = params;
    this.query = query;
    this.body = body;
    this.deps = deps;
    this.koa = koa;
    this.principal = principal;
  }
  get em(): EntityManager {
    return (this.#em ??= this.koa.state.em ??= this.deps.orm.em.fork());
  }
  set em(value: EntityManager) {
    this.#em = value;
  }
  get user(): User | undefined {
    return this.principal?.user;
  }
}

/**
 * Mounts every operation of the document on a router: parameters and body validated against the
 * contract (422 with field errors), authentication enforced where the operation requires it, one
 * EntityManager fork per request, and (when `validateResponses`) responses checked against the contract.
 */
export function createOpenApiRouter(
  doc: Json,
  handlers: Record<string, OperationHandler<never>>,
  deps: AppDeps,
  options: { validateResponses?: boolean; authorizers?: Record<string, PreAuthorizer> } = {},
): { router: Router; operations: OperationSpec[]; compileValidators: () => Promise<void> } {
  const operations = listOperations(doc);
  const missing = operations.filter((o) => !handlers[o.id]).map((o) => o.id);
  if (missing.length) throw new Error(`No handler for operation(s): ${missing.join(', ')}`);

  const ajvParams = createAjv(doc, true);
  const ajvBody = createAjv(doc, false);
  // Case-sensitive: `/API/v1/…` is no route (404), so no check can be skipped by a case variant.
  const router = new Router({ sensitive: true });
  // Each operation's validators are compiled when it is first called (or by `compileValidators`): compiling all
  // of them up front was a third of a portal's start (4.7 of 14 s of CPU), paid by every test portal for the few
  // operations its tests call.
  const compilers: (() => Validators)[] = [];
  for (const spec of operations) {
    let built: Validators | undefined;
    const validators = () => (built ??= buildValidators(doc, spec, ajvParams, ajvBody, !!options.validateResponses));
    compilers.push(validators);
    const handler = handlers[spec.id] as unknown as OperationHandler<never>;
    const koaPath = spec.path.replace(/\{(\w+)\}/g, ':$1');
    const tokens = spec.tokens ?? {};
    // What staff acting as a customer may not do is declared in the contract (`x-impersonation: deny`,
    // optionally with its own `x-impersonation-message`); everything else they write is audited below.
    const declared = doc.paths[spec.path]?.[spec.method] ?? {};
    const refusedWhileImpersonating = declared['x-impersonation'] === 'deny' ? String(declared['x-impersonation-message'] ?? 'errors.refused_while_impersonating') : undefined;
    const authorize = options.authorizers?.[spec.id];
    const deprecation = deprecationHeaders(doc.paths[spec.path][spec.method]);
    const middleware: Middleware = async (ctx) => {
      // Every answer of a deprecated operation says so, errors included.
      if (deprecation) for (const [name, value] of deprecation) ctx.set(name, value);
      if (spec.secured && !ctx.state.principal) throw Unauthenticated();
      assertCredentialAllowsOperation(ctx.state.principal, tokens);
      // Set by the authentication for an impersonation session (staff acting as the user).
      const impersonator = currentAuditScope().impersonator;
      if (impersonator && refusedWhileImpersonating) throw NotAllowed(refusedWhileImpersonating);
      const principal: Principal | undefined = ctx.state.principal;
      const params: Record<string, unknown> = Object.assign(Object.create(null), ctx.params);
      const query: Record<string, unknown> = Object.assign(Object.create(null), ctx.query);
      let body = (ctx.request as { body?: unknown }).body;
      const hostile = hostileInputErrors(params, '');
      hostileInputErrors(query, '', hostile);
      if (Object.keys(hostile).length) throw ValidationFailed(hostile);
      const fields = emptyFieldErrors();
      const v = validators();
      if (v.params && !v.params(params)) Object.assign(fields, toFieldErrors(v.params.errors));
      if (v.query && !v.query(query)) Object.assign(fields, toFieldErrors(v.query.errors));
      // The role check before the body is looked at (issue 31): a caller without the role is refused for
      // nothing, whatever the body holds.
      if (authorize && principal && !Object.keys(fields).length)
        await authorize({ em: (ctx.state.em ??= deps.orm.em.fork()), deps, principal, user: principal.user, params, rawBody: body });
      if (v.body) {
        // An array over its maxItems first: it is refused as a whole, without a walk over its items.
        const oversized = oversizedArrays(doc, v.bodySchema, body);
        if (Object.keys(oversized).length) throw ValidationFailed(Object.assign(fields, oversized));
        const hostileBody = hostileInputErrors(body, '');
        if (Object.keys(hostileBody).length) throw ValidationFailed(Object.assign(fields, hostileBody));
        const hasBody = body !== undefined && !(typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0 && !ctx.get('Content-Length'));
        if (!hasBody && v.bodyRequired) fields._ = ['validation.body_required'];
        else if (hasBody && !v.body(body)) Object.assign(fields, toFieldErrors(v.body.errors));
      } else body = undefined;
      if (Object.keys(fields).length) throw ValidationFailed(fields);
      assertCredentialAllowsPathCluster(ctx.state.principal, tokens, params);

      const context = new RequestOperationContext(params, query, body, deps, ctx, principal) as OperationContext<never>;
      // Writes: one transaction with the answer (issue 8, defect 5) — committed only when the answer is
      // below 400; a thrown error or an error status rolls every write of the request back.
      const result =
        spec.method === 'get'
          ? await handler(context)
          : await runRequestTransaction(
              context.em,
              async (tx) => {
                const answer = await handler({ ...context, user: principal?.user as never, em: tx });
                // Every write made while impersonating is audited with the staff member (issue 31), whether or not
                // the operation audits itself; it commits with the write and only when the write does.
                if (impersonator && principal) {
                  const staff = await tx.findOne(User, { id: impersonator.id }, { fields: ['firstname', 'surname'] });
                  recordAudit(tx, deps.clock, {
                    action: 'impersonation.write',
                    actor: principal.user,
                    ip: ctx.ip,
                    details: { operationId: spec.id, params, staffName: staff ? `${staff.firstname} ${staff.surname}`.trim() : null },
                  });
                }
                return answer;
              },
              () => !(ctx.status >= 400 && ctx.status !== 404),
            );
      if (result instanceof NoContent) {
        ctx.status = 204;
        return;
      }
      if (!ctx.status || ctx.status === 404) ctx.status = 200;
      // A plain object or array becomes JSON: its type set directly (Koa would look it up per request).
      if (isJsonValue(result) && !ctx.res.hasHeader('Content-Type')) ctx.res.setHeader('Content-Type', jsonType);
      ctx.body = result;
      if (options.validateResponses) {
        const check = v.responses.get(ctx.status);
        if (check && !check(result))
          throw new DomainError('internal', `response of ${spec.id} violates the contract: ${JSON.stringify(check.errors)}`);
      }
    };
    router[spec.method](spec.id, koaPath, middleware);
  }
  /** Compiles every operation's validators, yielding to the event loop between operations: a production server
   * does this once it listens, so that no first call pays for its compilation. */
  const compileValidators = async () => {
    for (const compile of compilers) {
      compile();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { router, operations, compileValidators };
}
