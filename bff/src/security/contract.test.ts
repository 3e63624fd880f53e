/**
 * Bounds and documentation the contract must keep (issue 8, defects 6 and 8): every string a client
 * can send has a `maxLength`, every list parameter has bounds, and every operation says who may call it,
 * what it does and how a call looks.
 */
import { readFileSync } from 'node:fs';
import { contract, contractOperations, resolve, stringSchemas } from './contract.ts';

const operations = contractOperations();

describe('contract bounds (issue 8)', () => {
  it('R5.043 every string property of a request (path, query, body) has a maxLength', () => {
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

describe('impersonation scope (issue 31)', () => {
  const errors = (lang: string) => JSON.parse(readFileSync(new URL(`../../../frontend/src/i18n/locales/${lang}/errors.json`, import.meta.url), 'utf8')) as Record<string, string>;

  it('every operation either may be used while impersonating — then the router audits each write it makes — or declares x-impersonation: deny, with a translated message', () => {
    const wrong: string[] = [];
    for (const op of operations) {
      const declared = op.op['x-impersonation'];
      const message = op.op['x-impersonation-message'];
      if (declared !== undefined && declared !== 'deny') wrong.push(`${op.id}: x-impersonation must be "deny", is ${JSON.stringify(declared)}`);
      if (message !== undefined && declared !== 'deny') wrong.push(`${op.id}: x-impersonation-message without x-impersonation: deny`);
      if (message !== undefined)
        for (const lang of ['de', 'en']) if (!errors(lang)[String(message).replace(/^errors\./, '')]) wrong.push(`${op.id}: ${message} has no ${lang} text`);
    }
    expect(wrong).toEqual([]);
  });

  it("the user's own security actions, private keys, invitations, public links and the user's rights are refused while impersonating", () => {
    const denied = new Set(operations.filter((o) => o.op['x-impersonation'] === 'deny').map((o) => o.id));
    const required = [
      'updatePassword', 'requestEmailChange', 'requestEmailVerification', 'verifyEmail', 'enableTwoFactor', 'confirmTwoFactor', 'renewTwoFactorRecoveryCodes',
      'disableTwoFactor', 'updateTwoFactorRecoveryPhone', 'deleteTwoFactorRecoveryPhone', 'endOtherSessions', 'createPersonalAccessToken', 'deletePersonalAccessToken',
      'createImpersonationLink', 'acceptInvitation', 'revokeManagedCustomer', 'revokeAdministratedContract',
      'getCertificateOrderKey', 'inviteToCustomer', 'resendCustomerInvitation', 'createInvoicePublicLink',
    ];
    expect(required.filter((id) => !denied.has(id))).toEqual([]);
    expect(operations.find((o) => o.id === 'getCertificateOrderKey')!.op['x-impersonation-message']).toBe('errors.private_key_refused_while_impersonating');
  });
});
