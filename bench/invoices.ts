/**
 * How fast is the invoice list at a million invoices?
 *
 * Seeds 1,000,000 invoices across 10,000 customers into a throw-away PostgreSQL database (one
 * `INSERT … SELECT generate_series`), then measures the real `GET /api/v1/invoices` of the portal
 * (createTestServer: full Koa stack, session lookup, contract validation of request and response) for
 * a user who manages one customer: first page, a deep keyset page, a search by number and a status
 * filter, each ≥ 200 sequential requests; prints p50/p95 and writes the plans (EXPLAIN ANALYZE) to
 * docs/billing-explain.md.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:invoices
 *
 * The measured customer is a large one: 50,000 of the invoices are theirs (the other 9,999 customers
 * share the rest, ~95 each), so the deep page lies 1,000 pages in. Tunables: BENCH_REQUESTS (200).
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { User } from '@portal/core/accounts';
import { INVOICE_COUNT_CAP } from '@portal/core/billing';
import { Customer, CustomerManager } from '@portal/core/customers';
import { hashPassword } from '@portal/core/platform';
import { createTestServer } from '../bff/src/testing.ts';

if (!process.env.DATABASE_URL) {
  console.error('bench:invoices needs PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:invoices');
  process.exit(1);
}
const TOTAL = 1_000_000;
const CUSTOMERS = 10_000;
const BIG = 50_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);

const server = await createTestServer();
const em = server.db.orm.em.fork();
const sql = (q: string, params: unknown[] = []) => em.getConnection().execute(q, params);

let t0 = performance.now();
await sql(`insert into customers (number, company, street, zip, city, country, language, entered_at, invoice_emails, payment_method, dpa_status)
  select 500000 + g, 'Benchmark GmbH ' || g, 'Teststraße ' || g, '10115', 'Berlin', 'de', 'de', now(), 'rechnung' || g || '@bench.example', 'transfer', 'concluded'
  from generate_series(1, ${CUSTOMERS}) g`);
const [{ first }] = (await sql(`select min(id) as first from customers where number > 500000`)) as { first: number }[];
const big = first; // customer 500001
// Invoice g: the first BIG go to the big customer, the rest round-robin over the others; one per month back from 2026-11.
await sql(`insert into invoices (customer_id, number, issued_on, due_on, period_start, period_end, status, payment_method, net_cents, vat_cents, gross_cents)
  select c, 'B' || lpad(g::text, 9, '0'), to_char(d, 'YYYY-MM-DD'), to_char(d + 14, 'YYYY-MM-DD'), to_char(d - interval '1 month', 'YYYY-MM-DD'), to_char(d - 1, 'YYYY-MM-DD'),
         (array['paid','paid','paid','open','overdue','cancelled','credited','paid'])[1 + g % 8], 'transfer', n, (n * 19 + 50) / 100, n + (n * 19 + 50) / 100
  from (
    select g,
      case when g <= ${BIG} then ${big} else ${first} + 1 + (g % ${CUSTOMERS - 1}) end as c,
      (date '2026-11-01' - ((case when g <= ${BIG} then g / 20 else g / ${CUSTOMERS - 1} end) || ' days')::interval)::date as d,
      (10000 + (g::bigint * 7919) % 90000)::int as n
    from generate_series(1, ${TOTAL}) g
  ) s`);
// As autovacuum would: statistics and the visibility map (index-only scans for the count).
await sql('vacuum analyze invoices');
const seeded = (await sql('select count(*)::int as n from invoices'))[0] as { n: number };
console.log(`seeded ${seeded.n.toLocaleString('en')} invoices for ${CUSTOMERS.toLocaleString('en')} customers in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// A user who manages only the big customer.
const user = em.create(User, { email: 'bench@bench.example', passwordHash: await hashPassword('Bench-Portal-2026'), firstname: 'Bench', surname: 'User', gender: 'male', emailVerified: true, country: 'de', language: 'de' } as User);
em.create(CustomerManager, { customer: em.getReference(Customer, big), user, active: true } as CustomerManager);
await em.flush();
const client = server.client();
const login = await client.login('bench@bench.example', 'Bench-Portal-2026');
if (login.status !== 200) throw new Error(`login failed: ${login.status}`);

// The cursor of the row 25,000 rows in (page 1,001 of 25), as the API would hand it out.
const [deep] = (await sql(`select issued_on, id from invoices where customer_id = ? order by issued_on desc, id desc offset 24999 limit 1`, [big])) as { issued_on: string; id: number }[];
const cursor = Buffer.from(JSON.stringify({ k: deep.issued_on, i: deep.id })).toString('base64url');

const cases: [name: string, path: string][] = [
  // The same stack without invoices: what the machine's load and the HTTP/session/validation path cost alone.
  ['baseline GET /api/v1/me', '/api/v1/me'],
  ['first page', '/api/v1/invoices?per_page=25'],
  ['deep page (1,001st)', `/api/v1/invoices?per_page=25&cursor=${cursor}`],
  ['search by number', '/api/v1/invoices?per_page=25&search=B00001234'],
  ['status filter (overdue)', '/api/v1/invoices?per_page=25&status=overdue'],
];
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const results: string[] = [];
for (const [name, path] of cases) {
  for (let i = 0; i < 20; i++) await client.get(path); // warm-up
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    t0 = performance.now();
    const res = await client.get(path);
    times.push(performance.now() - t0);
    if (res.status !== 200 || (res.body.data && !res.body.data.length)) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  const line = `${name.padEnd(26)} n=${REQUESTS}  p50 ${pct(times, 50).toFixed(1)} ms  p95 ${pct(times, 95).toFixed(1)} ms`;
  results.push(line);
  console.log(line);
}

const explain = async (title: string, q: string, params: unknown[]) => {
  const rows = (await sql(`explain (analyze, buffers, costs off, timing on) ${q}`, params)) as Record<string, string>[];
  return `### ${title}\n\n\`\`\`sql\n${q}\n\`\`\`\n\n\`\`\`\n${rows.map((r) => Object.values(r)[0]).join('\n')}\n\`\`\`\n`;
};
const plans = [
  await explain('First page (newest first)', 'select * from invoices i where i.customer_id in (?) order by i.issued_on desc, i.id desc limit 26', [big]),
  await explain('Deep keyset page', 'select * from invoices i where i.customer_id in (?) and (i.issued_on, i.id) < (?, ?) order by i.issued_on desc, i.id desc limit 26', [big, deep.issued_on, deep.id]),
  await explain('Status filter', "select * from invoices i where i.customer_id in (?) and i.status = 'overdue' order by i.issued_on desc, i.id desc limit 26", [big]),
  await explain('Search by number', "select * from invoices i where i.customer_id in (?) and i.number ilike '%B00001234%' order by i.issued_on desc, i.id desc limit 26", [big]),
  await explain(`Total of the list (count, capped at ${INVOICE_COUNT_CAP.toLocaleString('en')})`, `select count(*)::int as n from (select 1 from invoices where customer_id in (?) limit ${INVOICE_COUNT_CAP + 1}) capped`, [big]),
  await explain('Total of the status filter', `select count(*)::int as n from (select 1 from invoices where customer_id in (?) and status = 'overdue' limit ${INVOICE_COUNT_CAP + 1}) capped`, [big]),
  await explain('Total of the number search', `select count(*)::int as n from (select 1 from invoices where customer_id in (?) and number ilike '%B00001234%' limit ${INVOICE_COUNT_CAP + 1}) capped`, [big]),
  await explain('Search by a short term (many matches)', "select * from invoices i where i.customer_id in (?) and i.number ilike '%2024%' order by i.issued_on desc, i.id desc limit 26", [big]),
];
fs.writeFileSync(
  'docs/billing-explain.md',
  `# Invoice list at a million invoices\n\nWritten by \`npm run bench:invoices\` (${new Date().toISOString().slice(0, 10)}): ${seeded.n.toLocaleString('en')} invoices, ${CUSTOMERS.toLocaleString('en')} customers; the measured customer has ${BIG.toLocaleString('en')} invoices. Latency of the real API (session, validation, JSON) measured sequentially on this machine:\n\n\`\`\`\n${results.join('\n')}\n\`\`\`\n\nPlans (PostgreSQL, \`EXPLAIN (ANALYZE, BUFFERS)\`):\n\n${plans.join('\n')}`,
);
console.log('plans written to docs/billing-explain.md');
await server.stop();
