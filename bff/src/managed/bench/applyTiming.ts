/**
 * Apply time of the platform with a real nginx: 20 applies of the test-only example plugin (render →
 * write → `nginx -t` → reload of the private nginx → version and change log), measured from the
 * request to the job's end as the browser sees it (the `managed.job` event). Prints median and p95.
 * Run: `node bff/src/managed/bench/applyTiming.ts` (Node 24; the embedded database, or PostgreSQL with DATABASE_URL).
 */
import { io as connect } from 'socket.io-client';
import { demoLogins } from '@portal/core/seed';
import { socketPath } from '../../realtime/gateway.ts';
import { createTestServer } from '../../testing.ts';
import { brokenPlugin, contractWithFixtures, examplePlugin } from '../__fixtures__/index.ts';

const RUNS = Number(process.env.RUNS ?? 20);
const server = await createTestServer({}, { plugins: [examplePlugin, brokenPlugin], contract: contractWithFixtures() });
try {
  const admin = server.client();
  await admin.login(demoLogins.admin);
  const list = await admin.get('/api/v1/clusters?search=20011');
  const cluster = (await admin.get(`/api/v1/clusters/${list.body.data[0].id}`)).body;
  const lb = cluster.servers.find((s: { role: string }) => s.role === 'loadbalancer').id;
  const socket = connect(server.url, { path: socketPath, transports: ['websocket'], extraHeaders: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  await new Promise<void>((r) => socket.on('connect', () => r()));
  await socket.emitWithAck('managed:subscribe', { clusterId: cluster.id, serverId: lb });
  type Ended = { status: string; validation: unknown };
  const done = new Map<number, (job: Ended) => void>();
  const ended = new Map<number, Ended>();
  socket.on('managed.job', (e: { payload: { id: number } & Ended }) => {
    if (e.payload.status !== 'succeeded' && e.payload.status !== 'failed') return;
    ended.set(e.payload.id, e.payload);
    done.get(e.payload.id)?.(e.payload);
  });
  const times: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const started = performance.now();
    const r = await admin.request('PUT', `/api/v1/clusters/${cluster.id}/servers/${lb}/example/greeting`, { text: `Run ${i}` });
    // The job runs on the queue; it may end before this line.
    const job = ended.get(r.body.id) ?? (await new Promise<Ended>((resolve) => done.set(r.body.id, resolve)));
    if (job.status !== 'succeeded') throw new Error(`apply ${i} ${job.status}: ${JSON.stringify(job.validation)}`);
    if (i > 0) times.push(performance.now() - started); // the first apply starts nginx; the rest reload it
  }
  socket.close();
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)];
  console.log(`apply (nginx -t + reload), ${times.length} runs: median ${Math.round(q(0.5))} ms, p95 ${Math.round(q(0.95))} ms, min ${Math.round(times[0])} ms, max ${Math.round(times.at(-1)!)} ms`);
} finally {
  await server.stop();
}
