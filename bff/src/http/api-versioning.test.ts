/**
 * Issue 30: a contract that never breaks silently — the published document carries its released version,
 * the changelog is served at `/api/changelog`, and a deprecated operation says so in every answer
 * (`Deprecation`, RFC 9745; `Sunset`, RFC 8594; `Link … rel="deprecation"`), from the contract alone.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { demoLogins } from '@portal/core/seed';
import { createTestServer, loadContract, type TestServer } from '../testing.ts';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the contract is arbitrary JSON

const file = (relative: string) => fs.readFileSync(fileURLToPath(new URL(relative, import.meta.url)), 'utf8');

/** The bundled contract with two operations deprecated, as a release would mark them. */
function contractWithDeprecations(): Doc {
  const doc = structuredClone(loadContract()) as Doc;
  Object.assign(doc.paths['/api/v1/client-config'].get, { deprecated: true, 'x-deprecated-since': '2026-11-27', 'x-sunset': '2027-05-31' });
  Object.assign(doc.paths['/api/v1/me'].get, { deprecated: true, 'x-deprecated-since': '2026-12-01', 'x-sunset': '2027-06-30' });
  return doc;
}

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({}, { contract: contractWithDeprecations() });
});
afterAll(() => server.stop());

describe('issue 30: versioned contract, changelog, deprecation headers', () => {
  it('GET /api/changelog answers the changelog as Markdown, without sign-in; the published document carries the released version', async () => {
    const res = await server.client().get('/api/changelog');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.body).toBe(file('../../../openapi/CHANGELOG.md'));
    expect(res.body).toContain('## Unreleased');

    const released = JSON.parse(file('../../../openapi/released/portal.openapi.json')) as Doc;
    const published = (await server.client().get('/api/openapi.json')).body as Doc;
    expect(published.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(published.info.version).toBe(released.info.version);
    expect(res.body).toContain(`## ${released.info.version}`);
    expect(published.paths['/api/changelog'].get).toMatchObject({ operationId: 'getApiChangelog', security: [] });
  });

  it('a deprecated operation answers with Deprecation, Sunset and a Link to the changelog; others do not', async () => {
    const res = await server.client().get('/api/v1/client-config');
    expect(res.status).toBe(200);
    expect(res.headers.get('deprecation')).toBe(`@${Date.UTC(2026, 10, 27) / 1000}`);
    expect(res.headers.get('sunset')).toBe('Mon, 31 May 2027 00:00:00 GMT');
    expect(res.headers.get('link')).toBe('</api/changelog>; rel="deprecation"; type="text/markdown"');

    const reference = await server.client().get('/api/docs');
    expect(reference.body).toContain('<code>getClientConfig</code> · public · <strong>deprecated</strong> since 2026-11-27, sunset 2027-05-31');
    expect(reference.body).toContain('<a href="/api/changelog">');

    const health = await server.client().get('/api/health');
    expect(health.status).toBe(200);
    expect(health.headers.get('deprecation')).toBeNull();
    expect(health.headers.get('sunset')).toBeNull();
  });

  it('error answers of a deprecated operation carry the headers too (an integrator sees them on a 401)', async () => {
    const anonymous = await server.client().get('/api/v1/me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('deprecation')).toBe(`@${Date.UTC(2026, 11, 1) / 1000}`);
    expect(anonymous.headers.get('sunset')).toBe('Wed, 30 Jun 2027 00:00:00 GMT');

    const client = server.client();
    await client.login(demoLogins.manager);
    const me = await client.get('/api/v1/me');
    expect(me.status).toBe(200);
    expect(me.headers.get('sunset')).toBe('Wed, 30 Jun 2027 00:00:00 GMT');
  });
});
