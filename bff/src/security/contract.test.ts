/**
 * Bounds and documentation the contract must keep (issue 8, defects 6 and 8): every string a client
 * can send has a `maxLength`, every list parameter has bounds, and every operation says who may call it,
 * what it does and how a call looks.
 */
import { contract, contractOperations, resolve, stringSchemas } from './contract.ts';

const operations = contractOperations();

describe('contract bounds (issue 8)', () => {
  it('every string property of a request (path, query, body) has a maxLength', () => {
    const unbounded: string[] = [];
    for (const op of operations) {
      const inputs = [
        ...op.pathParams.map((p) => [`${op.id} path ${p.name}`, p.schema] as const),
        ...op.queryParams.map((p) => [`${op.id} query ${p.name}`, p.schema] as const),
        ...(op.body ? [[`${op.id} body`, op.body] as const] : []),
      ];
      for (const [at, schema] of inputs)
        for (const s of stringSchemas(schema, at))
          if (s.schema.maxLength === undefined && !s.schema.enum && s.schema.const === undefined) unbounded.push(s.at);
    }
    expect(unbounded).toEqual([]);
  });

  it('every string property of the contract, answers included, has a maxLength', () => {
    const unbounded: string[] = [];
    for (const op of operations)
      for (const [status, response] of Object.entries<{ content?: Record<string, { schema?: unknown }> }>(op.op.responses ?? {}))
        for (const s of stringSchemas(resolve(response).content?.['application/json']?.schema, `${op.id} ${status}`))
          if (s.schema.maxLength === undefined && !s.schema.enum && s.schema.const === undefined && !['date', 'date-time'].includes(s.schema.format)) unbounded.push(s.at);
    expect(unbounded).toEqual([]);
  });

  it('every array of the contract, requests and answers, plugins included, has a maxItems (issue 31, security 1)', () => {
    const unbounded: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`));
      if (!node || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      if (([] as unknown[]).concat(schema.type ?? []).includes('array') && schema.maxItems === undefined) unbounded.push(at);
      for (const [k, v] of Object.entries(schema)) if (k !== 'example' && k !== 'examples') walk(v, `${at}/${k}`);
    };
    walk(contract.paths, '#/paths');
    walk(contract.components, '#/components');
    expect(unbounded).toEqual([]);
  });

  it('the fields of the review are bounded: the spec\'s 255 where it names it, 10000 for the "unrestricted" department, street and city (R5.009)', () => {
    const update = operations.find((o) => o.id === 'updateProfile')!;
    const props = resolve(update.body).properties;
    for (const name of ['company', 'firstname', 'surname', 'postcode']) expect([name, props[name].maxLength]).toEqual([name, 255]);
    for (const name of ['department', 'street', 'city']) expect([name, props[name].maxLength]).toEqual([name, 10000]);
  });

  it('every list parameter is bounded: page ≤ 10000, per_page ≤ 100, numbers with a minimum and a maximum', () => {
    const unbounded: string[] = [];
    for (const op of operations)
      for (const q of op.queryParams) {
        const types: string[] = [].concat(q.schema.type ?? []);
        if ((types.includes('integer') || types.includes('number')) && !q.schema.enum && (q.schema.minimum === undefined || q.schema.maximum === undefined))
          unbounded.push(`${op.id} ${q.name}`);
        if (q.name === 'page' && !(q.schema.maximum <= 10000)) unbounded.push(`${op.id} page ≤ 10000`);
        if (q.name === 'per_page' && !(q.schema.maximum <= 100)) unbounded.push(`${op.id} per_page ≤ 100`);
      }
    expect(unbounded).toEqual([]);
  });
});

describe('contract documentation (issue 8)', () => {
  it('every operation has a summary, a description, an example call and declares who may call it (x-access)', () => {
    const missing: string[] = [];
    for (const op of operations) {
      if (!op.op.summary) missing.push(`${op.id}: summary`);
      if (!op.op.description) missing.push(`${op.id}: description`);
      const hasExample =
        (op.op['x-codeSamples']?.length ?? 0) > 0 ||
        Object.values<{ example?: unknown; examples?: unknown }>(op.op.requestBody?.content ?? {}).some((m) => m.example !== undefined || m.examples !== undefined);
      if (!hasExample) missing.push(`${op.id}: example`);
      if (!op.op['x-access']) missing.push(`${op.id}: x-access`);
    }
    expect(missing).toEqual([]);
  });

  it('the document describes x-access for readers of the reference', () => {
    expect(contract.info.description).toContain('x-access');
  });
});
