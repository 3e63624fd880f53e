/**
 * Apply time of the nginx section: 20 applies against a real portal (test server over PGlite, or
 * PostgreSQL with DATABASE_URL) on the `local` gateway with its private nginx. Each round changes a
 * directive of a demo domain (so every apply writes a new version), then measures from the request
 * `POST …/nginx/apply` until the job's final `managed.job` event (written, `nginx -t`, reloaded,
 * version kept) arrives over socket.io. Prints median and p95 (nearest rank).
 *
 *   node plugins/nginx/bench/apply.ts [rounds]
 */
import { io as connect } from 'socket.io-client';
import { createTestServer, demoLogins } from '@portal/plugin-sdk/testing';

const rounds = Number(process.argv[2] ?? 20);

const server = await createTestServer();
try {
  const admin = server.client();
  if ((await admin.login(demoLogins.admin)).status !== 200) throw new Error('sign-in failed');
  const clusters = await admin.get('/api/v1/clusters?search=20011');
  const clusterId = clusters.body.data[0].id as number;
  const cluster = (await admin.get(`/api/v1/clusters/${clusterId}`)).body as { servers: { id: number; name: string }[] };
  const serverId = cluster.servers.find((s) => s.name.startsWith('web01'))!.id;
  const api = `/api/v1/clusters/${clusterId}/servers/${serverId}/nginx`;
  const nginx = await server.managed.gateway(serverId).hasTool('nginx');

  const socket = connect(server.url, { path: '/a/ws', transports: ['websocket'], reconnection: false, extraHeaders: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  const ack = (await socket.emitWithAck('managed:subscribe', { clusterId, serverId })) as { ok: boolean };
  if (!ack.ok) throw new Error('could not follow the server');
  const done = new Map<number, { status: string; at: number }>();
  const stepAt = new Map<number, Map<string, number>>();
  socket.on('managed.job', (e: { payload: { id: number; status: string; step: string } }) => {
    const now = performance.now();
    if (!stepAt.has(e.payload.id)) stepAt.set(e.payload.id, new Map());
    stepAt.get(e.payload.id)!.set(e.payload.step, now);
    if (e.payload.status === 'succeeded' || e.payload.status === 'failed') done.set(e.payload.id, { status: e.payload.status, at: now });
  });

  const vhosts = (await admin.get(`${api}/vhosts`)).body.data as { id: number; serverNames: string[]; documentRoot: string; backend: string; phpVersion: string | null; upstream: string | null; certificate: string | null; directives: { name: string; value: string }[] }[];
  const media = vhosts.find((v) => v.serverNames[0].startsWith('media.'))!;

  // The first apply also starts the private nginx and creates the certificates: measured apart.
  const times: number[] = [];
  const phases = { request: [] as number[], write: [] as number[], validate: [] as number[], reload: [] as number[] };
  let first = 0;
  for (let i = 0; i <= rounds; i++) {
    const body = { serverNames: media.serverNames, documentRoot: media.documentRoot, backend: media.backend, certificate: media.certificate, directives: [...media.directives.filter((d) => d.name !== 'expires'), { name: 'expires', value: `${i + 1}d` }] };
    const put = await admin.request('PUT', `${api}/vhosts/${media.id}`, body);
    if (put.status !== 200) throw new Error(`update failed: ${put.status} ${JSON.stringify(put.body)}`);
    const started = performance.now();
    const r = await admin.request('POST', `${api}/apply`);
    if (r.status !== 202) throw new Error(`apply refused: ${r.status}`);
    const jobId = r.body.id as number;
    for (let w = 0; !done.has(jobId); w++) {
      if (w > 3000) throw new Error(`job ${jobId} did not finish`);
      await new Promise((res) => setTimeout(res, 2));
    }
    const result = done.get(jobId)!;
    if (result.status !== 'succeeded') throw new Error(`job ${jobId} ${result.status}`);
    const ms = result.at - started;
    if (i === 0) first = ms;
    else {
      times.push(ms);
      const at = stepAt.get(jobId)!;
      // Until the job is queued (render, password files, stored), writing, nginx -t, reload and keeping the version.
      phases.request.push(at.get('writing')! - started);
      phases.write.push(at.get('validating')! - at.get('writing')!);
      phases.validate.push(at.get('reloading')! - at.get('validating')!);
      phases.reload.push(result.at - at.get('reloading')!);
    }
  }
  socket.close();

  const order = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const medianOf = (xs: number[]) => {
    const s = order(xs);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  const sorted = order(times);
  const median = medianOf(times);
  const p95 = sorted[Math.ceil(0.95 * sorted.length) - 1];
  const fmt = (n: number) => `${n.toFixed(1)} ms`;
  console.log(`nginx apply (${rounds} applies, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, nginx ${nginx.available ? `at ${nginx.path}` : 'not installed: validation skipped'})`);
  console.log(`  first apply (starts nginx, creates certificates): ${fmt(first)}`);
  console.log(`  median ${fmt(median)}   p95 ${fmt(p95)}   min ${fmt(sorted[0])}   max ${fmt(sorted.at(-1)!)}`);
  console.log(
    `  median per phase: until queued ${fmt(medianOf(phases.request))}, writing ${fmt(medianOf(phases.write))}, nginx -t ${fmt(medianOf(phases.validate))}, reload and version ${fmt(medianOf(phases.reload))}`,
  );
} finally {
  await server.stop();
}
