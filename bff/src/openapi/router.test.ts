import { databaseErrorKind } from '@portal/core/platform';
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import type { AppDeps } from '../deps.ts';
import { createOpenApiRouter, emptyFieldErrors, hostileInputErrors, toFieldErrors } from './router.ts';

describe('field errors without a prototype (issue 8, defect 4)', () => {
  it('maps Ajv errors on properties called constructor, toString, __proto__ to plain keys', () => {
    const errors = ['constructor', 'toString', 'valueOf', '__proto__', 'hasOwnProperty'].map((p) => ({
      keyword: 'additionalProperties',
      instancePath: '',
      schemaPath: '#/additionalProperties',
      params: { additionalProperty: p },
    }));
    const fields = toFieldErrors(errors);
    expect(Object.keys(fields).sort()).toEqual(['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf']);
    expect(fields.constructor).toEqual(['validation.additionalProperties']);
    expect(JSON.parse(JSON.stringify(fields)).__proto__).toEqual(['validation.additionalProperties']);
  });
});

describe('hostile input at the edge (issue 8, defects 4–6)', () => {
  it('names every field with NUL, a lone surrogate or a prototype key, at any depth', () => {
    const body = JSON.parse('{"a": "ok", "b": "x\\u0000y", "c": {"d": ["fine", "\\ud800"]}, "constructor": 1, "e": {"__proto__": {}}}');
    expect({ ...hostileInputErrors(body, '') }).toEqual({
      b: ['validation.characters'],
      'c.d.1': ['validation.characters'],
      constructor: ['validation.additionalProperties'],
      'e.__proto__': ['validation.additionalProperties'],
    });
  });

  it('accepts well-formed text, emoji (surrogate pairs) included', () => {
    expect({ ...hostileInputErrors({ name: 'Müller 😀', list: ['a', 'ß'] }, '') }).toEqual({});
  });

  it('stops at a nesting depth of 32 instead of overflowing the stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect({ ...hostileInputErrors({ deep }, '') }).toEqual({ [`deep${'.0'.repeat(31)}`]: ['validation.depth'] });
  });

  it('builds its map without a prototype', () => {
    expect(Object.getPrototypeOf(emptyFieldErrors())).toBeNull();
  });
});

describe('database errors (issue 8, defects 6 and 7)', () => {
  it('sorts driver errors into unavailable, input and conflict, through causes and aggregated errors', () => {
    expect(databaseErrorKind(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe('unavailable');
    expect(databaseErrorKind(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe('unavailable');
    expect(databaseErrorKind(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(databaseErrorKind(new Error('wrapped', { cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) }))).toBe('unavailable');
    expect(databaseErrorKind(Object.assign(new Error('value "99999999999" is out of range for type integer'), { code: '22003' }))).toBe('input');
    expect(databaseErrorKind(Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }))).toBe('input');
    expect(databaseErrorKind(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe('conflict');
    expect(databaseErrorKind(new TypeError('x is undefined'))).toBeUndefined();
    expect(databaseErrorKind(Object.assign(new Error('syntax error'), { code: '42601' }))).toBeUndefined();
  });
});

describe('validation work grows linearly with the body (issue 31, security 1)', () => {
  const item = { type: 'object', required: ['domain', 'method'], additionalProperties: false, properties: { domain: { type: 'string', maxLength: 253 }, method: { $ref: '#/components/schemas/Method' } } };
  const doc = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/unbounded': { post: { operationId: 'unbounded', security: [], requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { list: { type: 'array', items: { $ref: '#/components/schemas/Item' } } } } } } }, responses: {} } },
      '/bounded': { post: { operationId: 'bounded', security: [], requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { list: { type: 'array', maxItems: 200, items: { $ref: '#/components/schemas/Item' } } } } } } }, responses: {} } },
    },
    components: { schemas: { Item: item, Method: { type: 'string', enum: ['dns', 'email'] } } },
  };
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const { router } = createOpenApiRouter(doc, { unbounded: () => ({}), bounded: () => ({}) } as never, {} as AppDeps);
    const app = new Koa();
    app.use(async (ctx, next) => {
      try {
        await next();
      } catch (e) {
        ctx.status = (e as { status?: number }).status ?? 500;
        ctx.body = { fields: (e as { fields?: unknown }).fields ?? null };
      }
    });
    app.use(async (ctx, next) => {
      const chunks: Buffer[] = [];
      for await (const c of ctx.req) chunks.push(c as Buffer);
      (ctx.request as { body?: unknown }).body = JSON.parse(Buffer.concat(chunks).toString());
      await next();
    });
    app.use(router.routes());
    server = app.listen(0);
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  const post = async (path: string, n: number) => {
    const body = JSON.stringify({ list: Array.from({ length: n }, () => ({})) });
    const started = performance.now();
    const res = await fetch(base + path, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    const json = (await res.json()) as { fields: Record<string, string[]> };
    return { status: res.status, fields: json.fields, ms: performance.now() - started };
  };

  it('20,000 invalid items of a referenced schema cost about ten times 2,000, not a hundred times (Ajv copied its error list per item)', async () => {
    await post('/unbounded', 200); // warm up
    const small = Math.min((await post('/unbounded', 2_000)).ms, (await post('/unbounded', 2_000)).ms);
    const first = await post('/unbounded', 20_000);
    const large = { ...first, ms: Math.min(first.ms, (await post('/unbounded', 20_000)).ms) };
    expect(large.status).toBe(422);
    expect(large.fields['list.19999.domain']).toEqual(['validation.required']);
    // Linear work is about 10× the small body, the quadratic copy was about 100×; 40× separates the two even on a
    // machine whose other processes slow one of the runs (the best of two runs each).
    expect(large.ms).toBeLessThan(40 * small + 200);
  });

  it('an array over its maxItems is refused as a whole before its items are checked: one field error, not one per item', async () => {
    const res = await post('/bounded', 20_000);
    expect(res.status).toBe(422);
    expect(res.fields).toEqual({ list: ['validation.maxItems'] });
  });
});
