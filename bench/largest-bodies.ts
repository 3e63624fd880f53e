/**
 * The largest body of every operation against one portal, while a worker thread measures `/api/health`
 * (issue 31, security 1: one signed-in request with 20,000 list items blocked the event loop for seconds).
 *
 * Starts a portal over its own seeded database (PostgreSQL when BENCH_POSTGRES_URL / DATABASE_URL is set,
 * PGlite otherwise) and, for every operation with a JSON body, builds the largest body its schema allows:
 * every array at its `maxItems`, every string at its `maxLength`, every optional property present, within
 * the body parser's 1 MB (BENCH_BUDGET bytes, default 900,000, shared out over arrays and properties). Each
 * body is sent BENCH_REPEAT times (3) by the persona the operation is meant for (the cluster's administrator
 * for the Managed Center, the staff member for staff operations, the customer's manager otherwise); a signed-out
 * persona (sign-out, password change) signs in again. Two attacks the contract refuses are sent as well:
 * a certificate order with 20,000 and with 400,000 list items (over `maxItems`; BENCH_ATTACK_ITEMS=20000,40000
 * sets the counts — before issue 31's fix, 400,000 items would have blocked the portal for hours).
 *
 * Prints, per operation: answer status, body size, slowest answer, and the slowest `/api/health` answer while
 * that operation's requests ran; at the end the health latency over the whole run (p50, p99, max).
 *   node bench/largest-bodies.ts            (npm run bench:bodies)
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

interface HealthJob {
  url: string;
  intervalMs: number;
}
interface Sample {
  at: number;
  ms: number;
}

if (!isMainThread) {
  // The health probe: one request at a time, every intervalMs, until told to stop; timestamps on the shared clock.
  const job = workerData as HealthJob;
  const samples: Sample[] = [];
  let stop = false;
  parentPort!.on('message', () => (stop = true));
  while (!stop) {
    const started = performance.timeOrigin + performance.now();
    const res = await fetch(job.url);
    await res.arrayBuffer();
    const ended = performance.timeOrigin + performance.now();
    samples.push({ at: started, ms: ended - started });
    await new Promise((r) => setTimeout(r, job.intervalMs));
  }
  parentPort!.postMessage(samples);
} else {
  const postgres = process.env.BENCH_POSTGRES_URL ?? process.env.DATABASE_URL;
  if (postgres) process.env.DATABASE_URL = postgres;
  const { startSuite } = await import('../bff/src/security/harness.ts');
  const { contractOperations, fillPath, resolve, sampleValue, satisfies } = await import('../bff/src/security/contract.ts');
  type Json = Parameters<typeof resolve>[0];
  const budgetTotal = Number(process.env.BENCH_BUDGET ?? 900_000);
  const repeat = Number(process.env.BENCH_REPEAT ?? 3);

  /** The largest value the schema allows within `budget` bytes of JSON (roughly). */
  const ids: Record<string, number> = {};
  const largest = (schemaIn: Json, budget: number, depth = 0): unknown => {
    const schema = resolve(schemaIn);
    if (!schema || depth > 12) return undefined;
    if (schema.const !== undefined) return schema.const;
    if (schema.enum) return [...schema.enum].sort((a, b) => JSON.stringify(b).length - JSON.stringify(a).length)[0];
    const branches = schema.oneOf ?? schema.anyOf;
    if (branches) {
      const values = branches.map((b: Json) => largest(b, budget, depth + 1)).filter((v: unknown) => v !== undefined && v !== null);
      return values.sort((a: unknown, b: unknown) => JSON.stringify(b).length - JSON.stringify(a).length)[0] ?? sampleValue(schema);
    }
    if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s: Json) => largest(s, budget / schema.allOf.length, depth + 1)));
    const types: string[] = [].concat(schema.type ?? (schema.properties ? 'object' : []));
    const type = types.find((t) => t !== 'null') ?? types[0];
    switch (type) {
      case 'object': {
        const names = Object.keys(schema.properties ?? {});
        const out: Record<string, unknown> = {};
        for (const name of names) {
          if (ids[name] !== undefined) {
            out[name] = ids[name]; // the persona's own customer and cluster, so the body reaches the handler's work
            continue;
          }
          const v = largest(schema.properties[name], budget / Math.max(1, names.length), depth + 1);
          if (v !== undefined) out[name] = v;
        }
        return out;
      }
      case 'array': {
        const item = sampleValue(schema.items ?? {});
        const itemSize = Math.max(2, JSON.stringify(item ?? 0).length + 1);
        const count = Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 1000, Math.floor(budget / itemSize)));
        const itemBudget = budget / Math.max(1, count);
        return Array.from({ length: count }, (_, i) => {
          const v = largest(schema.items ?? {}, itemBudget, depth + 1);
          // Unique items where the schema asks for them: vary strings by their index.
          return schema.uniqueItems && typeof v === 'string' ? `${i}${v}`.slice(0, Math.max(v.length, String(i).length)) : v;
        });
      }
      case 'integer':
      case 'number':
        return schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 2147483647);
      case 'boolean':
        return true;
      case 'null':
        return null;
      case 'string': {
        if (schema.format || schema.pattern) return sampleValue(schema);
        const length = Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 255, Math.floor(budget) - 2));
        const text = 'a'.repeat(Math.max(1, length));
        return satisfies(schema, text) ? text : sampleValue(schema);
      }
      default:
        return undefined;
    }
  };

  const suite = await startSuite({ LOGIN_RATE_LIMIT: '100000', LOGIN_ACCOUNT_LIMIT: '100000', TOKEN_CREATE_LIMIT: '100000' });
  const samples: Sample[] = [];
  const rows: { op: string; status: string; kb: number; slowestMs: number; healthMaxMs: number }[] = [];
  try {
    const shop = [...suite.clusters.values()].find((c) => c.number === '20011') ?? [...suite.clusters.values()][0];
    Object.assign(ids, { customerId: shop.customerId, clusterId: shop.id });
    const personas = new Map<string, Awaited<ReturnType<typeof suite.signIn>>>();
    const persona = async (who: string) => {
      let c = personas.get(who);
      if (!c) {
        c = who === 'staff' ? await suite.signInStaff() : await suite.signIn(who);
        personas.set(who, c);
      }
      return c;
    };
    const worker = new Worker(new URL(import.meta.url), { workerData: { url: `${suite.server.url.replace('localhost', '127.0.0.1')}/api/health`, intervalMs: 20 } satisfies HealthJob });
    const collected = new Promise<Sample[]>((r) => worker.once('message', r));
    await new Promise((r) => setTimeout(r, 500));

    type Client = Awaited<ReturnType<typeof suite.signIn>>;
    let key = 0;
    const raw = async (client: Client, method: string, path: string, body: string) => {
      const res = await fetch(client.base + path, {
        method,
        body,
        headers: {
          'content-type': 'application/json',
          cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-csrf-token': client.cookies.get('portal_csrf') ?? '',
          'idempotency-key': `bench-${++key}`,
        },
      });
      await res.arrayBuffer();
      return res;
    };
    const send = async (name: string, who: string, method: string, path: string, body: unknown) => {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      const statuses = new Set<number>();
      let slowest = 0;
      const from = performance.timeOrigin + performance.now();
      for (let i = 0; i < repeat; i++) {
        let client = await persona(who);
        const started = performance.now();
        let res = await raw(client, method, path, text);
        slowest = Math.max(slowest, performance.now() - started);
        if (res.status === 401) {
          personas.delete(who);
          await suite.resetRateLimits();
          client = await persona(who);
          res = await raw(client, method, path, text);
        }
        statuses.add(res.status);
      }
      await new Promise((r) => setTimeout(r, 60)); // one more probe after the last answer
      rows.push({ op: name, status: [...statuses].join('/'), kb: Math.round(Buffer.byteLength(text) / 1024), slowestMs: slowest, healthMaxMs: Number.NaN });
      return { from, to: performance.timeOrigin + performance.now() };
    };

    const windows: { row: number; from: number; to: number }[] = [];
    for (const op of contractOperations()) {
      if (!op.body || op.id === 'logout') continue;
      const who = op.access === 'cluster-administrator' ? 'admin@demo.example' : op.access === 'staff' ? 'staff' : 'manager@demo.example';
      const service = op.path.match(/\{serverId\}\/([a-z]+)/)?.[1];
      const path = fillPath(op, { clusterId: shop.id, serverId: (service && shop.serverFor.get(service)) ?? shop.anyServer, customerId: shop.customerId });
      const body = largest(op.body, budgetTotal);
      windows.push({ row: rows.length, ...(await send(op.id, who, op.method.toUpperCase(), path, body)) });
    }
    for (const n of (process.env.BENCH_ATTACK_ITEMS ?? '20000,400000').split(',').map(Number)) {
      const body = `{"customerId":${shop.customerId},"verifications":[${Array(n).fill('0').join(',')}]}`;
      windows.push({ row: rows.length, ...(await send(`createCertificateOrder, ${n.toLocaleString('en')} items (over maxItems)`, 'manager@demo.example', 'POST', '/api/v1/orders/certificate', body)) });
    }

    worker.postMessage('stop');
    samples.push(...(await collected));
    await worker.terminate();
    for (const w of windows) {
      const during = samples.filter((s) => s.at + s.ms >= w.from && s.at <= w.to);
      rows[w.row].healthMaxMs = Math.max(0, ...during.map((s) => s.ms));
    }
  } finally {
    await suite.stop();
  }

  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(`${'operation'.padEnd(62)} ${pad('status', 11)} ${pad('KB', 5)} ${pad('slowest ms', 10)} ${pad('health max ms', 13)}`);
  for (const r of rows) console.log(`${r.op.padEnd(62)} ${pad(r.status, 11)} ${pad(r.kb, 5)} ${pad(r.slowestMs.toFixed(0), 10)} ${pad(r.healthMaxMs.toFixed(0), 13)}`);
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]?.toFixed(1);
  console.log(`\n/api/health over the run: ${ms.length} probes, p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${ms.at(-1)?.toFixed(1)} ms`);
  const worst = [...rows].sort((a, b) => b.healthMaxMs - a.healthMaxMs).slice(0, 5);
  console.log(`slowest health answers during: ${worst.map((r) => `${r.op} ${r.healthMaxMs.toFixed(0)} ms`).join('; ')}`);
}
