/**
 * Issue 14: no N+1 queries on the list endpoints. The SQL statements one request sends are counted at
 * the ORM's connection; a list's count must not grow with the number of rows it returns (one row vs. a
 * full page of the same list, same user). Background work (job queue, samplers) may add statements to a
 * measurement, so each figure is the smallest of a few runs.
 */
import type { Connection } from '@mikro-orm/core';
import { demoLogins } from '@portal/core/seed';
import { brokenPlugin, contractWithFixtures, examplePlugin } from '../managed/__fixtures__/index.ts';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';

let server: TestServer;
let statements = 0;

beforeAll(async () => {
  // The fixture plugins instead of the real ones: no monitoring sampler querying in the background.
  server = await createTestServer({}, { plugins: [examplePlugin, brokenPlugin], contract: contractWithFixtures() });
  const driver = server.db.orm.em.getDriver();
  for (const type of ['read', 'write'] as const) {
    const connection: Connection = driver.getConnection(type);
    const execute = connection.execute.bind(connection) as (...args: unknown[]) => Promise<unknown>;
    (connection as unknown as { execute: (...args: unknown[]) => Promise<unknown> }).execute = (...args: unknown[]) => {
      statements += 1;
      return execute(...args);
    };
  }
});
afterAll(() => server.stop());

/** The statements of one request (fewest of three runs) and the rows of the list it answered. */
async function measure(client: TestClient, url: string): Promise<{ statements: number; rows: number }> {
  let fewest = Number.POSITIVE_INFINITY;
  let rows = 0;
  for (let run = 0; run < 3; run += 1) {
    const before = statements;
    const res = await client.request('GET', url);
    expect(res.status).toBe(200);
    fewest = Math.min(fewest, statements - before);
    rows = (res.body.data as unknown[]).length;
  }
  return { statements: fewest, rows };
}

const lists: { login: keyof typeof demoLogins; path: string; param: string }[] = [
  { login: 'manager', path: '/api/v1/invoices', param: 'per_page' },
  { login: 'manager', path: '/api/v1/contracts', param: 'per_page' },
  { login: 'manager', path: '/api/v1/clusters', param: 'per_page' },
  { login: 'partner', path: '/api/v1/clusters', param: 'per_page' },
];

describe('issue 14: statements per request do not grow with the rows of a list', () => {
  it.each(lists)('$login $path: one row and a full page take the same number of statements', async ({ login, path, param }) => {
    const client = server.client();
    await client.login(demoLogins[login]);
    const one = await measure(client, `${path}?${param}=1`);
    const page = await measure(client, `${path}?${param}=25`);
    if (process.env.QUERY_COUNT_REPORT) console.log(`${login} ${path}: ${one.statements} statements for 1 row, ${page.statements} for ${page.rows} rows`);
    // The comparison proves something only when the page really holds more rows.
    expect(one.rows).toBe(1);
    expect(one.statements).toBeGreaterThan(0);
    expect(page.rows).toBeGreaterThan(1);
    expect(page.statements).toBe(one.statements);
    // And a list is a handful of statements (session, authorization, count, rows, relations), not dozens.
    expect(page.statements).toBeLessThanOrEqual(15);
  });
});
